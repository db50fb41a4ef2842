import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './pager.tsx';

afterEach(cleanup);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Pager', () => {
  it('moves a page either way within the known count', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pager label="Expenses" page={1} pageCount={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Expenses: pages' }).textContent).toContain('Page 1 of 3');
    expect(button('Previous').disabled).toBe(true);
    fireEvent.click(button('Next'));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    rerender(<Pager label="Expenses" page={3} pageCount={3} onPageChange={onPageChange} />);
    expect(button('Next').disabled).toBe(true);
    fireEvent.click(button('Previous'));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('offers Next while full pages come back, and hides when there is one page', () => {
    const { rerender } = render(<Pager label="Time" page={2} hasNext={false} onPageChange={() => {}} />);
    expect(button('Next').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(false);
    rerender(<Pager label="Time" page={1} hasNext onPageChange={() => {}} />);
    expect(button('Next').disabled).toBe(false);
    rerender(<Pager label="Time" page={1} hasNext={false} onPageChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
