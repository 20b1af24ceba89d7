import { readFile, writeFile } from 'node:fs/promises';
import type { SNSEvent } from 'aws-lambda';
import { every } from '../queues-and-schedules/every';
import type { SandboxedFunction } from '../functions/sandbox/function-sandbox';

/** Where the relay stands: which emulator run's event list, and how many of its events were delivered. */
interface Cursor {
  stream: string;
  position: number;
}

/** An SNS delivery of SES events, one record per event, as SNS hands them to the ingestion Lambda. */
export const snsEventOf = (messages: unknown[], first: number): SNSEvent => ({
  Records: messages.map((message, index) => ({
    EventSource: 'aws:sns',
    EventVersion: '1.0',
    EventSubscriptionArn: 'arn:aws:sns:ca-central-1:000000000000:local-ses-events:local',
    Sns: {
      Type: 'Notification',
      MessageId: `local-ses-event-${first + index}`,
      TopicArn: 'arn:aws:sns:ca-central-1:000000000000:local-ses-events',
      Subject: '',
      Message: JSON.stringify(message),
      Timestamp: new Date().toISOString(),
      SignatureVersion: '1',
      Signature: '',
      SigningCertUrl: '',
      UnsubscribeUrl: '',
      MessageAttributes: {},
    },
  })),
});

/**
 * The local stand-in for the SNS topic between SES's configuration set and the ingestion
 * Lambda (docs/decisions/0063-settling-mail-from-ses-events.md): it reads the local SES's
 * events in order (GET /events?after=N, infra/local/services.ts) every `intervalMs` and hands
 * them to the same ingestion function, at least once: the position is kept in `cursorFile` only after the
 * handler succeeded, so a failure or a restart delivers the events again (the ingestion is
 * idempotent, as SNS's at-least-once delivery requires). An SES endpoint without /events (one
 * the caller gave) publishes nothing; the relay says so once and stops.
 */
export function startSesEventRelay(options: {
  sesEndpoint: string;
  ingestion: Pick<SandboxedFunction, 'invoke'>;
  cursorFile: string;
  intervalMs?: number;
}) {
  const { sesEndpoint, ingestion, cursorFile, intervalMs = 250 } = options;
  let cursor: Cursor | undefined;

  const readCursor = async (): Promise<Cursor> => {
    const saved = await readFile(cursorFile, 'utf8').catch(() => '');
    try {
      const parsed = JSON.parse(saved) as Cursor;
      return typeof parsed.stream === 'string' && Number.isInteger(parsed.position)
        ? parsed
        : { stream: '', position: 0 };
    } catch {
      return { stream: '', position: 0 };
    }
  };

  /** Relays every event published so far, a page at a time (the emulator pages its list). */
  const relayAll = async (schedule: { stopSoon: () => void }) => {
    cursor ??= await readCursor();
    for (;;) {
      const response = await fetch(`${sesEndpoint}/events?after=${cursor.position}`);
      if (response.status === 404) {
        console.warn(`[ses-events] ${sesEndpoint} publishes no events: mail in doubt is settled by its window only`);
        schedule.stopSoon();
        return;
      }
      if (!response.ok) throw new Error(`SES events answered ${response.status}`);
      const page = (await response.json()) as { stream: string; events: unknown[] };
      if (page.stream !== cursor.stream) {
        // Another emulator run (npm start restarted it): its list starts again at 0.
        const readFromStart = cursor.position === 0;
        cursor = { stream: page.stream, position: 0 };
        if (!readFromStart) continue;
      }
      if (page.events.length === 0) return;
      await ingestion.invoke(snsEventOf(page.events, cursor.position));
      cursor = { stream: cursor.stream, position: cursor.position + page.events.length };
      await writeFile(cursorFile, JSON.stringify(cursor));
    }
  };

  return every(intervalMs, (schedule) =>
    relayAll(schedule).catch((error: unknown) => console.warn('[ses-events] delivery failed; retrying', error)),
  );
}
