import type { Page } from '@playwright/test';

/** Chooses a theme as the user menu does (src/lib/theme.ts): saved before the app starts, whatever the system says. */
export async function chooseTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((t) => window.localStorage.setItem('timekeep.theme', t), theme);
}

/** WCAG contrast ratio of two CSS colours given as `#rrggbb` or `rgb(r, g, b)`. */
export function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const hex = /^#([0-9a-f]{6})$/i.exec(c);
    const parts = hex
      ? [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16))
      : (/rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(c)?.slice(1, 4).map(Number) ?? [NaN, NaN, NaN]);
    const [r, g, bl] = parts.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The dark theme's tokens these checks read (src/styles/tokens.css). */
export const DARK = { surface: 'rgb(29, 32, 36)', text: 'rgb(233, 231, 226)', border: '#2e3237' };
