import { useId, useState } from 'react';
import { POST_LIMITS, type PostImage, type PostImageRole } from '#shared/console/posts.ts';
import { FieldError } from '#web/src/components/form/FieldError.tsx';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { errorText } from '#web/src/lib/api-client.ts';
import { uploadImage, type UploadStage } from './image-upload';

export const ALT_REQUIRED = 'Describe the image first: its alt text is required.';

const STAGE_WORDS = (stage: UploadStage) =>
  stage.step === 'resizing'
    ? 'Resizing the image…'
    : stage.step === 'uploading'
      ? `Uploading the image: ${Math.round(stage.share * 100)}%`
      : 'Checking the image…';

interface ImageFieldProps {
  legend: string;
  hint: string;
  role: PostImageRole;
  image?: PostImage;
  error?: string;
  onChange(image: PostImage | undefined): void;
}

/**
 * One image of a post (its banner, thumbnail or social image): the image as the page will show
 * it, its alt text (what it shows, for people who cannot see it: required), and a new one chosen
 * from the device, resized and uploaded (image-upload.ts) with its progress said as it goes.
 */
export function ImageField({ legend, hint, role, image, error, onChange }: ImageFieldProps) {
  const id = useId();
  const [alt, setAlt] = useState('');
  const [file, setFile] = useState<File>();
  const [stage, setStage] = useState<UploadStage>();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string }>();
  const shownAlt = image ? image.alt : alt;

  const upload = async () => {
    if (!file) return;
    if (!shownAlt.trim()) return setOutcome({ kind: 'error', text: ALT_REQUIRED });
    setOutcome(undefined);
    try {
      const uploaded = await uploadImage(file, role, shownAlt.trim(), setStage);
      onChange(uploaded);
      setFile(undefined);
      setOutcome({ kind: 'success', text: `Image uploaded: ${uploaded.width} × ${uploaded.height} pixels.` });
    } catch (failure) {
      setOutcome({ kind: 'error', text: errorText(failure) });
    } finally {
      setStage(undefined);
    }
  };

  return (
    <fieldset className="console-image">
      <legend className="form-label">{legend}</legend>
      <p className="form-hint">{hint}</p>
      {image && (
        <img
          className="console-image__shown"
          src={image.src}
          width={image.width}
          height={image.height}
          alt={image.alt}
        />
      )}
      <div className="form-field">
        <label className="form-label" htmlFor={`${id}-alt`}>
          Alt text: what the image shows, for people who cannot see it
        </label>
        <input
          id={`${id}-alt`}
          className="form-control"
          value={shownAlt}
          maxLength={POST_LIMITS.alt}
          onChange={(event) => (image ? onChange({ ...image, alt: event.target.value }) : setAlt(event.target.value))}
          {...(error && { 'aria-invalid': true, 'aria-describedby': `${id}-error` })}
        />
        {error && <FieldError id={`${id}-error`} message={error} />}
      </div>
      <div className="form-field">
        <label className="form-label" htmlFor={`${id}-file`}>
          {image ? 'Replace it with an image from this device' : 'An image from this device'}
          <span className="form-label-note"> (JPEG, PNG or WebP; resized for the blog before it is sent)</span>
        </label>
        <input
          id={`${id}-file`}
          className="form-control"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(event) => setFile(event.target.files?.[0])}
        />
      </div>
      <div className="console-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={!file || !!stage}
          onClick={() => void upload()}
        >
          Upload the image
        </button>
        {image && (
          <button type="button" className="button button--secondary" onClick={() => onChange(undefined)}>
            Remove the image
          </button>
        )}
      </div>
      {stage && <p role="status">{STAGE_WORDS(stage)}</p>}
      {outcome && <FormMessage kind={outcome.kind} text={outcome.text} />}
    </fieldset>
  );
}
