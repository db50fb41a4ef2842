import { describe, expect, it } from 'vitest';
import { phoneBar, screens, screensFor, type Screen } from './screens.ts';

const labels = (list: readonly Pick<Screen, 'label'>[]) => list.map((s) => s.label.message);

describe('the screens of the navigation', () => {
  it('uses the exact labels of the design, in its order', () => {
    const design = [
      'Timesheet',
      'Timecards',
      'Time off',
      'Expenses',
      'Approvals',
      'Projects',
      'Clients',
      'Reports',
      'Invoices',
      'Team',
      'Integrations',
      'Profile',
    ];
    const shown = labels(screens);
    expect(shown.every((l) => design.includes(l))).toBe(true);
    expect(shown).toEqual(design.filter((l) => shown.includes(l)));
  });

  it('filters by role', () => {
    expect(labels(screensFor('member_limited'))).toEqual(labels(screens.filter((s) => s.roles.includes('member_limited'))));
    expect(screensFor('admin').length).toBeGreaterThanOrEqual(screensFor('member_limited').length);
  });

  it('puts the four most used screens in the phone bar and the rest under More', () => {
    const s = (label: string, phone?: 1 | 2 | 3 | 4): Screen => ({ label: { id: label, message: label }, to: '/profile', roles: ['admin'], ...(phone ? { phone } : {}) });
    const few = [s('A', 1), s('B'), s('C')];
    expect(phoneBar(few)).toEqual({ bar: few, more: [] });
    const many = [s('A', 1), s('B'), s('C', 3), s('D', 2), s('E'), s('F', 4), s('G')];
    const { bar, more } = phoneBar(many);
    expect(labels(bar)).toEqual(['A', 'C', 'D', 'F']);
    expect(labels(more)).toEqual(['B', 'E', 'G']);
  });
});
