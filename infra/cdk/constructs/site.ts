import { Duration, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { POST_UPLOADS_PREFIX } from '#shared/blog-site.ts';
import { API_BASE } from '#shared/paths.ts';
import { controlTowerRule } from '../compliance';
import { buildViewerRequestCode, buildViewerResponseCode } from '../edge/edge-code';
import { API_CLOUDFRONT_HEADERS, API_VIEWER_HEADERS } from '../site/api-origin-headers';
import { SESSION_COOKIE } from '#shared/console/common.ts';
import { securityHeaderPolicy, type CspHashes } from '../site/security-headers';
import { acknowledgeStaticBucketControls } from './access-logs';

/**
 * Why the distribution keeps no access log (decision 0081). Legacy logs always hold c-ip; a v2
 * delivery that leaves it out must be created in us-east-1: "When calling the CloudWatch API to
 * enable standard logging, you must specify the US East (N. Virginia) Region (us-east-1)"
 * (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/standard-logging.html#enable-access-logging-api).
 */
const CDN_ACCESS_LOGS_OFF =
  "No CloudFront access logs: standard logging (legacy) keeps every viewer's IP address (c-ip) and issue 32 forbids storing one; standard logging v2 could omit it, but its delivery must be created in us-east-1 and this stack is ca-central-1 only (decision 0081). The API's access log, CloudWatch metrics and the S3 server access logs of the origin bucket remain.";

export interface CustomDomain {
  /** e.g. www.example.ca; its DNS record (CNAME/alias to the distribution) is managed outside. */
  readonly domainName: string;
  /** ACM certificate covering domainName; CloudFront only accepts certificates in us-east-1. */
  readonly certificateArn: string;
}

export interface SiteProps {
  /** Page paths from the web build's _routes.json, built into the viewer-request function. */
  readonly routes: readonly string[];
  /** CSP sources of the pages' inline stylesheet and boot script, from the web build (readCspHashes). */
  readonly cspHashes: CspHashes;
  /** Host name of the HTTP API (execute-api), the origin of `/api/*`. */
  readonly apiDomainName: string;
  /** Headers CloudFront adds to every `/api/*` origin request: the origin-verify secret the API requires. */
  readonly apiOriginHeaders: Readonly<Record<string, string>>;
  readonly accessLogsBucket: s3.IBucket;
  /** @default the distribution's *.cloudfront.net name */
  readonly customDomain?: CustomDomain;
}

/**
 * The website's delivery: a private S3 bucket read through Origin Access Control, and a
 * CloudFront distribution whose default behaviour runs the edge functions (routing, 404s)
 * and whose `/api/*` behaviour forwards to API Gateway uncached. Both behaviours send the
 * same security headers. There are deliberately no distribution-wide error responses: they
 * would also rewrite the API's JSON errors into HTML pages.
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly viewerRequestFunction: cloudfront.Function;
  /**
   * What the site's publisher published that the build cannot know, read by the viewer-request
   * function: the newsletter's issues (a key per slug) and the blog's posts and redirects
   * (`post:<slug>`, `redirect:<slug>`: shared/blog-site.ts).
   */
  readonly routesStore: cloudfront.KeyValueStore;
  readonly viewerResponseFunction: cloudfront.Function;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;
  private readonly customDomain?: CustomDomain;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { customDomain } = props;
    this.customDomain = customDomain;
    if (customDomain) {
      if (!/^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i.test(customDomain.domainName)) {
        throw new Error(`${this.node.path}: "${customDomain.domainName}" is not a domain name`);
      }
      if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(customDomain.certificateArn)) {
        throw new Error(
          `${this.node.path}: certificateArn must be an ACM certificate in us-east-1 (CloudFront requires it)`,
        );
      }
    }

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // Versioning keeps earlier deployments for a rollback; old versions need not live forever.
      // An image upload is accepted (copied to media/posts/ and deleted) within seconds of its POST:
      // one still there after a day was abandoned (a closed tab) and goes, versions and all.
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(90) },
        {
          id: 'AbandonedImageUploads',
          prefix: POST_UPLOADS_PREFIX,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      // The console's browser POSTs an image straight to the bucket (a presigned POST, decision
      // 0053) and must read the answer: S3 adds Access-Control-Allow-Origin for this origin only
      // (https://docs.aws.amazon.com/AmazonS3/latest/userguide/cors.html). The site's origin without
      // a custom domain is the distribution's, which depends on this bucket: any CloudFront host is
      // allowed then. CORS only lets a page read the answer; what may be written is the policy's.
      cors: [
        {
          allowedMethods: [s3.HttpMethods.POST],
          allowedOrigins: [customDomain ? `https://${customDomain.domainName}` : 'https://*.cloudfront.net'],
          maxAge: 3600,
        },
      ],
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 's3/site/',
    });

    // Written by the site's publisher; the function serves /newsletter/<slug> and a post's
    // /<slug> only for a key in it, the 404 page otherwise (docs/decisions/0052-newsletter-archive.md,
    // 0053-blog-posts-from-the-console.md). Its id is the one from before the blog: a new id would
    // replace the store, and until the publisher's run after the deploy every issue and post would
    // answer 404. The comment changes in place (UpdateKeyValueStore takes a new Comment:
    // https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_UpdateKeyValueStore.html).
    this.routesStore = new cloudfront.KeyValueStore(this, 'ArchiveIssues', {
      comment: "Published newsletter issues, blog posts and redirects, written by the site's publisher",
    });
    this.viewerRequestFunction = new cloudfront.Function(this, 'ViewerRequest', {
      comment: 'Legacy 301s, pretty URLs, subscriber page shells, unknown paths -> 404 page',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(buildViewerRequestCode(props.routes)),
      keyValueStore: this.routesStore,
    });
    this.viewerResponseFunction = new cloudfront.Function(this, 'ViewerResponse', {
      comment: 'Gives the 404 page its 404 status',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(buildViewerResponseCode()),
    });

    const headers = securityHeaderPolicy(props.cspHashes, [`https://${this.bucket.bucketRegionalDomainName}`]);
    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers of infra/cdk/site/security-headers.ts',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(headers.strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: headers.strictTransportSecurity.includeSubDomains,
          preload: headers.strictTransportSecurity.preload,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy: headers.contentSecurityPolicy, override: true },
        // CloudFront's only value for this header is nosniff.
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: enumValue(cloudfront.HeadersFrameOption, headers.frameOptions), override: true },
        referrerPolicy: {
          referrerPolicy: enumValue(cloudfront.HeadersReferrerPolicy, headers.referrerPolicy),
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: headers.permissionsPolicy, override: true }],
      },
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { ...props.apiOriginHeaders },
    });
    const apiOriginRequests = new cloudfront.OriginRequestPolicy(this, 'ApiOriginRequests', {
      comment:
        "API: the viewer headers the handlers read, the viewer address and the console's session cookie; no Host",
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
        ...API_VIEWER_HEADERS,
        ...API_CLOUDFRONT_HEADERS,
      ),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      // Only the console's session cookie (shared/console/common.ts); with cookies forwarded CloudFront
      // also passes the handlers' Set-Cookie back (caching is off on /api/*), which "none" strips:
      // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/Cookies.html
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.allowList(SESSION_COOKIE),
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Website and /api',
      // The viewer-request function already maps "/" to /index.html; this keeps a bare "/"
      // from ever reaching S3 as a bucket listing (the origin has LIST for honest 404s).
      defaultRootObject: 'index.html',
      defaultBehavior: {
        // LIST lets S3 answer 404 (not 403) for a missing file.
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
        }),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [
          { function: this.viewerRequestFunction, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: this.viewerResponseFunction, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        [`${API_BASE}/*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          // Never cached; no Host (API Gateway routes on its own host name): infra/cdk/site/api-origin-headers.ts.
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiOriginRequests,
          // No `compress`: CloudFront compresses only what it caches, and CachingDisabled caches nothing.
          compress: false,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // North America and Europe edges: the audience is in Alberta.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      // No access logs (issue 32: no viewer's address kept anywhere, decision 0081). Standard logging
      // (legacy) always writes the viewer's address (c-ip); v2 can leave it out, but its delivery must be
      // made in us-east-1 and this stack is ca-central-1 only.
      enableLogging: false,
      ...(customDomain
        ? {
            domainNames: [customDomain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', customDomain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: cloudfront.SSLMethod.SNI,
          }
        : {}),
    });

    Validations.of(this.distribution).acknowledge({
      id: '@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      reason:
        'defaultRootObject is set and the viewer-request function rewrites every directory-like path to an index.html key or the 404 page, so no request reaches S3 as a listing.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'A public marketing site; Canadian visitors travel and the content is not region-restricted.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason:
        'No WAF: a CloudFront web ACL must live in us-east-1 and costs more than this low-traffic site warrants; API throttling, form validation and per-address limits cover abuse.',
    });
    Validations.of(this.distribution).acknowledge({ id: 'AwsSolutions-CFR3', reason: CDN_ACCESS_LOGS_OFF });
    Validations.of(this.distribution).acknowledge({
      id: controlTowerRule('cloudfront_access_logs_enabled_check'),
      reason: CDN_ACCESS_LOGS_OFF,
    });
    Validations.of(this.distribution).acknowledge({
      id: controlTowerRule('cloudfront_origin_failover_enabled_check'),
      reason:
        'One region by design (Canadian data residency): a failover origin would need a replica bucket and API elsewhere; S3 and API Gateway are regional multi-AZ services.',
    });
    acknowledgeStaticBucketControls(this.bucket);
    Validations.of(this.bucket).acknowledge({
      id: controlTowerRule('s3_bucket_default_encryption_kms_check'),
      reason:
        'Public website files; SSE-S3 encrypts them at rest, and SSE-KMS would add a key policy for CloudFront Origin Access Control for no confidentiality gain.',
    });
    if (!customDomain) {
      // "CloudFront automatically sets the security policy to TLSv1 regardless": https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_ViewerCertificate.html
      const defaultCertificate =
        'Without a custom domain the *.cloudfront.net certificate is used, whose security policy CloudFront fixes (TLSv1) and SNI does not apply; with domainName/certificateArn the policy is TLSv1.2_2021, SNI only.';
      for (const id of [
        'AwsSolutions-CFR4',
        controlTowerRule('cloudfront_security_policy_check'),
        controlTowerRule('cloudfront_custom_ssl_certificate_check'),
        controlTowerRule('cloudfront_sni_enabled_check'),
      ]) {
        Validations.of(this.distribution).acknowledge({ id, reason: defaultCertificate });
      }
    }
  }

  /**
   * The site's public origin: the custom domain, or else the distribution's own domain (a
   * deploy-time value). Links in emails and the deployed pages use it; never a placeholder.
   */
  get origin(): string {
    const host = this.customDomain?.domainName ?? this.distribution.distributionDomainName;
    return `https://${host}`;
  }
}

/** A value of a CDK string enum, checked, so the shared header values cannot drift into invalid ones. */
function enumValue<T extends string>(values: Record<string, T>, value: string): T {
  const match = Object.values(values).find((candidate) => candidate === value);
  if (!match) throw new Error(`"${value}" is not one of ${Object.values(values).join(', ')}`);
  return match;
}
