import { useLayoutEffect, useState, type RefObject } from 'react';
import { scrollToShow, windowRange, type WindowRange } from './window.ts';

/** Used until the scroll box has been measured (and in test environments that do no layout). */
const FALLBACK_VIEWPORT = 600;

/**
 * The rows a windowed list draws for the scroll box `box`, updated on scroll and resize. When `enabled`
 * is false every row is drawn.
 */
export function useTableWindow(box: RefObject<HTMLElement | null>, count: number, rowHeight: number, enabled: boolean) {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT);

  useLayoutEffect(() => {
    const el = box.current;
    if (!enabled || !el) return;
    const measure = () => setViewport(el.clientHeight || FALLBACK_VIEWPORT);
    measure();
    const onScroll = () => setScrollTop(el.scrollTop);
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [box, enabled]);

  const range: WindowRange = enabled ? windowRange({ count, rowHeight, scrollTop, viewportHeight: viewport }) : { start: 0, end: count };

  /** Scrolls just enough for row `index` to be drawn and visible. */
  const reveal = (index: number) => {
    const el = box.current;
    if (enabled && el) setScrollTop(scrollBoxToShow(el, index, rowHeight));
  };

  return { range, reveal };
}

function scrollBoxToShow(el: HTMLElement, index: number, rowHeight: number): number {
  const header = el.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const next = scrollToShow(index, rowHeight, el.scrollTop, el.clientHeight || FALLBACK_VIEWPORT, header);
  if (next !== el.scrollTop) el.scrollTop = next;
  return next;
}
