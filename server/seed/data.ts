import type { Role } from '../../contract/users.ts';
import type { StoredBilling, StoredBudget } from '../db/schema/index.ts';

/** The demo team: a small design and software studio with three clients. Money in cents, time in seconds. */
export const DEMO_TEAM_NAME = 'Northwind Studio';

export type PersonKey = 'olivia' | 'marcus' | 'priya' | 'tomas' | 'hannah';

export interface DemoPerson {
  key: PersonKey;
  name: string;
  email: string;
  role: Role;
  type: 'employee' | 'contractor';
  headline: string;
  rate: number;
  cost: number;
  /** Demo sign-in password (printed by `seed demo` and `npm start`). */
  password: string;
  /** Weekly capacity in seconds. */
  capacity: number;
  timezone: number;
  /** Hours usually logged on a weekday. */
  dailyHours: number;
}

const h = (hours: number) => Math.round(hours * 3600);

export const people: DemoPerson[] = [
  {
    key: 'olivia',
    name: 'Olivia Bennett',
    email: 'olivia@northwind.example',
    role: 'admin',
    type: 'employee',
    headline: 'Studio director',
    rate: 15_000,
    cost: 9_500,
    password: 'northwind-admin',
    capacity: h(40),
    timezone: 0,
    dailyHours: 4,
  },
  {
    key: 'marcus',
    name: 'Marcus Chen',
    email: 'marcus@northwind.example',
    role: 'supervisor',
    type: 'employee',
    headline: 'Project manager',
    rate: 12_000,
    cost: 7_200,
    password: 'northwind-supervisor',
    capacity: h(40),
    timezone: 0,
    dailyHours: 6.5,
  },
  {
    key: 'priya',
    name: 'Priya Raman',
    email: 'priya@northwind.example',
    role: 'member',
    type: 'employee',
    headline: 'Senior product designer',
    rate: 11_000,
    cost: 6_400,
    password: 'northwind-member',
    capacity: h(40),
    timezone: 1,
    dailyHours: 7,
  },
  {
    key: 'tomas',
    name: 'Tomás Alvarez',
    email: 'tomas@northwind.example',
    role: 'member',
    type: 'employee',
    headline: 'Front-end developer',
    rate: 10_500,
    cost: 6_000,
    password: 'northwind-developer',
    capacity: h(40),
    timezone: 1,
    dailyHours: 7.5,
  },
  {
    key: 'hannah',
    name: 'Hannah Weber',
    email: 'hannah@northwind.example',
    role: 'member_limited',
    type: 'contractor',
    headline: 'Freelance copywriter',
    rate: 8_500,
    cost: 6_500,
    password: 'northwind-copy',
    capacity: h(24),
    timezone: 1,
    dailyHours: 4.5,
  },
];

/**
 * A budget as stored, with `appliedFrom` given relative to the seeding day. With `targetProgress`, the seed
 * sets the amount after logging the demo's time so that the budget starts at that percent used, whatever the day.
 */
export type DemoBudget = Omit<StoredBudget, 'appliedFrom'> & { appliedFromWeeksAgo?: number; targetProgress?: number };

export interface DemoClient {
  key: 'bluebird' | 'helix' | 'meridian';
  name: string;
  businessDetails: string;
  budget?: DemoBudget;
}

const budget = (b: Partial<DemoBudget> & Pick<DemoBudget, 'type' | 'budget' | 'period'>): DemoBudget => ({
  disallowOverbudget: false,
  excludeUnbillableTime: false,
  excludeExpenses: false,
  threshold: 80,
  ...b,
});

export const clients: DemoClient[] = [
  {
    key: 'bluebird',
    name: 'Bluebird Coffee Roasters',
    businessDetails: 'Bluebird Coffee Roasters Ltd\n14 Harbour Street, Bristol BS1 4QA, United Kingdom\nVAT GB 284 1937 56',
    budget: budget({ type: 'money', budget: 4_500_000, period: 'monthly' }),
  },
  {
    key: 'helix',
    name: 'Helix Health',
    businessDetails: 'Helix Health GmbH\nTorstraße 118, 10119 Berlin, Germany\nUSt-IdNr. DE318442907',
    budget: budget({ type: 'time', budget: h(400), period: 'general', appliedFromWeeksAgo: 8, excludeUnbillableTime: true }),
  },
  {
    key: 'meridian',
    name: 'Meridian Outdoor Co.',
    businessDetails: 'Meridian Outdoor Co.\n2210 Alder Way, Portland, OR 97205, USA\nEIN 93-4417820',
  },
];

export interface DemoTask {
  name: string;
  /** Overall estimate in hours, or per person. */
  estimate?: number | Partial<Record<PersonKey, number>>;
  labels?: string[];
  closed?: boolean;
}

export interface DemoProject {
  name: string;
  type: 'board' | 'list';
  client?: DemoClient['key'];
  color: string;
  billing: StoredBilling;
  rate: {
    type: 'project_rate' | 'user_rate' | 'user_cost';
    rate: number | null;
    userRateOverrides?: Partial<Record<PersonKey, number>>;
    userCostOverrides?: Partial<Record<PersonKey, number>>;
  };
  budget?: DemoBudget & { showToUsers: boolean };
  members: PersonKey[];
  sections: { name: string; tasks: DemoTask[] }[];
}
