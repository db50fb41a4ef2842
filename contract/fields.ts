import { z } from 'zod';
import { hexColor, idInput, numericId, numericIdParam, prefixedIdParam, projectId } from './common.ts';
import { defineRoute } from './route.ts';

export const fieldTypes = ['text', 'number', 'select', 'date', 'checkbox', 'user'] as const;
export const fieldType = z.enum(fieldTypes);
export const fieldVisibility = z.enum(['all', 'admins']);

export const fieldOption = z.object({ id: numericId, name: z.string(), color: hexColor.nullable() });
export const fieldFormat = z.object({ decimals: z.number().int().min(0).max(10).optional(), label: z.string().optional() });

/** A custom field of a project (Everhour's field configuration shape). */
export const field = z.object({
  id: numericId,
  project: projectId,
  name: z.string(),
  type: fieldType,
  format: fieldFormat,
  options: z.array(fieldOption),
  visibility: fieldVisibility,
  position: z.number().int(),
});
export type Field = z.infer<typeof field>;

const optionInput = z.object({
  /** Keep an existing option's id; new options get one. */
  id: idInput.optional(),
  name: z.string().trim().min(1, 'Required').max(200),
  color: hexColor.nullish(),
});
const formatInput = z.object({
  decimals: z.number().int('Must be a whole number').min(0).max(10).optional(),
  label: z.string().trim().max(50).optional(),
});

export const createFieldBody = z
  .object({
    name: z.string().trim().min(1, 'Required').max(200),
    type: fieldType,
    format: formatInput.default({}),
    options: z.array(optionInput).max(500).default([]),
    visibility: fieldVisibility.default('all'),
  })
  .refine((f) => f.type !== 'select' || f.options.length > 0, { message: 'A select field needs options', path: ['options'] })
  .refine((f) => f.type === 'select' || f.options.length === 0, { message: 'Only select fields have options', path: ['options'] })
  .refine((f) => f.type === 'number' || Object.keys(f.format).length === 0, {
    message: 'Only number fields have a format',
    path: ['format'],
  });

/** Changes the name, type-specific options or visibility; the type stays. */
export const updateFieldBody = z
  .object({
    name: z.string().trim().min(1, 'Required').max(200),
    format: formatInput,
    options: z.array(optionInput).max(500),
    visibility: fieldVisibility,
  })
  .partial();

export const fieldsOrderBody = z.object({ order: z.array(idInput).max(1000) });

/** `null` clears the value; otherwise validated against the field's type and options. */
export const fieldValueBody = z.object({ value: z.union([z.string().max(10000), z.number(), z.boolean(), z.null()]) });
export const fieldValueResult = z.object({
  task: z.string(),
  field: numericId,
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});

const projectParams = z.object({ project_id: prefixedIdParam });
const fieldParams = z.object({ field_id: numericIdParam });
const T = 'Custom fields';

export const fieldRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/projects/{project_id}/fields',
    tag: T,
    summary: 'Custom fields of a project, in display order',
    params: projectParams,
    status: 200,
    response: z.array(field),
  }),
  create: defineRoute({
    method: 'post',
    path: '/projects/{project_id}/fields',
    tag: T,
    summary: 'Add a custom field (answers 200): admins, supervisors, and members assigned to the project',
    params: projectParams,
    body: createFieldBody,
    status: 200,
    response: field,
  }),
  update: defineRoute({
    method: 'put',
    path: '/fields/{field_id}',
    tag: T,
    summary: 'Change a custom field: admins, supervisors, and members assigned to its project',
    params: fieldParams,
    body: updateFieldBody,
    status: 200,
    response: field,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/fields/{field_id}',
    tag: T,
    summary: 'Delete a custom field and its task values (admins and supervisors)',
    params: fieldParams,
    status: 204,
  }),
  order: defineRoute({
    method: 'put',
    path: '/projects/{project_id}/fields-order',
    tag: T,
    summary: 'Reorder the fields of a project: admins, supervisors, and members assigned to it',
    params: projectParams,
    body: fieldsOrderBody,
    status: 200,
    response: z.array(numericId),
  }),
  setValue: defineRoute({
    method: 'put',
    path: '/tasks/{task_id}/fields/{field_id}',
    tag: T,
    summary: "Set a task's value of a custom field",
    params: z.object({ task_id: prefixedIdParam, field_id: numericIdParam }),
    body: fieldValueBody,
    status: 200,
    response: fieldValueResult,
  }),
};
