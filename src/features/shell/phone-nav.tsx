import { useLingui } from '@lingui/react/macro';
import './shell.css';
import { useMatchRoute } from '@tanstack/react-router';
import type { NavScreen } from './app-shell.tsx';
import { MoreMenu, NavLink, type Badges } from './more-menu.tsx';

/** The phone's bottom bar: the most used screens, and More for the rest. */
export function PhoneNav({ bar, more, badges }: { bar: readonly NavScreen[]; more: readonly NavScreen[]; badges: Badges }) {
  const { t } = useLingui();
  const matchRoute = useMatchRoute();
  return (
    <nav className="phone-nav" aria-label={t`Main`}>
      <ul className="phone-nav__bar">
        {bar.map((s) => (
          <li key={s.to}>
            <NavLink screen={s} badges={badges} className="phone-nav__link" />
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <MoreMenu
              items={more}
              current={more.find((s) => matchRoute({ to: s.to, fuzzy: true }))}
              badges={badges}
              linkClass="phone-nav__link"
            />
          </li>
        )}
      </ul>
    </nav>
  );
}
