import { describe, expect, it } from 'vitest';
import { figureColumns, totalsOf } from './report-columns.ts';
import { detailedTimeCsv, reportCsv } from './report-csv.ts';

type Row = { name: string; client: string; time: number; billableTime: number; billableAmount: number };
const text = [
  { label: 'Project', text: (r: Row) => r.name },
  { label: 'Client', text: (r: Row) => r.client },
];
const figures = figureColumns('projects', 'admin').filter((c) => ['time', 'billableTime', 'billableAmount'].includes(c.key));

describe('report CSV', () => {
  it('has a header row, a line per row in order, and the totals line, in hours and money', () => {
    const rows: Row[] = [
      { name: 'Website', client: 'Acme', time: 5400, billableTime: 3600, billableAmount: 15000 },
      { name: 'App', client: 'Beta', time: 900, billableTime: 0, billableAmount: 0 },
    ];
    expect(reportCsv(text, figures, rows, totalsOf(rows, figures))).toBe(
      [
        'Project,Client,Time (hours),Billable time (hours),Billable amount',
        'Website,Acme,1.50,1.00,150.00',
        'App,Beta,0.25,0.00,0.00',
        'Total,,1.75,1.00,150.00',
        '',
      ].join('\r\n'),
    );
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    const rows: Row[] = [
      { name: 'Design, "phase 2"', client: '=HYPERLINK("x")', time: 0, billableTime: 0, billableAmount: 0 },
      { name: 'Two\nlines', client: '@cmd', time: 0, billableTime: 0, billableAmount: 0 },
    ];
    const lines = reportCsv(text, figures, rows, {}).split('\r\n');
    expect(lines[1]).toBe('"Design, ""phase 2""","\'=HYPERLINK(""x"")",0.00,0.00,0.00');
    expect(reportCsv(text, figures, rows, {})).toContain('"Two\nlines",\'@cmd,');
  });
});

describe('detailed time CSV', () => {
  it('writes one line per day, person, project and task, in hours', () => {
    expect(
      detailedTimeCsv([
        {
          time: 5400,
          date: '2026-05-01',
          user: { id: 1, name: 'Ada' },
          project: { id: 'ev:1', name: 'Web, site', workspace: 'W' },
          task: null,
        },
        { time: 900, date: '2026-05-02', user: { id: 2, name: 'Bo' }, project: null, task: null },
      ]),
    ).toBe('Date,Person,Project,Task,Hours\r\n2026-05-01,Ada,"Web, site",,1.50\r\n2026-05-02,Bo,,,0.25\r\n');
  });
});
