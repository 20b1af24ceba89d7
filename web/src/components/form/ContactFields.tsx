import { FIELD_MAX } from '#shared/constants/limits.ts';
import { TextField } from './TextField';

/** The three contact fields each form has; the scorecard lists names first, the sign-up form email first. */
export function NameFields() {
  return (
    <>
      <TextField name="firstName" label="First Name" autoComplete="given-name" maxLength={FIELD_MAX.name} />
      <TextField name="lastName" label="Last Name" autoComplete="family-name" maxLength={FIELD_MAX.name} />
    </>
  );
}

export function EmailField() {
  return <TextField name="email" label="Email" type="email" autoComplete="email" maxLength={FIELD_MAX.email} />;
}

/**
 * The optional fields the scorecard and contact/sign-up forms share
 * (docs/spec/site-spec.md#3-entities-and-their-fields), with their limits.
 */
export function OptionalProfileFields() {
  return (
    <>
      <TextField
        name="jobTitle"
        label="Job Title"
        autoComplete="organization-title"
        maxLength={FIELD_MAX.jobTitle}
        optional
      />
      <TextField
        name="organization"
        label="Organization"
        autoComplete="organization"
        maxLength={FIELD_MAX.organization}
        optional
      />
      <TextField
        name="helpDescription"
        label="How can we help?"
        maxLength={FIELD_MAX.helpDescription}
        rows={5}
        optional
      />
    </>
  );
}
