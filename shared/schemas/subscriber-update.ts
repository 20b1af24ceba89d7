import * as yup from 'yup';
import type { Audience } from '../constants/audiences';
import { FIELD_MAX } from '../constants/limits';
import { VALIDATION } from '../constants/messages';
import { EMAIL_SETTINGS, UNSUBSCRIBE_REASONS } from '../constants/subscriber-options';
import { hasAnyTrue } from './choices';
import { booleanList, unixSeconds } from './fields';

/**
 * Identity fields echo what GET returned. They are validated but never written:
 * a PUT changes only the consent fields of the id in the path (no mass assignment).
 */
const identity = {
  email: yup.string().defined().max(FIELD_MAX.email),
  firstName: yup.string().defined().max(FIELD_MAX.name),
  lastName: yup.string().defined().max(FIELD_MAX.name),
  helpDescription: yup.string().defined().max(FIELD_MAX.helpDescription),
  signupMe: yup.boolean().defined().isFalse('signupMe must be false on this page'),
};

const REASON_COUNT = UNSUBSCRIBE_REASONS.candidate.length;

const unsubscribeFields = {
  ...identity,
  unsubscribeReason: booleanList(REASON_COUNT).test('at-least-one', VALIDATION.minimumOneOption, (reasons) =>
    hasAnyTrue(reasons),
  ),
};
const candidateUnsubscribeSchema = yup.object(unsubscribeFields);
const employerUnsubscribeSchema = yup.object({ ...unsubscribeFields, updatedAt: unixSeconds().defined() });

/**
 * The unsubscribe page's payload; only the employer variant carries updatedAt
 * (docs/spec/site-spec.md#3-entities-and-their-fields).
 */
export const unsubscribeSchema = (audience: Audience) =>
  audience === 'employer' ? employerUnsubscribeSchema : candidateUnsubscribeSchema;
export type UnsubscribePayload = yup.InferType<ReturnType<typeof unsubscribeSchema>>;

/** The settings page's payload: 3 preferences plus unsubscribe-all, one of them ticked. */
export const preferenceSchema = yup
  .object({
    ...identity,
    emailSetting: booleanList(EMAIL_SETTINGS.length),
    unsubscribeAllEmail: booleanList(1),
    updatedAt: unixSeconds().defined(),
  })
  .test('at-least-one', VALIDATION.minimumOneOption, (value) =>
    hasAnyTrue(value?.emailSetting, value?.unsubscribeAllEmail),
  );
export type PreferencePayload = yup.InferType<typeof preferenceSchema>;
