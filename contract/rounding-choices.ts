/**
 * The choices a billing rounding rule is made of (see rounding.ts), in a file of their own without zod, so a
 * screen lists them without loading the contract's schemas.
 */
export const roundingModes = ['up', 'down', 'nearest'] as const;
/** Minutes. */
export const roundingSteps = [1, 5, 6, 10, 15, 30] as const;
export const roundingPers = ['entry', 'total'] as const;
