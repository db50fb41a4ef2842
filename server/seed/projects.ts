import type { DemoProject } from './data.ts';

const h = (hours: number) => Math.round(hours * 3600);

/**
 * Five projects of both types, every billing kind and budget type, a dozen tasks each. Their budgets start
 * in every state: "Brand refresh" comfortable, "Online shop" past its threshold, "Spring campaign" over a budget
 * that refuses more (the member Priya is not on it, so her own rows always take time).
 */
export const projects: DemoProject[] = [
  {
    name: 'Brand refresh',
    type: 'board',
    client: 'bluebird',
    color: '#2f6fdb',
    billing: { type: 'fixed_fee', fee: 1_800_000 },
    rate: { type: 'user_rate', rate: null },
    budget: {
      type: 'money',
      budget: 4_500_000,
      period: 'general',
      appliedFromWeeksAgo: 6,
      targetProgress: 45,
      disallowOverbudget: false,
      excludeUnbillableTime: false,
      excludeExpenses: false,
      threshold: 85,
      showToUsers: true,
    },
    members: ['olivia', 'marcus', 'priya', 'hannah'],
    sections: [
      {
        name: 'Discovery',
        tasks: [
          { name: 'Stakeholder interviews', estimate: 10, closed: true },
          { name: 'Competitor audit', estimate: 6, closed: true },
          { name: 'Brand workshop with founders', estimate: 8 },
        ],
      },
      {
        name: 'Identity',
        tasks: [
          { name: 'Logo concepts', estimate: { priya: 16, olivia: 4 } },
          { name: 'Colour palette and type scale', estimate: 8 },
          { name: 'Brand guidelines document', labels: ['deliverable'] },
        ],
      },
      {
        name: 'Packaging',
        tasks: [
          { name: 'Bag label redesign', estimate: 12 },
          { name: 'Tasting notes copy', estimate: { hannah: 6 } },
          { name: 'Print proof review' },
        ],
      },
      {
        name: 'Delivery',
        tasks: [
          { name: 'Final presentation deck' },
          { name: 'Asset export and handover', labels: ['deliverable'] },
          { name: 'Client feedback round' },
        ],
      },
    ],
  },
  {
    name: 'Online shop',
    type: 'list',
    client: 'bluebird',
    color: '#0f9d76',
    billing: { type: 'hourly', fee: null },
    rate: { type: 'project_rate', rate: 11_500, userRateOverrides: { tomas: 12_500 } },
    budget: {
      type: 'time',
      budget: h(120),
      period: 'general',
      appliedFromWeeksAgo: 6,
      targetProgress: 94,
      disallowOverbudget: false,
      excludeUnbillableTime: true,
      excludeExpenses: false,
      threshold: 90,
      showToUsers: false,
    },
    members: ['marcus', 'priya', 'tomas', 'hannah'],
    sections: [
      {
        name: 'Backlog',
        tasks: [{ name: 'Subscription checkout flow', estimate: 20 }, { name: 'Gift card support' }, { name: 'Wholesale price lists' }],
      },
      {
        name: 'Shop build',
        tasks: [
          { name: 'Product listing page', estimate: { tomas: 14, priya: 4 } },
          { name: 'Product detail page', estimate: 12 },
          { name: 'Cart and mini-cart', estimate: 10 },
          { name: 'Payment provider integration', estimate: 16, labels: ['backend'] },
        ],
      },
      {
        name: 'Launch',
        tasks: [
          { name: 'Product descriptions', estimate: { hannah: 10 } },
          { name: 'Accessibility review', estimate: 6 },
          { name: 'Performance tuning' },
          { name: 'Go-live checklist', closed: true },
          { name: 'Analytics and consent banner' },
        ],
      },
    ],
  },
  {
    name: 'Patient app',
    type: 'board',
    client: 'helix',
    color: '#8e44ad',
    billing: { type: 'hourly', fee: null },
    rate: { type: 'user_rate', rate: null, userRateOverrides: { priya: 12_000 }, userCostOverrides: { tomas: 6_200 } },
    budget: {
      type: 'costs',
      budget: 600_000,
      period: 'weekly',
      disallowOverbudget: false,
      excludeUnbillableTime: false,
      excludeExpenses: true,
      threshold: 80,
      showToUsers: false,
    },
    members: ['olivia', 'marcus', 'priya', 'tomas'],
    sections: [
      {
        name: 'To do',
        tasks: [{ name: 'Appointment reminders', estimate: 8 }, { name: 'Medication schedule screen' }, { name: 'Dark mode' }],
      },
      {
        name: 'In progress',
        tasks: [
          { name: 'Onboarding screens', estimate: { priya: 10, tomas: 6 } },
          { name: 'Secure messaging with clinicians', estimate: 24, labels: ['backend'] },
          { name: 'Symptom diary' },
        ],
      },
      {
        name: 'Review',
        tasks: [
          { name: 'Accessibility audit (WCAG 2.2)', estimate: 8 },
          { name: 'Usability test round 2' },
          { name: 'Privacy notice wording' },
        ],
      },
      {
        name: 'Done',
        tasks: [
          { name: 'Sign-in with one-time code', closed: true },
          { name: 'Design system tokens', closed: true },
          { name: 'Kick-off workshop', closed: true },
        ],
      },
    ],
  },
  {
    name: 'Spring campaign',
    type: 'list',
    client: 'meridian',
    color: '#e67e22',
    billing: { type: 'hourly', fee: null },
    rate: { type: 'project_rate', rate: 9_500, userRateOverrides: { hannah: 9_000 } },
    budget: {
      type: 'money',
      budget: 500_000,
      period: 'general',
      appliedFromWeeksAgo: 5,
      targetProgress: 112,
      disallowOverbudget: true,
      excludeUnbillableTime: false,
      excludeExpenses: false,
      threshold: 75,
      showToUsers: true,
    },
    members: ['marcus', 'tomas', 'hannah'],
    sections: [
      {
        name: 'Concept',
        tasks: [
          { name: 'Campaign idea and key message', estimate: 6 },
          { name: 'Moodboard', estimate: 4 },
          { name: 'Headline options', estimate: { hannah: 5 } },
        ],
      },
      {
        name: 'Production',
        tasks: [
          { name: 'Landing page', estimate: 14 },
          { name: 'Social media templates', estimate: 8 },
          { name: 'Email newsletter', estimate: { hannah: 4, tomas: 3 } },
          { name: 'Product photo retouching' },
        ],
      },
      {
        name: 'Launch',
        tasks: [
          { name: 'Ad copy variants' },
          { name: 'Campaign tracking links' },
          { name: 'Launch day monitoring' },
          { name: 'Results report' },
          { name: 'Retrospective with client' },
        ],
      },
    ],
  },
  {
    name: 'Studio operations',
    type: 'list',
    color: '#7f8c8d',
    billing: { type: 'non_billable', fee: null },
    rate: { type: 'project_rate', rate: null },
    budget: {
      type: 'time',
      budget: h(20),
      period: 'weekly',
      disallowOverbudget: false,
      excludeUnbillableTime: false,
      excludeExpenses: false,
      threshold: 90,
      showToUsers: true,
    },
    members: ['olivia', 'marcus', 'priya', 'tomas'],
    sections: [
      {
        name: 'Admin',
        tasks: [
          { name: 'Invoicing and bookkeeping' },
          { name: 'Weekly planning meeting' },
          { name: 'Hiring: front-end developer' },
          { name: 'Proposal writing' },
        ],
      },
      {
        name: 'Internal',
        tasks: [
          { name: 'Studio website update', estimate: 10 },
          { name: 'Design system maintenance' },
          { name: 'Tooling and laptops' },
          { name: 'Portfolio case study: Helix', estimate: 6 },
        ],
      },
      {
        name: 'Learning',
        tasks: [
          { name: 'Conference talks' },
          { name: 'Reading group' },
          { name: 'Accessibility training', estimate: 4 },
          { name: 'Mentoring sessions' },
        ],
      },
    ],
  },
];
