import type { SVGProps } from 'react';

/** What recharts hands a custom tick: where it goes and the value it stands for. */
interface TickProps {
  x?: number | string;
  y?: number | string;
  textAnchor?: SVGProps<SVGTextElement>['textAnchor'];
  verticalAnchor?: 'start' | 'middle' | 'end';
  payload?: { value?: unknown };
}

const shift = { start: '0.71em', middle: '0.32em', end: '0' } as const;

/**
 * An axis label as one plain SVG text. Recharts' own label (its Text component) measures every word in the
 * DOM and its axis reads the label's computed font back to draw a second time; a fixed size and our own
 * formatting make the first draw the last, which keeps the charts' first paint within budget.
 */
export function plainTick(fill: string, format: (value: string | number) => string) {
  return function Tick({ x, y, textAnchor, verticalAnchor = 'middle', payload }: TickProps) {
    const value = payload?.value;
    return (
      <text x={x} y={y} dy={shift[verticalAnchor]} textAnchor={textAnchor} fill={fill} fontSize={12}>
        {typeof value === 'number' || typeof value === 'string' ? format(value) : ''}
      </text>
    );
  };
}

/**
 * Every how many labels one is shown on a category axis of `count` labels of about `chars` characters,
 * drawn `width` pixels wide (0: every label). A fixed interval spares recharts measuring each label.
 */
export function labelInterval(count: number, chars: number, width: number): number {
  const perLabel = chars * 7 + 12;
  const fits = Math.max(1, Math.floor(width / perLabel));
  return count <= fits ? 0 : Math.ceil(count / fits) - 1;
}
