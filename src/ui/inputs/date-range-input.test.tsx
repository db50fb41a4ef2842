import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DateRange } from '../../lib/date-range.ts';
import { DateRangeInput } from './date-range-input.tsx';

let changes: (DateRange | null)[] = [];
function Harness({ weekStart = 1, initial = null as DateRange | null, onBlur = () => {} }) {
  const [value, setValue] = useState(initial);
  return (
    <DateRangeInput
      label="Dates"
      value={value}
      onChange={(v) => {
        changes.push(v);
        setValue(v);
      }}
      onBlur={onBlur}
      today="2026-11-25"
      weekStart={weekStart}
    />
  );
}

/** An owner that applies each change later (as the reports do once their figures are in): `apply` does it. */
let apply = () => {};
function LateHarness({ initial, back }: { initial: DateRange; back?: DateRange }) {
  const [value, setValue] = useState<DateRange | null>(initial);
  return (
    <>
      {back && (
        <button type="button" onClick={() => setValue(back)}>
          Back
        </button>
      )}
      <DateRangeInput
        label="Dates"
        value={value}
        onChange={(v) => {
          changes.push(v);
          apply = () => setValue(v);
        }}
        today="2026-11-25"
        weekStart={1}
      />
    </>
  );
}

const period = () => screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement;
const from = () => screen.getByLabelText('From') as HTMLInputElement;
const to = () => screen.getByLabelText('To') as HTMLInputElement;

afterEach(() => {
  cleanup();
  changes = [];
});

describe('DateRangeInput', () => {
  it('fills the dates from a preset, honouring the week start', () => {
    render(<Harness weekStart={0} />);
    expect(period().value).toBe('custom');
    fireEvent.change(period(), { target: { value: 'this-week' } });
    expect(changes.at(-1)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect([from().value, to().value]).toEqual(['2026-11-22', '2026-11-28']);
    fireEvent.change(period(), { target: { value: 'last-month' } });
    expect(changes.at(-1)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('names the preset a value matches, and Custom once a date is edited', () => {
    render(<Harness initial={{ from: '2026-11-23', to: '2026-11-29' }} />);
    expect(period().value).toBe('this-week');
    fireEvent.change(to(), { target: { value: '2026-11-27' } });
    expect(changes.at(-1)).toEqual({ from: '2026-11-23', to: '2026-11-27' });
    expect(period().value).toBe('custom');
  });

  it('says when the end is before the start and hands on no range', () => {
    render(<Harness initial={{ from: '2026-11-23', to: '2026-11-29' }} />);
    fireEvent.change(from(), { target: { value: '2026-12-02' } });
    expect(changes.at(-1)).toBeNull();
    expect(from().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(from().getAttribute('aria-describedby')!)?.textContent).toBe('The end date is before the start date');
    fireEvent.change(to(), { target: { value: '2026-12-05' } });
    expect(changes.at(-1)).toEqual({ from: '2026-12-02', to: '2026-12-05' });
    expect(from().getAttribute('aria-invalid')).toBeNull();
  });

  it('hands on no range while a date is blank, and reports leaving', () => {
    const onBlur = vi.fn();
    render(<Harness initial={{ from: '2026-11-23', to: '2026-11-29' }} onBlur={onBlur} />);
    fireEvent.change(to(), { target: { value: '' } });
    expect(changes.at(-1)).toBeNull();
    expect(from().value).toBe('2026-11-23');
    fireEvent.blur(to());
    expect(onBlur).toHaveBeenCalled();
  });

  it('keeps what is typed while the owner has not applied it yet: a second date builds on the first', () => {
    render(<LateHarness initial={{ from: '2026-01-01', to: '2026-12-31' }} />);
    fireEvent.change(from(), { target: { value: '2025-03-01' } });
    expect(changes.at(-1)).toEqual({ from: '2025-03-01', to: '2026-12-31' });
    expect(from().value).toBe('2025-03-01');
    fireEvent.change(to(), { target: { value: '2025-03-31' } });
    expect(changes.at(-1)).toEqual({ from: '2025-03-01', to: '2025-03-31' });
    expect([from().value, to().value]).toEqual(['2025-03-01', '2025-03-31']);
    act(() => apply());
    expect([from().value, to().value]).toEqual(['2025-03-01', '2025-03-31']);
  });

  it('shows a value that comes from outside (Back) in place of what was typed', () => {
    render(<LateHarness initial={{ from: '2026-01-01', to: '2026-12-31' }} back={{ from: '2026-11-01', to: '2026-11-30' }} />);
    fireEvent.change(from(), { target: { value: '2025-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect([from().value, to().value]).toEqual(['2026-11-01', '2026-11-30']);
    expect(period().value).toBe('this-month');
  });
});
