/**
 * What the reliability scenarios share: a local stack with the fault switch, forms posted the
 * way the site posts them, and checks on what was stored and what reached the inbox. The
 * benchmark (test/bench) runs the same scenarios for its figures.
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { localDynamoClient, readCapturedEmails, type CapturedEmail } from '#infra/local/services.ts';
import {
  LIMITS_LIFTED,
  reuseBuildIfPresent,
  startLocalStack,
  type LocalStackOptions,
  type RunningStack,
} from '../../support/local-stack';
import { scorecardBody, signupBody } from '#test/support/payloads.ts';

/** A stack for a fault scenario: limits lifted (these scenarios are about faults, and every request comes from one client). */
export const startStack = (options: LocalStackOptions = {}) =>
  startLocalStack(reuseBuildIfPresent(), { ...options, env: { ...LIMITS_LIFTED, ...options.env } });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** One form submission: which form, its body, and the emails a stored one must cause. */
export interface Submission {
  form: 'signup' | 'scorecard';
  email: string;
  body: Record<string, unknown>;
  /** Subjects expected at the typed address, once each. */
  expectedSubjects: string[];
}

export const signupSubmission = (name: string): Submission => {
  const email = `${name}.${unique()}@example.ca`;
  return {
    form: 'signup',
    email,
    body: signupBody({ email, firstName: 'Ada', lastName: 'Lovelace', helpDescription: `Message from ${name}` }),
    expectedSubjects: ['Please confirm your subscription to Chinook Talent Partners'],
  };
};

export const scorecardSubmission = (name: string): Submission => {
  const email = `${name}.${unique()}@example.ca`;
  const now = Math.floor(Date.now() / 1000);
  return {
    form: 'scorecard',
    email,
    body: scorecardBody({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      jobTitle: 'CEO',
      helpDescription: '',
      marketingConsent: false,
      createdAt: now,
      updatedAt: now,
    }),
    expectedSubjects: ['Your Human Relations Scorecard'],
  };
};

const PATHS = { signup: '/api/signup', scorecard: '/api/employer/scorecard' } as const;

export interface Answer {
  status: number;
  message?: string;
  retryAfter: string | null;
}

/** Posts the form once; a connection that fails (the stack stopping) is status 0. */
export const post = async (stack: Pick<RunningStack, 'baseUrl'>, submission: Submission): Promise<Answer> => {
  try {
    const response = await fetch(`${stack.baseUrl}${PATHS[submission.form]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(submission.body),
    });
    const json = (await response.json().catch(() => ({}))) as { message?: string };
    return { status: response.status, message: json.message, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: 0, retryAfter: null };
  }
};

/** What a visitor does: resend the same form after a 5xx (or a lost connection) until it is accepted. */
export const postUntilAccepted = async (
  stack: Pick<RunningStack, 'baseUrl'>,
  submission: Submission,
  answers: Answer[] = [],
) => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const answer = await post(stack, submission);
    answers.push(answer);
    if (answer.status >= 200 && answer.status < 300) return answers;
    if (answer.status > 0 && answer.status < 500)
      throw new Error(`${submission.email}: refused with ${answer.status} ${answer.message}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${submission.email}: never accepted`);
};

export const inbox = (stack: Pick<RunningStack, 'inboxUrl'>) => readCapturedEmails(stack.inboxUrl);

/** Every item of a table of the stack (read straight from the store, past the fault switch). */
export const scanTable = async (stack: Pick<RunningStack, 'dynamoUrl'>, table: 'Leads' | 'Subscribers') => {
  const db = localDynamoClient(stack.dynamoUrl);
  const items: Record<string, any>[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  try {
    do {
      const page = await db.send(new ScanCommand({ TableName: table, ExclusiveStartKey }));
      items.push(...(page.Items ?? []).map((item) => unmarshall(item)));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  } finally {
    db.destroy();
  }
  return items;
};

const toAddress = (mail: CapturedEmail, address: string) => mail.destination.to.some((to) => to.includes(address));
const aboutAddress = (mail: CapturedEmail, address: string) =>
  mail.replyTo.some((replyTo) => replyTo.includes(address));

/** Per submission: how many emails it caused (to the address, and notifications about it). */
export const mailCounts = (emails: CapturedEmail[], submissions: Submission[]) =>
  submissions.map((submission) => ({
    email: submission.email,
    toVisitor: emails.filter((mail) => toAddress(mail, submission.email)).map((mail) => mail.subject),
    notifications: emails.filter((mail) => aboutAddress(mail, submission.email)).length,
  }));

/** The mailCounts of every submission delivered once each: its emails to the address and one notification. */
export const onceEach = (submissions: Submission[]) =>
  submissions.map((submission) => ({
    email: submission.email,
    toVisitor: submission.expectedSubjects,
    notifications: 1,
  }));

/** Delivered, once each (in any order), for every submission. */
export const deliveredExactlyOnce = (emails: CapturedEmail[], submissions: Submission[]) => {
  const inOrder = (counts: ReturnType<typeof onceEach>) =>
    JSON.stringify(counts.map((count) => ({ ...count, toVisitor: [...count.toVisitor].sort() })));
  return inOrder(mailCounts(emails, submissions)) === inOrder(onceEach(submissions));
};

export const waitFor = async (condition: () => Promise<boolean>, timeoutMs: number, pollMs = 500): Promise<number> => {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await condition()) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`Not reached within ${timeoutMs / 1000} s`);
};
