import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { SiteDay } from '#shared/console/site.ts';
import { countOf } from '#shared/count-words.ts';
import { countText } from '../../kit/when';
import { shortDayText, siteDayText } from './site-words';
import type { drawTrend } from './trend-chart';

/** What a chart draws of each day. */
export type Measure = 'visitors' | 'views' | 'conversions';

/** A chart's words: its title, and its measure's noun for a count ("1 visitor", "3 visitors"). */
export interface MeasureWords {
  title: string;
  one: string;
  many: string;
}

// The drawing code is a file of its own (trend-chart.ts, web/build/console-chunks.ts), asked for
// once; a failed download (a dropped connection) is asked for again by the next chart drawn.
let drawing: Promise<{ drawTrend: typeof drawTrend }> | undefined;
const loadDrawing = () =>
  (drawing ??= import('./trend-chart').catch((error: unknown) => {
    drawing = undefined;
    throw error;
  }));
// Asked for when the Site screen's module first runs (on opening /admin/site that is while the
// session is checked: screens/registry.ts startOpening), so it travels beside the report's call.
void loadDrawing().catch(() => undefined);

const STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
/** The plot's top: its highest value rounded up to a figure easy to read (50, 150, 8), at least 1. */
export const topOf = (values: readonly number[]) => {
  const highest = Math.max(1, ...values);
  const power = 10 ** Math.floor(Math.log10(highest));
  return STEPS.find((step) => step * power >= highest)! * power;
};

interface TrendChartProps {
  measure: Measure;
  words: MeasureWords;
  days: readonly SiteDay[];
  /** The previous period's days: as many, day for day (the same weekdays when the range is whole weeks). */
  previousDays: readonly SiteDay[];
}

/**
 * One measure day by day, this period's line beside the previous period's dashed line, with the
 * same figures in a table (folded under the chart) for anyone who cannot see it or wants each
 * day's number. Pointing at or tapping a day writes its figures under the chart.
 */
export function TrendChart({ measure, words, days, previousDays }: TrendChartProps) {
  const id = useId();
  const svg = useRef<SVGSVGElement>(null);
  const [point, setPoint] = useState<number>();
  const [failed, setFailed] = useState(false);
  const current = useMemo(() => days.map((day) => day[measure]), [days, measure]);
  const previous = useMemo(() => previousDays.map((day) => day[measure]), [previousDays, measure]);
  const top = topOf([...current, ...previous]);

  useEffect(() => {
    let undo: (() => void) | undefined;
    let shown = true;
    setPoint(undefined);
    setFailed(false);
    loadDrawing().then(
      (code) => {
        if (shown && svg.current) undo = code.drawTrend(svg.current, { current, previous, top, onPoint: setPoint });
      },
      () => shown && setFailed(true),
    );
    return () => {
      shown = false;
      undo?.();
    };
  }, [current, previous, top]);

  const count = (value: number) => countOf(value, words.one, words.many);
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const highest = current.indexOf(Math.max(...current));
  const summary =
    `${words.title}, ${siteDayText(days[0]!.day)} to ${siteDayText(days.at(-1)!.day)}: ${count(sum(current))} in all, ` +
    `the most on ${siteDayText(days[highest]!.day)} (${countText(current[highest]!)}); ` +
    `the previous period ${count(sum(previous))}. The table under the chart has every day.`;
  const readout =
    point === undefined
      ? 'Point at or tap a day to read its figures.'
      : `${siteDayText(days[point]!.day)}: ${count(current[point]!)}. ` +
        `The same day of the previous period, ${siteDayText(previousDays[point]!.day)}: ${countText(previous[point]!)}.`;

  return (
    <figure className="site-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{words.title}</h3>
      <div className="site-chart__plot">
        <div className="site-chart__axis" aria-hidden="true">
          <span>{countText(top)}</span>
          <span>0</span>
        </div>
        <svg ref={svg} className="trend-chart" role="img" aria-label={summary} />
        <div className="site-chart__days" aria-hidden="true">
          <span>{shortDayText(days[0]!.day)}</span>
          <span>{shortDayText(days.at(-1)!.day)}</span>
        </div>
      </div>
      <p className="site-chart__readout console-small">
        {failed
          ? 'The chart could not be drawn (the connection may have dropped): the table has the same figures.'
          : readout}
      </p>
      <details className="site-chart__table">
        <summary>{`${words.title}: every day as a table`}</summary>
        <table className="console-table console-counts">
          <caption className="visually-hidden">{`${words.title}, each day beside the same day of the previous period`}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{words.title}</th>
              <th scope="col">Previous period</th>
              <th scope="col">Then</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day.day}>
                <th scope="row">{siteDayText(day.day)}</th>
                <td data-label={words.title}>{countText(current[index]!)}</td>
                <td data-label="Previous period">{siteDayText(previousDays[index]!.day)}</td>
                <td data-label="Then">{countText(previous[index]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
