import { useId, type ChangeEventHandler, type ReactNode } from 'react';

interface CheckboxProps {
  name: string;
  checked: boolean;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: ChangeEventHandler<HTMLInputElement>;
  children: ReactNode;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * One checkbox with its label beside it. The box is at least 24×24 px and the whole label
 * toggles it, so the target is comfortable on a phone. Used by the consent boxes and by
 * the subscriber pages' option groups.
 */
export function Checkbox({ name, checked, onChange, onBlur, children, invalid, describedBy }: CheckboxProps) {
  const id = useId();
  return (
    <div className="form-check">
      <input
        id={id}
        type="checkbox"
        className="form-check-input"
        name={name}
        checked={checked}
        onChange={onChange}
        onBlur={onBlur}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      <label htmlFor={id} className="form-check-label">
        {children}
      </label>
    </div>
  );
}
