import { CfnOutput, RemovalPolicy, Stack, Tags, Validations, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import {
  CAMPAIGN_MAIL_FINALLY_FAILED,
  FORM_MAIL_BUDGET_EXHAUSTED,
  LEAD_MAIL_FINALLY_FAILED,
  MAIL_DOUBT_OUTLIVED_WINDOW,
} from '#shared/constants/operator-alerts.ts';
import { DEFAULT_STAGE, PROJECT_TAG } from '../bin/stage';
import { controlTowerRule } from '../compliance';
import type { CspHashes } from '../site/security-headers';
import { AccessLogs } from './access-logs';
import { Alarms, EVENT_STREAM_PERIOD } from './alarms';
import { Api, type FormLimits } from './api';
import type { ApiThrottle } from './api-throttling';
import { DEFAULT_MONTHLY_BUDGET_USD, MonthlyBudget } from './budget';
import { CampaignSender } from './campaign-sender';
import { POST_MEDIA_PREFIX, POST_UPLOADS_PREFIX, RENDER_KIT_KEY } from '#shared/blog-site.ts';
import { PostSchedules } from './post-schedules';
import { SitePublisher } from './site-publisher';
import { Data } from './data';
import { Email } from './email';
import { Mailer } from './mailer';
import { ScorecardDocument } from './scorecard-document';
import { SiteAnalytics } from './site-analytics';
import { Site, type CustomDomain } from './site';
import { SiteDeployment } from './site-deployment';
import { TopicKey } from './topic-key';

export interface SiteStackProps extends StackProps {
  /** SES sender: an address, or a domain (see Email). */
  readonly senderEmail: string;
  /** An SES identity verified by hand (the sender or its domain), imported instead of created. */
  readonly existingSenderIdentity?: string;
  /** The consultancy's inbox for new-lead notifications. */
  readonly notificationEmail: string;
  /** Where operational alarms are emailed. */
  readonly opsEmail: string;
  /** Who may sign in to the console. */
  readonly owners: readonly string[];
  /** The firm's postal address, in every campaign email (context `mailingAddress`). */
  readonly mailingAddress: string;
  /** The built website, its page paths (from its _routes.json) and its inline elements' CSP hashes. */
  readonly web: { readonly distDir: string; readonly routes: readonly string[]; readonly cspHashes: CspHashes };
  /** Absolute path of the scorecard document. */
  readonly scorecardDocumentFile: string;
  readonly customDomain?: CustomDomain;
  readonly apiThrottle?: ApiThrottle;
  readonly formThrottle?: ApiThrottle;
  readonly subscriberThrottle?: ApiThrottle;
  readonly formLimits?: FormLimits;
  /** SES's maximum send rate of the account, emails per second (campaigns). @default 14 */
  readonly campaignSendRate?: number;
  /** The stage (context `stage`), in the `stage` cost allocation tag. @default prod */
  readonly stage?: string;
  /** The monthly cost budget in USD, emailed to opsEmail (context `monthlyBudgetUsd`). @default 20 */
  readonly monthlyBudgetUsd?: number;
}

/** The whole product in one stack: site delivery, API, data, mail and alarms. */
export class SiteStack extends Stack {
  readonly data: Data;
  readonly email: Email;
  readonly api: Api;
  readonly mailer: Mailer;
  readonly campaigns: CampaignSender;
  readonly publisher: SitePublisher;
  /** The posts' scheduled publishes: their group and the role Scheduler invokes the publisher with. */
  readonly postSchedules: PostSchedules;
  readonly site: Site;
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    const costAllocationTags = { project: PROJECT_TAG, stage: props.stage ?? DEFAULT_STAGE };
    super(scope, id, {
      // Deleting the stack takes its site, API and mail with it: only on purpose, protection off first.
      terminationProtection: true,
      ...props,
      // The stack's own tags, which CloudFormation also puts on what it creates...
      tags: { ...props.tags, ...costAllocationTags },
    });
    // ...and each taggable resource's in the template, so they show in the template and its tests
    // (with @aws-cdk/core:explicitStackTags, Tags.of(stack) tags only the resources).
    for (const [key, value] of Object.entries(costAllocationTags)) Tags.of(this).add(key, value);

    const accessLogs = new AccessLogs(this, 'AccessLogs');
    this.data = new Data(this, 'Data');
    const { subscribers, leads } = this.data;
    const topicKey = new TopicKey(this, 'TopicKey');

    this.email = new Email(this, 'Email', {
      sender: props.senderEmail,
      existingIdentity: props.existingSenderIdentity,
      subscribers,
      leads,
      topicKey,
    });

    // One log group for the bucket-deployment Lambda, which aws-s3-deployment shares stack-wide.
    const deploymentLogGroup = new logs.LogGroup(this, 'BucketDeploymentLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const deploymentLogsReason =
      'Logs of the deployment-time upload handler: no personal data and no audit trail (CloudTrail records the deployment), so a month in the service-encrypted default suffices.';
    for (const rule of ['cloudwatch_log_group_retention_period_check', 'cloudwatch_log_group_encrypted_check']) {
      Validations.of(deploymentLogGroup).acknowledge({ id: controlTowerRule(rule), reason: deploymentLogsReason });
    }
    const scorecard = new ScorecardDocument(this, 'Scorecard', {
      documentFile: props.scorecardDocumentFile,
      accessLogsBucket: accessLogs.bucket,
      deploymentLogGroup,
    });

    this.api = new Api(this, 'Api', {
      subscribers,
      leads,
      console: this.data.console,
      campaigns: this.data.campaigns,
      posts: this.data.posts,
      analytics: this.data.analytics,
      owners: props.owners,
      mailingAddress: props.mailingAddress,
      scorecardDocument: scorecard,
      throttle: props.apiThrottle,
      formThrottle: props.formThrottle,
      subscriberThrottle: props.subscriberThrottle,
      formLimits: props.formLimits,
    });
    this.site = new Site(this, 'Site', {
      routes: props.web.routes,
      cspHashes: props.web.cspHashes,
      apiDomainName: this.api.domainName,
      apiOriginHeaders: this.api.originVerify.originCustomHeaders,
      accessLogsBucket: accessLogs.bucket,
      customDomain: props.customDomain,
    });
    this.api.connectConsole(this.site.origin, this.email);
    this.api.connectSite(this.site.origin);
    // The visits' hourly roll-up (docs/decisions/0081-privacy-first-analytics.md).
    new SiteAnalytics(this, 'SiteAnalytics', { analytics: this.data.analytics });
    this.mailer = new Mailer(this, 'Mailer', {
      leads,
      subscribers,
      sender: this.email,
      siteUrl: this.site.origin,
      notificationEmail: props.notificationEmail,
      formMail: props.formLimits && {
        perWindow: props.formLimits.formMailsPerHour,
        windowSeconds: props.formLimits.formMailWindowSeconds,
      },
    });
    this.campaigns = new CampaignSender(this, 'Campaigns', {
      campaigns: this.data.campaigns,
      subscribers,
      sender: this.email,
      siteUrl: this.site.origin,
      mailingAddress: props.mailingAddress,
      sendRate: props.campaignSendRate,
    });
    // The console's send routes start sends: now on the queue, later through a schedule.
    this.campaigns.bindLaunches(this.api.handlers.consoleCampaigns);
    // The site's publisher: the newsletter archive is republished when a send's recipients are
    // queued (the worker's launch) or an owner changes `publish` on a sent campaign (the console).
    this.publisher = new SitePublisher(this, 'SitePublisher', {
      campaigns: this.data.campaigns,
      posts: this.data.posts,
      bucket: this.site.bucket,
      distribution: this.site.distribution,
      routesStore: this.site.routesStore,
      siteUrl: this.site.origin,
    });
    this.publisher.bindTrigger(this.campaigns.worker);
    this.publisher.bindTrigger(this.api.handlers.consoleCampaigns);
    // The Posts screen publishes now (a run) or at a time (a schedule that invokes the publisher).
    this.publisher.bindTrigger(this.api.handlers.consolePosts);
    this.postSchedules = new PostSchedules(this, 'PostSchedules', { publisher: this.publisher.publisher });
    this.postSchedules.bindSchedules(this.api.handlers.consolePosts);
    // Its preview renders with the deployed build's render kit, the one object of the bucket it
    // reads but the uploads. An owner's image: the presigned POST it signs is authorized as its
    // s3:PutObject, on post-uploads/* only; it reads and deletes an upload, and writes an accepted
    // image under media/posts/ (never deletes one: a published page may show it).
    this.api.handlers.consolePosts
      .grantOn([this.site.bucket.arnForObjects(RENDER_KIT_KEY)], ['s3:GetObject'])
      .grantOn(
        [this.site.bucket.arnForObjects(`${POST_UPLOADS_PREFIX}*`)],
        ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
      )
      .grantOn([this.site.bucket.arnForObjects(`${POST_MEDIA_PREFIX}*`)], ['s3:PutObject'])
      .setEnv('SITE_BUCKET', this.site.bucket.bucketName)
      // The host the site's CSP lets the console connect to (Site: contentSecurityPolicy's connectTo).
      .setEnv('POST_UPLOAD_URL', `https://${this.site.bucket.bucketRegionalDomainName}/`);
    const siteBucketArn = `<${this.getLogicalId(this.site.bucket.node.defaultChild as never)}.Arn>`;
    for (const prefix of [POST_UPLOADS_PREFIX, POST_MEDIA_PREFIX]) {
      Validations.of(this.api.handlers.consolePosts.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${siteBucketArn}/${prefix}*]`,
        reason:
          "An upload's and an accepted image's names are random or their content's hash, made when the owner uploads, so the grant is every object under that one prefix of the site bucket and nothing else.",
      });
    }
    // Bounces and complaints of a campaign's email are counted on its send record.
    this.email.feedbackFunction.bindTable(this.data.campaigns, ['UpdateItem']);
    new SiteDeployment(this, 'SiteDeployment', {
      distDir: props.web.distDir,
      siteOrigin: this.site.origin,
      bucket: this.site.bucket,
      distribution: this.site.distribution,
      deploymentLogGroup,
    });

    this.alarms = new Alarms(this, 'Alarms', { opsEmail: props.opsEmail, topicKey });
    this.alarms.watchApi('Api5xx', this.api.httpApi);
    this.alarms.watchFunctions('FunctionErrors');
    this.alarms
      .watchDeadLetterQueue('MailerDeadLetters', this.mailer.deadLetterQueue)
      .watchDeadLetterQueue('FeedbackDeadLetters', this.email.feedbackDeadLetterQueue)
      .watchDeadLetterQueue('CampaignDeadLetters', this.campaigns.deadLetterQueue)
      .watchDeadLetterQueue('PublisherDeadLetters', this.publisher.deadLetterQueue)
      .watchLogMessage('CampaignMailFinallyFailed', [this.campaigns.worker.logGroup], CAMPAIGN_MAIL_FINALLY_FAILED)
      .watchLogMessage(
        'MailFinallyFailed',
        [this.mailer.handler.logGroup, this.mailer.sweep.logGroup],
        LEAD_MAIL_FINALLY_FAILED,
      )
      .watchLogMessage(
        'MailDoubtOutlivedWindow',
        [this.mailer.handler.logGroup, this.mailer.sweep.logGroup, this.campaigns.worker.logGroup],
        MAIL_DOUBT_OUTLIVED_WINDOW,
      )
      .watchEventStream('SesEventsMissing', {
        accepted: this.email.sendsAccepted(EVENT_STREAM_PERIOD),
        arrived: this.email.eventsDelivered(EVENT_STREAM_PERIOD),
      })
      .watchLogMessage(
        'FormMailBudget',
        [this.api.handlers.signup.logGroup, this.api.handlers.requestScorecard.logGroup],
        FORM_MAIL_BUDGET_EXHAUSTED,
      );
    this.acknowledgeApiControls();
    new MonthlyBudget(this, 'Budget', {
      amountUsd: props.monthlyBudgetUsd ?? DEFAULT_MONTHLY_BUDGET_USD,
      email: props.opsEmail,
    });

    new CfnOutput(this, 'SiteUrl', {
      description: 'The public site (links in emails use it too)',
      value: this.site.origin,
    });
    new CfnOutput(this, 'DistributionDomainName', {
      description: 'Point the custom domain here (CNAME or alias)',
      value: this.site.distribution.distributionDomainName,
    });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    // Read by the operator commands (npm run mail:redrive -- --target aws).
    new CfnOutput(this, 'LeadsTableName', { value: leads.table.tableName });
    new CfnOutput(this, 'SubscribersTableName', { value: subscribers.table.tableName });
    // Read by npm run campaign -- --target aws.
    new CfnOutput(this, 'CampaignsTableName', { value: this.data.campaigns.table.tableName });
    new CfnOutput(this, 'CampaignQueueUrl', { value: this.campaigns.queue.queueUrl });
    new CfnOutput(this, 'SitePublisherName', { value: this.publisher.publisher.function.functionName });
    new CfnOutput(this, 'SenderAddress', {
      description: 'The From address of every email',
      value: this.email.fromAddress,
    });
    new CfnOutput(this, 'ApiEndpoint', {
      description: 'Direct API endpoint (the site calls it through CloudFront /api/*)',
      value: this.api.httpApi.apiEndpoint,
    });
  }

  /**
   * Control Tower controls on the API's resources, acknowledged here because constructs/api.ts
   * builds them; the reasons are the API's own.
   */
  private acknowledgeApiControls(): void {
    const acknowledge = (rule: string, reason: string) =>
      Validations.of(this.api).acknowledge({ id: controlTowerRule(rule), reason });
    acknowledge(
      'lambda_function_public_access_prohibited_check',
      'Each permission names apigateway.amazonaws.com with a SourceArn of this API (built with Fn::Join, which the rule cannot read as a string).',
    );
    acknowledge(
      'cloudwatch_log_group_encrypted_check',
      'API access logs hold request metadata (no bodies); CloudWatch Logs encrypts them at rest with service keys and they are kept a year.',
    );
  }
}
