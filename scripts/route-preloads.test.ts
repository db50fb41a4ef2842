import { describe, expect, it } from 'vitest';
import { loadersFirst, preloadLinks, routePattern } from './route-preloads.ts';

const matches = (file: string, layout: boolean, url: string) => new RegExp(routePattern(file, layout)).test(url);

describe('route preloads', () => {
  it.each([
    ['_app/profile.tsx', false, '/profile', true],
    ['_app/profile.tsx', false, '/profile/', true],
    ['_app/profile.tsx', false, '/profiles', false],
    ['_app/time-off.tsx', false, '/time-off', true],
    ['_app/clients/index.tsx', false, '/clients', true],
    ['_app/clients/index.tsx', false, '/clients/4', false],
    ['_app/clients/$clientId.tsx', false, '/clients/4', true],
    ['_app/clients/$clientId.tsx', false, '/clients/4/x', false],
    ['_app/expenses.tsx', true, '/expenses', true],
    ['_app/expenses.tsx', true, '/expenses/new', true],
    ['_app/expenses.tsx', true, '/expenses-old', false],
    ['_app/expenses.new.tsx', false, '/expenses/new', true],
    ['_app/projects/$projectId/route.tsx', true, '/projects/ev:1/tasks', true],
    ['_app/projects/$projectId/route.tsx', true, '/projects', false],
    ['_app/projects/$projectId/tasks.tsx', false, '/projects/ev:1/tasks', true],
    ['_app/projects/$projectId/tasks.tsx', false, '/projects/ev:1/team', false],
    ['_app/projects/index.tsx', false, '/projects/ev:1/tasks', false],
    ['oauth/callback.tsx', false, '/oauth/callback', true],
    ['sign-in.tsx', false, '/sign-in', true],
  ])('%s (layout: %s) matches %s: %s', (file, layout, url, expected) => {
    expect(matches(file, layout, url)).toBe(expected);
  });

  it('fetches scripts as modules and style sheets as styles, under the site base', () => {
    expect(preloadLinks('/app/', ['assets/a1.js', 'assets/b-x.css'])).toBe(
      '<link rel="modulepreload" href="/app/assets/a1.js"><link rel="preload" as="style" href="/app/assets/b-x.css">',
    );
  });

  it("lists every route's loader files before any page code, each file once per route", () => {
    const routes = [
      { pattern: '^/expenses(/|$)', loader: new Set(['l1.js', 'api.js']), component: new Set(['page1.js', 'api.js', 'p.css']) },
      { pattern: '^/expenses/new/?$', loader: new Set<string>(), component: new Set(['form.js']) },
      { pattern: '^/team/?$', loader: new Set(['l2.js']), component: new Set(['page2.js']) },
    ];
    expect(loadersFirst(routes, (files) => files.join(' '))).toEqual([
      ['^/expenses(/|$)', 'l1.js api.js'],
      ['^/team/?$', 'l2.js'],
      ['^/expenses(/|$)', 'page1.js p.css'],
      ['^/expenses/new/?$', 'form.js'],
      ['^/team/?$', 'page2.js'],
    ]);
  });
});
