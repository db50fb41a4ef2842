import './shell.css';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { initials } from '../../lib/initials.ts';
import type { ShellUser } from './app-shell.tsx';

// The open menu's code loads on first open; the button is all the first screen needs.
const UserMenuPopover = lazy(() => import('./user-menu-popover.tsx'));

/** A menu button (WAI-ARIA menu pattern): arrows move, Escape closes and returns focus. */
export function UserMenu({ user, onSignOut }: { user: ShellUser; onSignOut: () => void }) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const onButtonKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => (o ? false : 'first'))}
        onKeyDown={onButtonKeyDown}
      >
        <span className="avatar" aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className="user-menu__name">{user.name}</span>
        <svg className="user-menu__chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <UserMenuPopover
            user={user}
            menuId={menuId}
            focusFirst={open}
            rootRef={rootRef}
            onClose={(returnFocus) => {
              setOpen(false);
              if (returnFocus) buttonRef.current?.focus();
            }}
            onSignOut={onSignOut}
          />
        </Suspense>
      )}
    </div>
  );
}
