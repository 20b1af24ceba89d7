/**
 * The environment variables our handlers read, named once: CDK sets them (HouseFunction.setEnv
 * in infra/cdk/constructs/house-function.ts), the local twin sets them (infra/local/start.ts), and
 * the handlers read them only through lambdas/runtime/env.ts, which takes these names.
 */
export type HandlerEnvName =
  | 'SUBSCRIBERS_TABLE'
  | 'LEADS_TABLE'
  | 'SITE_URL'
  | 'SENDER_EMAIL'
  | 'NOTIFICATION_EMAIL'
  | 'SCORECARD_BUCKET'
  | 'SCORECARD_KEY'
  | 'ORIGIN_VERIFY_SECRET_ARN'
  | 'SUBMISSIONS_PER_CLIENT_PER_HOUR'
  | 'SUBMISSIONS_PER_NETWORK_PER_HOUR'
  | 'FORM_MAILS_PER_HOUR'
  | 'FORM_MAILS_WINDOW_SECONDS'
  | 'FORM_MAIL_HOLD_SECONDS'
  | 'MAIL_DEAD_LETTER_QUEUE_URL'
  | 'MAIL_RETRY_FIRST_SECONDS'
  | 'MAIL_RETRY_MAX_SECONDS'
  | 'MAIL_GIVE_UP_AFTER_SECONDS'
  | 'MAIL_LEASE_SECONDS'
  | 'MAIL_SETTLE_SECONDS'
  | 'CAMPAIGNS_TABLE'
  | 'CAMPAIGN_QUEUE_URL'
  | 'CAMPAIGN_SEND_RATE'
  | 'CAMPAIGN_WORKERS'
  /**
   * The app's own EventBridge Scheduler group for scheduled console sends, or `local-clock` in
   * the local twin, whose campaign queue launches due sends on its own clock (launch-starter.ts).
   */
  | 'CAMPAIGN_SCHEDULE_GROUP'
  /** The role EventBridge Scheduler assumes to put a launch on the campaign queue. */
  | 'CAMPAIGN_SCHEDULER_ROLE_ARN'
  | 'CAMPAIGN_QUEUE_ARN'
  /** The site's publisher (newsletter archive and blog), invoked asynchronously when either may change. */
  | 'SITE_PUBLISHER_FUNCTION'
  /** The site bucket and its distribution: where the publisher writes its objects and what it invalidates. */
  | 'SITE_BUCKET'
  /**
   * Where the console's browser POSTs an image upload (a presigned POST's URL): the site bucket's
   * regional host in AWS, the twin's S3 on the site's own origin locally (decision 0053).
   */
  | 'POST_UPLOAD_URL'
  | 'SITE_DISTRIBUTION_ID'
  /** The KeyValueStore of published issues, posts and redirects the site's viewer-request function reads. */
  | 'SITE_ROUTES_STORE_ARN'
  | 'CONSOLE_TABLE'
  | 'CONSOLE_OWNERS'
  /** The blog's posts (docs/decisions/0053-blog-posts-from-the-console.md). */
  | 'POSTS_TABLE'
  /**
   * The app's own EventBridge Scheduler group for the posts' scheduled publishes, or `local-clock`
   * in the integration suite (lambdas/console/posts/post-schedules.ts).
   */
  | 'POST_SCHEDULE_GROUP'
  /** The role EventBridge Scheduler assumes to invoke the site's publisher with a post's schedule. */
  | 'POST_SCHEDULER_ROLE_ARN'
  /** The site's publisher's ARN: the target of a post's schedule. */
  | 'SITE_PUBLISHER_ARN'
  /** The site's visit counting (docs/decisions/0081-privacy-first-analytics.md). */
  | 'ANALYTICS_TABLE'
  /** Its bounds (shared/site-visits.ts), raised only where every beacon comes from one address (the bench). */
  | 'VIEWS_PER_VISITOR_PER_DAY'
  | 'VISITORS_PER_CLIENT_PER_DAY'
  /** The firm's postal address in campaign mail and evidence packs (shared/mailing-address.ts). */
  | 'MAILING_ADDRESS';

/** Read by the handlers, set by the Lambda runtime in AWS or by the local twin only. */
export type RuntimeEnvName = 'AWS_REGION' | 'AWS_ENDPOINT_URL_S3' | 'MAIL_DEAD_LETTER_FILE';

export type ReadEnvName = HandlerEnvName | RuntimeEnvName;
