import { AUDIENCES } from '#shared/constants/audiences.ts';
import { CAMPAIGN_TOPICS } from '#shared/constants/campaigns.ts';
import { SUBSCRIBER_STATES, type SubscribersOverview } from '#shared/console/subscribers.ts';
import { audienceText, stateText, topicText } from '../../kit/subscriber-words';

interface CountTableProps<Key extends string> {
  caption: string;
  rowHeading: string;
  keys: readonly Key[];
  label: (key: Key) => string;
  counts: Record<(typeof AUDIENCES)[number], Record<Key, number>>;
  /** The line under the table naming the rows where every count is 0, e.g. "No one is: …". */
  noneText: (labels: string[]) => string;
}

/** The column of each row's sum: the people of both lists added up, not people on both. */
export const TOTAL_HEADING = 'Total';

/**
 * One table of counts: a row per state (or topic) that counts someone, a column per list and
 * their total; the rows where every count is 0 are named in one line under it instead of a row
 * each (on a phone, seven rows of zeros were a screen and more before the list).
 */
function CountTable<Key extends string>({ caption, rowHeading, keys, label, counts, noneText }: CountTableProps<Key>) {
  const total = (key: Key) => AUDIENCES.reduce((sum, audience) => sum + counts[audience][key], 0);
  const counted = keys.filter((key) => total(key) > 0);
  const none = keys.filter((key) => total(key) === 0).map(label);
  return (
    <div>
      <table className="console-table console-counts">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeading}</th>
            {AUDIENCES.map((audience) => (
              <th key={audience} scope="col">
                {audienceText(audience)}
              </th>
            ))}
            <th scope="col">{TOTAL_HEADING}</th>
          </tr>
        </thead>
        <tbody>
          {counted.map((key) => (
            <tr key={key}>
              <th scope="row">{label(key)}</th>
              {AUDIENCES.map((audience) => (
                <td key={audience} data-label={audienceText(audience)}>
                  {counts[audience][key]}
                </td>
              ))}
              <td data-label={TOTAL_HEADING}>{total(key)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {none.length > 0 && <p className="console-small console-counts__none">{noneText(none)}</p>}
    </div>
  );
}

/** How many people are in each state, and how many a campaign of each topic would reach now. */
export function SubscriberCounts({ overview }: { overview: SubscribersOverview }) {
  return (
    <div className="console-count-tables">
      <CountTable
        caption="People by state"
        rowHeading="State"
        keys={SUBSCRIBER_STATES}
        label={stateText}
        counts={overview.byState}
        noneText={(labels) =>
          `No one is in ${labels.length === 1 ? 'this state' : 'these states'}: ${labels.join('; ')}.`
        }
      />
      <CountTable
        caption="Who a campaign would reach now, by topic"
        rowHeading="Topic"
        keys={CAMPAIGN_TOPICS}
        label={topicText}
        counts={overview.byTopic}
        noneText={(labels) => `A campaign would reach no one now on: ${labels.join('; ')}.`}
      />
    </div>
  );
}
