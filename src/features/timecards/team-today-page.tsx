import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { TeamTodayEntry } from '../../../contract/timecards.ts';
import { useApi } from '../../api/context.ts';
import { formatDuration } from '../../lib/duration.ts';
import { dayInfo } from '../../lib/week.ts';
import { teamTodayQueryOptions } from './api.ts';
import s from './team-today.module.css';

export interface TeamTodayPageProps {
  nameOf: (userId: number) => string;
  /** The week of a date in the viewer's week start, for the link to a member's timecards. */
  weekOf: (date: string) => number;
  tools: ReactNode;
}

const groups = [
  { status: 'clocked-in', title: 'Clocked in', empty: 'Nobody is clocked in right now.' },
  { status: 'clocked-out', title: 'Clocked out', empty: 'Nobody has clocked out yet today.' },
  { status: 'not-clocked-in', title: 'Not clocked in today', empty: 'Everyone has clocked in today.' },
] as const;

/** When the shift began, naming the day when it began yesterday (a night shift). */
function sinceLabel(e: TeamTodayEntry) {
  const day = e.date && e.date !== e.today ? `${dayInfo(e.date).long} ` : '';
  return `since ${day}${e.clockIn}`;
}

function detail(e: TeamTodayEntry) {
  if (e.status === 'clocked-in') return sinceLabel(e);
  if (e.status === 'clocked-out') return `${e.clockIn} – ${e.clockOut}${e.date !== e.today ? ' (night shift)' : ''} · ${formatDuration(e.workTime)} worked`;
  return null;
}

/** The team today: who is clocked in now and since when, who has clocked out, and who has not clocked in. */
export function TeamTodayPage({ nameOf, weekOf, tools }: TeamTodayPageProps) {
  const api = useApi();
  const { data: entries } = useSuspenseQuery(teamTodayQueryOptions(api));
  return (
    <div className={s.page}>
      {tools}
      <header>
        <h1 className="page__title">Today</h1>
        <p className={s.lead}>
          {entries.filter((e) => e.status === 'clocked-in').length} of {entries.length} clocked in now
        </p>
      </header>
      <div className={s.groups}>
        {groups.map((g) => {
          const list = entries.filter((e) => e.status === g.status);
          return (
            <section key={g.status} className={`${s.group} ${s[g.status]}`} aria-labelledby={`today-${g.status}`}>
              <h2 id={`today-${g.status}`} className={s.title}>
                {g.title} <span className={s.count}>{list.length}</span>
              </h2>
              {list.length === 0 ? (
                <p className={s.empty}>{g.empty}</p>
              ) : (
                <ul className={s.list}>
                  {list.map((e) => (
                    <li key={e.user} className={s.person} data-testid={`today-${e.user}`}>
                      <Link to="/timecards" search={{ week: weekOf(e.date ?? e.today), user: e.user }} className={s.name}>
                        {nameOf(e.user)}
                      </Link>
                      {detail(e) && <span className={s.detail}>{detail(e)}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
