import { z } from 'zod';
import { cents, dateTimeString, hexColor, idInput, numericId, prefixedIdParam, projectId, queryInt, queryLimit, userMap } from './common.ts';
import { budgetUsage, projectBudget, projectBudgetInput } from './budgets.ts';
import { defineRoute } from './route.ts';
import { projectRounding, roundingRule } from './rounding.ts';

/** PostgreSQL text cannot hold NUL characters: refuse them as invalid input (422) instead of failing later. */
export const withoutNul = [(s: string) => !s.includes('\u0000'), 'Must not contain NUL characters'] as const;

export const billingType = z.enum(['non_billable', 'hourly', 'fixed_fee']);
export const rateType = z.enum(['project_rate', 'user_rate', 'user_cost']);

export const projectBilling = z.object({ type: billingType, fee: cents.nullable() });
export const projectRate = z.object({
  type: rateType,
  rate: cents.nullable(),
  userRateOverrides: userMap(cents),
  userCostOverrides: userMap(cents),
});

export const project = z.object({
  id: projectId,
  name: z.string(),
  platform: z.literal('ev'),
  users: z.array(numericId),
  workspaceId: z.string(),
  workspaceName: z.string(),
  client: numericId.nullable(),
  type: z.enum(['board', 'list']),
  favorite: z.boolean(),
  status: z.enum(['open', 'archived']),
  privacy: z.boolean(),
  changeProtected: z.boolean(),
  isTemplate: z.boolean(),
  icon: z.string().nullable(),
  color: hexColor.nullable(),
  billing: projectBilling,
  /** Absent for callers who may not see rates. */
  rate: projectRate.optional(),
  budget: projectBudget.optional(),
  /**
   * Billing rounding (admins and supervisors): the project's override (null = the team's rule, `none` = no
   * rounding) and the rule in force (null = none).
   */
  rounding: projectRounding.optional(),
  effectiveRounding: roundingRule.nullable().optional(),
  createdAt: dateTimeString,
});
export type Project = z.infer<typeof project>;

const name = z.string().trim().min(1, 'Required').max(200).refine(...withoutNul);
export const createProjectBody = z.object({
  name,
  type: z.enum(['board', 'list']).default('list'),
  users: z.array(idInput).max(1000).default([]),
  client: idInput.nullish(),
  privacy: z.boolean().default(false),
  changeProtected: z.boolean().default(false),
  isTemplate: z.boolean().default(false),
});
export const updateProjectBody = z
  .object({
    name,
    type: z.enum(['board', 'list']),
    users: z.array(idInput).max(1000),
    client: idInput.nullable(),
    privacy: z.boolean(),
    changeProtected: z.boolean(),
    isTemplate: z.boolean(),
    icon: z.string().max(64).refine(...withoutNul).nullable(),
    color: hexColor.nullable(),
    favorite: z.boolean(),
    status: z.enum(['open', 'archived']),
  })
  .partial();

export const billingBody = z
  .object({
    billing: z
      .object({ type: billingType, fee: cents.nullish() })
      .refine((b) => b.type !== 'fixed_fee' || b.fee != null, { message: 'A fixed fee needs fee', path: ['fee'] }),
    rate: z
      .object({
        type: rateType,
        rate: cents.nullish(),
        userRateOverrides: userMap(cents).default({}),
        userCostOverrides: userMap(cents).default({}),
      })
      .refine((r) => r.type !== 'project_rate' || r.rate != null, { message: 'A project rate needs rate', path: ['rate'] }),
    budget: projectBudgetInput.nullable(),
    /** Rounding override: null = the team's rule, `none` = no rounding, or a rule. */
    rounding: projectRounding,
  })
  .partial();

export const projectListQuery = z.object({
  /** Words matched anywhere in the project name, ignoring case. */
  query: z.string().max(200).refine(...withoutNul).optional(),
  /** Page size; all projects when absent. */
  limit: queryLimit(10000).optional(),
  page: queryInt(1, 10000).optional(),
  /** Only `ev` projects exist here; any other platform lists nothing. */
  platform: z.string().max(10).optional(),
});

export const projectParams = z.object({ project_id: prefixedIdParam });
const T = 'Projects';

export const projectRoutes = {
  list: defineRoute({ method: 'get', path: '/projects', tag: T, summary: 'List projects', query: projectListQuery, status: 200, response: z.array(project) }),
  create: defineRoute({ method: 'post', path: '/projects', tag: T, summary: 'Create a project', body: createProjectBody, status: 201, response: project }),
  get: defineRoute({ method: 'get', path: '/projects/{project_id}', tag: T, summary: 'Get a project', params: projectParams, status: 200, response: project }),
  update: defineRoute({ method: 'put', path: '/projects/{project_id}', tag: T, summary: 'Update a project', params: projectParams, body: updateProjectBody, status: 200, response: project }),
  remove: defineRoute({ method: 'delete', path: '/projects/{project_id}', tag: T, summary: 'Delete a project', params: projectParams, status: 204 }),
  billing: defineRoute({ method: 'put', path: '/projects/{project_id}/billing', tag: T, summary: 'Set billing, rates and budget', params: projectParams, body: billingBody, status: 200, response: project }),
  budgetUsage: defineRoute({ method: 'get', path: '/projects/{project_id}/budget/usage', tag: T, summary: "The budget's use by day in its current period", params: projectParams, status: 200, response: budgetUsage }),
};
