import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from './attribute-values';

/** A condition expression with its own placeholders, for a write that must only happen if it holds. */
export interface Condition {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

export interface UpdateParts {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, AttributeValue>;
}

/**
 * `SET #a = :a, #b = :b` for plain attribute assignments, plus optional raw clauses that use
 * their own placeholders (e.g. if_not_exists). Names are always aliased, so reserved words
 * such as `email` or `kind` are safe.
 */
export const setAttributes = (
  values: Record<string, unknown>,
  extra: { clauses?: string[]; names?: Record<string, string>; values?: Record<string, unknown> } = {},
): UpdateParts => {
  const names: Record<string, string> = { ...extra.names };
  const placeholders: Record<string, unknown> = { ...extra.values };
  const clauses = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([attribute, value]) => {
      names[`#${attribute}`] = attribute;
      placeholders[`:${attribute}`] = value;
      return `#${attribute} = :${attribute}`;
    });
  return {
    UpdateExpression: `SET ${[...clauses, ...(extra.clauses ?? [])].join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: marshall(placeholders, { removeUndefinedValues: true }),
  };
};
