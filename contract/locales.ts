/**
 * The languages the web app speaks (BCP 47 tags); English is the source language. Plain data with no schema
 * library, so the web app's first screen can read it without loading zod.
 */
export const locales = ['en', 'de', 'fr', 'es', 'pt-BR', 'ar'] as const;
export type LocaleTag = (typeof locales)[number];
