import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ColourInput, normalizeHex } from './colour-input.tsx';

let last: string | null | undefined;
function Harness({ initial = null as string | null, error = undefined as string | undefined }) {
  const [value, setValue] = useState(initial);
  return (
    <ColourInput
      label="Colour"
      value={value}
      error={error}
      onChange={(v) => {
        last = v;
        setValue(v);
      }}
    />
  );
}
const hex = () => screen.getByRole('textbox', { name: 'Colour: hex code' }) as HTMLInputElement;
afterEach(cleanup);

describe('ColourInput', () => {
  it('picks a swatch', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Colour' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Blue #1d4f91' }));
    expect(last).toBe('#1d4f91');
    expect(hex().value).toBe('#1d4f91');
    expect((screen.getByRole('radio', { name: 'Blue #1d4f91' }) as HTMLInputElement).checked).toBe(true);
  });

  it('takes a typed hex code in any common spelling', () => {
    render(<Harness initial="#1d4f91" />);
    fireEvent.change(hex(), { target: { value: 'ABC' } });
    expect(last).toBe('#aabbcc');
    fireEvent.blur(hex());
    expect(hex().value).toBe('#aabbcc');
    fireEvent.change(hex(), { target: { value: '' } });
    expect(last).toBeNull();
  });

  it('refuses what is not a colour, with a message once left', () => {
    render(<Harness initial="#1d4f91" />);
    fireEvent.change(hex(), { target: { value: '#12345g' } });
    expect(last).toBe('#12345g');
    fireEvent.blur(hex());
    expect(hex().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(hex().getAttribute('aria-describedby')!)?.textContent).toMatch(/Enter a colour as #rrggbb/);
  });

  it('normalizes hex codes', () => {
    expect(normalizeHex('#FFF')).toBe('#ffffff');
    expect(normalizeHex(' 2f6f5e ')).toBe('#2f6f5e');
    expect(normalizeHex('#2f6f5')).toBeNull();
    expect(normalizeHex('red')).toBeNull();
  });
});
