/** An error under its field, in the error colour and always as text (never colour alone). */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="form-error">
      {message}
    </p>
  );
}
