import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The width of an element in whole pixels, read before the browser paints the render that enables it, then on
 * every resize (0 until it is on the page and enabled; charts enable it once the page's first paint is done). A chart drawn at a known width lays itself out once, instead of drawing at
 * no size and again when it has measured its box.
 */
export function useWidth(ref: RefObject<HTMLElement | null>, enabled = true): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    setWidth(Math.round(el.getBoundingClientRect().width));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.round(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return width;
}
