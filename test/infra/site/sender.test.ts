import { parseSender } from '#infra/cdk/site/sender.ts';

describe('the senderEmail setting', () => {
  it('sends from hello@ a domain sender, as the stack does (the advised setting, in cdk.json)', () => {
    expect(parseSender('chinooktalent.ca')).toEqual({ isAddress: false, fromAddress: 'hello@chinooktalent.ca' });
  });

  it('sends from an address sender as it is', () => {
    expect(parseSender(' hello@chinooktalent.ca ')).toEqual({ isAddress: true, fromAddress: 'hello@chinooktalent.ca' });
  });

  it('refuses anything else, naming where it was set', () => {
    expect(() => parseSender('hello@', 'cdk.json')).toThrow(
      'cdk.json: sender must be an email address or a domain, got "hello@"',
    );
  });
});
