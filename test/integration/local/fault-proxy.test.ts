import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { INJECTED_FAULT_MESSAGE } from '#infra/local/faults/fault-answers.ts';
import { startFaultProxy } from '#infra/local/faults/fault-proxy.ts';
import { FaultSwitch } from '#infra/local/faults/fault-switch.ts';
import { closeServer, listenOn, readCapturedEmails, type LocalService } from '#infra/local/services.ts';
import { sesRefused } from '#lambdas/mail/send.ts';
import { createSesClient } from '#lambdas/runtime/aws-clients/ses.ts';
import { createServer } from 'node:http';

/** The emulators global-setup.ts started; the proxies sit in front of them as in `npm start`. */
const targets = { dynamodb: process.env.AWS_ENDPOINT_URL_DYNAMODB!, ses: process.env.AWS_ENDPOINT_URL_SES! };
const clientConfig = { region: 'ca-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };

interface SdkError extends Error {
  $fault?: string;
  $metadata: { httpStatusCode?: number };
}
const rejectionOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: SdkError) => error,
  );

describe('fault proxies, seen through the real AWS SDK clients', () => {
  let proxies: LocalService[] = [];
  const proxied = async (faults: FaultSwitch, maxAttempts = 1) => {
    const dynamo = await startFaultProxy({ service: 'dynamodb', target: targets.dynamodb, faults });
    const ses = await startFaultProxy({ service: 'ses', target: targets.ses, faults });
    proxies.push(dynamo, ses);
    return {
      dynamo: new DynamoDBClient({ ...clientConfig, endpoint: dynamo.endpoint, maxAttempts }),
      ses: new SESClient({ ...clientConfig, endpoint: ses.endpoint, maxAttempts }),
    };
  };
  const sendEmail = (ses: SESClient, subject: string) =>
    ses.send(
      new SendEmailCommand({
        Source: 'no-reply@chinooktalent.ca',
        Destination: { ToAddresses: ['fault.test@example.ca'] },
        Message: { Subject: { Data: subject }, Body: { Text: { Data: 'Fault proxy test' } } },
      }),
    );
  const deliveredWith = async (subject: string) =>
    (await readCapturedEmails(targets.ses)).filter((email) => email.subject === subject).length;

  afterEach(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    proxies = [];
  });

  it('passes calls through untouched while no fault is set', async () => {
    const { dynamo, ses } = await proxied(new FaultSwitch());
    const subject = `untouched ${Date.now()}`;
    expect((await dynamo.send(new ListTablesCommand({}))).TableNames?.length).toBeGreaterThan(0);
    expect((await sendEmail(ses, subject)).MessageId).toEqual(expect.any(String));
    expect(await deliveredWith(subject)).toBe(1);
  });

  it('DynamoDB: an injected fault is a 503 ServiceUnavailable the SDK parses and retries', async () => {
    const faults = new FaultSwitch();
    faults.set({ service: 'dynamodb' });
    const once = await proxied(faults, 1);
    const error = await rejectionOf(once.dynamo.send(new ListTablesCommand({})));
    expect(error).toMatchObject({ name: 'ServiceUnavailable', message: INJECTED_FAULT_MESSAGE, $fault: 'server' });
    expect(error.$metadata.httpStatusCode).toBe(503);

    const withRetries = await proxied(faults, 3);
    await rejectionOf(withRetries.dynamo.send(new ListTablesCommand({})));
    expect(faults.state().dynamodb?.injected).toBe(1 + 3);
  });

  it('SES: an injected fault answers before SES, so the email is not delivered; after clearing it is, once', async () => {
    const faults = new FaultSwitch();
    faults.set({ service: 'ses' });
    const { ses } = await proxied(faults);
    const subject = `refused then sent ${Date.now()}`;
    const error = await rejectionOf(sendEmail(ses, subject));
    expect(error).toMatchObject({ name: 'ServiceUnavailable', message: INJECTED_FAULT_MESSAGE, $fault: 'server' });
    expect(error.$metadata.httpStatusCode).toBe(503);
    expect(await deliveredWith(subject)).toBe(0);

    faults.clear();
    await sendEmail(ses, subject);
    expect(await deliveredWith(subject)).toBe(1);
  });

  it('fails the share of calls the dice pick', async () => {
    const dice = [0.1, 0.9, 0.2, 0.8];
    const faults = new FaultSwitch(Date.now, () => dice.shift()!);
    faults.set({ service: 'dynamodb', share: 0.5 });
    const { dynamo } = await proxied(faults);
    const outcomes: string[] = [];
    for (let call = 0; call < 4; call += 1) {
      outcomes.push(
        await dynamo.send(new ListTablesCommand({})).then(
          () => 'ok',
          (error: Error) => error.name,
        ),
      );
    }
    expect(outcomes).toEqual(['ServiceUnavailable', 'ok', 'ServiceUnavailable', 'ok']);
  });

  it('slow: adds the delay, then forwards the call', async () => {
    const faults = new FaultSwitch();
    faults.set({ service: 'dynamodb', mode: 'slow', delayMs: 400 });
    const { dynamo } = await proxied(faults);
    const started = Date.now();
    await dynamo.send(new ListTablesCommand({}));
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('refuses DynamoDB for the given seconds right after SES accepts an email', async () => {
    const faults = new FaultSwitch();
    faults.set({ service: 'dynamodb', seconds: 1, afterNextSuccessOf: 'ses' });
    const { dynamo, ses } = await proxied(faults);
    await dynamo.send(new ListTablesCommand({}));
    await sendEmail(ses, `arms the fault ${Date.now()}`);
    expect((await rejectionOf(dynamo.send(new ListTablesCommand({})))).name).toBe('ServiceUnavailable');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await dynamo.send(new ListTablesCommand({}));
    expect(faults.state().dynamodb).toMatchObject({ state: 'ended', injected: 1 });
  });

  it('hang: the call never reaches SES and the budgeted client ends it with a TimeoutError, not refused', async () => {
    const faults = new FaultSwitch();
    faults.set({ service: 'ses', mode: 'hang' });
    const proxy = await startFaultProxy({ service: 'ses', target: targets.ses, faults });
    proxies.push(proxy);
    const subject = `hung ${Date.now()}`;
    const error = await rejectionOf(sendEmail(createSesClient({ ...clientConfig, endpoint: proxy.endpoint }), subject));
    expect(error.name).toBe('TimeoutError');
    expect(sesRefused(error)).toBe(false);
    expect(await deliveredWith(subject)).toBe(0);
  }, 15_000);

  it('lose-answer: SES accepts the email and the caller gets a dropped connection, not a refusal', async () => {
    const faults = new FaultSwitch();
    faults.set({ service: 'ses', mode: 'lose-answer' });
    const { ses } = await proxied(faults);
    const subject = `answer lost ${Date.now()}`;
    const error = await rejectionOf(sendEmail(ses, subject));
    expect(sesRefused(error)).toBe(false);
    expect(await deliveredWith(subject)).toBe(1);
  });

  it('an unreachable service is answered as a refused call (503), never a dropped connection', async () => {
    const closed = createServer();
    const target = await listenOn(closed, 0, 'closed');
    await closeServer(closed);
    const faults = new FaultSwitch();
    const proxy = await startFaultProxy({ service: 'ses', target, faults });
    proxies.push(proxy);
    const error = await rejectionOf(
      sendEmail(new SESClient({ ...clientConfig, endpoint: proxy.endpoint, maxAttempts: 1 }), 'x'),
    );
    expect(error).toMatchObject({ name: 'ServiceUnavailable', $fault: 'server' });
    expect(error.$metadata.httpStatusCode).toBe(503);
    expect(sesRefused(error)).toBe(true);
  });
});
