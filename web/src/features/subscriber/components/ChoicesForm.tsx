import { useId, useRef, useState, type FormEvent } from 'react';
import { VALIDATION } from '#shared/constants/messages.ts';
import { type OptionDef } from '#shared/constants/subscriber-options.ts';
import { hasAnyTrue } from '#shared/schemas/choices.ts';
import type { ModalText } from '#web/src/components/Modal.tsx';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { SubmissionResult } from '#web/src/components/form/SubmissionResult.tsx';
import { SubmitButton } from '#web/src/components/form/SubmitButton.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { CheckboxGroup } from './CheckboxGroup';

export interface ChoiceGroup {
  legend: string;
  options: readonly OptionDef[];
}

interface ChoicesFormProps {
  groups: readonly ChoiceGroup[];
  /** Tells people up front that one box is needed. */
  hint: string;
  submitLabel: string;
  /** The confirmation modal of docs/spec/site-spec.md#2-screens-and-routes for this page (or for the answer). */
  modal: ModalText | ((answer: string) => ModalText);
  /**
   * Sends one boolean list per group, in option order; resolves with the API's success text.
   * Absent while the subscriber loads: the options show (they are the same for everyone, and
   * prerendered) but cannot be used yet.
   */
  send?: (checked: boolean[][]) => Promise<string>;
}

const uncheckedFor = (groups: readonly ChoiceGroup[]) => groups.map((group) => group.options.map(() => false));

/**
 * The mechanism the unsubscribe and settings pages share
 * (docs/spec/site-spec.md#4-states-and-transitions): with nothing ticked it shows 'Please Select
 * Minimum one option compulsory!' and sends nothing; otherwise it sends, opens the modal on
 * success, shows the server's message under the form, and resets the boxes once the request was
 * sent, whatever the answer.
 */
export function ChoicesForm({ groups, hint, submitLabel, modal, send }: ChoicesFormProps) {
  const hintId = useId();
  const messageId = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const submission = useSubmission();
  const [checked, setChecked] = useState(() => uncheckedFor(groups));
  const [minimumMissing, setMinimumMissing] = useState(false);

  const toggle = (groupIndex: number, optionIndex: number) => {
    setMinimumMissing(false);
    setChecked((current) =>
      current.map((list, g) =>
        g === groupIndex ? list.map((value, o) => (o === optionIndex ? !value : value)) : list,
      ),
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submission.clearOutcome();
    if (!hasAnyTrue(...checked)) {
      setMinimumMissing(true);
      return;
    }
    setMinimumMissing(false);
    if (!send) return;
    const result = await submission.submit(() => send(checked));
    if (result !== 'ignored') setChecked(uncheckedFor(groups));
  };

  const describedBy = minimumMissing ? `${hintId} ${messageId}` : hintId;

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <p id={hintId} className="form-hint">
        {hint}
      </p>
      {groups.map((group, groupIndex) => (
        <CheckboxGroup
          key={group.legend}
          legend={group.legend}
          options={group.options}
          checked={checked[groupIndex]}
          onToggle={(optionIndex) => toggle(groupIndex, optionIndex)}
          describedBy={describedBy}
          disabled={!send}
        />
      ))}
      {minimumMissing && <FormMessage id={messageId} kind="error" text={VALIDATION.minimumOneOption} />}
      <SubmitButton ref={submitRef} label={submitLabel} pending={submission.pending} disabled={!send} />
      <SubmissionResult submission={submission} modal={modal} returnFocusRef={submitRef} />
    </form>
  );
}
