/**
 * Campaign emails whose SES call ends in doubt, against a real local stack: SES is reached
 * through the twin's own fault proxy, which makes the SDK's call hang before SES gets it, or
 * lets SES accept it and loses the answer. Every eligible subscriber gets the campaign exactly
 * once: the lost answer is settled by SES's Send event, the hung call is sent again once its
 * settling window (20 s on the local clock) passed with no word from SES
 * (docs/decisions/0063-settling-mail-from-ses-events.md).
 */
import { startFaultProxy } from '#infra/local/faults/fault-proxy.ts';
import { FaultSwitch, type FaultSpec } from '#infra/local/faults/fault-switch.ts';
import {
  campaignMailsIn,
  campaignsDirWith,
  countBy,
  recipientOf,
  seedSubscribers,
  type Seeded,
} from '../../support/campaign-subscribers';
import { reuseBuildIfPresent, runCommand, runCommandAsync, startLocalStack } from '../../support/local-stack';
import { stackPerFile } from '../../support/stack-per-file';

jest.setTimeout(150_000);

const RECIPIENTS = 4;
const stack = stackPerFile(() => startLocalStack(reuseBuildIfPresent()));
let seeded: Seeded[];

beforeAll(async () => {
  seeded = await seedSubscribers(stack().dynamoUrl, { eligible: RECIPIENTS }, 'doubt');
});

/** Sends a new campaign through a fault proxy whose fault starts with the first email. */
const sendThrough = async (slug: string, fault: FaultSpec) => {
  const faults = new FaultSwitch();
  faults.set(fault);
  const proxy = await startFaultProxy({ service: 'ses', target: stack().inboxUrl, faults });
  const campaignsDir = campaignsDirWith(
    slug,
    `---\nsubject: "In doubt"\ntopic: newsletter\naudience: candidate\n---\nHello.\n`,
  );
  try {
    const run = await runCommandAsync(
      stack(),
      'infra/ops/commands/campaign.ts',
      ['send', slug, '--yes', '--json', '--concurrency', '1'],
      { CAMPAIGNS_DIR: campaignsDir, AWS_ENDPOINT_URL_SES: proxy.endpoint },
    );
    const status = JSON.parse(
      runCommand(stack(), 'infra/ops/commands/campaign.ts', ['status', slug, '--json'], { CAMPAIGNS_DIR: campaignsDir })
        .stdout,
    );
    return {
      run,
      tally: JSON.parse(run.stdout.trim().split('\n').at(-1)!),
      status,
      injected: faults.state().ses?.injected,
      inbox: countBy((await campaignMailsIn(stack().inboxUrl, slug)).map(recipientOf)),
    };
  } finally {
    await proxy.close();
  }
};

const onceEach = () => Object.fromEntries(seeded.map((s) => [s.email, 1]));

describe('a campaign email in doubt', () => {
  it.concurrent('whose call hung before SES got it is sent again once after its window, and arrives once', async () => {
    const { run, tally, status, injected, inbox } = await sendThrough('hung-newsletter', {
      service: 'ses',
      mode: 'hang',
      calls: 1,
    });

    expect(run.status).toBe(0);
    expect(injected).toBe(1);
    expect(tally).toMatchObject({ queued: RECIPIENTS, sent: RECIPIENTS, awaited: 1, uncertain: 0, left: 0 });
    expect(inbox).toEqual(onceEach());
    expect(status).toMatchObject({ recipients: RECIPIENTS, sent: RECIPIENTS, inDoubt: 0 });
  });

  it.concurrent("whose answer was lost is settled by SES's Send event and never sent twice", async () => {
    const { run, tally, status, injected, inbox } = await sendThrough('lost-answer-newsletter', {
      service: 'ses',
      mode: 'lose-answer',
      calls: 1,
    });

    expect(run.status).toBe(0);
    expect(injected).toBe(1);
    expect(tally).toMatchObject({ queued: RECIPIENTS, sent: RECIPIENTS - 1, awaited: 1, already: 1, left: 0 });
    expect(inbox).toEqual(onceEach());
    expect(status).toMatchObject({ recipients: RECIPIENTS, sent: RECIPIENTS, inDoubt: 0 });
  });
});
