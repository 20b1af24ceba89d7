import { DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

/** Every DynamoDBClient instance (the handlers create theirs at module scope) answers from this mock. */
export const dynamo = mockClient(DynamoDBClient);

export const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

export const item = (value: Record<string, unknown>) => marshall(value, { removeUndefinedValues: true });

/** The inputs of every call of one command, in call order. */
export const callsOf = (command: unknown) =>
  dynamo.commandCalls(command as never).map((call) => call.args[0].input as Record<string, any>);

/** Expression values of an update call as plain JS. */
export const valuesOf = (input: Record<string, any>) => unmarshall(input.ExpressionAttributeValues ?? {});

/**
 * Makes one command fail for items whose id starts with `idPrefix` (the item kinds share a
 * table, so tests pick the write to break by its id) and succeed with `otherwise` for the rest.
 */
export const failFor = (command: unknown, idPrefix: string, error: Error, otherwise: Record<string, unknown> = {}) =>
  dynamo.on(command as never).callsFake((input: Record<string, any>) => {
    const id = String((input.Item ?? input.Key).id.S);
    return id.startsWith(idPrefix) ? Promise.reject(error) : Promise.resolve(otherwise);
  });

/** Answers one command per id prefix; the first matching prefix wins, `undefined` key = default. */
export const answerBy = (command: unknown, answers: [prefix: string, answer: () => unknown][]) =>
  dynamo.on(command as never).callsFake((input: Record<string, any>) => {
    const id = String((input.Item ?? input.Key).id.S);
    const match = answers.find(([prefix]) => id.startsWith(prefix));
    return match ? match[1]() : {};
  });

/**
 * What UpdateItem with ReturnValues ALL_NEW answers for a subscriber: the item after the
 * update, here with the consent count the update advanced to (it numbers the consent record).
 */
export const subscriberAfterUpdate = (id: string, consentCount: number, attributes: Record<string, unknown> = {}) => ({
  Attributes: item({ id, kind: 'subscriber', ...attributes, consentCount }),
});

/**
 * A consent record may only replace an expired one (a re-created subscriber's predecessor), or
 * be written again by a retry of the same event.
 */
export const RECORD_CONDITION =
  'attribute_not_exists(id) OR expiresAt < :writtenAt OR (#type = :eventType AND #at = :eventAt)';

/** Placeholders of the record's write condition, not attributes of the record. */
const CONDITION_PLACEHOLDERS = new Set([':writtenAt', ':eventType', ':eventAt']);

/**
 * The consent records written, as items: they are written with UpdateItem (the roles that change
 * consent may only update), so each `#attr = :attr` assignment is read back into the item.
 * Writes of a record's expiry alone are expiryWrites.
 */
export const consentRecordPuts = () =>
  callsOf(UpdateItemCommand)
    .filter((input) => String(input.Key.id.S).startsWith('consent#') && valuesOf(input)[':kind'] === 'consent-record')
    .map((input) => {
      const values = unmarshall(input.ExpressionAttributeValues) as Record<string, unknown>;
      const assigned = Object.entries(values).filter(([placeholder]) => !CONDITION_PLACEHOLDERS.has(placeholder));
      return {
        table: input.TableName as string,
        item: {
          id: input.Key.id.S,
          ...Object.fromEntries(assigned.map(([placeholder, value]) => [placeholder.slice(1), value])),
        },
        condition: input.ConditionExpression as string,
      };
    });

/**
 * The writes of an item's expiry alone (lambdas/data/subscriber-retention.ts), in call order:
 * the item and its new expiry, undefined for one removed (kept for good).
 */
export const expiryWrites = () =>
  callsOf(UpdateItemCommand)
    .filter((input) => /^(SET expiresAt = :expiresAt|REMOVE expiresAt)$/.test(input.UpdateExpression))
    .map((input) => ({ id: String(input.Key.id.S), expiresAt: valuesOf(input)[':expiresAt'] as number | undefined }));
