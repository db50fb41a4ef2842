import { z } from 'zod';
import { dateTimeString, numericId, numericIdParam, projectId } from './common.ts';
import { budgetInput, clientBudget } from './budgets.ts';
import { defineRoute } from './route.ts';

export const client = z.object({
  id: numericId,
  name: z.string(),
  projects: z.array(projectId),
  /** Absent for members, who see client names only. */
  businessDetails: z.string().optional(),
  budget: clientBudget.optional(),
  status: z.enum(['active', 'archived']),
  createdAt: dateTimeString,
});
export type Client = z.infer<typeof client>;

export const createClientBody = z.object({
  name: z.string().trim().min(1, 'Required').max(200),
  projects: z.array(projectId).max(1000).default([]),
  businessDetails: z.string().max(5000).default(''),
});
export const updateClientBody = z
  .object({
    name: z.string().trim().min(1, 'Required').max(200),
    projects: z.array(projectId).max(1000),
    businessDetails: z.string().max(5000),
    status: z.enum(['active', 'archived']),
  })
  .partial();

const params = z.object({ client_id: numericIdParam });
const T = 'Clients';

export const clientRoutes = {
  list: defineRoute({ method: 'get', path: '/clients', tag: T, summary: 'List clients', query: z.object({ query: z.string().max(200).optional() }), status: 200, response: z.array(client) }),
  create: defineRoute({ method: 'post', path: '/clients', tag: T, summary: 'Create a client', body: createClientBody, status: 201, response: client }),
  get: defineRoute({ method: 'get', path: '/clients/{client_id}', tag: T, summary: 'Get a client', params, status: 200, response: client }),
  update: defineRoute({ method: 'put', path: '/clients/{client_id}', tag: T, summary: 'Update a client', params, body: updateClientBody, status: 200, response: client }),
  remove: defineRoute({ method: 'delete', path: '/clients/{client_id}', tag: T, summary: 'Delete a client', params, status: 204 }),
  setBudget: defineRoute({ method: 'put', path: '/clients/{client_id}/budget', tag: T, summary: 'Create or replace the budget', params, body: budgetInput, status: 200, response: client }),
  removeBudget: defineRoute({ method: 'delete', path: '/clients/{client_id}/budget', tag: T, summary: 'Remove the budget', params, status: 200, response: client }),
};
