import { useState, type FormEvent } from 'react';
import { PASSKEY_DEVICE_WORDS, PASSKEY_NAME_MAX, type PasskeySummary } from '#shared/console/security.ts';
import { passkeyRenameSchema } from '#shared/console/security-schemas.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { ConfirmButton } from '../../kit/ConfirmButton';
import { isoTime, whenText } from '../../kit/when';
import { removePasskey, renamePasskey } from './security-api';

interface PasskeyListProps {
  passkeys: PasskeySummary[];
  /**
   * Called after a passkey was renamed or removed, with what happened in plain words: the caller
   * reads the list again and says it above the list (a removed passkey's entry is gone by then).
   */
  onChanged(done: string): void;
  /** Whether each passkey may be renamed here (the Security screen), or only removed (after a recovery). */
  renaming?: boolean;
}

/** What a removal's answer means, in plain words. */
const removedText = (name: string, sessionsEnded: number, signedOut: boolean) =>
  [
    `“${name}” is removed: it can no longer sign in to the console.`,
    sessionsEnded === 1 && 'The session it began has ended.',
    sessionsEnded > 1 && `The ${sessionsEnded} sessions it began have ended.`,
    signedOut && 'You were signed in with it, so you are signed out on this device too.',
  ]
    .filter(Boolean)
    .join(' ');

/**
 * The owner's passkeys, each with its name, its kind of device, when it was made and last used,
 * and "Remove" (asked first: it cannot be undone, and it ends every session the passkey began).
 */
export function PasskeyList({ passkeys, onChanged, renaming = false }: PasskeyListProps) {
  return (
    // A lead's emails' list style (console.css): one entry a row, no bullets, a rule between.
    <ul className="console-emails">
      {passkeys.map((passkey) => (
        <PasskeyEntry key={passkey.id} passkey={passkey} onChanged={onChanged} renaming={renaming} />
      ))}
    </ul>
  );
}

function PasskeyEntry({
  passkey,
  onChanged,
  renaming,
}: {
  passkey: PasskeySummary;
  onChanged(done: string): void;
  renaming: boolean;
}) {
  const change = useSubmission();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const headingId = `passkey-${passkey.id}`;

  const remove = () =>
    void change.submit(async () => {
      const { sessionsEnded, signedOut } = await removePasskey(passkey.id);
      onChanged(removedText(passkey.name, sessionsEnded, signedOut));
      return '';
    });

  const rename = (event: FormEvent) => {
    event.preventDefault();
    void change.submit(async () => {
      const checked = await passkeyRenameSchema.validate({ name });
      await renamePasskey(passkey.id, checked.name);
      setEditing(false);
      onChanged(`“${passkey.name}” is now called “${checked.name}”.`);
      return '';
    });
  };

  return (
    <li aria-labelledby={headingId}>
      <h3 id={headingId}>
        {passkey.name}
        {passkey.current && ' (you signed in with this one)'}
      </h3>
      <p>{PASSKEY_DEVICE_WORDS[passkey.device]}</p>
      {/* One sentence: a time ends in "a.m." or "p.m.", so a full stop after it read "p.m.." */}
      <p>
        Made <time dateTime={isoTime(passkey.createdAt)}>{whenText(passkey.createdAt)}</time>;{' '}
        {passkey.lastUsedAt === undefined ? (
          'not used to sign in since.'
        ) : (
          <>
            last used to sign in <time dateTime={isoTime(passkey.lastUsedAt)}>{whenText(passkey.lastUsedAt)}</time>
          </>
        )}
      </p>
      {editing ? (
        <form onSubmit={rename} noValidate>
          <label htmlFor={`${headingId}-name`}>New name</label>
          <input
            id={`${headingId}-name`}
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={change.pending}>
            Save the name
          </button>
          <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div>
          {renaming && (
            <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
              Rename
            </button>
          )}{' '}
          <ConfirmButton
            label="Remove"
            question={
              passkey.current
                ? `Remove “${passkey.name}”? It will no longer sign in, and you are signed in with it: you will be signed out on this device.`
                : `Remove “${passkey.name}”? It will no longer sign in, and anyone signed in with it is signed out.`
            }
            confirm="Yes, remove it"
            disabled={change.pending}
            onConfirm={remove}
          />
        </div>
      )}
      {change.outcome?.kind === 'error' && <FormMessage kind={change.outcome.kind} text={change.outcome.text} />}
    </li>
  );
}
