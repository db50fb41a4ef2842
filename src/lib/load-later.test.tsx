import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Toaster from '../ui/toaster-view.tsx';
import { loadLater, useLater } from './load-later.ts';

// Toasts leave on a timer: each test starts with none.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout'] }));
afterEach(() => {
  act(() => vi.runAllTimers());
  vi.useRealTimers();
  cleanup();
});

/** An `import()` the test answers by hand, counting how often it was asked for. */
function chunk<M>() {
  const answers: { resolve: (m: M) => void; reject: (e: Error) => void }[] = [];
  const importer = () => new Promise<M>((resolve, reject) => answers.push({ resolve, reject }));
  return { importer, answers, last: () => answers.at(-1)! };
}
const CANNOT_LOAD = 'Part of the app could not load. Check the connection and try again.';
const settle = () => act(async () => {});
const alerts = () => [...document.querySelectorAll('[role=alert] .toast__text')].map((t) => t.textContent);

describe('loadLater', () => {
  it('fetches once and runs what waits in the order it came, then at once', async () => {
    const c = chunk<{ name: string }>();
    const later = loadLater(c.importer);
    const ran: string[] = [];
    void later.load();
    later.use((m) => ran.push(`a ${m.name}`));
    later.use(() => {
      ran.push('b');
      // What a waiting action does in turn runs at once: the code is here.
      later.use(() => ran.push('b2'));
    });
    later.use(() => ran.push('c'));
    void later.load();
    expect(c.answers).toHaveLength(1);
    expect(later.waits()).toBe(true);
    expect(later.now()).toBeUndefined();
    expect(ran).toEqual([]);

    c.last().resolve({ name: 'code' });
    await settle();
    expect(ran).toEqual(['a code', 'b', 'b2', 'c']);
    expect(later.waits()).toBe(false);
    expect(later.now()).toEqual({ name: 'code' });
    later.use(() => ran.push('e'));
    expect(ran.at(-1)).toBe('e');
    expect(c.answers).toHaveLength(1);
  });

  it('tells the user once when the code cannot load, keeps what waits, and asks again on the next use', async () => {
    render(<Toaster />);
    const c = chunk<string>();
    const later = loadLater(c.importer);
    const ran: string[] = [];
    later.use(() => ran.push('1'));
    later.use(() => ran.push('2'));
    c.last().reject(new Error('offline'));
    await settle();
    expect(alerts()).toEqual([CANNOT_LOAD]);
    expect(ran).toEqual([]);
    expect(later.waits()).toBe(true);

    later.use(() => ran.push('3'));
    expect(c.answers).toHaveLength(2);
    c.last().resolve('code');
    await settle();
    expect(ran).toEqual(['1', '2', '3']);
    expect(alerts()).toHaveLength(1);
  });

  it('fails quietly when nothing waits (a fetch ahead of use), and the next load tries again', async () => {
    render(<Toaster />);
    const c = chunk<string>();
    const later = loadLater(c.importer);
    const first = later.load();
    c.last().reject(new Error('offline'));
    expect(await first).toBeUndefined();
    await settle();
    expect(alerts()).toEqual([]);
    const second = later.load();
    expect(c.answers).toHaveLength(2);
    c.last().resolve('code');
    expect(await second).toBe('code');
    expect(later.now()).toBe('code');
  });
});

describe('useLater', () => {
  function Part({ later, wanted }: { later: ReturnType<typeof loadLater<string>>; wanted?: boolean }) {
    const code = useLater(later, wanted);
    return <p>{code ?? 'waiting'}</p>;
  }

  it('draws the part once its code is here; a part the user opened says when it cannot load and asks again on the next draw', async () => {
    render(<Toaster />);
    const c = chunk<string>();
    const later = loadLater(c.importer);
    const { rerender } = render(<Part later={later} wanted />);
    expect(screen.getByText('waiting')).toBeTruthy();
    c.last().reject(new Error('offline'));
    await settle();
    expect(alerts()).toEqual([CANNOT_LOAD]);

    rerender(<Part later={later} wanted />);
    await settle();
    expect(c.answers).toHaveLength(2);
    c.last().resolve('the form');
    await settle();
    expect(screen.getByText('the form')).toBeTruthy();
  });

  it('fetches a part nobody opened yet quietly', async () => {
    render(<Toaster />);
    const c = chunk<string>();
    const later = loadLater(c.importer);
    render(<Part later={later} />);
    c.last().reject(new Error('offline'));
    await settle();
    expect(alerts()).toEqual([]);
    expect(screen.getByText('waiting')).toBeTruthy();
  });
});
