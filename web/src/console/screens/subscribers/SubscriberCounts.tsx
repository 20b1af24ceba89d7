import { AUDIENCES } from '#shared/constants/audiences.ts';
import { CAMPAIGN_TOPICS } from '#shared/constants/campaigns.ts';
import { SUBSCRIBER_STATES, type SubscribersOverview } from '#shared/console-people.ts';
import { audienceText, stateText, topicText } from '../../subscriber-words';

interface CountTableProps<Key extends string> {
  caption: string;
  rowHeading: string;
  keys: readonly Key[];
  label: (key: Key) => string;
  counts: Record<(typeof AUDIENCES)[number], Record<Key, number>>;
}

/** One table of counts: a row per state (or topic), a column per list and the total. */
function CountTable<Key extends string>({ caption, rowHeading, keys, label, counts }: CountTableProps<Key>) {
  return (
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
          <th scope="col">Both lists</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key}>
            <th scope="row">{label(key)}</th>
            {AUDIENCES.map((audience) => (
              <td key={audience} data-label={audienceText(audience)}>
                {counts[audience][key]}
              </td>
            ))}
            <td data-label="Both lists">{AUDIENCES.reduce((sum, audience) => sum + counts[audience][key], 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
      />
      <CountTable
        caption="Who a campaign would reach now, by topic"
        rowHeading="Topic"
        keys={CAMPAIGN_TOPICS}
        label={topicText}
        counts={overview.byTopic}
      />
    </div>
  );
}
