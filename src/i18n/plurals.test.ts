import { setupI18n, type Messages } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { messages as ar } from '../locales/ar/messages.ts';
import { messages as de } from '../locales/de/messages.ts';
import { messages as fr } from '../locales/fr/messages.ts';

// The approvals badge's count, as the navigation reads it to screen readers (src/features/approvals/approvals-badge.tsx).
const WAITING = '{count, plural, one {# waiting} other {# waiting}}';

const waiting = (locale: string, messages: Messages, count: number) => {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return i18n._(generateMessageId(WAITING), { count });
};

describe('plurals follow each language’s rules', () => {
  it('German: one for 1 only', () => {
    expect([0, 1, 2, 5, 21].map((n) => waiting('de', de, n))).toEqual(['0 warten', '1 wartet', '2 warten', '5 warten', '21 warten']);
  });

  it('French: one for 0 and 1', () => {
    expect([0, 1, 2, 5, 21].map((n) => waiting('fr', fr, n))).toEqual([
      '0 en attente',
      '1 en attente',
      '2 en attente',
      '5 en attente',
      '21 en attente',
    ]);
  });

  it('Arabic: zero, one, two, few (3–10) and many (11–99), with Arabic digits', () => {
    const [zero, one, two, five, twentyOne] = [0, 1, 2, 5, 21].map((n) => waiting('ar', ar, n));
    expect(zero).toBe('لا شيء بانتظار المراجعة');
    expect(one).toBe('أسبوع واحد بانتظار المراجعة');
    expect(two).toBe('أسبوعان بانتظار المراجعة');
    expect(five).toBe(`${new Intl.NumberFormat('ar').format(5)} أسابيع بانتظار المراجعة`);
    expect(twentyOne).toBe(`${new Intl.NumberFormat('ar').format(21)} أسبوعًا بانتظار المراجعة`);
  });
});
