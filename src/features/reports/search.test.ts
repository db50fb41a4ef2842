import { describe, expect, it } from 'vitest';
import { dashboardFilters, monthOf, parseReportSearch, reportSort } from './search.ts';

describe('report search params', () => {
  it('keeps valid filters', () => {
    expect(
      parseReportSearch({ from: '2026-05-01', to: '2026-05-31', client: '4', project: 'ev:12', person: 7, sort: '-time' }, ['time']),
    ).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
      client: 4,
      project: 'ev:12',
      person: 7,
      sort: '-time',
    });
  });

  it('drops what is not valid, so an edited link still opens', () => {
    expect(parseReportSearch({ from: '2026-05-31', to: '2026-05-01' }, [])).toEqual({});
    expect(parseReportSearch({ from: '2026-13-01', to: '2026-12-31' }, [])).toEqual({});
    expect(parseReportSearch({ from: '2026-05-01' }, [])).toEqual({});
    expect(parseReportSearch({ client: '-3', person: 'x', project: '12', sort: 'password' }, ['time'])).toEqual({});
    expect(parseReportSearch({ client: 0, person: 1.5 }, [])).toEqual({});
  });

  it('takes any column name at the route; the table sorts only by its own', () => {
    expect(parseReportSearch({ sort: '-profit' })).toEqual({ sort: '-profit' });
    expect(parseReportSearch({ sort: '-password' })).toEqual({ sort: '-password' });
    expect(parseReportSearch({ sort: 'a;b' })).toEqual({});
    expect(reportSort('-profit')).toBe('-profit');
    expect(reportSort('password')).toBeUndefined();
    expect(reportSort(undefined)).toBeUndefined();
  });

  it('turns filters into the dashboards query', () => {
    expect(dashboardFilters({ from: '2026-05-01', to: '2026-05-31', client: 4, project: 'ev:12', person: 7 })).toEqual({
      'date.gte': '2026-05-01',
      'date.lte': '2026-05-31',
      clientId: '4',
      projectId: 'ev:12',
      memberId: '7',
    });
  });
});

describe('the default range', () => {
  it.each([
    ['2026-02-14', '2026-02-01', '2026-02-28'],
    ['2028-02-29', '2028-02-01', '2028-02-29'],
    ['2026-12-31', '2026-12-01', '2026-12-31'],
  ])('on %s is %s to %s', (today, from, to) => expect(monthOf(today)).toEqual({ from, to }));
});
