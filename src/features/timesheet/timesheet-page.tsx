import './timesheet.css';
import { useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Timesheet } from '../../../contract/timesheets.ts';
import { useApi } from '../../api/context.ts';
import { formatDuration, type DurationFormat } from '../../lib/duration.ts';
import { dayInfo, weekDates, weekLabel, weekNumberLabel, weekRange, type DayInfo } from '../../lib/week.ts';
import { Button } from '../../ui/button.tsx';

import { cellKey, GridStore, type RowInfo } from './grid-store.ts';
import type { WeekPage } from './week-actions.ts';
import { dayLockReasons, NO_TASK, syncStore, type TaskLite } from './model.ts';
import { perfEnabled } from '../../lib/perf.ts';

import { loadWeekActions, withWeekActions, type WeekActions } from './lazy-week-actions.ts';
import { LazyTaskPicker, preloadTaskPicker } from './lazy-task-picker.tsx';
import { preloadSaveRequests } from './saver.ts';
import { getSaver, useExtraRows, useSaverPending, useSavedIntoCache, useWeekData } from './use-week-data.ts';
import { WeekGrid, type GridActions } from './week-grid.tsx';
import { WeekNav } from './week-nav.tsx';
import { CopyLastWeek, EmptyWeek, KeyboardHelp, WeekSummary } from './week-parts.tsx';

// Dialogs and the keyboard help are opened rarely: their code loads on first use.
const CommentDialog = lazy(() => import('./comment-dialog.tsx').then((m) => ({ default: m.CellCommentDialog })));
const RemoveRowDialog = lazy(() => import('./remove-row-dialog.tsx').then((m) => ({ default: m.RemoveRowDialog })));
const PHONE = '(max-width: 639px)';
const loadDayTabs = () => import('./day-tabs.tsx');
const DayTabs = lazy(loadDayTabs);
// On a phone the day tabs are part of the first screen: their code is asked for while the week loads.
if (typeof window !== 'undefined' && window.matchMedia?.(PHONE).matches) void loadDayTabs().catch(() => undefined);
// What is not saved shows only after a save failed (or a reload kept unsaved changes): its slot, a live region,
// is drawn with the page and its content loads just after.
const UnsavedBanner = lazy(() => import('./unsaved-banner.tsx').then((m) => ({ default: m.UnsavedBanner })));
const TimeOffRow = lazy(() => import('../time-off/grid-marker.tsx'));
const EmptyWeekTimeOff = lazy(() => import('./empty-week-time-off.tsx'));
export interface TimesheetUser {
  id: number;
  name: string;
  canReadClients: boolean;
}

export interface TimerView {
  taskId: string | null;
  elapsed: number;
}

export interface TimesheetPageProps {
  user: TimesheetUser;
  weekId: number;
  weekStart: number;
  today: string;
  thisWeekId: number;
  onWeekChange: (weekId: number) => void;
  /** The week's approval status and actions (composed by the route). */
  renderApproval: (timesheet: Timesheet | null, days: DayInfo[]) => ReactNode;
  timer: TimerView | null;
  onStartTimer: (task: TaskLite) => void;
  onStopTimer: () => void;
  /**
   * The signed-in admin, when the week is another user's: saves name that user, the timer is not offered,
   * and a week locked by its approval (pending or approved) is read-only until it is reopened.
   */
  editorId?: number | undefined;
  /** Shown before the week number in the heading (whose week it is, when it is not the viewer's). */
  titlePrefix?: string | undefined;
}

const FORMAT_KEY = 'timekeep.durationFormat';
const readFormat = (): DurationFormat => {
  try {
    return localStorage.getItem(FORMAT_KEY) === 'decimal' ? 'decimal' : 'hmm';
  } catch {
    return 'hmm';
  }
};

function useIsPhone() {
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && window.matchMedia(PHONE).matches);
  useEffect(() => {
    const mq = window.matchMedia(PHONE);
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return phone;
}

/** The weekly timesheet: the grid of tasks by days, saving as the user types, and the week's actions. */
export function TimesheetPage(props: TimesheetPageProps) {
  const { user, weekId, weekStart, today, timer } = props;
  const api = useApi();
  const queryClient = useQueryClient();
  const dates = useMemo(() => weekDates(weekId, weekStart), [weekId, weekStart]);
  const days = useMemo(() => dates.map((d) => dayInfo(d)), [dates]);
  const { from, to } = weekRange(weekId, weekStart);
  const { records, timesheet, names } = useWeekData(api, user.id, weekId, from, to, user.canReadClients);
  const saver = getSaver(api, user.id, props.editorId);
  const pending = useSaverPending(saver);
  useSavedIntoCache(api, saver, user.id, from, to);
  const [extraRows, setExtraRows] = useExtraRows(user.id, weekId);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const store = useMemo(() => new GridStore(7), [weekId, user.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const [format, setFormat] = useState<DurationFormat>(readFormat);
  const isPhone = useIsPhone();
  const todayIndex = dates.indexOf(today);
  const [day, setDay] = useState(todayIndex >= 0 ? todayIndex : 0);
  const [commentFor, setCommentFor] = useState<string | null>(null);
  const [removing, setRemoving] = useState<RowInfo | null>(null);
  const [adding, setAdding] = useState(false);
  const focusAfter = useRef<{ rowKey: string } | null>(null);

  const othersWeek = props.editorId !== undefined && props.editorId !== user.id;
  const locks = useMemo(() => dayLockReasons(timesheet?.approval, dates, othersWeek, timesheet?.autoLocks), [timesheet, dates, othersWeek]);
  const pendingWeek = timesheet?.approval?.status === 'pending';
  const offs = timesheet?.timeOffAssignments ?? [];

  useLayoutEffect(() => {
    syncStore(store, {
      dates,
      records: records.filter((r) => !hidden.has(r.task?.id ?? NO_TASK) || r.time > 0),
      extraRows: extraRows.filter((t) => !hidden.has(t.id)),
      names,
      locks,
      pending: pending.filter((p) => p.date >= from && p.date <= to && !(hidden.has(p.taskId ?? NO_TASK) && p.seconds === 0)),
      keepRows: true,
      hidden,
    });
  }, [store, dates, records, extraRows, names, locks, pending, from, to, hidden]);

  useEffect(() => {
    saver.setRecordLookup((taskId, date) => {
      const i = dates.indexOf(date);
      return i < 0 ? null : store.cell(cellKey(taskId ?? NO_TASK, i)).recordId;
    });
  }, [saver, store, dates]);

  useEffect(() => {
    if (perfEnabled()) performance.mark('tk-grid-drawn');
    void loadWeekActions();
    void preloadSaveRequests();
    const idle = setTimeout(preloadTaskPicker, 1500);
    return () => clearTimeout(idle);
  }, []);

  const gridRows = useSyncExternalStore(
    useCallback((fn: () => void) => store.subscribe('rows', fn), [store]),
    () => store.rows(),
  );
  // Focus a row just added, in today's column when the week holds today.
  useEffect(() => {
    const want = focusAfter.current;
    if (!want) return;
    const index = store.rows().findIndex((r) => r.key === want.rowKey);
    if (index < 0) return;
    focusAfter.current = null;
    const col = isPhone ? day : Math.max(0, todayIndex);
    document.querySelector<HTMLInputElement>(`.tgrid input[data-r="${index}"][data-c="${col}"]`)?.focus();
  });

  // The week as drawn, for the editing code (./week-actions.ts, loaded after the first paint) and the actions.
  const now = {
    api,
    queryClient,
    userId: user.id,
    weekId,
    weekStart,
    dates,
    from,
    to,
    records,
    names,
    locks,
    store,
    saver,
    extraRows,
    setExtraRows,
    props,
  };
  const latest = useRef(now);
  useLayoutEffect(() => {
    latest.current = now;
  });
  const page = (): WeekPage => ({ ...latest.current, setHidden, comment: setCommentFor, confirmRemove: setRemoving });
  const run = (fn: (m: WeekActions, p: WeekPage) => void) => withWeekActions((m) => fn(m, page()));

  const actions = useMemo<GridActions>(
    () => ({
      commit: (key, seconds) => run((m, p) => m.commitChange(p, key, seconds)),
      paste: (row, col, text) => run((m, p) => m.pasteBlock(p, row, col, text)),
      undo: () => run((m, p) => m.undoStep(p)),
      retry: (key) => run((m, p) => m.retryCell(p, key)),
      dismiss: (key) => run((m, p) => m.dismissCell(p, key)),
      openComment: (key) => run((m, p) => m.openComment(p, key)),
      startTimer: (row) =>
        row.taskId && latest.current.props.onStartTimer({ id: row.taskId, name: row.name, projects: row.projects, status: row.status }),
      stopTimer: () => latest.current.props.onStopTimer(),
      removeRow: (row) => run((m, p) => m.removeRow(p, row)),
    }),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );

  function addTask(task: TaskLite) {
    setAdding(false);
    setHidden((h) => {
      const n = new Set(h);
      n.delete(task.id);
      return n;
    });
    if (!extraRows.some((t) => t.id === task.id)) setExtraRows([...extraRows, task]);
    focusAfter.current = { rowKey: task.id };
  }

  const setFormatPersist = (f: DurationFormat) => {
    setFormat(f);
    try {
      localStorage.setItem(FORMAT_KEY, f);
    } catch {
      // The choice lasts for this visit.
    }
  };

  const rowKeys = useMemo(() => new Set(gridRows.map((r) => r.key)), [gridRows]);
  const readOnlyReason = pendingWeek
    ? othersWeek
      ? 'The week is pending approval: reopen the week first'
      : 'The week is pending approval'
    : othersWeek && timesheet?.approval?.status === 'approved'
      ? 'The week is approved: reopen the week first'
      : null;
  const closed = readOnlyReason !== null;

  return (
    <div className="timesheet">
      <header className="ts-header">
        <div className="ts-header__title">
          <h1 className="page__title">
            {props.titlePrefix && <span className="ts-header__who">{props.titlePrefix}</span>}
            {weekNumberLabel(weekId)}
            <span className="ts-header__range">{weekLabel(weekId, weekStart)}</span>
          </h1>
          <WeekSummary store={store} format={format} />
        </div>
        <WeekNav weekId={weekId} weekStart={weekStart} thisWeekId={props.thisWeekId} onChange={props.onWeekChange} />
      </header>

      {props.renderApproval(timesheet, days)}

      <div role="status" className="ts-banner-slot">
        <Suspense fallback={null}>
          <UnsavedBanner store={store} onRetryAll={saver.retryAll} onDismissRefused={() => run((m, p) => m.dismissRefused(p))} />
        </Suspense>
      </div>

      <div className="ts-toolbar">
        <div className="ts-toolbar__left">{!closed && <CopyLastWeek onCopy={(h) => run((m, p) => void m.copyLastWeek(p, h))} />}</div>
        <div className="ts-toolbar__right">
          <fieldset className="segmented">
            <legend className="visually-hidden">Show durations as</legend>
            {(['hmm', 'decimal'] as const).map((f) => (
              <label key={f} className={`segmented__item${format === f ? ' is-on' : ''}`}>
                <input type="radio" name="duration-format" value={f} checked={format === f} onChange={() => setFormatPersist(f)} />
                {f === 'hmm' ? 'h:mm' : 'Decimal'}
              </label>
            ))}
          </fieldset>
          <KeyboardHelp />
        </div>
      </div>

      {isPhone && (
        <Suspense fallback={null}>
          <DayTabs days={days} today={today} day={day} onDay={setDay} store={store} format={format} />
        </Suspense>
      )}

      <div className="ts-card">
        {gridRows.length === 0 ? (
          <>
            {offs.length > 0 && (
              <Suspense>
                <EmptyWeekTimeOff offs={offs} days={days} today={today} singleDay={isPhone ? day : null} />
              </Suspense>
            )}
            <EmptyWeek pending={pendingWeek} othersWeek={othersWeek} />
          </>
        ) : (
          <WeekGrid
            store={store}
            days={days}
            today={today}
            format={format}
            actions={actions}
            singleDay={isPhone ? day : null}
            timer={timer}
            readOnlyReason={readOnlyReason}
            timers={props.editorId === undefined}
            extra={
              offs.length > 0 ? (
                <Suspense>
                  <TimeOffRow offs={offs} days={days} single={isPhone ? day : null} index={gridRows.length + 3} />
                </Suspense>
              ) : null
            }
          />
        )}
        {!closed && (
          <div className="ts-add">
            {adding ? (
              <div className="ts-add__picker">
                <LazyTaskPicker
                  userId={user.id}
                  label="Add a task to the week"
                  placeholder="Search tasks by name\u2026"
                  exclude={rowKeys}
                  focusOnMount
                  canReadClients={user.canReadClients}
                  onPick={(t) => addTask(t)}
                  onEscape={() => setAdding(false)}
                />
                <Button variant="ghost" size="sm" onClick={() => setAdding(false)}>
                  Cancel
                </Button>
              </div>
            ) : (
              <Button
                variant="ghost"
                onClick={() => setAdding(true)}
                icon={
                  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                    <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                  </svg>
                }
              >
                Add row
              </Button>
            )}
          </div>
        )}
      </div>

      <Suspense fallback={null}>
        {commentFor && (
          <CommentDialog
            store={store}
            cellKey={commentFor}
            days={days}
            onSave={(comment) => run((m, p) => m.saveComment(p, commentFor, comment))}
            onClose={() => setCommentFor(null)}
          />
        )}
        {removing && (
          <RemoveRowDialog
            row={removing}
            total={formatDuration(store.rowTotal(removing.key), format)}
            onCancel={() => setRemoving(null)}
            onConfirm={() => run((m, p) => m.removeRowNow(p, removing))}
          />
        )}
      </Suspense>
    </div>
  );
}
