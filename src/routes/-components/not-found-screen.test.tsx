import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import { keys } from '../../api/keys.ts';
import { Session } from '../../auth/session.ts';
import { AppProviders } from '../../app/providers.tsx';
import { activateLocale } from '../../i18n/runtime.ts';
import { createAppRouter } from '../../router.tsx';

/*
 * The not-found screen in React's development build (vitest runs it; e2e runs the production build, where React
 * prints no warnings): an unknown address, signed out and signed in, draws "Page not found" without a word on the
 * console. As the router's default not-found component loaded with lazyRouteComponent, it made React say "This
 * library called use() to suspend in a previous render but did not call use() when it finished" on every such load.
 */

const API = 'http://api.test';

async function renderAt(path: string) {
  const session = new Session(window.localStorage, API);
  // Nothing answers: the header's timer and clock stay loading, which is all this test needs of them.
  const fetch = vi.fn<typeof globalThis.fetch>(() => new Promise<Response>(() => {}));
  const api = createApiClient({ baseUrl: () => session.baseUrl, credential: () => session.credential, fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(keys.users.me, { id: 7, name: 'Ada Admin', email: 'ada@example.test', role: 'admin', timezone: 0 } as never);
  await activateLocale('en');
  const router = createAppRouter({ queryClient, session, api });
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(async () => {
    render(
      <StrictMode>
        <AppProviders session={session} api={api} queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
  return { fetch };
}

describe('the not-found screen in development mode', { timeout: 30_000 }, () => {
  let errors: ReturnType<typeof vi.spyOn>;
  let warnings: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    window.localStorage.clear();
    // jsdom lays nothing out and has no ResizeObserver (the header's navigation measures what fits with one).
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    errors = vi.spyOn(console, 'error');
    warnings = vi.spyOn(console, 'warn');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('runs the development build of React', () => {
    // The warnings this file guards against exist only there.
    expect(process.env.NODE_ENV).not.toBe('production');
  });

  it('draws the page signed out without a React warning', async () => {
    await renderAt('/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it('draws the page inside the signed-in frame without a React warning', async () => {
    window.localStorage.setItem('timekeep.session', JSON.stringify({ baseUrl: API, credential: { kind: 'apiKey', apiKey: 'k' } }));
    await renderAt('/no-such-screen/deeper');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    // The header and navigation stay, and the page sits in the frame's one main landmark.
    expect(screen.getAllByRole('navigation', { name: 'Main' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });
});
