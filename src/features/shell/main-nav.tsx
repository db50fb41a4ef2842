import { useMatchRoute } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { NavScreen } from './app-shell.tsx';
import { MoreMenu, NavLink, type Badges } from './more-menu.tsx';

const width = (el: Element | null | undefined) => el?.getBoundingClientRect().width ?? 0;

/**
 * The header's navigation on one line: the screens that fit, in order, and More right after them for the rest.
 * The list wraps inside a box one line high, as wide as the links that fit; what wraps is hidden (and out of the
 * tab order) and listed under More instead.
 */
export function MainNav({ nav, badges }: { nav: readonly NavScreen[]; badges: Badges }) {
  const navRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // How many screens fit, and the list's width then (undefined: all of them, as wide as they are).
  const [fit, setFit] = useState<{ count: number; px?: number | undefined }>({ count: nav.length });
  const fitRef = useRef(fit);
  const moreWidth = useRef(0);
  const matchRoute = useMatchRoute();
  const screens = nav.map((s) => s.to).join();

  /**
   * Decides what fits from the widths as they are now, and draws it at once; again while More's own width
   * changed with it (the counts it carries), so the bar is settled when this returns. Run on every resize and
   * before More opens: a list opened on a stale bar would change under the user's focus.
   */
  const settle = useCallback(() => {
    const navEl = navRef.current;
    const list = listRef.current;
    if (!navEl || !list) return;
    for (let pass = 0; pass < 4; pass++) {
      const items = [...list.children] as HTMLElement[];
      const style = getComputedStyle(list);
      const gap = parseFloat(style.columnGap) || 0;
      const padding = (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
      const navGap = parseFloat(getComputedStyle(navEl).columnGap) || 0;
      const more = navEl.querySelector(':scope > .more-menu');
      if (more) moreWidth.current = width(more);
      const room = width(navEl);
      let used = 0;
      const ends = items.map((li, i) => (used += width(li) + (i ? gap : 0)));
      let next: { count: number; px?: number };
      if (used <= room + 0.5) next = { count: items.length };
      else {
        const left = room - navGap - moreWidth.current;
        let count = 0;
        while (count < items.length && ends[count]! <= left + 0.5) count++;
        // The list's box: the links that fit and their gaps, and its padding (room for the focus ring).
        next = { count, px: Math.ceil((count ? ends[count - 1]! : 0) + padding) };
      }
      const now = fitRef.current;
      if (now.count === next.count && now.px === next.px) return;
      flushSync(() => setFit(next));
      fitRef.current = next;
    }
  }, []);

  useLayoutEffect(() => {
    const navEl = navRef.current!;
    const list = listRef.current!;
    // The bar's width (the window), each label's (fonts, badges) and More's (its counts) decide what fits.
    // flushSync may not run inside a layout effect: the first measure waits for the effect to end.
    let ready = false;
    const observer = new ResizeObserver(() => {
      if (ready) settle();
    });
    for (const el of [navEl, ...list.children]) observer.observe(el);
    const more = new MutationObserver(() => {
      const el = navEl.querySelector(':scope > .more-menu');
      if (el) observer.observe(el);
    });
    more.observe(navEl, { childList: true });
    queueMicrotask(() => {
      ready = true;
      settle();
    });
    return () => {
      observer.disconnect();
      more.disconnect();
    };
  }, [screens, settle]);

  const over = nav.slice(fit.count);
  return (
    <nav className="shell__nav" aria-label="Main" ref={navRef}>
      <ul ref={listRef} style={fit.px === undefined ? undefined : { flexBasis: `${fit.px}px` }}>
        {nav.map((s, i) => (
          <li key={s.to} className={i < fit.count ? undefined : 'is-over'}>
            <NavLink screen={s} badges={badges} className="nav-link" />
          </li>
        ))}
      </ul>
      {over.length > 0 && (
        <MoreMenu
          items={over}
          current={over.find((s) => matchRoute({ to: s.to, fuzzy: true }))}
          badges={badges}
          linkClass="nav-link"
          onBeforeOpen={settle}
        />
      )}
    </nav>
  );
}
