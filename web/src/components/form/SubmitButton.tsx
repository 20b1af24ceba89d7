import type { Ref } from 'react';

interface SubmitButtonProps {
  label: string;
  /** While a request is in flight the button is disabled and says so (no double submits). */
  pending: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export const PENDING_LABEL = 'Sending…';

export function SubmitButton({ label, pending, ref }: SubmitButtonProps) {
  return (
    <button ref={ref} type="submit" className="form-submit" disabled={pending}>
      {pending ? PENDING_LABEL : label}
    </button>
  );
}
