/**
 * The yup schemas of the People routes' bodies (./people.ts has the routes and answers),
 * checked by the same schemas in the console's page and its handler (lambdas/console/people/person-routes.ts).
 */
import * as yup from 'yup';
import { emailField } from '../schemas/fields';

export const personRequestSchema = yup.object({ email: emailField() });
export type PersonRequest = yup.InferType<typeof personRequestSchema>;

/** What the evidence pack is asked for: the JSON file to keep, or the page to print (audited apart). */
export const EVIDENCE_USES = ['download', 'print'] as const;

export const evidenceRequestSchema = personRequestSchema.shape({
  use: yup.string().oneOf(EVIDENCE_USES, 'Say whether the evidence is to download or to print.').default('download'),
});
export type EvidenceRequest = yup.InferType<typeof evidenceRequestSchema>;

/** The longest reason an owner may type for an unsubscribe by phone. */
export const REASON_MAX = 500;

export const unsubscribeRequestSchema = yup.object({
  email: emailField(),
  reason: yup
    .string()
    .trim()
    .required('Please say why you are unsubscribing this person (for example, "asked by phone").')
    .max(REASON_MAX, `Please keep the reason under ${REASON_MAX} characters.`),
});
export type UnsubscribeRequest = yup.InferType<typeof unsubscribeRequestSchema>;

/** `confirmEmail`: the address typed a second time, so an erasure is never one stray click. */
export const erasureRequestSchema = yup.object({
  email: emailField(),
  confirmEmail: yup.string().trim().required('Please type the address again to confirm the erasure.').max(254),
});
export type ErasureRequest = yup.InferType<typeof erasureRequestSchema>;
