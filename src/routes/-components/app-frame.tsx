import '../../features/shell/shell.css';
import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { phoneBar, screensFor } from '../../app/screens.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { useSignOut } from '../../auth/use-sign-out.ts';
import { activateLocale, currentLocale } from '../../i18n/runtime.ts';
import { AppShell } from '../../features/shell/app-shell.tsx';
import { weekStartOf } from '../../features/shell/week-start.ts';
import { LazyHeaderTimer } from '../../features/timer/lazy-header-timer.tsx';
import { useNow } from '../../features/timer/use-timer.ts';
import { LazyTaskPicker } from '../../features/timesheet/lazy-task-picker.tsx';
import { thisWeek, todayLabel } from '../../lib/week.ts';

// Clock in (once today's timecard has answered) and the notification bell: their code loads after the first screen.
const HeaderTools = lazy(() => import('../../features/shell/header-tools.tsx'));
// The count of weeks waiting: only reviewers see it, so it loads with its own chunk.
const ApprovalsBadge = lazy(() => import('../../features/approvals/approvals-badge.tsx'));

/** The signed-in frame around a screen: the shell with the user's navigation, this week and the timer. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const api = useApi();
  const { data: user } = useSuspenseQuery(currentUserQueryOptions(api));
  const signOut = useSignOut();
  // The language kept on the server wins over this device's guess (chosen on another device, say).
  useEffect(() => {
    if (user.locale && user.locale !== currentLocale()) void activateLocale(user.locale, window.localStorage);
  }, [user.locale]);
  // Re-read once a minute so "today" moves on at midnight.
  const now = useNow(true, 60_000);
  const today = dateAtOffset(new Date(now), user.timezone ?? 0);
  const week = thisWeek(new Date(now), user.timezone ?? 0, weekStartOf(user));
  const nav = screensFor(user.role).map((s) => ({ ...s, label: t(s.label) }));
  const weekNumber = week % 100;
  const weekName = t`Week ${weekNumber}`;
  const day = todayLabel(today);
  return (
    <AppShell
      user={user}
      nav={nav}
      phone={phoneBar(nav)}
      onSignOut={() => void signOut()}
      badges={
        user.role === 'admin' || user.role === 'supervisor'
          ? {
              '/approvals': (of) => (
                <Suspense fallback={null}>
                  <ApprovalsBadge of={of} />
                </Suspense>
              ),
            }
          : undefined
      }
      today={
        <Link
          to="/timesheet"
          search={{ week }}
          className="today-link"
          aria-label={t`This week, ${weekName}; today is ${day}`}
        >
          <span className="today-link__week">{weekName}</span>
          <span className="today-link__day">{day}</span>
        </Link>
      }
      clock={
        <Suspense fallback={null}>
          <HeaderTools userId={user.id} today={today} />
        </Suspense>
      }
      timer={
        <LazyHeaderTimer
          renderPicker={(onPick, close) => (
            <LazyTaskPicker
              userId={user.id}
              label={t`Start a timer on a task`}
              hideLabel
              placeholder={t`Timer on which task?`}
              focusOnMount
              canReadClients={user.role !== 'member_limited'}
              onPick={(t) => onPick(t)}
              onEscape={close}
            />
          )}
        />
      }
    >
      {children}
    </AppShell>
  );
}
