import type { Ref } from 'react';

interface SubmitButtonProps {
  label: string;
  /** While a request is in flight the button is disabled and says so (no double submits). */
  pending: boolean;
  /** Not usable yet (e.g. the subscriber pages before their data has loaded). */
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export const PENDING_LABEL = 'Sending…';

export function SubmitButton({ label, pending, disabled = false, ref }: SubmitButtonProps) {
  return (
    <button ref={ref} type="submit" className="form-submit" disabled={pending || disabled}>
      {pending ? PENDING_LABEL : label}
    </button>
  );
}
