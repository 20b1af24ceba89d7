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
  signupMe: yup.boolean().defined().oneOf([false], 'signupMe must be false on this page'),
};

const REASON_COUNT = UNSUBSCRIBE_REASONS.candidate.length;

/** The unsubscribe page's payload; only the employer variant carries updatedAt (spec §3). */
export const unsubscribeSchema = (audience: Audience) =>
  yup.object({
    ...identity,
    unsubscribeReason: booleanList(REASON_COUNT).test(
      'at-least-one',
      VALIDATION.minimumOneOption,
      (reasons) => hasAnyTrue(reasons),
    ),
    ...(audience === 'employer' ? { updatedAt: unixSeconds().defined() } : {}),
  });
export type UnsubscribePayload = {
  email: string;
  firstName: string;
  lastName: string;
  helpDescription: string;
  signupMe: false;
  unsubscribeReason: boolean[];
  updatedAt?: number;
};

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
export type PreferencePayload = {
  email: string;
  firstName: string;
  lastName: string;
  helpDescription: string;
  signupMe: false;
  emailSetting: boolean[];
  unsubscribeAllEmail: boolean[];
  updatedAt: number;
};
