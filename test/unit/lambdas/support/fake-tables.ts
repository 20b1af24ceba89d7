/**
 * An in-memory stand-in for the DynamoDB tables behind the aws-sdk-client-mock of
 * ./dynamo-mock.ts: GetItem, PutItem, UpdateItem and the MailDue Query, with the subset of
 * the expression language the data modules use (SET/ADD/DELETE/REMOVE, if_not_exists, nested
 * paths and list indexes, comparisons, IN, AND/OR/NOT, attribute_exists, attribute_not_exists,
 * size, contains). Tests then assert on what the tables hold afterwards, as an operator would
 * read them, and inject faults into chosen calls.
 */
import {
  ConditionalCheckFailedException,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { dynamo } from './dynamo-mock';

type Item = Record<string, any>;
type Input = Record<string, any>;
type CommandName = 'GetItem' | 'PutItem' | 'UpdateItem' | 'Query';

/** Decides per call whether it fails: return an error to throw it instead of running the call. */
export type Fault = (command: CommandName, input: Input) => Error | undefined;

const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

// ---- expressions -------------------------------------------------------------------------

interface Scope {
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** `#a.b[0]` -> ['a', 'b', '0']: names resolved, list indexes as keys. */
const pathOf = (raw: string, scope: Scope): string[] =>
  raw
    .trim()
    .split('.')
    .flatMap((part) => {
      const [name, ...indexes] = part.split(/\[(\d+)\]/).filter(Boolean);
      return [name!.startsWith('#') ? scope.names[name!]! : name!, ...indexes];
    });

const read = (item: Item | undefined, path: string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Item)[key] : undefined),
    item,
  );

const write = (item: Item, path: string[], value: unknown) => {
  const parent = path.slice(0, -1).reduce<Item>((node, key) => {
    if (node[key] === undefined) throw new Error(`ValidationException: document path ${path.join('.')} does not exist`);
    return node[key] as Item;
  }, item);
  const last = path[path.length - 1]!;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
};

/** Splits on `separator` outside parentheses. */
const splitTop = (text: string, separator: RegExp): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (depth === 0) {
      const match = separator.exec(text.slice(index));
      if (match && match.index === 0) {
        parts.push(text.slice(start, index));
        index += match[0].length - 1;
        start = index + 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
};

const operand = (raw: string, item: Item | undefined, scope: Scope): unknown => {
  const text = raw.trim();
  const plus = splitTop(text, /^ \+ /);
  if (plus.length > 1) return plus.reduce((sum, part) => (sum as number) + (operand(part, item, scope) as number), 0);
  const ifNotExists = /^if_not_exists\((.+)\)$/.exec(text);
  if (ifNotExists) {
    const [path, fallback] = splitTop(ifNotExists[1]!, /^,/);
    const current = read(item, pathOf(path!, scope));
    return current === undefined ? operand(fallback!, item, scope) : current;
  }
  const size = /^size\((.+)\)$/.exec(text);
  if (size) {
    const value = operand(size[1]!, item, scope);
    return value instanceof Set
      ? value.size
      : Array.isArray(value) || typeof value === 'string'
        ? value.length
        : undefined;
  }
  if (text.startsWith(':')) return scope.values[text];
  return read(item, pathOf(text, scope));
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b) && a !== undefined;

const condition = (raw: string, item: Item | undefined, scope: Scope): boolean => {
  const text = raw.trim();
  const ors = splitTop(text, /^ OR /);
  if (ors.length > 1) return ors.some((part) => condition(part, item, scope));
  const ands = splitTop(text, /^ AND /);
  if (ands.length > 1) return ands.every((part) => condition(part, item, scope));
  if (text.startsWith('NOT ')) return !condition(text.slice('NOT '.length), item, scope);
  if (text.startsWith('(') && text.endsWith(')')) return condition(text.slice(1, -1), item, scope);
  const call = /^(attribute_exists|attribute_not_exists|contains)\((.+)\)$/.exec(text);
  if (call) {
    const [first, second] = splitTop(call[2]!, /^,/);
    const value = read(item, pathOf(first!, scope));
    if (call[1] === 'attribute_exists') return value !== undefined;
    if (call[1] === 'attribute_not_exists') return value === undefined;
    const needle = operand(second!, item, scope);
    return value instanceof Set
      ? value.has(needle)
      : Array.isArray(value) || typeof value === 'string'
        ? value.includes(needle as never)
        : false;
  }
  const inList = /^(.+?)\s+IN\s+\((.+)\)$/.exec(text);
  if (inList) {
    const value = operand(inList[1]!, item, scope);
    return splitTop(inList[2]!, /^,/).some((candidate) => same(value, operand(candidate, item, scope)));
  }
  const comparison = /^(.+?)\s*(<=|>=|<>|=|<|>)\s*(.+)$/.exec(text);
  if (!comparison) throw new Error(`fake-tables: cannot read condition "${text}"`);
  const left = operand(comparison[1]!, item, scope);
  const right = operand(comparison[3]!, item, scope);
  if (left === undefined || right === undefined) return comparison[2] === '<>' && left !== right;
  switch (comparison[2]) {
    case '=':
      return same(left, right);
    case '<>':
      return !same(left, right);
    case '<':
      return (left as number) < (right as number);
    case '<=':
      return (left as number) <= (right as number);
    case '>':
      return (left as number) > (right as number);
    default:
      return (left as number) >= (right as number);
  }
};

const applyUpdate = (expression: string, item: Item, scope: Scope) => {
  const clauses = expression
    .split(/\b(SET|ADD|DELETE|REMOVE)\b/)
    .map((part) => part.trim())
    .filter(Boolean);
  for (let index = 0; index < clauses.length; index += 2) {
    const [keyword, body] = [clauses[index]!, clauses[index + 1]!];
    for (const action of splitTop(body, /^,/)) {
      if (keyword === 'REMOVE') {
        write(item, pathOf(action, scope), undefined);
        continue;
      }
      if (keyword === 'SET') {
        const [target, value] = splitTop(action, /^ = /);
        write(item, pathOf(target!, scope), structuredClone(operand(value!, item, scope)));
        continue;
      }
      const [target, placeholder] = action.split(/\s+/);
      const path = pathOf(target!, scope);
      const current = read(item, path);
      const given = scope.values[placeholder!];
      if (keyword === 'ADD') {
        write(
          item,
          path,
          given instanceof Set
            ? new Set([...((current as Set<unknown>) ?? []), ...given])
            : ((current as number) ?? 0) + (given as number),
        );
      } else {
        const left = new Set(
          [...((current as Set<unknown>) ?? [])].filter((entry) => !(given as Set<unknown>).has(entry)),
        );
        write(item, path, left.size > 0 ? left : undefined);
      }
    }
  }
};

// ---- tables ----------------------------------------------------------------------------

export class FakeTables {
  readonly tables = new Map<string, Map<string, Item>>();
  private faults: Fault[] = [];
  /** Added to every call's answer time (a slow database). */
  latencyMs = 0;

  table(name: string): Map<string, Item> {
    if (!this.tables.has(name)) this.tables.set(name, new Map());
    return this.tables.get(name)!;
  }

  /** An item as stored (a copy), or undefined. */
  get(table: string, id: string): Item | undefined {
    const found = this.table(table).get(id);
    return found && structuredClone(found);
  }

  /** Items of a table whose id starts with `prefix`. */
  all(table: string, prefix = ''): Item[] {
    return [...this.table(table).values()]
      .filter((item) => String(item.id).startsWith(prefix))
      .map((item) => structuredClone(item));
  }

  put(table: string, item: Item): void {
    this.table(table).set(item.id, structuredClone(item));
  }

  /** Adds a fault; it stays until `clearFaults`. */
  inject(fault: Fault): void {
    this.faults.push(fault);
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** Fails the next `times` calls that match, then lets them through. */
  failTimes(times: number, matches: (command: CommandName, input: Input) => boolean, error: () => Error): void {
    let left = times;
    this.inject((command, input) => {
      if (left > 0 && matches(command, input)) {
        left -= 1;
        return error();
      }
      return undefined;
    });
  }

  private check(command: CommandName, input: Input) {
    for (const fault of this.faults) {
      const error = fault(command, input);
      if (error) throw error;
    }
  }

  private scope(input: Input): Scope {
    return { names: input.ExpressionAttributeNames ?? {}, values: unmarshall(input.ExpressionAttributeValues ?? {}) };
  }

  getItem(input: Input) {
    this.check('GetItem', input);
    const found = this.table(input.TableName).get(unmarshall(input.Key).id);
    return { Item: found && marshall(found, { removeUndefinedValues: true }) };
  }

  putItem(input: Input) {
    this.check('PutItem', input);
    const item = unmarshall(input.Item);
    const existing = this.table(input.TableName).get(item.id);
    if (input.ConditionExpression && !condition(input.ConditionExpression, existing, this.scope(input)))
      throw conditionFailed();
    this.table(input.TableName).set(item.id, item);
    return {};
  }

  updateItem(input: Input) {
    this.check('UpdateItem', input);
    const { id } = unmarshall(input.Key);
    const existing = this.table(input.TableName).get(id);
    const scope = this.scope(input);
    if (input.ConditionExpression && !condition(input.ConditionExpression, existing, scope)) throw conditionFailed();
    const item = structuredClone(existing ?? { id });
    applyUpdate(input.UpdateExpression, item, scope);
    this.table(input.TableName).set(id, item);
    const returned = { ALL_NEW: item, ALL_OLD: existing }[input.ReturnValues as string];
    return returned ? { Attributes: marshall(returned, { removeUndefinedValues: true }) } : {};
  }

  /** The MailDue index: leads with mailQueue = 'due' and nextAttemptAt <= now, oldest first, keys only. */
  query(input: Input) {
    this.check('Query', input);
    const { ':due': due, ':now': now } = unmarshall(input.ExpressionAttributeValues);
    const items = [...this.table(input.TableName).values()]
      .filter((item) => item.mailQueue === due && item.nextAttemptAt <= now)
      .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt)
      .slice(0, input.Limit ?? Infinity);
    return {
      Items: items.map((item) =>
        marshall({ id: item.id, mailQueue: item.mailQueue, nextAttemptAt: item.nextAttemptAt }),
      ),
    };
  }
}

/** Resets the DynamoDB mock and answers every call from fresh in-memory tables. */
export const fakeTables = (): FakeTables => {
  const tables = new FakeTables();
  dynamo.reset();
  const serve = (run: (input: Input) => unknown) => async (input: Input) => {
    if (tables.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, tables.latencyMs));
    return run(input);
  };
  dynamo.on(GetItemCommand).callsFake(serve((input) => tables.getItem(input)));
  dynamo.on(PutItemCommand).callsFake(serve((input) => tables.putItem(input)));
  dynamo.on(UpdateItemCommand).callsFake(serve((input) => tables.updateItem(input)));
  dynamo.on(QueryCommand).callsFake(serve((input) => tables.query(input)));
  return tables;
};
