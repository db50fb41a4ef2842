import { addDays, daysBetween, monthSpan, weekdayOf } from '../../../contract/weeks.ts';
import type { TimeOffAssignment, TimeOffType } from '../../../contract/timeoff.ts';
import { Button } from '../../ui/button.tsx';
import { periodLabel, typeLetter, typeName } from './labels.ts';

export interface TeamCalendarProps {
  /** `YYYY-MM`. */
  month: string;
  onMonth: (month: string) => void;
  people: readonly { id: number; name: string }[];
  rows: readonly TimeOffAssignment[];
  types: readonly TimeOffType[];
}

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
export const shiftMonth = (month: string, n: number) => monthSpan(`${month}-01`, n).from.slice(0, 7);
export const monthDays = (month: string) => {
  const { from, to } = monthSpan(`${month}-01`);
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
};

/** People × days of a month, each day of time off marked with its type's colour and letter; pending ones striped. */
export function TeamCalendar({ month, onMonth, people, rows, types }: TeamCalendarProps) {
  const days = monthDays(month);
  const usedTypes = types.filter((t) => rows.some((r) => r.timeOffType === t.id));
  return (
    <div className="stack-sm">
      <div className="toff-month">
        <Button size="sm" variant="secondary" aria-label="Previous month" onClick={() => onMonth(shiftMonth(month, -1))}>
          {'\u2039'}
        </Button>
        <h3 className="toff-month__title" aria-live="polite">
          {monthLabel(month)}
        </h3>
        <Button size="sm" variant="secondary" aria-label="Next month" onClick={() => onMonth(shiftMonth(month, 1))}>
          {'\u203a'}
        </Button>
      </div>
      {/* The table scrolls sideways on a narrow screen: it is a region the keyboard can reach. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="toff-cal" tabIndex={0} role="region" aria-label={`Team time off, ${monthLabel(month)}`}>
        <table className="toff-cal__table">
          <thead>
            <tr>
              <th scope="col" className="toff-cal__person">
                Person
              </th>
              {days.map((d) => (
                <th key={d} scope="col" className={weekdayOf(d) % 6 === 0 ? 'is-weekend' : undefined}>
                  <span className="toff-cal__wd" aria-hidden="true">
                    {'SMTWTFS'[weekdayOf(d)]}
                  </span>
                  {Number(d.slice(8))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {people.map((p) => (
              <tr key={p.id}>
                <th scope="row" className="toff-cal__person">
                  {p.name}
                </th>
                {days.map((d) => {
                  const weekend = weekdayOf(d) % 6 === 0;
                  const off = weekend ? undefined : rows.find((r) => r.user === p.id && r.startDate <= d && r.endDate >= d);
                  if (!off) return <td key={d} className={weekend ? 'is-weekend' : undefined} />;
                  const color = types.find((t) => t.id === off.timeOffType)?.color ?? 'var(--text-muted)';
                  const text = `${typeName(types, off.timeOffType)}, ${periodLabel[off.timeOffPeriod].toLowerCase()}, ${off.status}`;
                  return (
                    <td key={d} className={`toff-cal__off is-${off.status}`} style={{ ['--toff-color' as string]: color }} title={text}>
                      <span aria-hidden="true">
                        {typeLetter(types, off.timeOffType)}
                        {off.status === 'pending' ? '?' : ''}
                      </span>
                      <span className="visually-hidden">{text}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="toff-legend" aria-label="Legend">
        {usedTypes.map((t) => (
          <li key={t.id}>
            <span className="toff-legend__cell" style={{ ['--toff-color' as string]: t.color }} aria-hidden="true">
              {typeLetter(types, t.id)}
            </span>
            {t.name}
          </li>
        ))}
        <li>
          <span className="toff-legend__cell is-pending" aria-hidden="true">
            ?
          </span>
          Striped with ?: pending
        </li>
      </ul>
    </div>
  );
}
