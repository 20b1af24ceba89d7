import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ValidationError } from 'yup';
import { POST_LIMITS, type PostChanged, type PostDraft, type PostFields } from '#shared/console/posts.ts';
import { firmDay } from '#shared/firm-day.ts';
import { postFieldsSchema } from '#shared/console/posts-schemas.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { RequestError } from '#web/src/lib/api-client.ts';
import { ConfirmButton } from '../../kit/ConfirmButton';
import { KEPT_NOTICE } from '../../kit/kept-typing';
import { useSession } from '../../session/session';
import { useKeptDraft } from '../../kit/use-kept-draft';
import { whenText } from '../../kit/when';
import { fieldsOf, slugFromTitle } from './post-words';
import { PostFieldset, type PostFieldErrors } from './PostFieldset';
import { PostPreview } from './PostPreview';
import { PostPublishing } from './PostPublishing';
import { createPost, deletePost, postOf, savePost } from './posts-api';
import { RevisionsPanel } from './RevisionsPanel';
import { ChangedMeanwhile, useAutosave, type SaveStatus } from './use-autosave';
import { slugTaken, useSlugCheck } from './use-slug-check';

/** The route of a post not stored yet, and its kept copy's name. */
export const NEW_POST = 'new';

/** What the owner typed and the version of the post it was typed on (none for a new one). */
interface TypedPost {
  fields: PostFields;
  version?: number;
}

const emptyFields = (): PostFields => ({
  title: '',
  slug: '',
  postedDate: firmDay(Date.now() / 1000),
  subtitle: '',
  author: '',
  markdown: '',
  metaDescription: '',
  socialTitle: '',
});

/** A value's JSON with every object's keys in order: the API's answer (DynamoDB's maps) keeps no order of its own. */
const sortedJson = (value: unknown): string =>
  JSON.stringify(value, (_key, part: unknown) =>
    part && typeof part === 'object' && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => a.localeCompare(b)))
      : part,
  );

/** The fields as the API stores them (trimmed, defaults filled): what is typed is unsaved only if this differs. */
const normal = (fields: PostFields) => sortedJson(postFieldsSchema.cast(fields, { assert: false }));

/** The schema's words under each field it refuses, and the first of them for the status line. */
function checked(fields: PostFields): { errors: PostFieldErrors; problem?: string } {
  try {
    postFieldsSchema.validateSync(fields, { abortEarly: false });
    return { errors: {} };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: PostFieldErrors = {};
    for (const { path = '', message } of error.inner) errors[path.split('.')[0] as keyof PostFields] ??= message;
    return { errors, problem: error.inner[0]?.message };
  }
}

function statusText(status: SaveStatus, stored?: PostDraft): string {
  switch (status.kind) {
    case 'saving':
      return 'Saving…';
    case 'waiting':
      return 'Unsaved changes: they are saved when you pause typing, and kept on this device until then.';
    case 'blocked':
      return `Not saved yet: ${status.problem} What you typed is kept on this device.`;
    case 'saved':
      return stored
        ? `Every change is saved. Last saved ${whenText(stored.updatedAt)} by ${stored.updatedBy}.`
        : 'The post is saved as a draft once it has a title, an address, a date and a body.';
    default:
      return '';
  }
}

interface PostEditorProps {
  owner: string;
  /** The stored post; none while writing a new one. */
  stored?: PostDraft;
  /** Shows the post as the API answered it after a change. */
  onStored(post: PostDraft): void;
  /** Reads the stored post again (after a 409). */
  reload(): Promise<void>;
}

/**
 * Writing a post: its fields, saved as the owner types (use-autosave.ts) with the version they were
 * typed on, kept in the tab until saved (kit/use-kept-draft.ts); a save that loses to someone else's
 * (409) says so, keeps what was typed and offers to load theirs instead. Beside it the publishing,
 * the revisions, and the page's preview. A new post is stored by its first save and stays on screen.
 */
export function PostEditor({ owner, stored, onStored, reload }: PostEditorProps) {
  const navigate = useNavigate();
  const signedIn = useSession().state.status === 'signed-in';
  const { kept, keep, forget } = useKeptDraft<TypedPost>('post', owner, stored?.id ?? NEW_POST);
  const [fresh] = useState(emptyFields);
  const storedFields = stored ? fieldsOf(stored) : fresh;
  const typed: TypedPost = kept ?? { fields: storedFields, version: stored?.version };
  const unsaved = kept !== undefined && normal(kept.fields) !== normal(storedFields);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const { errors, problem: schemaProblem } = checked(typed.fields);
  const slugState = useSlugCheck(typed.fields.slug, stored?.id, errors.slug, stored?.slug);
  const latest = useRef(typed);
  latest.current = typed;
  const deleting = useSubmission();

  const save = async () => {
    const sent = latest.current;
    const version = sent.version ?? stored?.version;
    const fields = postFieldsSchema.cast(sent.fields) as PostFields;
    let answer: PostChanged;
    try {
      answer = stored ? await savePost(stored.id, fields, version!) : await createPost(fields);
    } catch (error) {
      // A 409 is a save that lost to another (its version moved on) or an address taken meanwhile.
      if (error instanceof RequestError && error.status === 409 && stored) {
        const now = await postOf(stored.id).catch(() => undefined);
        if (now?.version !== version) throw new ChangedMeanwhile(`${error.message} ${KEPT_NOTICE}`);
      }
      throw error;
    }
    // Typing that went on during the save stays kept, on the new version; else the kept copy goes.
    const after = latest.current.fields;
    forget();
    if (sortedJson(after) !== sortedJson(fieldsOf(answer.post))) keep({ fields: after, version: answer.post.version });
    onStored(answer.post);
  };

  const { status, saveNow, settle } = useAutosave({
    changes: JSON.stringify(typed),
    unsaved,
    problem: schemaProblem ?? slugTaken(slugState),
    signedIn,
    save,
  });

  const change = (name: keyof PostFields, value: PostFields[keyof PostFields]) => {
    const fields = { ...typed.fields, [name]: value };
    // The address follows the title while it is the title's suggestion and the post was never public.
    const suggested = slugFromTitle(typed.fields.title, POST_LIMITS.slug);
    if (name === 'title' && (!stored || stored.state === 'draft') && typed.fields.slug === suggested)
      fields.slug = slugFromTitle(value as string, POST_LIMITS.slug);
    keep({ ...typed, fields });
    if (!touched.has(name)) setTouched(new Set(touched).add(name));
  };

  const loadTheirs = async () => {
    forget();
    settle();
    await reload();
  };

  const changed = ({ post }: PostChanged) => {
    if (!unsaved) forget();
    onStored(post);
  };

  const remove = () =>
    void deleting.submit(async () => {
      const { message } = await deletePost(stored!.id, stored!.version);
      forget();
      void navigate('..', { relative: 'path', state: { notice: message } });
      return message;
    });

  const shownErrors = Object.fromEntries(Object.entries(errors).filter(([name]) => touched.has(name)));
  return (
    <div className="console-post">
      <form
        className="console-card console-campaign__form console-post__form"
        onSubmit={(event) => {
          event.preventDefault();
          void saveNow();
        }}
        noValidate
      >
        <h2>{stored ? 'The post' : 'Write the post'}</h2>
        <p className="console-small" role="status">
          {statusText(status, stored)}
        </p>
        <fieldset className="console-campaign__fields">
          <legend className="visually-hidden">The post’s fields</legend>
          <PostFieldset
            fields={typed.fields}
            errors={shownErrors}
            slugState={slugState}
            publishedSlug={stored?.publishedSlug}
            onChange={change}
          />
        </fieldset>
        {status.kind === 'failed' && (
          <FormMessage kind="error" text={`Not saved: ${status.error} What you typed is kept on this device.`} />
        )}
        {status.kind === 'conflict' && <FormMessage kind="error" text={status.error} />}
        <div className="console-actions">
          {status.kind === 'conflict' ? (
            <button type="button" className="button button--secondary" onClick={() => void loadTheirs()}>
              Load the saved version (replaces what you typed)
            </button>
          ) : (
            <button
              type="submit"
              className="button button--primary"
              disabled={!unsaved || status.kind === 'saving' || status.kind === 'blocked'}
            >
              Save now
            </button>
          )}
          {stored?.state === 'draft' && (
            <ConfirmButton
              label="Delete this draft"
              question={`Delete the draft "${stored.title}" and all its revisions? It cannot be undone.`}
              confirm="Yes, delete it"
              disabled={deleting.pending}
              onConfirm={remove}
            />
          )}
        </div>
        {deleting.outcome?.kind === 'error' && <FormMessage kind="error" text={deleting.outcome.text} />}
      </form>
      {stored && (
        <div className="console-post__side">
          <PostPublishing post={stored} unsaved={unsaved} onChanged={changed} reload={reload} />
          <RevisionsPanel post={stored} unsaved={unsaved} onRestored={changed} />
        </div>
      )}
      <PostPreview fields={typed.fields} id={stored?.id} problem={schemaProblem} />
    </div>
  );
}
