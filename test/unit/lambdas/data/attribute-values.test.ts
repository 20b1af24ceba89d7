/** lambdas/data/attribute-values.ts must write and read items exactly as @aws-sdk/util-dynamodb does. */
import * as reference from '@aws-sdk/util-dynamodb';
import { marshall, unmarshall } from '#lambdas/data/attribute-values.ts';

const item = {
  id: 'lead#KeyKeyKeyKeyKeyKeyKeyK',
  count: 3,
  ratio: 0.5,
  subscribed: false,
  nothing: null,
  mail: { notification: 'pending', confirmation: 'sent' },
  emailSetting: [true, false, true],
  leads: new Set(['a', 'b']),
  nested: { list: [{ at: 1 }, 'x'] },
};

describe('attribute values', () => {
  it('marshalls like util-dynamodb', () => {
    expect(marshall(item)).toEqual(reference.marshall(item));
  });

  it('reads back what util-dynamodb wrote', () => {
    expect(unmarshall(reference.marshall(item))).toEqual(reference.unmarshall(reference.marshall(item)));
    expect(unmarshall(marshall(item))).toEqual(item);
  });

  it('leaves out undefined values, as removeUndefinedValues does', () => {
    const withUndefined = { id: 'x', consentRequest: undefined, mail: { a: 'pending', b: undefined } };
    expect(marshall(withUndefined)).toEqual(reference.marshall(withUndefined, { removeUndefinedValues: true }));
  });
});
