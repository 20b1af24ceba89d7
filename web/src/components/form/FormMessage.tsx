interface FormMessageProps {
  kind: 'success' | 'error';
  text: string;
  id?: string;
}

/**
 * A form-level message in the spec's success or error style (green / red, spec §8) with an
 * icon from the stylesheet. Errors are alerts so they are announced at once; successes are
 * polite status messages.
 */
export function FormMessage({ kind, text, id }: FormMessageProps) {
  if (!text) return null;
  return (
    <p id={id} className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
