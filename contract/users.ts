import { z } from 'zod';
import { cents, dateString, dateTimeString, MAX_INT, numericId, numericIdParam, seconds } from './common.ts';
import { defineRoute } from './route.ts';
import { locales } from './locales.ts';

export const roles = ['admin', 'supervisor', 'member', 'member_limited'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;
export const userStatus = z.enum(['active', 'invited', 'pending', 'removed']);
export const userType = z.enum(['employee', 'contractor']);
/** UTC offset in hours, fractions allowed (e.g. 5.5, -3.75). */
export const timezoneOffset = z.number().min(-12).max(14).refine((n) => Number.isInteger(n * 4), 'Must be a multiple of 0.25 hours');
/** 0 = Sunday, 1 = Monday, 6 = Saturday. */
export const weekStart = z.number().int().min(0).max(6);
export { locales };
export const locale = z.enum(locales, { error: `Must be one of ${locales.join(', ')}` });

export const team = z.object({ id: numericId, name: z.string(), weekStart, createdAt: dateTimeString });
export type Team = z.infer<typeof team>;

/** What every team member may see of a colleague. */
export const userSummary = z.object({
  id: numericId,
  name: z.string(),
  role,
  status: userStatus,
  headline: z.string(),
  avatarUrl: z.string(),
});

/**
 * One period of a user's hourly rate and cost (cents): from `effectiveFrom` (null: from the start) until the
 * next entry's date.
 */
export const rateChange = z.object({ effectiveFrom: dateString.nullable(), rate: cents, cost: cents });
export type RateChange = z.infer<typeof rateChange>;

export const user = userSummary.extend({
  email: z.string().optional(),
  avatarUrlLarge: z.string().optional(),
  phone: z.string().optional(),
  capacity: seconds.optional(),
  timezone: z.number().optional(),
  apiKey: z.string().optional(),
  type: userType.optional(),
  createdAt: dateTimeString.optional(),
  dateFormat: z.number().int().optional(),
  timeFormat: z.number().int().optional(),
  /**
   * Everhour's per-user field, kept for its clients: always 0 here, set by no endpoint and read by nothing.
   * Billing rounding is the team's rule and the projects' overrides (contract/rounding.ts, README).
   */
  timeRounding: z.number().int().optional(),
  country: z.string().optional(),
  weekStart: weekStart.optional(),
  /** The caller's own language in the web app (GET /users/me only); absent until they choose one. */
  locale: locale.optional(),
  team: team.optional(),
  /** In force today. */
  rate: cents.optional(),
  cost: cents.optional(),
  /** Admins only: the rate and cost over time, oldest first; empty when they never changed from a date. */
  costHistory: z.array(rateChange).optional(),
});
export type User = z.infer<typeof user>;

const name = z.string().trim().min(1, 'Required').max(200);
const email = z.email('Must be an email address').max(320).transform((s) => s.toLowerCase());
/** A user's hourly rate or cost in cents, as its integer column holds it. */
const rateCents = cents.max(MAX_INT, 'At most 21,474,836.47');

export const inviteUserBody = z.object({
  name,
  email,
  role: role.default('member'),
  type: userType.default('employee'),
  rate: rateCents.optional(),
  cost: rateCents.optional(),
  capacity: seconds.max(168 * 3600).optional(),
  timezone: timezoneOffset.optional(),
});
export const updateUserBody = z
  .object({
    name,
    role,
    status: userStatus,
    rate: rateCents,
    cost: rateCents,
    capacity: seconds.max(168 * 3600),
    headline: z.string().max(200),
    timezone: timezoneOffset,
    weekStart,
    /**
     * The date `rate` and `cost` take effect: time on or after it is valued at them, earlier time keeps the
     * rates it had. Without it, `rate` and `cost` apply to all time (and replace earlier dated changes).
     * It needs `rate` or `cost` (422 otherwise).
     */
    effectiveFrom: dateString,
  })
  .partial();

/** What a user may change of their own settings (`PUT /users/me`). */
export const updateMeBody = z.object({ locale }).strict();

const userIdParams = z.object({ user_id: numericIdParam });

/**
 * The link an invited person opens to choose a password and become active (single use, expires at
 * `invitationExpiresAt`); until then their API key is refused. Shown once, to the admin who invited them.
 */
export const invitation = z.object({ invitationUrl: z.string(), invitationExpiresAt: dateTimeString });
export type Invitation = z.infer<typeof invitation>;
/** What `POST /team/users` answers: the new user with their API key (working once they accept) and their invitation. */
export const invitedUser = user.extend({ apiKey: z.string() }).extend(invitation.shape);

export const userRoutes = {
  me: defineRoute({
    method: 'get', path: '/users/me', tag: 'Users', summary: 'The user that owns the credentials', status: 200, response: user, secret: true,
  }),
  updateMe: defineRoute({
    method: 'put', path: '/users/me', tag: 'Users', summary: "The caller's own settings: the web app's language (`locale`)", body: updateMeBody, status: 200,
    response: user,
  }),
  teamUsers: defineRoute({ method: 'get', path: '/team/users', tag: 'Users', summary: 'Users of the team', status: 200, response: z.array(user) }),
  invite: defineRoute({
    method: 'post', path: '/team/users', tag: 'Users', summary: 'Invite a user (admins)', body: inviteUserBody, status: 201,
    response: invitedUser,
    secret: true,
  }),
  reinvite: defineRoute({
    method: 'post', path: '/team/users/{user_id}/invitation', tag: 'Users',
    summary: 'A new invitation link for an invited user (admins); the earlier link stops working', params: userIdParams, status: 200,
    response: invitation,
    secret: true,
  }),
  invitationPage: defineRoute({
    method: 'get', path: '/invitation', tag: 'Users', summary: 'Invitation page: the invited person chooses a password (link in `token`)',
    auth: 'none', status: 200, produces: 'text/html',
  }),
  acceptInvitation: defineRoute({
    method: 'post', path: '/invitation', tag: 'Users',
    summary: 'Accepts an invitation (form-encoded: token, password, confirm): sets the password and makes the user active',
    auth: 'none', formBody: true, status: 200, produces: 'text/html',
  }),
  update: defineRoute({
    method: 'put', path: '/team/users/{user_id}', tag: 'Users', summary: 'Update a user (admins)', params: userIdParams, body: updateUserBody, status: 200, response: user,
  }),
};
