import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/**
 * DynamoDB attribute values for the shapes our items use (strings, numbers, booleans, null,
 * lists, maps, string and number sets, bytes), in place of @aws-sdk/util-dynamodb, whose
 * general converter adds 4.0 KB to every DynamoDB bundle's start and would put the console's
 * campaigns over its 250 KiB (measured: docs/decisions/0090-bundle-budget-and-hand-written-pieces.md;
 * util-dynamodb is a devDependency, and test/unit/lambdas/data/attribute-values.test.ts compares the
 * two). Undefined values are left out, as util-dynamodb's `removeUndefinedValues` does.
 */
const toValue = (value: unknown): AttributeValue | undefined => {
  if (value === undefined) return undefined;
  if (value === null) return { NULL: true };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (value instanceof Uint8Array) return { B: value };
  if (value instanceof Set) {
    const entries = [...value];
    return entries.every((entry) => typeof entry === 'number')
      ? { NS: entries.map(String) }
      : { SS: entries.map(String) };
  }
  if (Array.isArray(value)) return { L: value.flatMap((entry) => toValue(entry) ?? []) };
  if (typeof value === 'object') return { M: marshall(value as Record<string, unknown>) };
  throw new Error(`Cannot store a ${typeof value} in DynamoDB`);
};

const fromValue = (value: AttributeValue): unknown => {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL) return null;
  if (value.L) return value.L.map(fromValue);
  if (value.M) return unmarshall(value.M);
  if (value.SS) return new Set(value.SS);
  if (value.NS) return new Set(value.NS.map(Number));
  if (value.B) return value.B;
  throw new Error(`Unsupported DynamoDB attribute value ${Object.keys(value).join(', ')}`);
};

export const marshall = (
  item: Record<string, unknown>,
  _options?: { removeUndefinedValues?: boolean },
): Record<string, AttributeValue> => {
  const attributes: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(item)) {
    const attribute = toValue(value);
    if (attribute) attributes[name] = attribute;
  }
  return attributes;
};

export const unmarshall = (attributes: Record<string, AttributeValue>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, fromValue(value)]));
