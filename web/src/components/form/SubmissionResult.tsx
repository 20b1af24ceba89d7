import type { RefObject } from 'react';
import { Modal, type ModalText } from '../Modal';
import { FormMessage } from './FormMessage';
import type { Submission } from './use-submission';

interface SubmissionResultProps {
  submission: Submission;
  /** The confirmation that opens after a successful submit, or the one for the server's answer. */
  modal: ModalText | ((answer: string) => ModalText);
  /** Usually the submit button: focus goes back there when the modal closes. */
  returnFocusRef: RefObject<HTMLElement | null>;
}

/** The server's answer under the form, and the confirmation modal on success. */
export function SubmissionResult({ submission, modal, returnFocusRef }: SubmissionResultProps) {
  const { outcome, confirmationOpen, closeConfirmation } = submission;
  const shown = typeof modal === 'function' ? modal(outcome?.text ?? '') : modal;
  return (
    <>
      {outcome && <FormMessage kind={outcome.kind} text={outcome.text} />}
      <Modal
        open={confirmationOpen}
        onClose={closeConfirmation}
        title={shown.title}
        subtitle={shown.subtitle}
        returnFocusRef={returnFocusRef}
      />
    </>
  );
}
