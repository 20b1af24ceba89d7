import type { SyntheticEvent } from 'react';

export type PreviewWidth = 'desktop' | 'phone';

export const PREVIEW_WIDTHS: [PreviewWidth, string][] = [
  ['desktop', 'Computer width'],
  ['phone', 'Phone width (390 px)'],
];

/**
 * A server-rendered document (an email, a post's page) in an iframe from `srcdoc`, at a computer's
 * width or a phone's 390 px, in a box that scrolls sideways itself so the console never does. It
 * is sandboxed but for `allow-same-origin`: no script runs in it, no form, no navigation of the
 * console; the console may reach into it once it has loaded (`onLoad`). The box takes the keyboard's
 * focus, so its sideways scroll is reachable without a mouse (the arrow keys move it).
 */
export function PreviewFrame({
  title,
  html,
  width,
  onLoad,
}: {
  title: string;
  html: string;
  width: PreviewWidth;
  onLoad?(event: SyntheticEvent<HTMLIFrameElement>): void;
}) {
  return (
    <div
      className="console-preview__frame-box"
      tabIndex={0}
      role="region"
      aria-label={`${title}, in a box that scrolls`}
    >
      <iframe
        className={`console-preview__frame console-preview__frame--${width}`}
        title={title}
        sandbox="allow-same-origin"
        srcDoc={html}
        onLoad={onLoad}
      />
    </div>
  );
}

interface ChoiceProps<T extends string> {
  legend: string;
  name: string;
  options: [T, string][];
  value: T;
  onChange(value: T): void;
}

/** One choice of how a preview is shown (its part, its width), as radio buttons. */
export function PreviewChoice<T extends string>({ legend, name, options, value, onChange }: ChoiceProps<T>) {
  return (
    <fieldset className="console-preview__choice">
      <legend className="form-label">{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option} className="console-preview__option">
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />{' '}
          {label}
        </label>
      ))}
    </fieldset>
  );
}
