/**
 * Colours of the report charts, light and dark. Chosen from the Okabe–Ito set so the series of one chart
 * stay apart for readers with protanopia, deuteranopia and tritanopia, and each has at least 3:1
 * contrast with the card it sits on (palette.test.ts checks both).
 */
export interface ChartPalette {
  surface: string;
  billable: string;
  nonBillable: string;
  costs: string;
  profit: string;
  grid: string;
  axis: string;
}

export const lightPalette: ChartPalette = {
  surface: '#ffffff',
  billable: '#0072b2',
  nonBillable: '#b36b00',
  costs: '#c4470a',
  profit: '#3b3b3b',
  grid: '#e3e0d8',
  axis: '#5c5f63',
};

export const darkPalette: ChartPalette = {
  surface: '#1d2024',
  billable: '#56b4e9',
  nonBillable: '#e69f00',
  costs: '#ff7f50',
  profit: '#e4e1da',
  grid: '#2e3237',
  axis: '#a9adb3',
};

/** The series drawn together in one chart: time (billable, non-billable) and money (billable amount, costs, profit). */
export const chartSeries: readonly (readonly (keyof ChartPalette)[])[] = [
  ['billable', 'nonBillable'],
  ['billable', 'costs', 'profit'],
];
