import './site.css';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays, type SiteRangeQuery, type SiteReport } from '#shared/console/site.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { ExportButton } from '../../export/ExportButton';
import { useLoaded } from '../../loading/use-loaded';
import { RangeChooser } from './RangeChooser';
import { siteCsv, siteReport } from './site-api';
import { firmToday, rangeChoiceOf } from './site-range';
import { rangeText, siteDayText, spikeText } from './site-words';
import { SiteLists } from './SiteLists';
import { MEANING_ID, SiteMeaning } from './SiteMeaning';
import { previousWords, SiteTotals } from './SiteTotals';
import { TrendChart, type Measure, type MeasureWords } from './TrendChart';

const CHARTS: readonly { measure: Measure; words: MeasureWords }[] = [
  { measure: 'visitors', words: { title: 'Visitors', one: 'visitor', many: 'visitors' } },
  { measure: 'views', words: { title: 'Page views', one: 'page view', many: 'page views' } },
  { measure: 'conversions', words: { title: 'Conversions', one: 'conversion', many: 'conversions' } },
];

/**
 * The Site screen (issue 32, part 5): how many people visit the site, from where, and which
 * pages, articles, sources and campaigns bring the firm's conversions, over 7, 30 or 90 days or
 * days the owner chooses, beside the period before; the busy days; the figures as CSV. Sums only:
 * the site keeps nothing that is a person's visits (docs/decisions/0081-privacy-first-analytics.md).
 */
export default function SiteScreen() {
  const [query, setQuery] = useSearchParams();
  const today = firmToday();
  const choice = rangeChoiceOf(query, today);

  return (
    <>
      <h1>Site</h1>
      <p className="console-lede">
        How many people visit the firm&apos;s site, where they come from, and which pages, articles, sources and
        campaigns bring scorecard requests, contact sign-ups and confirmed subscriptions. Counted without cookies; no
        one&apos;s visits are kept or shown (<a href={`#${MEANING_ID}`}>what these numbers mean</a>).
      </p>
      <RangeChooser choice={choice} today={today} onChoose={(range) => setQuery({ ...range })} />
      {choice.range && <RangeReport range={choice.range} />}
      <SiteMeaning />
    </>
  );
}

/** The report of `range`: the last one shown stays while another range's is counted. */
function RangeReport({ range }: { range: SiteRangeQuery }) {
  const { from, to } = range;
  const load = useCallback((signal: AbortSignal) => siteReport({ from, to }, signal), [from, to]);
  const { value: report, error, reload } = useLoaded(load);
  const counting = !error && (report?.range.from !== from || report.range.to !== to);
  return (
    <>
      {counting && <p role="status">{`Counting the visits of ${rangeText(range)}…`}</p>}
      {error && (
        <>
          <FormMessage kind="error" text={error} />
          <button type="button" className="button button--secondary" onClick={() => void reload()}>
            Try again
          </button>
        </>
      )}
      {report && <ReportShown report={report} />}
    </>
  );
}

function ReportShown({ report }: { report: SiteReport }) {
  const { range, finalThrough } = report;
  const stillCounting = finalThrough !== undefined && finalThrough < range.to ? addDays(finalThrough, 1) : undefined;
  return (
    <>
      <section aria-labelledby="site-totals" className="site-section">
        <h2 id="site-totals">{rangeText(range)}</h2>
        <p className="console-small">
          {`Beside ${previousWords(report)}, ${rangeText(report.previous)}.`}
          {stillCounting && ` From ${siteDayText(stillCounting)} on, the figures are still being counted and may grow.`}
        </p>
        {report.spikes.length > 0 && (
          <div className="console-notice console-notice--warning site-spikes">
            <h3>Busy days</h3>
            <ul>
              {report.spikes.map((spike) => (
                <li key={spike.day}>{spikeText(spike)}</li>
              ))}
            </ul>
            <p className="console-small">
              Sources and Campaigns below say where they came from. A crowd that never converts may be robots the site
              could not tell from people.
            </p>
          </div>
        )}
        <SiteTotals report={report} />
        <ExportButton label="Export CSV" noun="row" view={JSON.stringify(range)} ask={() => siteCsv(range)} />
      </section>
      <section aria-labelledby="site-days" className="site-section">
        <h2 id="site-days">Day by day</h2>
        <p className="site-legend console-small">
          <span className="site-legend__current">These days</span>
          <span className="site-legend__previous">{`The previous period (${rangeText(report.previous)})`}</span>
        </p>
        <div className="site-charts">
          {CHARTS.map(({ measure, words }) => (
            <TrendChart
              key={measure}
              measure={measure}
              words={words}
              days={report.days}
              previousDays={report.previousDays}
            />
          ))}
        </div>
      </section>
      <section aria-labelledby="site-lists" className="site-section">
        <h2 id="site-lists">What people read, where they came from</h2>
        <SiteLists lists={report.lists} />
      </section>
    </>
  );
}
