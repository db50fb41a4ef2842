import { z } from 'zod';
import { idInput, dateString, dateTimeString, hexColor, numericId } from './common.ts';
import { rowIdParam, rowIdQuery } from './timecards.ts';
import { defineRoute } from './route.ts';

export const timeOffPeriod = z.enum(['full-day', 'half-of-day', 'quarter-of-day', 'half-and-quarter-of-day']);
export type TimeOffPeriod = z.infer<typeof timeOffPeriod>;
/** Share of a workday each period takes. */
export const periodFraction: Record<TimeOffPeriod, number> = { 'full-day': 1, 'half-of-day': 0.5, 'quarter-of-day': 0.25, 'half-and-quarter-of-day': 0.75 };
/** The status a request is created or set with. */
export const timeOffStatus = z.enum(['pending', 'approved']);
/** The status time off has: an admin's decision can also reject it (it then no longer counts anywhere). */
export const timeOffState = z.enum(['pending', 'approved', 'rejected']);
export type TimeOffState = z.infer<typeof timeOffState>;

export const attachmentRef = z.object({ id: numericId, name: z.string(), token: z.string() });

export const timeOffAssignment = z.object({
  id: numericId,
  type: z.literal('time-off'),
  user: numericId,
  timeOffType: numericId.nullable(),
  timeOffPeriod,
  status: timeOffState,
  startDate: dateString,
  endDate: dateString,
  /** Workdays (Monday to Friday) in the range times the period's share of a day. */
  days: z.number().min(0),
  reviewer: numericId.nullable(),
  /** The requester's note. */
  note: z.string(),
  /** The admin who approved or rejected it, when, and their comment. */
  reviewedBy: numericId.nullable(),
  reviewedAt: dateTimeString.nullable(),
  reviewComment: z.string(),
  attachments: z.array(attachmentRef),
  createdBy: numericId,
  createdAt: dateTimeString,
});
export type TimeOffAssignment = z.infer<typeof timeOffAssignment>;

export const endNotBeforeStart = (b: { startDate?: string | undefined; endDate?: string | undefined }) => !b.startDate || !b.endDate || b.endDate >= b.startDate;
export const endMessage = { message: 'Must not be before the start date', path: ['endDate'] };

export const timeOffFields = {
  startDate: dateString,
  endDate: dateString,
  timeOffType: idInput.nullable(),
  user: idInput,
  timeOffPeriod,
  status: timeOffStatus,
  sendNotification: z.boolean(),
  reviewer: idInput.nullable(),
  considerAllocations: z.boolean(),
  attachments: z.array(idInput).max(20),
  forceOverride: z.boolean(),
  note: z.string().max(2000),
};

export const createTimeOffFields = z.object({
  ...timeOffFields,
  type: z.literal('time-off').default('time-off'),
  timeOffType: timeOffFields.timeOffType.optional(),
  user: timeOffFields.user.optional(),
  timeOffPeriod: timeOffPeriod.default('full-day'),
  status: timeOffStatus.default('pending'),
  sendNotification: z.boolean().default(false),
  reviewer: timeOffFields.reviewer.optional(),
  considerAllocations: z.boolean().default(true),
  attachments: timeOffFields.attachments.default([]),
  forceOverride: z.boolean().default(false),
  note: timeOffFields.note.default(''),
});
export const createTimeOffBody = createTimeOffFields.refine(endNotBeforeStart, endMessage);
export type CreateTimeOffBody = z.infer<typeof createTimeOffBody>;

/** The fields of a time off PUT /resource-planner/assignments/{id} changes. */
export type UpdateTimeOffBody = Partial<z.infer<z.ZodObject<typeof timeOffFields>>>;

export const timeOffType = z.object({ id: numericId, name: z.string(), color: hexColor, paid: z.boolean(), description: z.string() });
export type TimeOffType = z.infer<typeof timeOffType>;
const timeOffTypeFields = { name: z.string().trim().min(1, 'Required').max(100), color: hexColor, paid: z.boolean(), description: z.string().max(2000) };
export const timeOffTypeBody = z.object({
  ...timeOffTypeFields,
  color: hexColor.default('#7e57c2'),
  paid: z.boolean().default(true),
  description: timeOffTypeFields.description.default(''),
});
export const updateTimeOffTypeBody = z.object(timeOffTypeFields).partial();

/** Days in steps of a quarter day. */
const dayAmount = z.number().min(0, 'Must not be negative').max(1000).refine((n) => Number.isInteger(n * 4), 'Must be a multiple of 0.25 days');

export const allocation = z.object({
  id: numericId,
  user: numericId,
  timeOffType: numericId,
  startDate: dateString,
  endDate: dateString,
  contractStartDate: dateString.nullable(),
  /** Days granted for the period. */
  days: z.number(),
  /** Days carried over from an earlier period. */
  daysCarried: z.number(),
  /** Days available so far: carried plus granted (accrued day by day with `daily`). */
  daysAllocated: z.number(),
  /** Days of approved and pending time off of this type inside the period. */
  daysUsed: z.number(),
  daysRemaining: z.number(),
  accrualFrequency: z.enum(['daily', 'immediately']),
  restrictOverAllocation: z.boolean(),
  completed: z.boolean(),
  notes: z.string(),
  createdBy: numericId,
  createdAt: dateTimeString,
});
export type Allocation = z.infer<typeof allocation>;

const allocationFields = {
  user: idInput,
  timeOffType: idInput,
  startDate: dateString,
  endDate: dateString,
  contractStartDate: dateString.nullable(),
  days: dayAmount,
  daysCarried: dayAmount,
  accrualFrequency: z.enum(['daily', 'immediately']),
  restrictOverAllocation: z.boolean(),
  notes: z.string().max(5000),
};
export const createAllocationBody = z
  .object({
    ...allocationFields,
    contractStartDate: allocationFields.contractStartDate.default(null),
    daysCarried: dayAmount.default(0),
    accrualFrequency: allocationFields.accrualFrequency.default('immediately'),
    restrictOverAllocation: z.boolean().default(false),
    notes: allocationFields.notes.default(''),
  })
  .refine(endNotBeforeStart, endMessage);
export const updateAllocationBody = z.object(allocationFields).partial().refine(endNotBeforeStart, endMessage);

export const allocationsQuery = z.object({ user: rowIdQuery('user').optional(), timeOffType: rowIdQuery('time-off type').optional(), from: dateString.optional(), to: dateString.optional() });

export const idParams = z.object({ id: rowIdParam });

/** An admin's decision on pending requests, several at once; a rejection may carry a comment. */
export const reviewTimeOffBody = z.object({
  ids: z.array(idInput).min(1, 'Choose at least one request').max(100),
  decision: z.enum(['approve', 'reject']),
  comment: z.string().trim().max(2000).default(''),
});
export type ReviewTimeOffBody = z.infer<typeof reviewTimeOffBody>;

/** What a request would count and leave, before it is sent. `except` is the request being edited. */
export const timeOffPreviewQuery = z
  .object({
    user: rowIdQuery('user').optional(),
    timeOffType: rowIdQuery('time-off type').optional(),
    startDate: dateString,
    endDate: dateString,
    timeOffPeriod: timeOffPeriod.default('full-day'),
    except: rowIdQuery('time off').optional(),
  })
  .refine(endNotBeforeStart, endMessage);

export const timeOffPreview = z.object({
  /** Workdays the request counts. */
  days: z.number(),
  /** The allocations of the user and type the range falls in, with what remains before and after the request. */
  allocations: z.array(
    z.object({
      id: numericId,
      startDate: dateString,
      endDate: dateString,
      daysRemaining: z.number(),
      daysRequested: z.number(),
      daysRemainingAfter: z.number(),
      restrictOverAllocation: z.boolean(),
    }),
  ),
  /** The refusals sending it would meet (overlap on `startDate`, balance on `timeOffType`), as a 422 names them. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type TimeOffPreview = z.infer<typeof timeOffPreview>;
const A = 'Time off';

export const timeOffRoutes = {
  create: defineRoute({ method: 'post', path: '/resource-planner/assignments/time-off', tag: A, summary: 'Request (or, as an admin, grant) time off', body: createTimeOffBody, status: 201, response: timeOffAssignment }),
  preview: defineRoute({ method: 'get', path: '/resource-planner/time-off/preview', tag: A, summary: 'Workdays and balances a time-off request would count, and what would refuse it', query: timeOffPreviewQuery, status: 200, response: timeOffPreview }),
  review: defineRoute({
    method: 'post',
    path: '/resource-planner/time-off/review',
    tag: A,
    summary: 'Approve or reject pending time-off requests (admins)',
    body: reviewTimeOffBody,
    status: 200,
    response: z.array(timeOffAssignment),
    answers: { 422: 'a request does not exist or is no longer pending' },
  }),
  listTypes: defineRoute({ method: 'get', path: '/resource-planner/time-off-types', tag: A, summary: 'Time-off types', status: 200, response: z.array(timeOffType) }),
  createType: defineRoute({ method: 'post', path: '/resource-planner/time-off-types', tag: A, summary: 'Create a time-off type (admins)', body: timeOffTypeBody, status: 201, response: timeOffType }),
  updateType: defineRoute({ method: 'put', path: '/resource-planner/time-off-types/{id}', tag: A, summary: 'Update a time-off type (admins)', params: idParams, body: updateTimeOffTypeBody, status: 200, response: timeOffType }),
  removeType: defineRoute({ method: 'delete', path: '/resource-planner/time-off-types/{id}', tag: A, summary: 'Delete a time-off type (admins)', params: idParams, status: 204 }),
  listAllocations: defineRoute({ method: 'get', path: '/allocations', tag: A, summary: 'Time-off allocations (balances)', query: allocationsQuery, status: 200, response: z.array(allocation) }),
  createAllocation: defineRoute({ method: 'post', path: '/allocations', tag: A, summary: 'Create an allocation (admins)', body: createAllocationBody, status: 201, response: allocation }),
  updateAllocation: defineRoute({ method: 'put', path: '/allocations/{id}', tag: A, summary: 'Update an allocation (admins)', params: idParams, body: updateAllocationBody, status: 200, response: allocation }),
  removeAllocation: defineRoute({ method: 'delete', path: '/allocations/{id}', tag: A, summary: 'Delete an allocation (admins)', params: idParams, status: 204 }),
};
