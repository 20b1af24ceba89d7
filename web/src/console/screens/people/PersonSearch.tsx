import { Form, Formik } from 'formik';
import { personRequestSchema } from '#shared/schemas/console-people.ts';
import { FIELD_MAX } from '#shared/constants/limits.ts';
import { SubmitButton } from '#web/src/components/form/SubmitButton.tsx';
import { TextField } from '#web/src/components/form/TextField.tsx';

/** The address to look up, checked as the API checks it before anything is asked. */
export function PersonSearch({ current, onFind }: { current?: string; onFind: (email: string) => void }) {
  return (
    <Formik
      initialValues={{ email: current ?? '' }}
      validationSchema={personRequestSchema}
      onSubmit={(values) => onFind(personRequestSchema.cast(values).email)}
    >
      <Form noValidate className="form console-search" role="search" aria-label="Find a person">
        <TextField name="email" label="Their email address" type="email" maxLength={FIELD_MAX.email} />
        <SubmitButton label="Find this person" pending={false} />
      </Form>
    </Formik>
  );
}
