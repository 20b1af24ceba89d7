import { Fragment } from 'react';

interface ConsentTextProps {
  /** The exact consent text the server records (shared/constants CONSENT_TEXT). */
  text: string;
  /** Phrases of `text` to turn into links, with their targets. */
  links: Readonly<Record<string, string>>;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The consent label with its policy names as links, keeping the visible text identical to
 * the recorded consent text. The links open a new tab so reading a policy does not throw
 * away what the visitor already typed.
 */
export function ConsentText({ text, links }: ConsentTextProps) {
  const phrases = Object.keys(links);
  if (phrases.length === 0) return <>{text}</>;
  const parts = text.split(new RegExp(`(${phrases.map(escapeRegExp).join('|')})`));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {Object.hasOwn(links, part) ? (
            <a href={links[part]} target="_blank" rel="noopener noreferrer">
              {part}
            </a>
          ) : (
            part
          )}
        </Fragment>
      ))}
    </>
  );
}
