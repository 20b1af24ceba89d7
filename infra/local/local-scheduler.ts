import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IamEnforcement } from './iam/iam-enforcement';
import { scheduleArn } from './iam/local-arns';
import { readBody } from './services';

/** Where the twin answers EventBridge Scheduler's API (AWS_ENDPOINT_URL_SCHEDULER points here). */
export const LOCAL_SCHEDULER_PREFIX = '/_local-scheduler';

/** One one-time schedule, as the twin keeps it: when it fires, and what it puts on which queue. */
export interface LocalSchedule {
  name: string;
  group: string;
  /** Unix seconds, from `at(yyyy-mm-ddThh:mm:ss)` in UTC. */
  at: number;
  /** The target queue's ARN and the message body (the schedule's `Input`). */
  target: { arn: string; input: string };
}

const AT = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/;

/**
 * The twin's EventBridge Scheduler, for the console's scheduled sends (launch-starter.ts): the
 * console's own CreateSchedule and DeleteSchedule calls, held to its role (the schedule's ARN, and
 * iam:PassRole of the target's role to scheduler.amazonaws.com), answered as the REST API answers
 * (https://docs.aws.amazon.com/scheduler/latest/APIReference/API_CreateSchedule.html): a name
 * taken in its group is a 409 ConflictException, a missing one a 404 ResourceNotFoundException.
 * One-time `at()` schedules in UTC only, the only kind the product makes. The campaign queue
 * fires the due ones on its clock (`takeDue`) and, as ActionAfterCompletion DELETE does, they are
 * gone after. Kept in `file`, so a restart keeps the sends scheduled before it.
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

  /** The schedules due at `now`, taken off (a one-time schedule is deleted once it has fired). */
  const takeDue = (now: number): LocalSchedule[] => {
    const due = [...schedules.entries()].filter(([, schedule]) => schedule.at <= now);
    due.forEach(([key]) => schedules.delete(key));
    if (due.length) save();
    return due.map(([, schedule]) => schedule);
  };
  return { handle, takeDue, count: () => schedules.size };
}

export type LocalScheduler = ReturnType<typeof createLocalScheduler>;
