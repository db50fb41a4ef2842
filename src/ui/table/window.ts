export interface WindowInput {
  /** Rows in the list. */
  count: number;
  /** Height of one row in pixels (rows of a windowed table all have this height). */
  rowHeight: number;
  /** Pixels scrolled past the first row. */
  scrollTop: number;
  /** Height of the visible part of the list in pixels. */
  viewportHeight: number;
  /** Extra rows drawn above and below what is visible, so fast scrolling shows no gap. */
  overscan?: number;
}

/** Which rows to draw: `start` inclusive, `end` exclusive, always within `[0, count]`. */
export interface WindowRange {
  start: number;
  end: number;
}

export function windowRange({ count, rowHeight, scrollTop, viewportHeight, overscan = 8 }: WindowInput): WindowRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.min(Math.max(0, first - overscan), Math.max(0, count - 1));
  const end = Math.min(count, first + visible + overscan);
  return { start, end: Math.max(start, end) };
}

/** The scroll position that shows row `index` whole, moving as little as possible from `scrollTop`. */
export function scrollToShow(index: number, rowHeight: number, scrollTop: number, viewportHeight: number, headerHeight = 0): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  const visibleHeight = Math.max(rowHeight, viewportHeight - headerHeight);
  if (top < scrollTop) return top;
  if (bottom > scrollTop + visibleHeight) return bottom - visibleHeight;
  return scrollTop;
}
