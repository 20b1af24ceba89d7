import { useState } from 'react';
import type { SiteListName, SiteLists as Lists, SiteRow } from '#shared/console/site.ts';
import { countText } from '../../kit/when';
import { keyText, rateText } from './site-words';

interface ListWords {
  name: SiteListName;
  title: string;
  /** The first column's heading: what a row is. */
  column: string;
  /** The rows, for "Show all 23 pages". */
  plural: string;
  about: string;
}

/** The lists the screen shows, in its order, in the owners' words. */
export const LIST_WORDS: readonly ListWords[] = [
  {
    name: 'pages',
    title: 'Pages',
    column: 'Page',
    plural: 'pages',
    about: 'Every page viewed: the visitors who opened it, how often, and how many of those visits converted.',
  },
  {
    name: 'entryPages',
    title: 'Entry pages',
    column: 'Page',
    plural: 'entry pages',
    about: 'The first page of each visit: where people start.',
  },
  {
    name: 'articles',
    title: 'Articles',
    column: 'Article',
    plural: 'articles',
    about: "The blog's posts, counted as Pages counts them.",
  },
  {
    name: 'sources',
    title: 'Sources',
    column: 'Source / medium',
    plural: 'sources',
    about:
      "Where each visit came from: a link's campaign tags (newsletter / email), else the site that linked to it (www.linkedin.com / referral).",
  },
  {
    name: 'referrers',
    title: 'Referring sites',
    column: 'Site',
    plural: 'sites',
    about: 'The site each visit came from, when the browser said so.',
  },
  {
    name: 'campaigns',
    title: 'Campaigns',
    column: 'Campaign',
    plural: 'campaigns',
    about:
      "Visits from a link tagged with a campaign. The firm's campaign emails tag their links with the campaign's name.",
  },
  {
    name: 'countries',
    title: 'Countries',
    column: 'Country',
    plural: 'countries',
    about: 'The country of each visit, as the network that delivers the site places it.',
  },
  {
    name: 'devices',
    title: 'Devices',
    column: 'Device',
    plural: 'devices',
    about: 'The kind of device each visit came from, as its browser describes itself (an iPad says it is a computer).',
  },
];

/** Rows shown before "Show all": on a phone each row is a block of its own. */
export const FIRST_ROWS = 10;

function SiteList({ words, rows }: { words: ListWords; rows: readonly SiteRow[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  const headingId = `site-list-${words.name}`;
  return (
    <section aria-labelledby={headingId} className="site-list">
      <h3 id={headingId}>{words.title}</h3>
      <p className="console-small">{words.about}</p>
      {rows.length === 0 ? (
        <p>No visit in these days.</p>
      ) : (
        <table className="console-table console-counts site-list__table">
          <caption className="visually-hidden">{words.title}</caption>
          <thead>
            <tr>
              <th scope="col">{words.column}</th>
              <th scope="col">Visitors</th>
              <th scope="col">Page views</th>
              <th scope="col">Conversions</th>
              <th scope="col">Conversion rate</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.key}>
                {/* The key as text: it may be a stranger's (a forged referrer or campaign tag). */}
                <th scope="row" className="console-table__wrap">
                  {keyText(words.name, row.key)}
                </th>
                <td data-label="Visitors">{countText(row.visitors)}</td>
                <td data-label="Page views">{countText(row.views)}</td>
                <td data-label="Conversions">{countText(row.conversions)}</td>
                <td data-label="Conversion rate">{rateText(row.conversionRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > FIRST_ROWS && (
        <button type="button" className="button button--secondary" onClick={() => setAll(!all)}>
          {all ? `Show the first ${FIRST_ROWS} ${words.plural}` : `Show all ${rows.length} ${words.plural}`}
        </button>
      )}
    </section>
  );
}

/** Every list of the report, each with its conversions and conversion rate. */
export function SiteLists({ lists }: { lists: Lists }) {
  return (
    <div className="site-lists">
      {LIST_WORDS.map((words) => (
        <SiteList key={words.name} words={words} rows={lists[words.name]} />
      ))}
    </div>
  );
}
