import { z } from 'zod';
import { defineRoute } from './route.ts';

// The team's sign-in rules stand apart from the users' routes: only the Team screen's switch asks for them, so
// their operations load with it and not with the first screen.

/** The team's sign-in rules (admins): with `requireTwoFactor`, people without two-factor set it up at their next sign-in. */
export const teamSecurity = z.object({ requireTwoFactor: z.boolean() });
export type TeamSecurity = z.infer<typeof teamSecurity>;

export const teamSecurityRoutes = {
  teamSecurity: defineRoute({
    method: 'get',
    path: '/team/security',
    tag: 'Users',
    summary: "The team's sign-in rules: whether two-factor sign-in is required (admins)",
    status: 200,
    response: teamSecurity,
  }),
  updateTeamSecurity: defineRoute({
    method: 'put',
    path: '/team/security',
    tag: 'Users',
    summary: 'Requires two-factor sign-in for the whole team or not (admins); people without it set it up at their next sign-in',
    body: teamSecurity,
    status: 200,
    response: teamSecurity,
  }),
};
