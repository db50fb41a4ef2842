export * from './core.ts';
export * from './time.ts';
export * from './oauth.ts';
export * from './money.ts';
export * from './timesheets.ts';
export * from './webhooks.ts';
export * from './budgets.ts';
export * from './idempotency.ts';
