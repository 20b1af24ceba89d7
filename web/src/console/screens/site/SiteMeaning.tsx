import { SPIKE_MIN_VISITORS, SPIKE_WINDOW_DAYS } from '#shared/console/site.ts';
import { SPIKE_TIMES } from './site-words';

/** The id of the explanation, for the line at the top of the screen that points to it. */
export const MEANING_ID = 'site-meaning';

/**
 * What the Site screen's numbers mean and what it does not show, for owners who are not
 * engineers (docs/decisions/0081-privacy-first-analytics.md says how each is counted).
 */
export function SiteMeaning() {
  return (
    <section aria-labelledby={MEANING_ID} className="site-meaning">
      <h2 id={MEANING_ID}>What these numbers mean</h2>
      <ul>
        <li>
          <strong>Visitors</strong> are counted once a day per device, without cookies. The site makes a code from the
          device&apos;s internet address and browser with a secret that changes every day and is then deleted, so the
          code cannot be turned back into either, nor matched with another day&apos;s. Someone who comes back the next
          day, or reads on a phone and then on a computer, counts again: a range&apos;s visitors are its days&apos;
          visitors added up.
        </li>
        <li>
          <strong>Page views</strong> are the pages opened, each time one is opened.
        </li>
        <li>
          <strong>Conversions</strong> are the firm&apos;s own records: scorecard requests, contact sign-ups and
          confirmed subscriptions. Each one counts under that day&apos;s visit from the same device, with its entry
          page, source and campaign. One with no visit that day (sent from another device, or from a browser that runs
          no script) counts in the totals and the charts, and in no list.
        </li>
        <li>
          <strong>Conversion rate</strong> is conversions divided by visitors. In a list, it is the visits of that row
          that converted, divided by the row&apos;s visitors.
        </li>
        <li>
          <strong>Busy days</strong> are called out when a day&apos;s visitors are more than {SPIKE_TIMES} the usual
          (the median of the {SPIKE_WINDOW_DAYS} days before: half of them had fewer visitors, half more), and at least{' '}
          {SPIKE_MIN_VISITORS}.
        </li>
        <li>
          <strong>Not counted:</strong> search engines and other robots, browsers that run no script or block the count,
          pages opened from a personal link in an email, the newsletter&apos;s pages, and addresses that are not pages
          of the site. So the figures are the least there was, never more.
        </li>
        <li>
          <strong>Today</strong> is counted as visits come in: a visit shows here within seconds.
        </li>
      </ul>
      <h3>What this screen does not show</h3>
      <p>
        Anyone&apos;s visits. It shows sums only: the site keeps no one&apos;s internet address, browser or list of
        pages, sets no cookie, and a lead&apos;s or subscriber&apos;s record holds nothing about their browsing. No
        other company sees the visits.
      </p>
    </section>
  );
}
