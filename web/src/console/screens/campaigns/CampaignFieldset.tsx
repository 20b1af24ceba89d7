import { useId } from 'react';
import { CAMPAIGN_LIMITS, INBOX_SHOWS } from '#shared/console/campaigns.ts';
import { ConsoleField, type ControlProps } from '../../form/ConsoleField';
import { AUDIENCE_OPTIONS, TOPIC_OPTIONS } from './campaign-words';
import type { TypedCampaign } from './use-campaign-draft';

export type FieldName = keyof TypedCampaign['fields'];
type TextFieldName = Exclude<FieldName, 'publish'>;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const PUBLISH_LABEL = "Publish on the site's newsletter page after sending";

interface CampaignFieldsetProps {
  fields: TypedCampaign['fields'];
  errors: FieldErrors;
  /** A new campaign asks for its short name; a stored one's is fixed. */
  askSlug: boolean;
  onChange(name: FieldName, value: string | boolean): void;
}

/**
 * The campaign's fields in plain words. The subject and preheader show how many characters they
 * have against what inboxes show (the limits the preflight checks, INBOX_SHOWS): longer is allowed,
 * but the owner sees it will be cut off before saving.
 */
export function CampaignFieldset({ fields, errors, askSlug, onChange }: CampaignFieldsetProps) {
  const publishId = useId();
  const control = (name: TextFieldName) => ({
    value: fields[name] ?? '',
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    error: errors[name],
  });
  const inboxShow = (shows: number) => ({ shows, cutOff: 'inboxes will cut off the rest' });
  return (
    <>
      {askSlug && (
        <ConsoleField
          label="Short name for its address"
          hint="Lower-case letters, digits and hyphens, e.g. 2026-spring-news. It names the campaign everywhere and cannot be changed later."
          {...control('slug')}
        >
          {(props) => <input {...props} maxLength={80} autoComplete="off" spellCheck={false} />}
        </ConsoleField>
      )}
      <ConsoleField label="Subject" counted={inboxShow(INBOX_SHOWS.subject)} {...control('subject')}>
        {(props) => <input {...props} maxLength={CAMPAIGN_LIMITS.subject} />}
      </ConsoleField>
      <ConsoleField
        label="Preheader"
        note="(optional)"
        hint="The line inboxes show after the subject."
        counted={inboxShow(INBOX_SHOWS.preheader)}
        {...control('preheader')}
      >
        {(props) => <input {...props} maxLength={CAMPAIGN_LIMITS.preheader} />}
      </ConsoleField>
      <ConsoleField label="Topic" hint="Only people who kept this topic on get it." {...control('topic')}>
        {(props) => <Select {...props} placeholder="Choose the topic" options={TOPIC_OPTIONS} />}
      </ConsoleField>
      <ConsoleField label="Who it is for" {...control('audience')}>
        {(props) => <Select {...props} placeholder="Choose who it is for" options={AUDIENCE_OPTIONS} />}
      </ConsoleField>
      <ConsoleField
        label="Body"
        hint="Written in Markdown: a blank line between paragraphs, ## for a heading, [words](https://address) for a link, - for a list item."
        {...control('markdown')}
      >
        {(props) => <textarea {...props} rows={16} maxLength={CAMPAIGN_LIMITS.markdown} />}
      </ConsoleField>
      <div className="form-check">
        <input
          id={publishId}
          type="checkbox"
          className="form-check-input"
          checked={fields.publish === true}
          onChange={(event) => onChange('publish', event.target.checked)}
        />
        <label htmlFor={publishId} className="form-check-label">
          {PUBLISH_LABEL}
        </label>
      </div>
    </>
  );
}

function Select({
  placeholder,
  options,
  ...props
}: ControlProps & { placeholder: string; options: { value: string; label: string }[] }) {
  return (
    <select {...props}>
      <option value="">{placeholder}</option>
      {options.map(({ value, label }) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}
