import { parseCampaignArgs } from '#infra/ops/commands/campaign.ts';
import { parseOpsArgs } from '#infra/ops/commands/ops.ts';
import { parseRedriveArgs } from '#infra/ops/commands/redrive-mail.ts';
import { parseSmokeArgs } from '#infra/ops/smoke/smoke-args.ts';

/** The operator commands read their flags with node:util parseArgs (infra/ops/command-line.ts). */
const NOW = Date.parse('2026-03-15T10:00:00Z');

describe('npm run ops', () => {
  it('looks at the last 30 days of leads when --since is missing', () => {
    const args = parseOpsArgs(['leads'], NOW);

    expect(args.since).toBe('2026-02-13');
    expect(args.sinceSeconds).toBe(Date.parse('2026-02-13T00:00:00Z') / 1000);
  });

  it('reads --since, --csv, --target and the word after the verb', () => {
    expect(parseOpsArgs(['leads', '--since', '2025-01-01', '--csv', '--target', 'aws'], NOW)).toMatchObject({
      verb: 'leads',
      since: '2025-01-01',
      sinceSeconds: Date.parse('2025-01-01T00:00:00Z') / 1000,
      csv: true,
      target: 'aws',
    });
    expect(parseOpsArgs(['consent', 'a@b.ca', '--json'], NOW)).toMatchObject({
      verb: 'consent',
      subject: 'a@b.ca',
      json: true,
      target: 'local',
    });
    expect(parseOpsArgs(['subscribers', '--audience', 'employer'], NOW)).toMatchObject({ audience: 'employer' });
  });

  it('refuses a --since that is not a day, an unknown flag and a flag without its value', () => {
    expect(() => parseOpsArgs(['leads', '--since', 'yesterday'], NOW)).toThrow(
      /^--since needs a day as yyyy-mm-dd, not "yesterday"\. Usage: npm run ops -- leads \[--since <yyyy-mm-dd>, default 30 days ago\]/,
    );
    expect(() => parseOpsArgs(['leads', '--sinse', '2025-01-01'], NOW)).toThrow(
      /^Unknown flag "--sinse"\. Usage: npm run ops --/,
    );
    expect(() => parseOpsArgs(['subscribers', '--audience'], NOW)).toThrow(
      /^The flag "--audience" needs a value\. Usage: npm run ops --/,
    );
    expect(() => parseOpsArgs(['leads', '--csv=yes'], NOW)).toThrow(/^The flag "--csv" takes no value\./);
  });
});

describe('npm run mail:redrive', () => {
  it('defaults to the local stack and reads every flag', () => {
    expect(parseRedriveArgs([])).toEqual({
      target: 'local',
      leadId: undefined,
      includeUncertain: false,
      dryRun: false,
    });
    expect(parseRedriveArgs(['--target', 'aws', '--lead', 'lead#abc', '--include-uncertain', '--dry-run'])).toEqual({
      target: 'aws',
      leadId: 'lead#abc',
      includeUncertain: true,
      dryRun: true,
    });
  });

  it('refuses an unknown flag and a stray word with its usage', () => {
    expect(() => parseRedriveArgs(['--dryrun'])).toThrow(
      'Unknown flag "--dryrun". Usage: npm run mail:redrive -- [--target local|aws] [--lead <id>] [--include-uncertain] [--dry-run]',
    );
    expect(() => parseRedriveArgs(['lead#abc'])).toThrow(
      /^Unexpected argument "lead#abc"\. Usage: npm run mail:redrive/,
    );
  });
});

describe('npm run campaign', () => {
  it('reads the verb, the slug and the flags', () => {
    expect(
      parseCampaignArgs(['send', 'spring', '--yes', '--rate', '2', '--concurrency', '3.7', '--target', 'aws']),
    ).toEqual({
      verb: 'send',
      slug: 'spring',
      target: 'aws',
      to: undefined,
      yes: true,
      json: false,
      rate: 2,
      concurrency: 3,
    });
    expect(parseCampaignArgs(['test', 'spring', '--to', 'a@b.ca'])).toMatchObject({ to: 'a@b.ca', concurrency: 8 });
    expect(parseCampaignArgs(['archive', '--target', 'aws'])).toMatchObject({
      verb: 'archive',
      slug: '',
      target: 'aws',
    });
  });

  it('refuses an unknown flag, a missing slug, a bad rate and a test without --to', () => {
    expect(() => parseCampaignArgs(['send', 'spring', '--force'])).toThrow(
      /^Unknown flag "--force"\. Usage: npm run campaign -- preview\|test\|send\|status <slug>/,
    );
    expect(() => parseCampaignArgs(['send', '--yes'])).toThrow(/^Usage: npm run campaign --/);
    expect(() => parseCampaignArgs(['send', 'spring', '--rate', '0'])).toThrow(/^--rate must be a positive number\./);
    expect(() => parseCampaignArgs(['test', 'spring'])).toThrow(/^test needs --to <address>\./);
    expect(() => parseCampaignArgs(['archive', 'spring'])).toThrow(/^Unexpected argument "spring"\./);
  });
});

describe('npm run smoke', () => {
  it('reads the URL, --alarm-test and --stack, the stack the app deploys by default', () => {
    expect(parseSmokeArgs(['http://localhost:3000'])).toEqual({
      base: new URL('http://localhost:3000'),
      alarmTest: false,
      stackName: 'ConsultancySite',
    });
    expect(parseSmokeArgs(['--stack', 'Other', 'https://d1.cloudfront.net', '--alarm-test'])).toMatchObject({
      alarmTest: true,
      stackName: 'Other',
    });
  });

  it('refuses an unknown flag, a second URL and a URL that is not one', () => {
    expect(() => parseSmokeArgs(['http://localhost:3000', '--alarm'])).toThrow(
      'Unknown flag "--alarm". Usage: npm run smoke -- <site-url> [--alarm-test] [--stack <stack-name>]',
    );
    expect(() => parseSmokeArgs(['http://a.ca', 'http://b.ca'])).toThrow(/^Usage: npm run smoke/);
    expect(() => parseSmokeArgs(['localhost'])).toThrow(/^"localhost" is not a URL\./);
  });
});
