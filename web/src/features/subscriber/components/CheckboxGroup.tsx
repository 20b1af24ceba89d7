import type { OptionDef } from '#shared/constants/subscriber-options.ts';
import { Checkbox } from '#web/src/components/form/Checkbox.tsx';

interface CheckboxGroupProps {
  legend: string;
  options: readonly OptionDef[];
  checked: readonly boolean[];
  onToggle: (index: number) => void;
  describedBy?: string;
  disabled?: boolean;
}

/** A fieldset of checkboxes in the options' order (the order is part of the API payload). */
export function CheckboxGroup({
  legend,
  options,
  checked,
  onToggle,
  describedBy,
  disabled = false,
}: CheckboxGroupProps) {
  return (
    <fieldset className="form-fieldset" aria-describedby={describedBy} disabled={disabled}>
      <legend className="form-legend">{legend}</legend>
      {options.map((option, index) => (
        <Checkbox key={option.key} name={option.key} checked={checked[index] ?? false} onChange={() => onToggle(index)}>
          {option.label}
        </Checkbox>
      ))}
    </fieldset>
  );
}
