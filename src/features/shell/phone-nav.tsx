import './shell.css';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { NavScreen } from './app-shell.tsx';

const active = { 'aria-current': 'page', className: 'phone-nav__link phone-nav__link--active' } as const;

/** The phone's bottom bar: the most used screens, and More for the rest. */
export function PhoneNav({
  bar,
  more,
  badges,
}: {
  bar: readonly NavScreen[];
  more: readonly NavScreen[];
  badges?: Partial<Record<string, ReactNode>> | undefined;
}) {
  const [open, setOpen] = useState(false);
  return (
    <nav className="phone-nav" aria-label="Main">
      {open && (
        <ul className="phone-nav__more" id="phone-nav-more">
          {more.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="phone-nav__more-link" activeProps={{ 'aria-current': 'page' }} onClick={() => setOpen(false)}>
                {s.label}
                {badges?.[s.to]}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ul className="phone-nav__bar">
        {bar.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="phone-nav__link" activeProps={active}>
              {s.label}
              {badges?.[s.to]}
            </Link>
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <button
              type="button"
              className="phone-nav__link"
              aria-expanded={open}
              aria-controls="phone-nav-more"
              onClick={() => setOpen((o) => !o)}
            >
              More
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
