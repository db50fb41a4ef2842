import { describe, expect, it } from 'vitest';
import { tabsFor } from './access.ts';
import { figureColumns } from '../../../contract/report-columns.ts';
import { sortableColumns } from './search.ts';

describe('report columns by role', () => {
  it('shows admins every figure the API returns, with a definition each', () => {
    // Every figure is a sortable column (the `sort` param), in the table's order, after the names.
    const all = sortableColumns.filter((k) => k !== 'name' && k !== 'client' && !k.startsWith('rounded'));
    const keys = figureColumns('projects', 'admin').map((c) => c.key);
    expect(keys).toEqual(all.slice(0, -3));
    // With billing rounding in the report, each rounded figure follows its recorded twin.
    const rounded = figureColumns('projects', 'admin', true).map((c) => c.key);
    expect(rounded.slice(0, 4)).toEqual(['time', 'roundedTime', 'billableTime', 'roundedBillableTime']);
    expect(rounded.slice(rounded.indexOf('billableAmount'), rounded.indexOf('billableAmount') + 2)).toEqual(['billableAmount', 'roundedBillableAmount']);
    expect(figureColumns('people', 'member', true).map((c) => c.key)).not.toContain('roundedBillableAmount');
    expect(keys).toContain('profitCosts');
    expect(figureColumns('people', 'admin').map((c) => c.key)).toEqual([...keys, 'timeOffDays', 'timeOffTime', 'costsTimeOff']);
    for (const c of figureColumns('people', 'admin')) expect(c.definition.length, c.key).toBeGreaterThan(10);
  });

  it('hides costs and profit from supervisors, and money from members', () => {
    const supervisor = figureColumns('people', 'supervisor').map((c) => c.key);
    expect(supervisor).toContain('billableAmount');
    for (const k of ['costs', 'costsTime', 'costsExpenses', 'profit', 'profitCosts', 'costsTimeOff'] as const)
      expect(supervisor).not.toContain(k);
    expect(figureColumns('people', 'member').map((c) => c.key)).toEqual([
      'time',
      'billableTime',
      'nonBillableTime',
      'timerTimePc',
      'timeOffDays',
      'timeOffTime',
    ]);
    expect(figureColumns('clients', 'member_limited')).toEqual([]);
  });

  it('opens every tab to managers, People to members and nothing to limited members', () => {
    expect(tabsFor('admin')).toEqual(['clients', 'projects', 'people']);
    expect(tabsFor('supervisor')).toEqual(['clients', 'projects', 'people']);
    expect(tabsFor('member')).toEqual(['people']);
    expect(tabsFor('member_limited')).toEqual([]);
  });
});
