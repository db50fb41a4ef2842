import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast.tsx';
import Toaster from './toaster-view.tsx';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout'] }));
afterEach(() => {
  act(() => vi.runAllTimers());
  vi.useRealTimers();
  cleanup();
});

const shown = () => screen.queryAllByText(/./, { selector: '.toast__text' }).map((t) => t.textContent);

describe('toasts', () => {
  it('leave after 4 s, or 8 s with an Undo', () => {
    render(<Toaster />);
    act(() => {
      toast('Saved');
      toast('Expense deleted', 'success', { undo: () => {} });
    });
    act(() => vi.advanceTimersByTime(4000));
    expect(shown()).toEqual(['Expense deleted']);
    act(() => vi.advanceTimersByTime(4000));
    expect(shown()).toEqual([]);
  });

  it('wait while the pointer is on them, and leave within a second of it going once their time is up', () => {
    render(<Toaster />);
    act(() => toast('Expense deleted', 'success', { undo: () => {} }));
    act(() => vi.advanceTimersByTime(6000));
    // What a browser sends as the pointer comes onto the Undo button, and as it goes off to the page.
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Undo' }), { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toEqual(['Expense deleted']);
    fireEvent.pointerOut(screen.getByRole('button', { name: 'Undo' }), { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual([]);
  });

  it('wait while focus is on them (a keyboard user reaching for Undo)', () => {
    render(<Toaster />);
    const undo = vi.fn();
    act(() => toast('Expense deleted', 'success', { undo }));
    act(() => screen.getByRole('button', { name: 'Undo' }).focus());
    act(() => vi.advanceTimersByTime(30_000));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledOnce();
    expect(shown()).toEqual([]);
  });
});
