import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MoneyInput } from './money-input.tsx';

interface Values {
  amount: number | null;
}
const saved = vi.fn();

function Watch({ control }: { control: Control<Values> }) {
  return <output>{String(useWatch({ control, name: 'amount' }))}</output>;
}

function Harness({ currency = 'USD', locale = 'en-US', initial = 123450 as number | null }) {
  const form = useForm<Values>({ defaultValues: { amount: initial } });
  return (
    <form onSubmit={form.handleSubmit(saved)}>
      <Controller
        name="amount"
        control={form.control}
        rules={{ validate: (v) => (v === null || Number.isFinite(v) ? true : 'Not an amount') }}
        render={({ field, fieldState }) => <MoneyInput {...field} label="Amount" currency={currency} locale={locale} error={fieldState.error?.message} />}
      />
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.reset({ amount: 500 })}>
        Reset to 5
      </button>
      <button type="button" onClick={() => form.reset({ amount: null })}>
        Clear
      </button>
      <Watch control={form.control} />
      <p>{form.formState.errors.amount?.message ?? 'no form error'}</p>
    </form>
  );
}

const amount = () => screen.getByRole('status').textContent;
const input = () => screen.getByRole('textbox', { name: /Amount/ }) as HTMLInputElement;
afterEach(cleanup);

describe('MoneyInput', () => {
  it('shows cents in the currency format and hands back cents', () => {
    render(<Harness />);
    expect(input().value).toBe('1,234.50');
    expect(input().getAttribute('aria-labelledby')).toMatch(/label .*currency/);
    fireEvent.change(input(), { target: { value: '99.9' } });
    expect(amount()).toBe('9990');
    fireEvent.blur(input());
    expect(input().value).toBe('99.90');
    fireEvent.change(input(), { target: { value: '' } });
    expect(amount()).toBe('null');
  });

  it('reads and shows the locale format', () => {
    render(<Harness currency="EUR" locale="de-DE" />);
    expect(input().value).toBe('1.234,50');
    fireEvent.change(input(), { target: { value: '2.000,5' } });
    expect(amount()).toBe('200050');
  });

  it('refuses garbage with a message tied to the field, once left', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '12abc' } });
    expect(amount()).toBe('NaN');
    expect(input().getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(input());
    expect(input().value).toBe('12abc');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(input().getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('Enter an amount like 1,234.50');
  });

  it('blocks the form on submit and shows its own message rather than the form’s', async () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: 'lots' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(saved).not.toHaveBeenCalled();
    expect(screen.getByText('Not an amount').tagName).toBe('P');
    expect(document.getElementById(input().getAttribute('aria-describedby')!)?.textContent).toBe('Enter an amount like 1,234.50');
    expect(document.activeElement).toBe(input());
    fireEvent.change(input(), { target: { value: '12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(saved).toHaveBeenCalledWith({ amount: 1200 }, expect.anything());
  });

  it('follows a reset from the form', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: 'oops' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset to 5' }));
    expect(input().value).toBe('5.00');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input().value).toBe('');
  });
});
