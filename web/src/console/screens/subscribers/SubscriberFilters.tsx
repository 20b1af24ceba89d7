import { useId } from 'react';
import type { SubscriberFilter } from '#shared/console/subscribers.ts';
import { audienceText, stateText, topicText } from '../../kit/subscriber-words';
import { FILTER_FIELDS } from './subscriber-filter';

const WORDS = { audience: audienceText, state: stateText, topic: topicText } as const;
const ANY = { audience: 'Both lists', state: 'Any state', topic: 'Anything' } as const;

/** The list's filter: a change shows its view at once and becomes the URL's query. */
export function SubscriberFilters({
  filter,
  onChange,
}: {
  filter: SubscriberFilter;
  onChange: (query: Record<string, string>) => void;
}) {
  const id = useId();
  const change = (name: keyof SubscriberFilter, value: string) => {
    const next: Record<string, string> = {};
    for (const [key, current] of Object.entries({ ...filter, [name]: value })) if (current) next[key] = current;
    onChange(next);
  };
  return (
    <div className="console-filters" role="group" aria-label="Filter the list">
      {FILTER_FIELDS.map(({ name, label, values }) => (
        <div key={name} className="form-field">
          <label htmlFor={`${id}-${name}`} className="form-label">
            {label}
          </label>
          <select
            id={`${id}-${name}`}
            className="form-control"
            value={filter[name] ?? ''}
            onChange={(event) => change(name, event.target.value)}
          >
            <option value="">{ANY[name]}</option>
            {values.map((value) => (
              <option key={value} value={value}>
                {(WORDS[name] as (key: string) => string)(value)}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}
