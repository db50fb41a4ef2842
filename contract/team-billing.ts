import { z } from 'zod';
import { uploadAttachmentBody } from './attachments.ts';
import { defineRoute } from './route.ts';

// The team's details that its invoices carry (admins). They stand apart from the invoices' routes: only the
// Billing details card asks for them, so their operations load with it.

/** Largest logo, in bytes. */
export const MAX_LOGO_BYTES = 1024 * 1024;
export const logoTypes = ['image/png', 'image/jpeg'] as const;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** What an admin sets: the name and address the invoice's top shows, and the payment terms below its totals. */
export const billingDetailsBody = z
  .object({
    displayName: text(200),
    /** Several lines, as printed. */
    address: text(1000),
    /** e.g. `Net 30`. */
    paymentTerms: text(1000),
  })
  .partial()
  .strict();
export type BillingDetailsBody = z.infer<typeof billingDetailsBody>;

export const billingLogo = z.object({ type: z.enum(logoTypes), size: z.number().int() });
export const billingDetails = z.object({
  /** Blank: invoices show the team's name. */
  displayName: z.string(),
  address: z.string(),
  paymentTerms: z.string(),
  /** The logo's type and size; null when there is none. */
  logo: billingLogo.nullable(),
});
export type BillingDetails = z.infer<typeof billingDetails>;

const T = 'Invoices';
export const teamBillingRoutes = {
  billingDetails: defineRoute({
    method: 'get',
    path: '/team/billing-details',
    tag: T,
    summary: "The team's name, address, payment terms and logo as its invoices show them (admins)",
    status: 200,
    response: billingDetails,
  }),
  updateBillingDetails: defineRoute({
    method: 'put',
    path: '/team/billing-details',
    tag: T,
    summary: "Sets the team's invoice name, address and payment terms (admins); fields left out stay",
    body: billingDetailsBody,
    status: 200,
    response: billingDetails,
  }),
  uploadLogo: defineRoute({
    method: 'post',
    path: '/team/billing-details/logo',
    tag: T,
    summary:
      "Sets the team's invoice logo (admins): a PNG or JPEG of at most 1 MB, as JSON with base64 content or multipart/form-data with a file part",
    body: uploadAttachmentBody,
    status: 200,
    response: billingDetails,
    answers: { 413: 'The file is larger than 1 MB', 422: 'The file is not a PNG or JPEG image' },
  }),
  logo: defineRoute({
    method: 'get',
    path: '/team/billing-details/logo',
    tag: T,
    summary: "The team's invoice logo (admins); 404 when there is none",
    status: 200,
    produces: 'image/png',
  }),
  removeLogo: defineRoute({
    method: 'delete',
    path: '/team/billing-details/logo',
    tag: T,
    summary: "Removes the team's invoice logo (admins)",
    status: 204,
  }),
};
