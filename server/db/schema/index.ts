export * from './core.ts';
export * from './time.ts';
