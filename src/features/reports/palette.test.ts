import { describe, expect, it } from 'vitest';
import { chartSeries, darkPalette, lightPalette, type ChartPalette } from './palette.ts';

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const luminance = ([r, g, b]: number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(channels(a).map(linear)), luminance(channels(b).map(linear))];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

// Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
const vision: Record<string, number[][]> = {
  typical: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** CIE L*a*b* of a colour as seen with `m`. */
function lab(hex: string, m: number[][]): number[] {
  const c = channels(hex).map(linear);
  const [r, g, b] = m.map((row) => Math.min(1, Math.max(0, row[0]! * c[0]! + row[1]! * c[1]! + row[2]! * c[2]!)));
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const X = f((0.4124 * r! + 0.3576 * g! + 0.1805 * b!) / 0.95047);
  const Y = f(0.2126 * r! + 0.7152 * g! + 0.0722 * b!);
  const Z = f((0.0193 * r! + 0.1192 * g! + 0.9505 * b!) / 1.08883);
  return [116 * Y - 16, 500 * (X - Y), 200 * (Y - Z)];
}
const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));

describe.each([
  ['light', lightPalette],
  ['dark', darkPalette],
] as [string, ChartPalette][])('the %s chart palette', (_, palette) => {
  it('gives every series at least 3:1 contrast with the card', () => {
    for (const key of ['billable', 'nonBillable', 'costs', 'profit'] as const)
      expect(contrast(palette[key], palette.surface), key).toBeGreaterThanOrEqual(3);
  });

  it.each(Object.keys(vision))('keeps the series of each chart apart with %s', (kind) => {
    for (const series of chartSeries)
      for (const [i, a] of series.entries())
        for (const b of series.slice(i + 1))
          expect(distance(lab(palette[a], vision[kind]!), lab(palette[b], vision[kind]!)), `${a} / ${b}`).toBeGreaterThan(30);
  });
});
