import { CONVERSION_KIND_WORDS, CONVERSION_KINDS, daysIn, type SiteReport } from '#shared/console/site.ts';
import { countText } from '../../kit/when';
import { changeText, rateText } from './site-words';

/** "the 30 days before", "the day before": the period the figures are compared with. */
export const previousWords = (report: SiteReport) => {
  const days = daysIn(report.range);
  return days === 1 ? 'the day before' : `the ${days} days before`;
};

/**
 * The range's sums beside the previous period's (named above them: SiteScreen): visitors, page
 * views, conversions (and of each kind) and the conversion rate, each with how it moved.
 */
export function SiteTotals({ report }: { report: SiteReport }) {
  const { totals, previousTotals } = report;
  const words = previousWords(report);
  const then = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  const counted = (name: string, now: number, before: number) => {
    const change = changeText(now, before);
    return { name, value: countText(now), beside: `${then}: ${countText(before)}${change ? ` (${change})` : ''}` };
  };
  const figures = [
    counted('Visitors', totals.visitors, previousTotals.visitors),
    counted('Page views', totals.views, previousTotals.views),
    counted('Conversions', totals.conversions, previousTotals.conversions),
    {
      name: 'Conversion rate',
      value: rateText(totals.conversionRate),
      beside: `${then}: ${rateText(previousTotals.conversionRate)}`,
    },
  ];
  return (
    <>
      <dl className="site-totals">
        {figures.map(({ name, value, beside }) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>
              <span className="site-totals__value">{value}</span> <span className="console-small">{beside}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="console-small">
        {`Conversions by kind: ${CONVERSION_KINDS.map((kind) => `${CONVERSION_KIND_WORDS[kind]} ${countText(totals.byKind[kind])}`).join(', ')}.`}
      </p>
    </>
  );
}
