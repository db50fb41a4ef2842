import { lazy, Suspense, useState } from 'react';
import { formatDuration, type DurationFormat } from '../../lib/duration.ts';
import { Button } from '../../ui/button.tsx';
import type { GridStore } from './grid-store.ts';
import { useWeekTotal } from './use-grid-store.ts';

/** The timesheet's smaller parts around the grid: the week's total, the empty week, copying, keyboard help. */

const KeyboardHelpPanel = lazy(() => import('./keyboard-help.tsx'));

export function WeekSummary({ store, format }: { store: GridStore; format: DurationFormat }) {
  const total = useWeekTotal(store);
  return (
    <p className="ts-header__total">
      <span className="ts-header__total-value">{formatDuration(total, format)}</span>
      <span className="ts-header__total-label">{format === 'decimal' ? 'hours this week' : 'logged this week'}</span>
    </p>
  );
}

export function EmptyWeek({ pending, othersWeek }: { pending: boolean; othersWeek: boolean }) {
  return (
    <div className="ts-empty">
      <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true" focusable="false" className="ts-empty__art">
        <rect x="6" y="10" width="36" height="30" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M6 18h36M16 10v-4M32 10v-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <circle cx="24" cy="29" r="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M24 26.5V29l1.75 1.25" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h2 className="ts-empty__title">Nothing logged this week</h2>
      <p className="ts-empty__text">
        {pending
          ? 'The week is pending approval.'
          : othersWeek
            ? 'Add a row for each task, then type the hours: they are saved to this person\u2019s timesheet.'
            : 'Add a row for each task you worked on, or copy last week\u2019s rows, then type the hours.'}
      </p>
    </div>
  );
}

export function CopyLastWeek({ onCopy }: { onCopy: (withHours: boolean) => void }) {
  return (
    <div className="copy-week" role="group" aria-label="Copy last week">
      <span className="copy-week__label" aria-hidden="true">
        Copy last week
      </span>
      <Button size="sm" onClick={() => onCopy(false)} aria-label="Copy last week’s rows">
        Rows
      </Button>
      <Button size="sm" onClick={() => onCopy(true)} aria-label="Copy last week’s rows with hours">
        Rows + hours
      </Button>
    </div>
  );
}

export function KeyboardHelp() {
  const [open, setOpen] = useState(false);
  return (
    <details className="kbd-help" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <rect x="1.5" y="4" width="13" height="8.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
          <path d="M4 6.75h1M7.5 6.75h1M11 6.75h1M5 9.75h6" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
        </svg>
        Keyboard
      </summary>
      {open && (
        <Suspense fallback={null}>
          <KeyboardHelpPanel />
        </Suspense>
      )}
    </details>
  );
}
