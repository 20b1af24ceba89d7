import { FormMessage } from '#web/src/components/form/FormMessage.tsx';

/** While a thing loads: what is happening, the error in plain words, and "Try again" if nothing is shown yet. */
export function LoadState({
  loaded,
  error,
  loadingText,
  reload,
}: {
  loaded: boolean;
  error: string;
  loadingText: string;
  reload: () => Promise<void>;
}) {
  return (
    <>
      {!loaded && !error && <p role="status">{loadingText}</p>}
      {error && <FormMessage kind="error" text={error} />}
      {error && !loaded && (
        <button type="button" className="button button--secondary" onClick={() => void reload()}>
          Try again
        </button>
      )}
    </>
  );
}
