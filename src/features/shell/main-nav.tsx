import { useMatchRoute } from '@tanstack/react-router';
import { useLayoutEffect, useRef, useState } from 'react';
import type { NavScreen } from './app-shell.tsx';
import { MoreMenu, NavLink, type Badges } from './more-menu.tsx';

/**
 * The header's navigation on one line: the screens that fit, in order, and More for the rest. The list wraps
 * inside a box one line high; what wraps is hidden (and out of the tab order) and listed under More instead.
 */
export function MainNav({ nav, badges }: { nav: readonly NavScreen[]; badges: Badges }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [fit, setFit] = useState(nav.length);
  const matchRoute = useMatchRoute();
  const screens = nav.map((s) => s.to).join();

  useLayoutEffect(() => {
    const list = listRef.current!;
    const items = [...list.children] as HTMLElement[];
    const measure = () => {
      const over = items.findIndex((li) => li.offsetTop > items[0]!.offsetTop);
      setFit(over < 0 ? items.length : over);
    };
    // The list's width (the window, More coming and going) and each label's (fonts, badges) decide what fits.
    const observer = new ResizeObserver(measure);
    for (const el of [list, ...items]) observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, [screens]);

  const more = nav.slice(fit);
  return (
    <nav className="shell__nav" aria-label="Main">
      <ul ref={listRef}>
        {nav.map((s, i) => (
          <li key={s.to} className={i < fit ? undefined : 'is-over'}>
            <NavLink screen={s} badges={badges} className="nav-link" />
          </li>
        ))}
      </ul>
      {more.length > 0 && (
        <MoreMenu items={more} current={more.find((s) => matchRoute({ to: s.to, fuzzy: true }))} badges={badges} linkClass="nav-link" />
      )}
    </nav>
  );
}
