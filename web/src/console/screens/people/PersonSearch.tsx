import { personRequestSchema } from '#shared/console/people-schemas.ts';
import { FIELD_MAX } from '#shared/constants/limits.ts';
import { SubmitButton } from '#web/src/components/form/SubmitButton.tsx';
import { SchemaTextField, useSchemaField } from '../../form/SchemaTextField';

/** The address to look up, checked as the API checks it before anything is asked. */
export function PersonSearch({ current, onFind }: { current?: string; onFind: (email: string) => void }) {
  const email = useSchemaField(personRequestSchema, 'email', current ?? '');
  return (
    <form
      noValidate
      className="form console-search"
      role="search"
      aria-label="Find a person"
      onSubmit={(event) => {
        event.preventDefault();
        const address = email.submitted();
        if (address !== undefined) onFind(address);
      }}
    >
      <SchemaTextField field={email} label="Their email address" type="email" maxLength={FIELD_MAX.email} />
      <SubmitButton label="Find this person" pending={false} />
    </form>
  );
}
