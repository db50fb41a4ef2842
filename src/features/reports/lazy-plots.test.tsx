import { act, cleanup, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Toaster } from '../../ui/toast.tsx';
import { LazyTimePlot } from './lazy-plots.tsx';

// The plots' chunk cannot be fetched (the connection dropped): its module fails to load.
vi.mock('./plots.tsx', () => {
  throw new Error('offline');
});
afterEach(cleanup);

it('a chart on screen whose plots cannot load tells the user, instead of leaving an empty box', async () => {
  render(
    <>
      <Toaster />
      <LazyTimePlot {...({} as Parameters<typeof LazyTimePlot>[0])} />
    </>,
  );
  await act(async () => {});
  await vi.waitFor(() =>
    expect([...document.querySelectorAll('[role=alert] .toast__text')].map((t) => t.textContent)).toEqual([
      'Part of the app could not load. Check the connection and try again.',
    ]),
  );
});
