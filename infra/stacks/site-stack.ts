import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { AccessLogs } from '../constructs/access-logs';
import { Alarms } from '../constructs/alarms';
import { Api } from '../constructs/api';
import type { ApiThrottle } from '../constructs/api-throttling';
import { Data } from '../constructs/data';
import { Email } from '../constructs/email';
import { Mailer } from '../constructs/mailer';
import { ScorecardDocument } from '../constructs/scorecard-document';
import { Site, type CustomDomain } from '../constructs/site';
import { SiteDeployment } from '../constructs/site-deployment';

export interface SiteStackProps extends StackProps {
  /** Public URL of the site (links in emails), e.g. https://www.example.ca. */
  readonly siteUrl: string;
  /** SES sender: an address, or a domain (see Email). */
  readonly senderEmail: string;
  /** The consultancy's inbox for new-lead notifications. */
  readonly notificationEmail: string;
  /** Where operational alarms are emailed. */
  readonly opsEmail: string;
  /** The built website and its page paths (from its _routes.json). */
  readonly web: { readonly distDir: string; readonly routes: readonly string[] };
  /** Absolute path of the scorecard document. */
  readonly scorecardDocumentFile: string;
  readonly customDomain?: CustomDomain;
  readonly apiThrottle?: ApiThrottle;
  readonly formThrottle?: ApiThrottle;
  readonly subscriberThrottle?: ApiThrottle;
}

/** The whole product in one stack: site delivery, API, data, mail and alarms. */
export class SiteStack extends Stack {
  readonly data: Data;
  readonly email: Email;
  readonly api: Api;
  readonly mailer: Mailer;
  readonly site: Site;
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);

    const accessLogs = new AccessLogs(this, 'AccessLogs');
    this.data = new Data(this, 'Data');
    const { subscribers, leads } = this.data;

    this.email = new Email(this, 'Email', { sender: props.senderEmail, subscribers });

    // One log group for the bucket-deployment Lambda, which aws-s3-deployment shares stack-wide.
    const deploymentLogGroup = new logs.LogGroup(this, 'BucketDeploymentLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const scorecard = new ScorecardDocument(this, 'Scorecard', {
      documentFile: props.scorecardDocumentFile,
      accessLogsBucket: accessLogs.bucket,
      deploymentLogGroup,
    });

    this.api = new Api(this, 'Api', {
      subscribers,
      leads,
      scorecardDocument: scorecard,
      throttle: props.apiThrottle,
      formThrottle: props.formThrottle,
      subscriberThrottle: props.subscriberThrottle,
    });
    this.mailer = new Mailer(this, 'Mailer', {
      leads,
      subscribers,
      sender: this.email,
      siteUrl: props.siteUrl,
      notificationEmail: props.notificationEmail,
    });

    this.site = new Site(this, 'Site', {
      routes: props.web.routes,
      apiDomainName: this.api.domainName,
      apiOriginHeaders: this.api.originVerify.originCustomHeaders,
      accessLogsBucket: accessLogs.bucket,
      customDomain: props.customDomain,
    });
    new SiteDeployment(this, 'SiteDeployment', {
      distDir: props.web.distDir,
      bucket: this.site.bucket,
      distribution: this.site.distribution,
      deploymentLogGroup,
    });

    this.alarms = new Alarms(this, 'Alarms', { opsEmail: props.opsEmail });
    this.alarms.watchApi('Api5xx', this.api.httpApi);
    const functions = [
      ...Object.entries(this.api.handlers).map(([name, fn]) => [`Api${name.charAt(0).toUpperCase()}${name.slice(1)}`, fn] as const),
      ['ApiOriginVerify', this.api.originVerify.handler] as const,
      ['Mailer', this.mailer.handler] as const,
      ['SesFeedback', this.email.feedbackFunction] as const,
    ];
    for (const [name, fn] of functions) this.alarms.watchFunction(`${name}Errors`, fn.function);
    this.alarms
      .watchDeadLetterQueue('MailerDeadLetters', this.mailer.deadLetterQueue)
      .watchDeadLetterQueue('FeedbackDeadLetters', this.email.feedbackDeadLetterQueue);

    new CfnOutput(this, 'DistributionDomainName', {
      description: 'Point the custom domain here, or use it as siteUrl',
      value: this.site.distribution.distributionDomainName,
    });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    new CfnOutput(this, 'ApiEndpoint', {
      description: 'Direct API endpoint (the site calls it through CloudFront /api/*)',
      value: this.api.httpApi.apiEndpoint,
    });
  }
}
