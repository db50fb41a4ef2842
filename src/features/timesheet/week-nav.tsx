import './timesheet.css';
import { nextWeek, previousWeek, weekOfDate, weekRange } from '../../lib/week.ts';

/** Previous, this week, next, and a date picker; the route puts the chosen week in the URL. */
export function WeekNav({ weekId, weekStart, thisWeekId, onChange }: { weekId: number; weekStart: number; thisWeekId: number; onChange: (weekId: number) => void }) {
  const { from } = weekRange(weekId, weekStart);
  return (
    <nav className="week-nav" aria-label="Week">
      <button type="button" className="week-nav__step" aria-label="Previous week" onClick={() => onChange(previousWeek(weekId))}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M10 3.5L5.5 8l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <button type="button" className="week-nav__this" aria-current={weekId === thisWeekId ? 'date' : undefined} disabled={weekId === thisWeekId} onClick={() => onChange(thisWeekId)}>
        This week
      </button>
      <button type="button" className="week-nav__step" aria-label="Next week" onClick={() => onChange(nextWeek(weekId))}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 3.5L10.5 8 6 12.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <label className="week-nav__date">
        <span className="visually-hidden">Go to the week of a date</span>
        <input
          type="date"
          value={from}
          onChange={(e) => {
            const v = e.target.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(v)) onChange(weekOfDate(v, weekStart));
          }}
        />
      </label>
    </nav>
  );
}
