import { useId, useState } from 'react';
import { firmDay, firmTime } from '#shared/firm-day.ts';

/**
 * A time the owner chooses on the firm's clock (Alberta, decision 0073), whatever the device's
 * zone: a campaign's send, a post's publish. `at` is the instant (Unix seconds) once both parts are
 * chosen; `problem` says why it cannot be used yet (the API checks again: 400 for a past time).
 */
export function useAlbertaTime() {
  const [day, setDay] = useState('');
  const [time, setTime] = useState('09:00');
  const at = day && time ? firmTime(day, time) : undefined;
  const problem =
    at === undefined
      ? 'Choose the date and the time to schedule it.'
      : at * 1000 <= Date.now()
        ? 'Choose a time later than now.'
        : '';
  return { day, setDay, time, setTime, at, problem };
}

/** The date and time inputs of a useAlbertaTime, each saying it is Alberta time. */
export function AlbertaTimeFields({ chosen }: { chosen: ReturnType<typeof useAlbertaTime> }) {
  const id = useId();
  return (
    <div className="console-send__time">
      <div className="form-field">
        <label className="form-label" htmlFor={`${id}-day`}>
          Date (Alberta time)
        </label>
        <input
          id={`${id}-day`}
          className="form-input"
          type="date"
          min={firmDay(Date.now() / 1000)}
          value={chosen.day}
          onChange={(event) => chosen.setDay(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label className="form-label" htmlFor={`${id}-time`}>
          Time (Alberta time)
        </label>
        <input
          id={`${id}-time`}
          className="form-input"
          type="time"
          value={chosen.time}
          onChange={(event) => chosen.setTime(event.target.value)}
        />
      </div>
    </div>
  );
}
