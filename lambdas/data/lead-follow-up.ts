import { NOTES_MAX, type LeadNote, type StatusChangeRecord } from '#shared/console/leads.ts';
import { updateItem } from './items';
import type { LeadItem } from './lead-item';
import type { TableStore } from './stores';
import { marshall } from './attribute-values';
import { setAttributes, type Condition } from './update-expression';

/**
 * The console's writes on a lead: its follow-up fields only (lead-item.ts), never what the
 * visitor sent or the mailer's bookkeeping. Each is one conditional UpdateItem that returns the
 * lead as written, or undefined when its condition lost (no such lead, or, for a change, the
 * lead is no longer at the version it was made on).
 */
const IS_LEAD = 'attribute_exists(id) AND #kind = :lead';

export type FollowUpChange = { status: StatusChangeRecord } | { followUpOn: string | null } | { spam: boolean };

/**
 * A change made on the lead at `version` (absent on the item counts as 0); it moves the version
 * on, so a second change made on the same version loses and its owner is told.
 */
export const changeFollowUp = (store: TableStore, id: string, version: number, change: FollowUpChange) => {
  const set: Record<string, unknown> = { consoleVersion: version + 1 };
  const clauses: string[] = [];
  const names: Record<string, string> = { '#kind': 'kind' };
  const values: Record<string, unknown> = { ':lead': 'lead', ':version': version };
  const remove: string[] = [];
  if ('status' in change) {
    set.followUpStatus = change.status.to;
    clauses.push('#history = list_append(if_not_exists(#history, :none), :entry)');
    Object.assign(names, { '#history': 'statusHistory' });
    Object.assign(values, { ':none': [], ':entry': [change.status] });
  }
  if ('followUpOn' in change) {
    if (change.followUpOn === null) remove.push('followUpOn');
    else set.followUpOn = change.followUpOn;
  }
  if ('spam' in change) {
    if (change.spam) set.spam = true;
    else remove.push('spam');
  }
  const parts = setAttributes(set, { clauses, names, values });
  for (const attribute of remove) parts.ExpressionAttributeNames[`#${attribute}`] = attribute;
  const removal = remove.length > 0 ? ` REMOVE ${remove.map((attribute) => `#${attribute}`).join(', ')}` : '';
  const atVersion =
    version === 0
      ? '(attribute_not_exists(#consoleVersion) OR #consoleVersion = :version)'
      : '#consoleVersion = :version';
  return updateItem<LeadItem>(store, id, {
    ...parts,
    UpdateExpression: `${parts.UpdateExpression}${removal}`,
    ConditionExpression: `${IS_LEAD} AND ${atVersion}`,
    ReturnValues: 'ALL_NEW',
  });
};

/**
 * Appends a note. Notes only add, so two owners writing at once both keep theirs: no version
 * is needed, and the version is left as it is. Refused past NOTES_MAX notes.
 */
export const appendNote = (store: TableStore, id: string, note: LeadNote) =>
  updateItem<LeadItem>(store, id, {
    ...setAttributes(
      {},
      {
        clauses: ['#notes = list_append(if_not_exists(#notes, :none), :note)'],
        names: { '#notes': 'notes', '#kind': 'kind' },
        values: { ':none': [], ':note': [note], ':lead': 'lead', ':max': NOTES_MAX },
      },
    ),
    ConditionExpression: `${IS_LEAD} AND (attribute_not_exists(#notes) OR size(#notes) < :max)`,
    ReturnValues: 'ALL_NEW',
  });

/**
 * Marks a lead as spam within a run over many (lambdas/console/leads/spam-runs.ts): only while it is
 * not spam yet and still meets `condition`, the view and filters it was chosen by, whatever its
 * version (the owner chose the view, not each lead); the version moves on, so an owner who has
 * the lead open is told it changed. The lead as written, or undefined when it no longer
 * qualifies (moved out of the view meanwhile, marked already, or gone).
 */
export const markSpamWithin = (store: TableStore, id: string, condition: Condition) =>
  updateItem<LeadItem>(store, id, {
    UpdateExpression: 'SET #spam = :true ADD #consoleVersion :one',
    ConditionExpression: `${IS_LEAD} AND attribute_not_exists(#spam) AND (${condition.expression})`,
    ExpressionAttributeNames: {
      '#kind': 'kind',
      '#spam': 'spam',
      '#consoleVersion': 'consoleVersion',
      ...condition.names,
    },
    ExpressionAttributeValues: marshall({ ':lead': 'lead', ':true': true, ':one': 1, ...condition.values }),
    ReturnValues: 'ALL_NEW',
  });
