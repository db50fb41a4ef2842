import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Fragment, lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import type { NavScreen } from './app-shell.tsx';

// The open list loads on first use (or as the pointer nears the button): the button is all the first screen needs.
const load = () => import('./more-list.tsx');
const MoreList = lazy(load);

/**
 * A screen's count beside its label, by the screen's path. `of` names the screen when the count stands on More
 * for a screen inside it ("More, Approvals: 3 waiting").
 */
export type Badges = Partial<Record<string, (of?: string) => ReactNode>> | undefined;

/**
 * "More" for the screens the phone's bottom bar has no room for (a disclosure: the list follows the button, so Tab walks into
 * it; arrows move, Escape closes). Drawn as the current screen while that screen sits in the list.
 */
export function MoreMenu({
  items,
  current,
  badges,
  linkClass,
}: {
  items: readonly NavScreen[];
  current: NavScreen | undefined;
  badges: Badges;
  /** The bar's link class: More looks like the bar's links. */
  linkClass: string;
}) {
  const { t } = useLingui();
  const screenName = current?.label;
  const [open, setOpen] = useState<false | 'button' | 'list'>(false);
  const rootRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  return (
    <span className="more-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={current ? `${linkClass} ${linkClass}--active` : linkClass}
        aria-expanded={!!open}
        aria-controls={open ? id : undefined}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        onClick={() => setOpen((o) => (o ? false : 'button'))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setOpen('list');
          else if (e.key === 'Escape' && open) setOpen(false);
          else return;
          e.preventDefault();
        }}
      >
        {t`More`}
        {current && <span className="visually-hidden">{t`, current: ${screenName}`}</span>}
        {/* The counts of the screens inside, so a waiting approval is seen without opening the list. */}
        {items.map((s) => (
          <Fragment key={s.to}>{badges?.[s.to]?.(s.label)}</Fragment>
        ))}
      </button>
      {open && (
        <Suspense fallback={null}>
          <MoreList
            id={id}
            items={items}
            badges={badges}
            focusFirst={open === 'list'}
            rootRef={rootRef}
            onClose={(returnFocus) => {
              setOpen(false);
              if (returnFocus) buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </span>
  );
}

/** The link of a screen in a bar; `aria-current` and the active look on the current one. */
export function NavLink({ screen, badges, className }: { screen: NavScreen; badges: Badges; className: string }) {
  return (
    <Link to={screen.to} className={className} activeProps={{ 'aria-current': 'page', className: `${className} ${className}--active` }}>
      {screen.label}
      {badges?.[screen.to]?.()}
    </Link>
  );
}
