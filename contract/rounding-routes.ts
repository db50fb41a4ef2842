import { defineRoute } from './route.ts';
import { teamRounding } from './rounding.ts';

// The routes apart from the rule's schema, so screens that only read rules carry no route definitions.
const T = 'Billing';
export const roundingRoutes = {
  getTeam: defineRoute({
    method: 'get',
    path: '/team/rounding',
    tag: T,
    summary: "The team's billing rounding rule (admins and supervisors)",
    status: 200,
    response: teamRounding,
  }),
  putTeam: defineRoute({
    method: 'put',
    path: '/team/rounding',
    tag: T,
    summary: "Set the team's billing rounding rule (admins); null turns it off",
    body: teamRounding,
    status: 200,
    response: teamRounding,
  }),
};
