import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FunctionName } from '../../cdk/constructs/functions';
import { every } from './every';
import { runAs } from '../functions/iam/function-identity';
import type { IamEnforcement } from '../functions/iam/iam-enforcement';
import { scheduleArn } from '../functions/iam/local-arns';
import { readBody } from '../services';

/** Where the twin answers EventBridge Scheduler's API (AWS_ENDPOINT_URL_SCHEDULER points here). */
export const LOCAL_SCHEDULER_PREFIX = '/_local-scheduler';

/** One one-time schedule, as the twin keeps it: when it fires, and what it hands to which target. */
export interface LocalSchedule {
  name: string;
  group: string;
  /** Unix seconds, from `at(yyyy-mm-ddThh:mm:ss)` in UTC. */
  at: number;
  /** The target's ARN (a queue, or a function) and what it is given (the schedule's `Input`). */
  target: { arn: string; input: string };
}

const AT = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/;

/**
 * The twin's EventBridge Scheduler, for the console's scheduled sends (launch-starter.ts, a queue
 * target) and scheduled posts (a target that is the site's publisher): the console's own
 * CreateSchedule and DeleteSchedule calls, held to its role (the schedule's ARN, and
 * iam:PassRole of the target's role to scheduler.amazonaws.com), answered as the REST API answers
 * (https://docs.aws.amazon.com/scheduler/latest/APIReference/API_CreateSchedule.html): a name
 * taken in its group is a 409 ConflictException, a missing one a 404 ResourceNotFoundException.
 * One-time `at()` schedules in UTC only, the only kind the product makes. The campaign queue
 * fires the due ones of a queue on its clock, and `startFunctionTargets` those of a function
 * (`takeDue`); as ActionAfterCompletion DELETE does, they are gone after. Kept in `file`, so a
 * restart keeps what was scheduled before it.
 */
export function createLocalScheduler(file: string, iam: Pick<IamEnforcement, 'guard'>) {
  const schedules = new Map<string, LocalSchedule>(
    existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as LocalSchedule[]).map((s) => [`${s.group}/${s.name}`, s])
      : [],
  );
  const save = () => {
    writeFileSync(`${file}.partial`, JSON.stringify([...schedules.values()]));
    renameSync(`${file}.partial`, file);
  };
  const guard = iam.guard('scheduler');

  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const body = await readBody(req);
    const answer = (status: number, payload: object, errorType?: string) =>
      void res
        .writeHead(status, { 'content-type': 'application/json', ...(errorType && { 'x-amzn-errortype': errorType }) })
        .end(JSON.stringify(payload));
    const denial = await guard(req, body);
    if (denial) return void res.writeHead(denial.status, denial.headers).end(denial.body);
    const name = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    if (req.method === 'DELETE') {
      const key = `${url.searchParams.get('groupName') ?? 'default'}/${name}`;
      if (!schedules.delete(key))
        return answer(404, { Message: `Schedule ${name} does not exist.` }, 'ResourceNotFoundException');
      save();
      return answer(200, {});
    }
    if (req.method !== 'POST')
      return answer(400, { Message: 'The twin answers CreateSchedule and DeleteSchedule only' }, 'ValidationException');
    const input = JSON.parse(body.toString('utf8')) as {
      GroupName?: string;
      ScheduleExpression?: string;
      ScheduleExpressionTimezone?: string;
      Target?: { Arn?: string; Input?: string };
    };
    const at = AT.exec(input.ScheduleExpression ?? '')?.[1];
    if (!at || (input.ScheduleExpressionTimezone ?? 'UTC') !== 'UTC' || !input.Target?.Arn)
      return answer(
        400,
        { Message: 'The twin takes one-time at() schedules in UTC with a target' },
        'ValidationException',
      );
    const group = input.GroupName ?? 'default';
    if (schedules.has(`${group}/${name}`))
      return answer(409, { Message: `Schedule ${name} already exists.` }, 'ConflictException');
    schedules.set(`${group}/${name}`, {
      name,
      group,
      at: Date.parse(`${at}Z`) / 1000,
      target: { arn: input.Target.Arn, input: input.Target.Input ?? '' },
    });
    save();
    return answer(200, { ScheduleArn: scheduleArn(group, name) });
  };

  /**
   * The schedules due at `now` whose target is of `service` (an ARN `arn:aws:<service>:…`), taken
   * off (a one-time schedule is deleted once it has fired).
   */
  const takeDue = (now: number, service: 'sqs' | 'lambda'): LocalSchedule[] => {
    const due = [...schedules.entries()].filter(
      ([, schedule]) => schedule.at <= now && schedule.target.arn.split(':')[2] === service,
    );
    due.forEach(([key]) => schedules.delete(key));
    if (due.length) save();
    return due.map(([, schedule]) => schedule);
  };
  return { handle, takeDue, count: () => schedules.size };
}

export type LocalScheduler = ReturnType<typeof createLocalScheduler>;

/**
 * Fires the due schedules whose target is a function, as EventBridge Scheduler invokes Lambda
 * (asynchronously, the schedule's input as the event:
 * https://docs.aws.amazon.com/lambda/latest/dg/with-eventbridge-scheduler.html): every
 * `intervalMs`, on the twin's `clock` (Unix seconds), each to the function its ARN names
 * (`…:function:<name>`), which runs as itself. A target the twin does not run is logged and dropped,
 * as Scheduler would send it to a dead-letter queue the stack does not set.
 */
export function startFunctionTargets(
  scheduler: Pick<LocalScheduler, 'takeDue'>,
  functions: Partial<Record<FunctionName, (event: unknown) => unknown>>,
  { clock, intervalMs = 500 }: { clock: () => number; intervalMs?: number },
) {
  return every(intervalMs, async () => {
    for (const schedule of scheduler.takeDue(clock(), 'lambda')) {
      const name = schedule.target.arn.split(':function:')[1] as FunctionName;
      const run = functions[name];
      if (!run) console.error(`[scheduler] ${schedule.name}: no function ${name} on the twin`);
      else void runAs(name, () => run(JSON.parse(schedule.target.input || '{}')));
    }
  });
}
