interface FormMessageProps {
  kind: 'success' | 'error';
  text: string;
  id?: string;
  /**
   * Off when the message sits inside a live region that is always on the page (announced
   * there), so it is not announced twice.
   */
  announce?: boolean;
}

const ROLES = { error: 'alert', success: 'status' } as const;

/**
 * A form-level message in the spec's success or error style (green / red,
 * docs/spec/site-spec.md#8-the-error-catalogue) with an icon from the stylesheet. Errors are alerts
 * so they are announced at once; successes are polite status messages.
 */
export function FormMessage({ kind, text, id, announce = true }: FormMessageProps) {
  if (!text) return null;
  return (
    <p id={id} className={`form-message form-message--${kind}`} role={announce ? ROLES[kind] : undefined}>
      {text}
    </p>
  );
}
