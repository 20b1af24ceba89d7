/**
 * A person's token in a campaign's text, found by what it is (lambdas/campaigns/personal-links.ts,
 * subscriber-tokens.ts): through mail filters' wrappings and encodings, a known subscriber's token
 * by their id and their links' proofs, and the form of a bare token; never an ordinary word.
 */
import { decodings, looksLikeToken, personalAddressIn, wrappersOf } from '#lambdas/campaigns/personal-links.ts';
import { subscriberTokenFinder } from '#lambdas/campaigns/subscriber-tokens.ts';
import { subscriberLinks } from '#lambdas/mail/subscriber-links.ts';
import { subscriberLinkToken } from '#lambdas/domain/subscriber-link-token.ts';
import {
  NOT_TOKENS,
  pastedForms,
  proofpointV2,
  proofpointV3,
  safeLinks,
  tokenSubscriber,
} from '#test/support/pasted-tokens.ts';

const SITE = 'https://www.chinooktalent.ca';

describe('unwrapping a pasted link', () => {
  it('takes a link out of Safe Links, Proofpoint v2 and v3 and percent-encoding, even nested', () => {
    // Prepare
    const link = `${SITE}/unsubscribe/candidate/ab-_cd#ef_-gh`;

    // Act
    const inner = [
      safeLinks(link),
      proofpointV2(link),
      proofpointV3(link),
      encodeURIComponent(encodeURIComponent(link)),
      safeLinks(proofpointV2(link)),
    ].map(decodings);

    // Assess
    for (const found of inner) expect(found.map((decoding) => decoding.text)).toContain(link);
    expect(inner.map(wrappersOf)).toEqual([
      ['Outlook Safe Links'],
      ['Proofpoint URL Defense'],
      ['Proofpoint URL Defense'],
      [],
      ['Outlook Safe Links', 'Proofpoint URL Defense'],
    ]);
  });

  it("finds a person's page or API record on any host, wrapped or not, and names it", () => {
    expect(personalAddressIn(safeLinks(`${SITE}/api/employer/subscribers/abc`))).toMatchObject({
      shown: `${SITE}/api/employer/subscribers/`,
      place: 'api',
      decoded: true,
      via: ['Outlook Safe Links'],
    });
    expect(personalAddressIn('http://localhost:3000/employer/setting/xyz')).toMatchObject({
      shown: 'http://localhost:3000/employer/setting/',
      place: 'settings',
      decoded: false,
    });
    expect(personalAddressIn(`${SITE}/api/employer/scorecard/download/t`)?.place).toBe('api');
    expect(personalAddressIn(`${SITE}/blog/unsubscribe-tips and /candidate/setting`)).toBeUndefined();
  });
});

describe("a known subscriber's token", () => {
  it('is found in every pasted form and told apart by its proof', () => {
    // Prepare
    const subscriber = tokenSubscriber();
    const find = subscriberTokenFinder([tokenSubscriber(), subscriber]);

    // Act
    const found = Object.entries(pastedForms(subscriber)).map(([form, { line }]) => [form, find(line)]);

    // Assess
    expect(Object.fromEntries(found)).toEqual({
      'Outlook Safe Links': [
        { kind: 'unsubscribe', via: ['Outlook Safe Links'] },
        { kind: 'preferences', via: ['Outlook Safe Links'] },
      ],
      'Proofpoint v2': [{ kind: 'preferences', via: ['Proofpoint URL Defense'] }],
      'Proofpoint v3': [
        { kind: 'unsubscribe', via: ['Proofpoint URL Defense'] },
        { kind: 'preferences', via: ['Proofpoint URL Defense'] },
      ],
      'percent-encoded': [{ kind: 'preferences', via: [] }],
      'the API address': [{ kind: 'preferences', via: [] }],
      'a code span': [{ kind: 'unsubscribe', via: [] }],
      bare: [{ kind: 'unsubscribe', via: [] }],
    });
  });

  it('is found as an id alone, and as the bare id of a subscriber from before link purposes', () => {
    // Prepare
    const [current, legacy] = [tokenSubscriber(), tokenSubscriber(false)];
    const find = subscriberTokenFinder([current, legacy]);

    // Act
    const idAlone = find(`id=${current.id}`);
    const legacyLink = find(subscriberLinks(SITE, legacy).oneClick);
    const otherProof = find(`${current.id}${subscriberLinkToken(tokenSubscriber(), 'unsubscribe').slice(22)}`);

    // Assess
    expect(idAlone).toEqual([{ kind: 'id', via: [] }]);
    expect(legacyLink).toEqual([{ kind: 'legacy', via: [] }]);
    expect(otherProof).toEqual([{ kind: 'id', via: [] }]);
  });

  it('is never an ordinary long word, a slug, or a random-looking string that is no one’s id', () => {
    // Prepare
    const find = subscriberTokenFinder([tokenSubscriber(), tokenSubscriber(false)]);

    // Act
    const found = [...NOT_TOKENS, tokenSubscriber().id, subscriberLinkToken(tokenSubscriber(), 'preferences')].flatMap(
      find,
    );

    // Assess
    expect(found).toEqual([]);
  });
});

describe("a bare token's form (the archive's second line, with no table)", () => {
  it('is 22 or 44 base64url characters of both cases that do not read as words', () => {
    const subscriber = tokenSubscriber();
    expect(looksLikeToken(subscriberLinkToken(subscriber, 'unsubscribe'))).toBe(true);
    expect(looksLikeToken('Zq3-xT9_bW1kLm0PaR7vEe')).toBe(true);
    for (const word of ['internationalisations', 'friction-free-employee', 'AcmeRecruitingServices'])
      expect(looksLikeToken(word)).toBe(false);
    for (const word of ['HRTipsForSmallBusiness', 'CalgaryHiringOutlook26', 'WorkplaceInvestigation'])
      expect(looksLikeToken(word)).toBe(false);
  });
});
