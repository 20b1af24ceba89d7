/**
 * Marking many leads as spam in one action: an address-spread flood leaves thousands of leads in
 * the inbox (issue 33, part 8; docs/decisions/0075-marking-a-flood-as-spam.md). A run covers the
 * leads of a scope (the view as filtered and searched, or the leads shown) that had arrived when
 * it began, and is done in steps the page asks for in turn, each a bounded request well within the
 * function's 10 s: a few reads of LeadsByTime, then one conditional write per lead. The run's
 * item keeps where it stands and its counts, so a step asked again, a step from a second tab or
 * a run taken up again after the page was closed marks no lead twice and counts each lead once;
 * each lead is marked only while it still meets the scope's view and filters (a lead changed
 * meanwhile is left as it is). Its held emails are dropped as it is marked (held-mail.ts). The
 * run has one audit entry, whose count follows it (recordStepsAudit).
 */
import type { SpamRun } from '#shared/console/leads.ts';
import { countOf } from '#shared/count-words.ts';
import { firmDay } from '#shared/firm-day.ts';
import type { SpamRunScope } from '#shared/console/leads-schemas.ts';
import { marshall } from '../../data/attribute-values';
import { getItem, putIfAbsent, updateItem } from '../../data/items';
import { markSpamWithin } from '../../data/lead-follow-up';
import { leadId } from '../../data/lead-item';
import type { TableStore } from '../../data/stores';
import { Refusal } from '../../domain/refusal';
import { dropHeldOfSpam } from '../../mail/held-mail';
import { randomToken } from '../../runtime/tokens';
import { recordStepsAudit } from '../kit/audit-log';
import type { ConsoleRequest } from '../kit/request';
import { hashedToken } from '../kit/hashed-token';
import { countLeads, filterOf, readLeads } from './lead-list';
import { viewWords } from './lead-view-words';

/** What one step marks at most, the reads it may spend finding them, and its writes at once. */
const STEP_LEADS = 200;
const STEP_READS = 5;
const WRITES_AT_ONCE = 25;
/** The reads counting a run's leads may spend: 1 MB each, some 20,000 leads of 2 KB. */
const COUNT_READS = 40;
/** A run is kept a day (its audit entry for good): long enough to take up again after a pause. */
const RUN_SECONDS = 86_400;
/** How long a step holds its run: more than the function's 10 s. */
const LEASE_SECONDS = 30;

export const SPAM_RUN_MESSAGES = {
  tooMany:
    'Too many leads match to mark them in one action. Narrow the view with the dates or the filters, then try again.',
  gone: 'This marking is no longer known: it began more than a day ago, or another owner began it. Start it again; the leads it marked are out of the inbox already.',
  otherScope: 'These are not the leads this marking began with. Start it again.',
  busy: 'This marking is going on in another window of the console right now. Let it finish there, or try again in a minute.',
} as const;

interface SpamRunItem {
  id: string;
  kind: 'console-spam-run';
  owner: string;
  /** When it began: its leads are those that had arrived by then. */
  startedAt: number;
  /** The hash of its scope: the page sends the scope at every step, and a search is not kept (0072). */
  scopeHash: string;
  total: number;
  marked: number;
  unchanged: number;
  heldDropped: number;
  /** Where its next step starts: a cursor of the view, or the index of the next id shown. */
  position?: string;
  done: boolean;
  expiresAt: number;
}

const RUN_PREFIX = 'spam-run#';
/** A run's key in its route: randomToken's 22 characters. */
const RUN_KEY = /^[A-Za-z0-9_-]{22}$/;

/** The scope in one canonical form, whatever order its fields came in. */
const scopeHash = (scope: SpamRunScope) =>
  hashedToken(
    JSON.stringify(
      Object.entries(scope)
        .filter(([, value]) => value !== undefined && value !== '')
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );

const progressOf = (item: SpamRunItem): SpamRun => ({
  run: item.id.slice(RUN_PREFIX.length),
  total: item.total,
  marked: item.marked,
  unchanged: item.unchanged,
  heldDropped: item.heldDropped,
  done: item.done,
});

/** The scope without its ids: the view and filters every lead of it must still meet. */
const viewOf = ({ ids: _ids, ...view }: SpamRunScope) => view;

/**
 * The audit log's words for a run as it stands, e.g. "Marked 1,200 of 8,100 leads as spam so far,
 * in one action on every lead of the inbox (received from 2026-11-27)".
 */
const summaryOf = (scope: SpamRunScope, run: SpamRunItem) => {
  const view = viewWords(viewOf(scope), scope.q ? ['a search'] : []);
  const which = scope.ids ? `the ${countOf(run.total, 'lead')} shown in ${view}` : `every lead of ${view}`;
  const done = run.done
    ? `Marked ${countOf(run.marked, 'lead')} as spam`
    : `Marked ${run.marked.toLocaleString('en-CA')} of ${countOf(run.total, 'lead')} as spam so far,`;
  const unchanged = run.unchanged
    ? `; ${countOf(run.unchanged, 'lead')} had changed meanwhile and ${run.unchanged === 1 ? 'was' : 'were'} not marked`
    : '';
  const held = run.heldDropped ? `; ${countOf(run.heldDropped, 'held email')} will never be sent` : '';
  return `${done} in one action on ${which}${unchanged}${held}`;
};

/** Runs `task` over `items`, `width` at a time. */
const inTurns = async <T, R>(items: readonly T[], width: number, task: (item: T) => Promise<R>) => {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width)
    results.push(...(await Promise.all(items.slice(start, start + width).map(task))));
  return results;
};

/** A run begins: its leads are counted (none is marked yet), so the page can ask with the number. */
export const startSpamRun = async (request: ConsoleRequest, scope: SpamRunScope): Promise<SpamRun> => {
  const total =
    scope.ids?.length ??
    (await countLeads(request.stores.leads, viewOf(scope), {
      now: request.now,
      until: request.now,
      maxReads: COUNT_READS,
    }));
  if (total === undefined) throw new Refusal('invalid', SPAM_RUN_MESSAGES.tooMany);
  const run: SpamRunItem = {
    id: `${RUN_PREFIX}${randomToken()}`,
    kind: 'console-spam-run',
    owner: request.signedIn.owner,
    startedAt: request.now,
    scopeHash: scopeHash(scope),
    total,
    marked: 0,
    unchanged: 0,
    heldDropped: 0,
    done: total === 0,
    expiresAt: request.now + RUN_SECONDS,
  };
  await putIfAbsent(request.stores.console, run);
  return progressOf(run);
};

/** The ids of the run's next leads, and where the step after starts (none: this is the last). */
const nextLeads = async (request: ConsoleRequest, run: SpamRunItem, scope: SpamRunScope) => {
  if (scope.ids) {
    const from = Number(run.position ?? 0);
    const to = from + STEP_LEADS;
    return { ids: scope.ids.slice(from, to).map(leadId), next: to < scope.ids.length ? String(to) : undefined };
  }
  const found = await readLeads(
    request.stores.leads,
    { ...viewOf(scope), cursor: run.position },
    { now: request.now, until: run.startedAt, pageSize: STEP_LEADS, maxReads: STEP_READS, summary: true },
  );
  return { ids: found.leads.map((lead) => lead.id), next: found.next };
};

/**
 * Takes the run for one step: one step at a time, so no lead is read by two and each is counted
 * once (a second tab asking meanwhile is told so). The lease outlasts the function's 10 s, so a
 * step cut off lets the run go on a little later. The run as taken, or undefined when a step of
 * it is under way.
 */
const takeRun = (store: TableStore, run: SpamRunItem, lease: string, now: number) =>
  updateItem<SpamRunItem>(store, run.id, {
    UpdateExpression: 'SET #lease = :lease, #leaseUntil = :until',
    ConditionExpression: 'attribute_exists(id) AND (attribute_not_exists(#leaseUntil) OR #leaseUntil < :now)',
    ExpressionAttributeNames: { '#lease': 'lease', '#leaseUntil': 'leaseUntil' },
    ExpressionAttributeValues: marshall({ ':lease': lease, ':until': now + LEASE_SECONDS, ':now': now }),
    ReturnValues: 'ALL_NEW',
  });

type Counts = Pick<SpamRunItem, 'marked' | 'unchanged' | 'heldDropped'>;

const COUNT_NAMES = { '#marked': 'marked', '#heldDropped': 'heldDropped', '#unchanged': 'unchanged' };
const countValues = (counts: Counts) => ({
  ':marked': counts.marked,
  ':heldDropped': counts.heldDropped,
  ':unchanged': counts.unchanged,
});

/**
 * Moves the run on past this step's leads with their counts, and gives the lease back. Should the
 * lease have run out under this step and another taken the run, the counts are added all the same
 * and the position is the other step's.
 */
const advance = async (store: TableStore, run: SpamRunItem, lease: string, next: string | undefined, counts: Counts) =>
  (await updateItem<SpamRunItem>(store, run.id, {
    UpdateExpression: `SET #done = :done${next === undefined ? '' : ', #position = :next'} ADD #marked :marked, #heldDropped :heldDropped, #unchanged :unchanged REMOVE #lease, #leaseUntil${next === undefined ? ', #position' : ''}`,
    ConditionExpression: '#lease = :lease',
    ExpressionAttributeNames: {
      ...COUNT_NAMES,
      '#done': 'done',
      '#position': 'position',
      '#lease': 'lease',
      '#leaseUntil': 'leaseUntil',
    },
    ExpressionAttributeValues: marshall({
      ...countValues(counts),
      ':done': next === undefined,
      ...(next !== undefined && { ':next': next }),
      ':lease': lease,
    }),
    ReturnValues: 'ALL_NEW',
  })) ??
  (await updateItem<SpamRunItem>(store, run.id, {
    UpdateExpression: 'ADD #marked :marked, #heldDropped :heldDropped, #unchanged :unchanged',
    ExpressionAttributeNames: COUNT_NAMES,
    ExpressionAttributeValues: marshall(countValues(counts)),
    ReturnValues: 'ALL_NEW',
  }))!;

/**
 * One step of a run: its next leads marked as spam, each only while it still meets the scope's
 * view and filters, their held emails dropped, the run moved on and its audit entry brought up to
 * date. A run that is done answers as it stands.
 */
export const stepSpamRun = async (request: ConsoleRequest, runKey: string, scope: SpamRunScope): Promise<SpamRun> => {
  const { console: store, leads } = request.stores;
  const found = RUN_KEY.test(runKey) ? await getItem<SpamRunItem>(store, `${RUN_PREFIX}${runKey}`) : undefined;
  if (found?.kind !== 'console-spam-run' || found.owner !== request.signedIn.owner)
    throw new Refusal('not-found', SPAM_RUN_MESSAGES.gone);
  if (found.scopeHash !== scopeHash(scope)) throw new Refusal('conflict', SPAM_RUN_MESSAGES.otherScope);
  if (found.done) return progressOf(found);
  const lease = randomToken();
  const run = await takeRun(store, found, lease, request.now);
  if (!run) throw new Refusal('conflict', SPAM_RUN_MESSAGES.busy);
  if (run.done) return progressOf(run);

  const { ids, next } = await nextLeads(request, run, scope);
  const filter = filterOf(viewOf(scope), firmDay(request.now));
  const condition = { expression: filter.text, names: filter.names, values: filter.values };
  const outcomes = await inTurns(ids, WRITES_AT_ONCE, async (id) => {
    const written = await markSpamWithin(leads, id, condition);
    return written ? { marked: 1, held: await dropHeldOfSpam(leads, written) } : { marked: 0, held: 0 };
  });
  const marked = outcomes.reduce((sum, outcome) => sum + outcome.marked, 0);
  const heldDropped = outcomes.reduce((sum, outcome) => sum + outcome.held, 0);
  // A view's leads that its last step no longer found had changed since the run counted them.
  const vanished = next === undefined && !scope.ids ? run.total - run.marked - run.unchanged - ids.length : 0;
  const unchanged = ids.length - marked + Math.max(0, vanished);
  const after = await advance(store, run, lease, next, { marked, heldDropped, unchanged });

  await recordStepsAudit(
    store,
    {
      actor: request.signedIn.owner,
      action: 'lead.spam-many',
      summary: summaryOf(scope, after),
      stepsKey: run.id,
      progress: after.marked + after.unchanged,
    },
    request.now,
  );
  return progressOf(after);
};
