import type { LinkCheck, Preflight, PreflightCheckId } from '#shared/console/campaigns.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { isoTime, whenText } from '../../kit/when';
import type { PreflightState } from './use-preflight';

export const CHECK_NAMES: Record<PreflightCheckId, string> = {
  recipients: 'Who gets it',
  identification: 'Who it is from (the firm’s name and mailing address)',
  links: 'Links',
  tokens: 'No subscriber’s personal link',
  unsubscribe: 'Unsubscribe link',
  subject: 'Subject length',
  preheader: 'Preheader length',
};

const LINK_WORDS: Record<LinkCheck['result'], string> = {
  ok: 'Works',
  broken: 'Broken',
  'not-checked': 'Not checked (another site’s page: open it yourself)',
};

/**
 * The checks the API runs on the stored campaign before anyone may send it: each with "OK" or
 * "Problem" in words (never colour alone), who gets it and who does not and why, and each link.
 * Run when the campaign opens and again on "Check again" (after a save, say): use-preflight.ts.
 */
export function PreflightChecklist({ preflight, unsaved }: { preflight: PreflightState; unsaved: boolean }) {
  const { result, error, checking, check } = preflight;
  return (
    <section className="console-card" aria-labelledby="campaign-checks" aria-busy={checking}>
      <h2 id="campaign-checks">Checks before sending</h2>
      {unsaved && (
        <p className="console-notice">These checks are of the saved campaign. Save your changes, then check again.</p>
      )}
      <p role="status" className="console-small">
        {checking && 'Checking the saved campaign…'}
        {!checking && result && (
          <>
            Checked <time dateTime={isoTime(result.checkedAt)}>{whenText(result.checkedAt)}</time>
          </>
        )}
      </p>
      {error && <FormMessage kind="error" text={error} />}
      {result && <PreflightResult result={result} />}
      <button type="button" className="button button--secondary" disabled={checking} onClick={() => void check()}>
        {checking ? 'Checking…' : 'Check again'}
      </button>
    </section>
  );
}

function PreflightResult({ result }: { result: Preflight }) {
  const problems = result.checks.filter((item) => !item.ok).length;
  return (
    <>
      <p className="console-preflight__recipients">
        <strong>{result.recipients}</strong> {result.recipients === 1 ? 'person' : 'people'} would get it.{' '}
        {problems === 0
          ? 'Every check passed.'
          : `${problems} ${problems === 1 ? 'check needs' : 'checks need'} attention.`}
      </p>
      <ul className="console-checks" aria-label="Checks">
        {result.checks.map((item) => (
          <li key={item.id} className={item.ok ? 'console-check' : 'console-check console-check--problem'}>
            <span className={`console-state ${item.ok ? 'console-state--sent' : 'console-state--failed'}`}>
              {item.ok ? 'OK' : 'Problem'}
            </span>
            <strong>{CHECK_NAMES[item.id]}:</strong> {item.summary}
          </li>
        ))}
      </ul>
      {result.exclusions.length > 0 && (
        <>
          <h3>Who will not get it, and why</h3>
          <ul className="console-exclusions">
            {result.exclusions.map((exclusion) => (
              <li key={exclusion.reason}>
                {exclusion.label}: <strong>{exclusion.count}</strong>
                <details>
                  <summary>
                    {exclusion.emails.length < exclusion.count
                      ? `The first ${exclusion.emails.length} addresses`
                      : 'Their addresses'}
                  </summary>
                  <ul className="console-table__wrap">
                    {exclusion.emails.map((email) => (
                      <li key={email}>{email}</li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>Links</h3>
      {result.links.length === 0 ? (
        <p>The body has no links.</p>
      ) : (
        <ul className="console-links">
          {result.links.map((link) => (
            <li key={link.href}>
              <span className="console-table__wrap">{link.href}</span>: {LINK_WORDS[link.result]}
              {link.detail && ` (${link.detail})`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
