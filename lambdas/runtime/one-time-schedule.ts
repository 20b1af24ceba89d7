/**
 * What the campaigns' sends and the blog's posts share of EventBridge Scheduler's one-time
 * schedules (lambdas/campaigns/launch-starter.ts, lambdas/console/posts/post-schedules.ts): the `at()`
 * expression and the name of the integration suite's stand-in for the service.
 */

/**
 * The schedule group's name in the integration suite, whose clock the tests move themselves: no
 * schedule is made, the stored time and token are the schedule.
 */
export const LOCAL_CLOCK = 'local-clock';

/** `at(yyyy-mm-ddThh:mm:ss)`, read in the time zone given beside it (UTC here). */
export const atExpression = (at: number) => `at(${new Date(at * 1000).toISOString().slice(0, 19)})`;
