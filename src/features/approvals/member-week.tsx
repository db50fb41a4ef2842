import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Timesheet, WeekDays } from '../../../contract/timesheets.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import { lockedDays } from '../../lib/locked-days.ts';
import type { DayInfo } from '../../lib/week.ts';
import { Button } from '../../ui/button.tsx';
import { NotAllowed } from '../../ui/not-allowed.tsx';
import { TimesheetPage } from '../timesheet/timesheet-page.tsx';
import { TimesheetSkeleton } from '../timesheet/timesheet-skeleton.tsx';
import { teamUsersQueryOptions } from './api.ts';
import { refreshWeek } from '../week-submission/api.ts';
import styles from './review.module.css';
import { StatusBadge } from './status-badge.tsx';

export interface MemberWeekProps {
  /** The signed-in admin, who edits. */
  editorId: number;
  userId: number;
  weekId: number;
  weekStart: number;
  thisWeek: number;
  today: string;
  onWeekChange: (weekId: number) => void;
  onBack: () => void;
  /** Opens the week in the inbox's review, where it is approved or reopened (rejected). */
  onOpenApproval: (timesheetId: number) => void;
}

const noTimer = () => undefined;

/**
 * An admin editing a member's week from the team's week: the timesheet grid with its saving, pointed at that
 * member. Every change is recorded in the record's history under the admin's name; a week locked by its
 * approval stays read-only and says to reopen it first.
 */
export function MemberWeek(p: MemberWeekProps) {
  const api = useApi();
  const { data: people } = useSuspenseQuery(teamUsersQueryOptions(api));
  const person = people.find((u) => u.id === p.userId);
  const queryClient = useQueryClient();
  // The team's week shows the totals as changed here once the editor closes.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: keys.timesheets.team(p.weekId) }), [queryClient, p.weekId]);
  return (
    <div className={styles.memberWeek}>
      <Button size="sm" variant="ghost" onClick={p.onBack}>
        {'\u2190'} Team week
      </Button>
      {!person ? (
        <NotAllowed action="open this week" because="this person is not in the team" />
      ) : (
        <Suspense fallback={<TimesheetSkeleton />}>
          <TimesheetPage
            key={`${person.id}:${p.weekId}`}
            user={{ id: person.id, name: person.name, canReadClients: true }}
            editorId={p.editorId}
            titlePrefix={`${person.name}\u2019s timesheet`}
            weekId={p.weekId}
            weekStart={p.weekStart}
            today={p.today}
            thisWeekId={p.thisWeek}
            onWeekChange={p.onWeekChange}
            renderApproval={(timesheet, days) => (
              <>
                <WeekLock name={person.name} timesheet={timesheet} days={days} onOpenApproval={p.onOpenApproval} />
                {person.role !== 'admin' && <AutoLockNote name={person.name} timesheet={timesheet} days={days} />}
              </>
            )}
            timer={null}
            onStartTimer={noTimer}
            onStopTimer={noTimer}
          />
        </Suspense>
      )}
    </div>
  );
}

// The reason's form brings react-hook-form: loaded when the admin opens it.
const OpenWeekDialog = lazy(() => import('./open-week-dialog.tsx'));

/**
 * Days the team's automatic lock holds for the member (the admin is not held, so the grid stays editable): what
 * they are, why, and the admin's way to open the week again for them, with a reason.
 */
function AutoLockNote({ name, timesheet, days }: { name: string; timesheet: Timesheet | null; days: DayInfo[] }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const locked = lockedDays(days, timesheet?.ownerAutoLocks ?? []);
  if (!timesheet || !locked) return null;
  return (
    <>
      <div className={styles.memberNote} role="group" aria-label="Automatic lock">
        <p>
          {locked.list} {locked.one ? 'is' : 'are'} locked for {name} ({locked.reasons}). You can still change {locked.one ? 'it' : 'them'}; open
          the week again to let {name} do so.
        </p>
        <Button size="sm" onClick={() => setOpen(true)}>
          Open this week again
        </Button>
      </div>
      {/* Outside the note, whose paragraph styles would reach into the dialog. */}
      {open && (
        <Suspense fallback={null}>
          <OpenWeekDialog
            timesheetId={timesheet.id}
            name={name}
            locked={locked}
            onClose={() => setOpen(false)}
            onOpened={() => {
              setOpen(false);
              void refreshWeek(queryClient, timesheet.user, timesheet.week.id);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

const approvedDayNames = (approved: WeekDays, days: DayInfo[]) =>
  days.filter((d) => approved[d.long.toLowerCase() as keyof WeekDays]).map((d) => d.short);

/** Where the week stands: editable (changes are recorded as the admin's), or locked until it is reopened. */
function WeekLock({
  name,
  timesheet,
  days,
  onOpenApproval,
}: {
  name: string;
  timesheet: Timesheet | null;
  days: DayInfo[];
  onOpenApproval: (timesheetId: number) => void;
}) {
  const approval = timesheet?.approval ?? null;
  const status = approval?.status ?? null;
  const open = timesheet ? (
    <Button size="sm" onClick={() => onOpenApproval(timesheet.id)}>
      Open its approval
    </Button>
  ) : null;
  if (status === 'pending' || status === 'approved') {
    return (
      <div className={styles.memberLock}>
        <NotAllowed
          kind="lock"
          action={`change ${name}\u2019s time this week`}
          because={status === 'pending' ? 'the week is pending approval' : 'the week is approved'}
        >
          Reopen the week first: reject it in Approvals (or ask {name} to withdraw it), then edit here.
        </NotAllowed>
        {open}
      </div>
    );
  }
  const locked = approval && status === 'partial_approved' ? approvedDayNames(approval.approvedDays, days) : [];
  return (
    <div className={styles.memberNote}>
      <StatusBadge status={status} none="Not sent" />
      <p>
        {locked.length > 0
          ? `${locked.join(', ')} ${locked.length === 1 ? 'is' : 'are'} approved and locked: reopen the week first to change ${locked.length === 1 ? 'it' : 'them'}. `
          : ''}
        You are editing {name}’s time: each change is saved to their timesheet and recorded in its history as yours.
      </p>
      {locked.length > 0 && open}
    </div>
  );
}
