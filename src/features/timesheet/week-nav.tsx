import './timesheet.css';
import { useRef } from 'react';
import { nextWeek, previousWeek, weekOfDate, weekRange } from '../../lib/week.ts';

/** Previous, this week, next, and a date picker; the route puts the chosen week in the URL. */
export function WeekNav({ weekId, weekStart, thisWeekId, onChange }: { weekId: number; weekStart: number; thisWeekId: number; onChange: (weekId: number) => void }) {
  const { from } = weekRange(weekId, weekStart);
  const picker = useRef<HTMLInputElement>(null);
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
      <span className="week-nav__date">
        {/* The week's dates are in the heading (in the user's locale): the picker is a calendar button, not a second date. */}
        <button type="button" aria-label="Go to the week of a date" title="Go to the week of a date" onClick={() => openPicker(picker.current)}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <rect x="2.5" y="3.5" width="11" height="10" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M2.5 6.5h11M5.5 2v3M10.5 2v3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
        </button>
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          value={from}
          onChange={(e) => {
            const v = e.target.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(v)) onChange(weekOfDate(v, weekStart));
          }}
        />
      </span>
    </nav>
  );
}

/** Opens the browser's calendar; where `showPicker` is missing, focusing the field lets the user type a date. */
function openPicker(input: HTMLInputElement | null) {
  if (!input) return;
  try {
    input.showPicker();
  } catch {
    input.focus();
  }
}
