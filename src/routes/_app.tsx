import '../features/shell/shell.css';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import { dateAtOffset } from '../../contract/weeks.ts';
import { phoneBar, screensFor } from '../app/screens.ts';
import { useSignOut } from '../auth/use-sign-out.ts';
import { AppShell } from '../features/shell/app-shell.tsx';
import { currentUserQueryOptions } from '../auth/current-user.ts';
import { weekStartOf } from '../features/shell/week-start.ts';
import { ShellSkeleton } from '../features/shell/shell-skeleton.tsx';
import { ClockButton } from '../features/timecards/clock-button.tsx';
import { HeaderTimer } from '../features/timer/header-timer.tsx';
import { LazyTaskPicker } from '../features/timesheet/lazy-task-picker.tsx';
import { useNow } from '../features/timer/use-timer.ts';
import { thisWeek, todayLabel, weekNumberLabel } from '../lib/week.ts';
import { FullPageRouteError } from './-components/route-error.tsx';

/** Every signed-in screen: the guard, the signed-in user, and the shell around the page. */
export const Route = createFileRoute('/_app')({
  // The shell is part of every signed-in first screen: only its error screen loads on demand.
  codeSplitGroupings: [['errorComponent']],
  beforeLoad: ({ context, location }) => {
    if (!context.session.isSignedIn) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)),
  pendingComponent: ShellSkeleton,
  errorComponent: FullPageRouteError,
  component: AppLayout,
});

function AppLayout() {
  const { api } = Route.useRouteContext();
  const { data: user } = useSuspenseQuery(currentUserQueryOptions(api));
  const signOut = useSignOut();
  // Re-read once a minute so "today" moves on at midnight.
  const now = useNow(true, 60_000);
  const today = dateAtOffset(new Date(now), user.timezone ?? 0);
  const week = thisWeek(new Date(now), user.timezone ?? 0, weekStartOf(user));
  const nav = screensFor(user.role);
  return (
    <AppShell
      user={user}
      nav={nav}
      phone={phoneBar(nav)}
      onSignOut={() => void signOut()}
      today={
        <Link
          to="/timesheet"
          search={{ week }}
          className="today-link"
          aria-label={`This week, ${weekNumberLabel(week)}; today is ${todayLabel(today)}`}
        >
          <span className="today-link__week">{weekNumberLabel(week)}</span>
          <span className="today-link__day">{todayLabel(today)}</span>
        </Link>
      }
      clock={<ClockButton userId={user.id} today={today} />}
      timer={
        <HeaderTimer
          renderPicker={(onPick, close) => (
            <LazyTaskPicker
              userId={user.id}
              label="Start a timer on a task"
              hideLabel
              placeholder="Timer on which task?"
              focusOnMount
              canReadClients={user.role !== 'member_limited'}
              onPick={(t) => onPick(t)}
              onEscape={close}
            />
          )}
        />
      }
    >
      <Outlet />
    </AppShell>
  );
}
