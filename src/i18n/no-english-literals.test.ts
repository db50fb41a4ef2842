import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_PATHS } from './translated.ts';

/**
 * In the translated parts of the app (src/i18n/translated.ts), user-visible text comes from the catalogue: a JSX text
 * node, a user-visible attribute or a toast holding English words written in the code fails here.
 */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label', 'aria-description', 'title', 'placeholder', 'label', 'alt', 'hint', 'notice', 'submitLabel', 'unsaved',
  'errorTitle', 'action', 'because', 'sentence', 'emptyText',
]);
const WORDS = /[A-Za-z]{2,}/;

const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.*', '!../routeTree.gen.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const repoPath = (key: string) => (key.startsWith('./') ? `src/i18n/${key.slice(2)}` : `src/${key.replace(/^\.\.\//, '')}`);
const translated = (file: string) => TRANSLATED_PATHS.some((p) => file === p || file.startsWith(`${p}/`));

/** Each English literal the user would see, as `line: text`. */
export function englishLiterals(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    if (WORDS.test(text)) found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`);
  };
  // A literal standing for the whole value (not one inside a translated template or a call's arguments).
  const literalText = (e: ts.Expression | undefined): string | undefined => {
    if (!e) return undefined;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
    if (ts.isTemplateExpression(e)) return [e.head.text, ...e.templateSpans.map((s) => s.literal.text)].join(' ');
    if (ts.isConditionalExpression(e)) return [literalText(e.whenTrue), literalText(e.whenFalse)].filter(Boolean).join(' ') || undefined;
    if (ts.isBinaryExpression(e)) return [literalText(e.left), literalText(e.right)].filter(Boolean).join(' ') || undefined;
    if (ts.isParenthesizedExpression(e)) return literalText(e.expression);
    return undefined;
  };
  const visit = (node: ts.Node) => {
    // What <Trans> holds is the catalogue's message.
    if (ts.isJsxElement(node) && node.openingElement.tagName.getText() === 'Trans') return;
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = literalText(node.expression);
      if (text) report(node, text);
    } else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText())) {
      const init = node.initializer;
      const text = init && (ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) ? literalText(init.expression) : undefined);
      if (text) report(node, text);
    } else if (ts.isCallExpression(node) && /^(toast|Error)$/.test(node.expression.getText())) {
      const text = literalText(node.arguments[0]);
      if (text) report(node, text);
    } else if (ts.isNewExpression(node) && node.expression.getText() === 'Error') {
      const text = literalText(node.arguments?.[0]);
      if (text) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('translated screens hold no English text outside the catalogue', () => {
  const files = Object.entries(sources).map(([key, code]) => [repoPath(key), code] as const);

  it('finds the translated parts', () => {
    for (const p of TRANSLATED_PATHS) expect(files.some(([f]) => translated(f) && f.startsWith(p)), p).toBe(true);
  });

  for (const [file, code] of files.filter(([f]) => translated(f))) {
    it(file, () => expect(englishLiterals(file, code)).toEqual([]));
  }

  it('catches English in text, attributes and toasts', () => {
    const code = `const A = () => <p title="Save it">Hello there{'Two words'}<Trans>Fine words</Trans></p>;\nconst B = () => <X label={ok ? 'Yes please' : t\`Fine\`} />;\ntoast('Saved.');`;
    expect(englishLiterals('x.tsx', code)).toEqual(['1: Save it', '1: Hello there', '1: Two words', '2: Yes please', '3: Saved.']);
    expect(englishLiterals('y.tsx', 'const C = () => <p className="a-b" aria-hidden="true">{t`Hi`} {99}</p>;')).toEqual([]);
  });
});
