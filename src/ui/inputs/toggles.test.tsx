import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox } from './checkbox.tsx';
import { DateInput } from './date-input.tsx';
import { Switch } from './switch.tsx';

function Toggles({ error }: { error?: string }) {
  const [billable, setBillable] = useState(false);
  const [locked, setLocked] = useState(true);
  const [day, setDay] = useState<string | null>('2026-11-25');
  return (
    <>
      <Checkbox label="Billable" value={billable} onChange={setBillable} error={error} />
      <Switch label="Lock the week" value={locked} onChange={setLocked} hint="Members cannot edit a locked week" />
      <DateInput label="Day" value={day} onChange={setDay} error={error} />
      <output>{`${billable} ${locked} ${day}`}</output>
    </>
  );
}
afterEach(cleanup);

describe('Checkbox, Switch and DateInput', () => {
  it('flip and hand back booleans', () => {
    render(<Toggles />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Billable' }));
    const sw = screen.getByRole('switch', { name: 'Lock the week' });
    expect(sw.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(sw);
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByText('Lock the week'));
    expect(sw.getAttribute('aria-checked')).toBe('true');
    expect(document.getElementById(sw.getAttribute('aria-describedby')!)?.textContent).toBe('Members cannot edit a locked week');
    expect(screen.getByRole('status').textContent).toBe('true true 2026-11-25');
  });

  it('hands back a day or null', () => {
    render(<Toggles />);
    const day = screen.getByLabelText('Day') as HTMLInputElement;
    fireEvent.change(day, { target: { value: '2026-12-01' } });
    expect(screen.getByRole('status').textContent).toBe('false true 2026-12-01');
    fireEvent.change(day, { target: { value: '' } });
    expect(screen.getByRole('status').textContent).toBe('false true null');
  });

  it('tie the form’s error to the control', () => {
    render(<Toggles error="Required" />);
    const box = screen.getByRole('checkbox', { name: 'Billable' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('Required');
  });
});
