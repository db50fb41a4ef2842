import { useState, type Ref } from 'react';
import { matchPreset, presetLabels, presetRange, rangePresets, type DateRange, type RangePreset } from '../../lib/date-range.ts';
import { controlProps, FieldNotes, useFieldIds, type FieldProps } from './field.tsx';
import fieldStyles from './field.module.css';
import styles from './date-range-input.module.css';

export interface DateRangeInputProps extends FieldProps<DateRange | null> {
  /** The user's today, `YYYY-MM-DD` (e.g. `dateAtOffset(new Date(), offsetHours)`). */
  today: string;
  /** The team's first day of the week, 0 = Sunday … 6 = Saturday. */
  weekStart: number;
  ref?: Ref<HTMLSelectElement>;
}

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
const sameRange = (a: DateRange | null, b: DateRange | null) => a?.from === b?.from && a?.to === b?.to;

/**
 * A span of days, both ends included: a preset (this week, last month, …) or any two dates. The value
 * is `null` until both dates are filled in and in order; a start after the end is said at once.
 */
export function DateRangeInput({ label, value, onChange, onBlur, name, disabled, hint, error, today, weekStart, ref }: DateRangeInputProps) {
  // `seen` is the last value from outside and `sent` the last handed on: only another value (Back, a reset)
  // replaces what is typed. The owner may apply a change late (the reports wait for their figures), and a
  // second edit meanwhile builds on the first rather than on the value still shown outside.
  const [draft, setDraft] = useState({ from: value?.from ?? '', to: value?.to ?? '', seen: value, sent: value });
  const [customChosen, setCustomChosen] = useState(false);
  let current = draft;
  if (!sameRange(value, draft.seen)) {
    current = sameRange(value, draft.sent) ? { ...draft, seen: value } : { from: value?.from ?? '', to: value?.to ?? '', seen: value, sent: value };
    setDraft(current);
  }
  const reversed = isDay(current.from) && isDay(current.to) && current.from > current.to;
  const shown = reversed ? 'The end date is before the start date' : error;
  const ids = useFieldIds(hint, shown);
  const preset = customChosen ? 'custom' : matchPreset(value, today, weekStart);

  const setDates = (from: string, to: string) => {
    const next = isDay(from) && isDay(to) && from <= to ? { from, to } : null;
    setDraft({ from, to, seen: current.seen, sent: next });
    onChange(next);
  };
  const choose = (choice: RangePreset | 'custom') => {
    setCustomChosen(choice === 'custom');
    if (choice === 'custom') return;
    const range = presetRange(choice, today, weekStart);
    setDates(range.from, range.to);
  };
  const dateProps = { ...controlProps(ids, shown), className: fieldStyles.input, disabled, onBlur };

  return (
    <fieldset className={fieldStyles.fieldset}>
      <legend className={fieldStyles.legend}>{label}</legend>
      <div className={styles.controls}>
        <div className={styles.part}>
          <label className={styles.small} htmlFor={`${ids.id}-preset`}>
            Period
          </label>
          <select ref={ref} id={`${ids.id}-preset`} name={name} className={fieldStyles.input} value={preset} disabled={disabled} onChange={(e) => choose(e.target.value as RangePreset | 'custom')} onBlur={onBlur}>
            {[...rangePresets, 'custom' as const].map((p) => (
              <option key={p} value={p}>
                {presetLabels[p]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.part}>
          <label className={styles.small} htmlFor={`${ids.id}-from`}>
            From
          </label>
          <input {...dateProps} id={`${ids.id}-from`} type="date" value={current.from} max={isDay(current.to) ? current.to : undefined} onChange={(e) => setDates(e.target.value, current.to)} />
        </div>
        <div className={styles.part}>
          <label className={styles.small} htmlFor={`${ids.id}-to`}>
            To
          </label>
          <input {...dateProps} id={`${ids.id}-to`} type="date" value={current.to} min={isDay(current.from) ? current.from : undefined} onChange={(e) => setDates(current.from, e.target.value)} />
        </div>
      </div>
      <FieldNotes ids={ids} hint={hint} error={shown} />
    </fieldset>
  );
}
