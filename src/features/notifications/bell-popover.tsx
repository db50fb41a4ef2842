import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, type RefObject } from 'react';
import type { Notification } from '../../../contract/notifications.ts';
import { addDays, clockAtOffset, dateAtOffset } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import * as notifications from '../../api/operations/notifications.ts';
import { todayLabel } from '../../lib/week.ts';
import { listQueryOptions, notificationKeys } from './api.ts';

/** A UTC date-time of the API (`YYYY-MM-DD HH:MM:SS`) as a Date. */
const dateOf = (s: string) => new Date(`${s.replace(' ', 'T')}Z`);
/** This browser's offset from UTC in hours: notifications are grouped by the days the reader lives in. */
const offset = () => -new Date().getTimezoneOffset() / 60;

function dayLabel(date: string) {
  const today = dateAtOffset(new Date(), offset());
  if (date === today) return 'Today';
  if (date === addDays(today, -1)) return 'Yesterday';
  return todayLabel(date);
}

/** Notifications by the day they came, newest day first. */
export function groupByDay(items: readonly Notification[]): { day: string; items: Notification[] }[] {
  const groups: { day: string; items: Notification[] }[] = [];
  for (const n of items) {
    const day = dayLabel(dateAtOffset(dateOf(n.createdAt), offset()));
    const last = groups[groups.length - 1];
    if (last?.day === day) last.items.push(n);
    else groups.push({ day, items: [n] });
  }
  return groups;
}

/** Where a notification leads: the week to review, the member's own week, the time-off screen, a budget, Integrations, Import, Approvals or a report. */
function Target({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const body = (
    <>
      <span className="bell-item__title">{n.title}</span>
      {n.comment && <span className="bell-item__comment">“{n.comment}”</span>}
      <span className="bell-item__time">{clockAtOffset(dateOf(n.createdAt), offset())}</span>
    </>
  );
  const cls = `bell-item${n.readAt ? '' : ' is-unread'}`;
  if (n.subject.type === 'timesheet') {
    return n.kind === 'week.waiting' ? (
      <Link to="/approvals" search={{ open: n.subject.id }} className={cls} onClick={onOpen}>
        {body}
      </Link>
    ) : (
      <Link to="/timesheet" search={{ week: n.subject.weekId }} className={cls} onClick={onOpen}>
        {body}
      </Link>
    );
  }
  switch (n.subject.type) {
    case 'project':
      return (
        <Link to="/projects/$projectId/budget" params={{ projectId: n.subject.id }} className={cls} onClick={onOpen}>
          {body}
        </Link>
      );
    case 'client':
      return (
        <Link to="/clients/$clientId" params={{ clientId: String(n.subject.id) }} className={cls} onClick={onOpen}>
          {body}
        </Link>
      );
    case 'webhook':
      return (
        <Link to="/integrations" className={cls} onClick={onOpen}>
          {body}
        </Link>
      );
    case 'import':
      return (
        <Link to="/import" className={cls} onClick={onOpen}>
          {body}
        </Link>
      );
    case 'digest':
      return (
        <Link to="/approvals" className={cls} onClick={onOpen}>
          {body}
        </Link>
      );
    case 'report':
      return (
        <Link to={`/reports/${n.subject.tab}`} search={n.subject.filters} className={cls} onClick={onOpen}>
          {body}
        </Link>
      );
  }
  return (
    <Link to="/time-off" search={{}} className={cls} onClick={onOpen}>
      {body}
    </Link>
  );
}

interface BellPopoverProps {
  id: string;
  /** The bell (button and list): a press outside it closes the list. */
  rootRef: RefObject<HTMLDivElement | null>;
  onClose: (returnFocus: boolean) => void;
}

/** The open list: grouped by day, each one a link to the thing itself (read once opened), and Mark all read. */
export default function BellPopover({ id, rootRef, onClose }: BellPopoverProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const list = useQuery(listQueryOptions(api));
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const markRead = useMutation({
    mutationFn: (n: Notification) => api.call(notifications.mark, { params: { notification_id: n.id }, body: { read: true } }),
    onSettled: refresh,
  });
  const readAll = useMutation({ mutationFn: () => api.call(notifications.readAll, {}), onSettled: refresh });

  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) onClose(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose(true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const items = list.data?.items ?? [];
  const unread = list.data?.unread ?? 0;
  return (
    <section id={id} className="bell__panel" aria-labelledby={`${id}-title`}>
      <header className="bell__head">
        <h2 id={`${id}-title`} className="bell__title">
          Notifications
        </h2>
        <button type="button" className="bell__all" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
          Mark all read
        </button>
      </header>
      {list.isPending ? (
        <p className="bell__note" role="status">
          Loading…
        </p>
      ) : list.isError ? (
        <p className="bell__note" role="alert">
          Notifications did not load. {describeError(list.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="bell__note">Nothing yet. Decisions on your weeks and time off, and requests waiting for you, show here.</p>
      ) : (
        <div className="bell__groups">
          {groupByDay(items).map((g) => (
            <section key={g.day} className="bell__group" aria-label={g.day}>
              <h3 className="bell__day">{g.day}</h3>
              <ul className="bell__list">
                {g.items.map((n) => (
                  <li key={n.id}>
                    <Target
                      n={n}
                      onOpen={() => {
                        if (!n.readAt) markRead.mutate(n);
                        onClose(false);
                      }}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
