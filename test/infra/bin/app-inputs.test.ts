import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  locateScorecardDocument,
  locateWebBuild,
  parseAppContext,
  REQUIRED_CONTEXT_KEYS,
  OWNERS_REFUSED,
  SITE_URL_REFUSED,
  mailingAddressRefused,
} from '#infra/cdk/bin/app-inputs.ts';
import { FIXTURE_WEB_DIST } from '#test/infra/support/app.ts';

const CONTEXT: Record<string, unknown> = {
  senderEmail: 'hello@example.ca',
  notificationEmail: 'team@example.ca',
  opsEmail: 'ops@example.ca',
  owners: ['ann@chinooktalent.ca'],
  mailingAddress: 'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
};
const parse = (overrides: Record<string, unknown> = {}) =>
  parseAppContext((key) => ({ ...CONTEXT, ...overrides })[key]);

describe('parseAppContext', () => {
  it("reads the firm's mailing address", () => {
    expect(parse().mailingAddress).toBe('Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3');
  });

  it.each([
    ['missing', undefined, 'No mailing address is configured.'],
    ['empty', '  ', 'No mailing address is configured.'],
    [
      "the code's old placeholder",
      '100 Example Street SW, Suite 200, Calgary, Alberta T2P 0A1, Canada',
      'The mailing address "100 Example Street SW, Suite 200, Calgary, Alberta T2P 0A1, Canada" is a placeholder, not the firm\'s real address.',
    ],
    [
      "the local stack's stand-in",
      'Local stand-in, not a real mailing address (set MAILING_ADDRESS), Calgary, Alberta',
      'The mailing address "Local stand-in, not a real mailing address (set MAILING_ADDRESS), Calgary, Alberta" is a placeholder, not the firm\'s real address.',
    ],
    [
      'without a postal code',
      '123 8 Ave SW, Calgary',
      'The mailing address "123 8 Ave SW, Calgary" has no Canadian postal code (A1A 1A1).',
    ],
    ['on two lines', '123 8 Ave SW\nCalgary T2P 1B3', 'The mailing address must be written on one line.'],
  ])('refuses a mailingAddress that is %s, saying why', (_case, mailingAddress, problem) => {
    expect(() => parse({ mailingAddress })).toThrow(mailingAddressRefused(problem));
  });

  it("reads the console's owners from a list or a comma-separated -c value, trimmed and in lower case", () => {
    expect(parse({ owners: [' Ann@ChinookTalent.ca '] }).owners).toEqual(['ann@chinooktalent.ca']);
    expect(parse({ owners: 'ann@chinooktalent.ca, bob@chinooktalent.ca' }).owners).toEqual([
      'ann@chinooktalent.ca',
      'bob@chinooktalent.ca',
    ]);
  });

  it.each([
    ['missing', undefined],
    ['empty', []],
    ['not an address', ['ann']],
    ['a placeholder domain', ['owner@example.com']],
    ['not text', [42]],
  ])('refuses owners that are %s', (_case, owners) => {
    expect(() => parse({ owners })).toThrow(OWNERS_REFUSED);
  });

  it('reads the required keys', () => {
    expect(parse()).toMatchObject({
      senderEmail: 'hello@example.ca',
      notificationEmail: 'team@example.ca',
      opsEmail: 'ops@example.ca',
      customDomain: undefined,
      apiThrottle: undefined,
    });
  });

  it.each(REQUIRED_CONTEXT_KEYS)('names the missing key %s', (key) => {
    expect(() => parse({ [key]: undefined })).toThrow(`Missing CDK context key "${key}"`);
  });

  it.each(['https://d1234example.cloudfront.net', 'https://www.chinooktalent.ca'])(
    'refuses a siteUrl (%s): the URL comes from the custom domain or the distribution',
    (siteUrl) => {
      expect(() => parse({ siteUrl })).toThrow(SITE_URL_REFUSED);
    },
  );

  it.each(['www.example.ca', 'example.com', 'site.test', 'd1234example.cloudfront.net'])(
    'refuses the placeholder domainName %s',
    (domainName) => {
      const certificateArn = 'arn:aws:acm:us-east-1:111111111111:certificate/abc';
      expect(() => parse({ domainName, certificateArn })).toThrow(
        `Context key "domainName" must be the site's real domain, got the placeholder "${domainName}"`,
      );
    },
  );

  it('reads the optional existing sender identity', () => {
    expect(parse({ existingSenderIdentity: 'example.ca' }).existingSenderIdentity).toBe('example.ca');
    expect(parse().existingSenderIdentity).toBeUndefined();
  });

  it('reads the optional custom domain, which needs both keys', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:111111111111:certificate/abc';
    expect(parse({ domainName: 'www.chinooktalent.ca', certificateArn }).customDomain).toEqual({
      domainName: 'www.chinooktalent.ca',
      certificateArn,
    });
    expect(() => parse({ domainName: 'www.chinooktalent.ca' })).toThrow(/set both or neither/);
  });

  it('reads optional API throttling (strings from -c are numbers too)', () => {
    expect(parse({ apiRateLimit: '5', apiBurstLimit: 10 }).apiThrottle).toEqual({ rateLimit: 5, burstLimit: 10 });
    expect(() => parse({ apiRateLimit: 5 })).toThrow(/set both or neither/);
    expect(() => parse({ apiRateLimit: 'fast', apiBurstLimit: 10 })).toThrow(/positive number/);
  });

  it("reads the form and subscriber routes' throttling apart from each other", () => {
    const parsed = parse({
      formRateLimit: 1,
      formBurstLimit: 2,
      subscriberRateLimit: '30',
      subscriberBurstLimit: '60',
    });
    expect([parsed.formThrottle, parsed.subscriberThrottle, parsed.apiThrottle]).toEqual([
      { rateLimit: 1, burstLimit: 2 },
      { rateLimit: 30, burstLimit: 60 },
      undefined,
    ]);
    expect(() => parse({ subscriberBurstLimit: 5 })).toThrow(
      'Context keys "subscriberRateLimit" and "subscriberBurstLimit" go together',
    );
    expect(() => parse({ formRateLimit: 0, formBurstLimit: 5 })).toThrow(/"formRateLimit" must be a positive number/);
  });

  it('is the prod stage with a 20 USD monthly budget unless told otherwise', () => {
    expect(parse()).toMatchObject({ stage: 'prod', monthlyBudgetUsd: 20 });
    expect(parse({ stage: 'staging', monthlyBudgetUsd: '5' })).toMatchObject({ stage: 'staging', monthlyBudgetUsd: 5 });
  });

  it.each([['Staging'], ['2nd'], ['staging-'], ['stage_1'], ['a'.repeat(21)], [42]])(
    'refuses the stage %j, which could not name a stack and its resources',
    (stage) => {
      expect(() => parse({ stage })).toThrow(
        /The stage \(context key "stage", or --stage\) must be lower-case letters/,
      );
    },
  );

  it.each([[0], [-5], ['twenty']])('refuses the monthly budget %j', (monthlyBudgetUsd) => {
    expect(() => parse({ monthlyBudgetUsd })).toThrow('Context key "monthlyBudgetUsd" must be a positive number');
  });
});

describe('locateWebBuild', () => {
  it('returns the dist folder and its routes', () => {
    expect(locateWebBuild(FIXTURE_WEB_DIST).routes).toContain('/about');
  });

  it('refuses a build written for another site URL (npm start builds for localhost)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
    writeFileSync(path.join(dir, '_routes.json'), JSON.stringify({ pages: ['/'] }));
    writeFileSync(path.join(dir, 'index.html'), '<link rel="canonical" href="http://localhost:3000/">');
    expect(() => locateWebBuild(dir)).toThrow('web/dist was built for another site URL');
  });

  it('asks for a build when the folder or its _routes.json is missing', () => {
    expect(() => locateWebBuild(path.join(tmpdir(), 'no-such-dist'))).toThrow('Build the website first: npm run build');
    expect(() => locateWebBuild(mkdtempSync(path.join(tmpdir(), 'dist-')))).toThrow(
      'Build the website first: npm run build',
    );
  });
});

describe('locateScorecardDocument', () => {
  it('finds the one PDF', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'scorecard-'));
    writeFileSync(path.join(dir, 'Scorecard.pdf'), '%PDF-1.4');
    writeFileSync(path.join(dir, 'README.md'), 'notes');
    expect(locateScorecardDocument(dir)).toBe(path.join(dir, 'Scorecard.pdf'));
  });

  it('fails without exactly one PDF', () => {
    expect(() => locateScorecardDocument(mkdtempSync(path.join(tmpdir(), 'scorecard-')))).toThrow(
      /exactly one scorecard PDF/,
    );
  });
});
