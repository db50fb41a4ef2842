import type { Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as ar } from '../locales/ar/messages.ts';
import { messages as de } from '../locales/de/messages.ts';
import { messages as en } from '../locales/en/messages.ts';
import { messages as es } from '../locales/es/messages.ts';
import { messages as fr } from '../locales/fr/messages.ts';
import { messages as ptBR } from '../locales/pt-BR/messages.ts';
import { LOCALES } from './locales.ts';

const catalogues: Record<(typeof LOCALES)[number], Messages> = { en, de, fr, es, 'pt-BR': ptBR, ar };

/**
 * The names a compiled message interpolates and its text. A compiled message is a string or a list of parts: text,
 * or a placeholder `[name]` / `[name, 'plural' | 'select' | …, { case: message }]`.
 */
function shape(message: unknown) {
  const names = new Set<string>();
  const text: string[] = [];
  const collect = (m: unknown) => {
    if (typeof m === 'string') return void text.push(m);
    if (!Array.isArray(m)) return;
    for (const part of m) {
      if (typeof part === 'string') text.push(part);
      else if (Array.isArray(part)) {
        names.add(String(part[0]));
        if (part[2] && typeof part[2] === 'object') for (const c of Object.values(part[2] as object)) collect(c);
      }
    }
  };
  collect(message);
  return { names: [...names].sort(), text: text.join('').trim() };
}

describe('the catalogues', () => {
  it('list every language the app offers', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} translates every English message, none empty, with the same placeholders`, () => {
      const catalogue = catalogues[locale];
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      for (const [id, source] of Object.entries(en)) {
        const translated = shape(catalogue[id]);
        expect(translated.text, `${locale} ${id}`).not.toBe('');
        expect(translated.names, `${locale} ${id}`).toEqual(shape(source).names);
      }
    });
  }

  // A missing translation compiles to the English text, so the catalogues people edit are read too.
  const sources = import.meta.glob<string>('../locales/*/messages.po', { query: '?raw', import: 'default', eager: true });
  it('every .po catalogue has a translation for every message', () => {
    expect(Object.keys(sources)).toHaveLength(LOCALES.length);
    for (const [file, po] of Object.entries(sources)) {
      const empty = [...po.matchAll(/^msgid "(.+)"\nmsgstr ""$/gm)].map((m) => m[1]);
      expect(empty, file).toEqual([]);
    }
  });

  it('English has a text for every message', () => {
    for (const [id, source] of Object.entries(en)) expect(shape(source).text, id).not.toBe('');
  });
});
