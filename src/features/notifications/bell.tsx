import './bell.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useApi } from '../../api/context.ts';
import { unreadQueryOptions } from './api.ts';

// The open list's code loads on first open; the button and its count are all the header needs.
const BellPopover = lazy(() => import('./bell-popover.tsx'));

/** The bell in the header: the unread count, asked for every 30 s and when the window gets focus; a press opens the list. */
export function NotificationBell() {
  const api = useApi();
  const { data } = useQuery(unreadQueryOptions(api));
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = data?.unread ?? 0;
  return (
    <div className="bell" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="bell__button"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M10 2.5a5 5 0 0 0-5 5v2.8L3.6 13a.7.7 0 0 0 .6 1h11.6a.7.7 0 0 0 .6-1L15 10.3V7.5a5 5 0 0 0-5-5zM8 15.5a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
        {unread > 0 && (
          <span className="bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <BellPopover
            id={panelId}
            rootRef={rootRef}
            onClose={(returnFocus) => {
              setOpen(false);
              if (returnFocus) buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
