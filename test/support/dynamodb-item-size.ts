/**
 * The size DynamoDB gives an item, as its developer guide computes it ("DynamoDB item sizes and
 * formats", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html),
 * and its limit. dynalite enforces 400 KB on the string's length in UTF-16 code units, not its UTF-8
 * bytes, so an item of Chinese or accented text it stores can be one AWS refuses: tests measure
 * what they stored with this instead.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/** 400 KB, as DynamoDB counts them (1 KB = 1,024 bytes: "Constraints in Amazon DynamoDB"). */
export const DYNAMODB_ITEM_MAX_BYTES = 400 * 1024;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** "1 byte per two significant digits, plus 1 byte"; leading and trailing zeroes are trimmed. */
const numberSize = (number: string) => {
  const digits = number
    .replace(/^[-+]/, '')
    .replace(/e.*$/i, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
};

/** A value's size, without its attribute name. */
export function attributeValueSize(value: AttributeValue): number {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return numberSize(value.N);
  if (value.B !== undefined) return value.B.byteLength;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((sum, text) => sum + utf8(text), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, number) => sum + numberSize(number), 0);
  if (value.BS !== undefined) return value.BS.reduce((sum, bytes) => sum + bytes.byteLength, 0);
  // A list or map: 3 bytes, and 1 byte for each element besides its own size (and a map's names).
  if (value.L !== undefined) return value.L.reduce((sum, element) => sum + attributeValueSize(element) + 1, 3);
  if (value.M !== undefined)
    return Object.entries(value.M).reduce(
      (sum, [name, element]) => sum + utf8(name) + attributeValueSize(element) + 1,
      3,
    );
  throw new Error(`Not a DynamoDB attribute value: ${JSON.stringify(value)}`);
}

/** The item's size: each attribute's name in UTF-8 bytes and its value. */
export const dynamoItemSize = (item: Record<string, AttributeValue>) =>
  Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + attributeValueSize(value), 0);
