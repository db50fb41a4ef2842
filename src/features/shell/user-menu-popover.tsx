import './shell.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { roleLabels } from '../../i18n/role-labels.ts';
import { chooseTheme } from '../../lib/choose-theme.ts';
import { savedTheme, type Theme } from '../../lib/theme.ts';
import type { ShellUser } from './app-shell.tsx';

interface UserMenuPopoverProps {
  user: ShellUser;
  menuId: string;
  /** Which item takes focus on opening: Arrow Up opens on the last one. */
  focusFirst: 'first' | 'last';
  /** The whole menu (button and popover): a press outside it closes the menu. */
  rootRef: RefObject<HTMLDivElement | null>;
  onClose: (returnFocus: boolean) => void;
  onSignOut: () => void;
}

const themes: { value: Theme; label: MessageDescriptor }[] = [
  { value: 'light', label: msg`Light` },
  { value: 'dark', label: msg`Dark` },
  { value: 'system', label: msg`As the system` },
];

/** The open user menu: who is signed in, Profile, the theme and Sign out, with arrow keys, Home, End and Escape. */
export default function UserMenuPopover({ user, menuId, focusFirst, rootRef, onClose, onSignOut }: UserMenuPopoverProps) {
  const { t } = useLingui();
  const menuRef = useRef<HTMLUListElement>(null);
  const [theme, setTheme] = useState(() => savedTheme(window.localStorage));
  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

  useEffect(() => {
    const list = items();
    (focusFirst === 'first' ? list[0] : list[list.length - 1])?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const onMenuKeyDown = (e: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      onClose(true);
    } else if (e.key === 'Tab') onClose(false);
  };

  return (
    <div className="user-menu__popover">
      <div className="user-menu__who">
        <p className="user-menu__who-name">{user.name}</p>
        <p className="user-menu__who-meta">{[t(roleLabels[user.role]), user.email].filter(Boolean).join(' \u00b7 ')}</p>
      </div>
      <ul id={menuId} role="menu" aria-label={t`Account`} ref={menuRef} className="user-menu__list" onKeyDown={onMenuKeyDown}>
        <li role="none">
          <Link to="/profile" role="menuitem" className="user-menu__item" tabIndex={-1} onClick={() => onClose(false)}>
            <Trans>Profile</Trans>
          </Link>
        </li>
        <li role="none">
          <ul role="group" aria-label={t`Theme`} className="user-menu__group">
            <li role="none">
              <span aria-hidden="true" className="user-menu__group-label">
                <Trans>Theme</Trans>
              </span>
            </li>
            {themes.map((o) => (
              <li role="none" key={o.value}>
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={theme === o.value}
                  className="user-menu__item"
                  tabIndex={-1}
                  onClick={() => {
                    chooseTheme(o.value);
                    setTheme(o.value);
                  }}
                >
                  {t(o.label)}
                </button>
              </li>
            ))}
          </ul>
        </li>
        <li role="none">
          <button
            type="button"
            role="menuitem"
            className="user-menu__item"
            tabIndex={-1}
            onClick={() => {
              onClose(false);
              onSignOut();
            }}
          >
            <Trans>Sign out</Trans>
          </button>
        </li>
      </ul>
    </div>
  );
}
