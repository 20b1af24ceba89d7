import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Api, type ApiProps } from '#infra/cdk/constructs/api.ts';
import type { SenderBinding } from '#infra/cdk/constructs/house-function.ts';
import { ROUTE_THROTTLE_GROUPS } from '#infra/cdk/constructs/api-throttling.ts';
import { Data } from '#infra/cdk/constructs/data.ts';
import { API_FALLBACK_HANDLER, routeHandler } from '#infra/cdk/constructs/functions.ts';
import { catalogueNameOf } from '#infra/cdk/constructs/role-description.ts';
import { API_FALLBACK_ROUTE, API_ROUTES } from '#shared/paths.ts';
import { SENDS_BY_MAILBOX_INDEX } from '#shared/sends-by-mailbox-index.ts';
import { newStack } from '#test/infra/support/app.ts';
import { DYNAMODB_WRITE_ACTIONS, roleActions, roleStatements } from '#test/infra/support/policies.ts';

/** A sender as the email construct is one: it grants SES sending to a function's role. */
const SENDER: SenderBinding = {
  fromAddress: 'hello@chinooktalent.ca',
  grantSendEmail: (grantee) =>
    iam.Grant.addToPrincipal({ grantee, actions: ['ses:SendRawEmail'], resourceArns: ['*'] }),
};

function build(
  throttles: Pick<ApiProps, 'throttle' | 'formThrottle' | 'subscriberThrottle'> = {},
  options: { consoleConnected?: boolean } = {},
) {
  const stack = newStack();
  const data = new Data(stack, 'Data');
  const bucket = new s3.Bucket(stack, 'Docs');
  const api = new Api(stack, 'Api', {
    subscribers: data.subscribers,
    leads: data.leads,
    console: data.console,
    campaigns: data.campaigns,
    posts: data.posts,
    analytics: data.analytics,
    owners: ['ann@example.ca'],
    mailingAddress: 'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
    scorecardDocument: { bucket, key: 'scorecard/doc.pdf' },
    ...throttles,
  });
  if (options.consoleConnected) api.connectConsole('https://www.chinooktalent.ca', SENDER);
  return { stack, api, data, template: Template.fromStack(stack) };
}

describe('Api', () => {
  const { stack, api, template } = build();

  it('routes every API route of shared/paths and the /api fallback', () => {
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties.RouteKey,
    );
    expect(routeKeys.sort()).toEqual([...Object.values(API_ROUTES), 'ANY /api/{proxy+}'].sort());
  });

  it('runs, on each route, the handler of its name (as the local server does)', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route'));
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration');
    const functions = template.findResources('AWS::Lambda::Function');
    const roles = template.findResources('AWS::IAM::Role');
    const handlerOf = (routeKey: string) => {
      const route = routes.find((candidate) => candidate.Properties.RouteKey === routeKey)!;
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref;
      const [functionId] = integrations[integrationId].Properties.IntegrationUri['Fn::GetAtt'];
      const [roleId] = functions[functionId].Properties.Role['Fn::GetAtt'];
      return catalogueNameOf(roles[roleId].Properties.Description);
    };
    for (const [name, routeKey] of Object.entries(API_ROUTES) as [keyof typeof API_ROUTES, string][]) {
      expect([name, handlerOf(routeKey)]).toEqual([name, routeHandler(name)]);
    }
    expect(handlerOf(API_FALLBACK_ROUTE)).toBe(API_FALLBACK_HANDLER);
  });

  it('integrates each route with its own Lambda (payload v2)', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', Object.keys(API_ROUTES).length + 1);
    template.allResourcesProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });
  });

  it('has one explicit $default stage, throttled, with JSON access logs', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiAccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"'),
      },
    });
    const format = template.findResources('AWS::ApiGatewayV2::Stage');
    const [stage] = Object.values(format);
    expect(() => JSON.parse(stage.Properties.AccessLogSettings.Format)).not.toThrow();
  });

  it('gives the GET subscriber handler read access only', () => {
    const actions = roleActions(template, stack, api.handlers.getSubscriber);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem']));
    for (const write of DYNAMODB_WRITE_ACTIONS) expect(actions).not.toContain(write);
    expect(actions.some((action) => action.startsWith('s3:') || action.startsWith('ses:'))).toBe(false);
  });

  /** The actions a function's role allows on one table, named by its logical id. */
  const actionsOn = (
    table: 'Subscribers' | 'Leads' | 'Console' | 'Campaigns' | 'Posts',
    fn: (typeof api.handlers)[keyof typeof api.handlers],
  ) =>
    roleStatements(template, stack, fn)
      .filter((statement) => JSON.stringify(statement.Resource).includes(table))
      .flatMap((statement) => [statement.Action].flat());

  it('lets the PUT and one-click handlers update subscribers, never put or delete them', () => {
    for (const fn of [api.handlers.putSubscriber, api.handlers.oneClickUnsubscribe]) {
      const actions = actionsOn('Subscribers', fn);
      expect(actions).toContain('dynamodb:UpdateItem');
      expect(actions).not.toContain('dynamodb:PutItem');
      expect(actions).not.toContain('dynamodb:DeleteItem');
    }
  });

  it('lets the PUT and one-click handlers only find campaign emails by mailbox and update campaign counters', () => {
    for (const fn of [api.handlers.putSubscriber, api.handlers.oneClickUnsubscribe]) {
      const statements = roleStatements(template, stack, fn).filter((statement) =>
        JSON.stringify(statement.Resource).includes('Campaigns'),
      );
      // Query on the index alone (a Query of an index is authorized on the index's ARN), UpdateItem
      // of the counters on the table: nothing else.
      expect(statements.map((statement) => [statement.Action, JSON.stringify(statement.Resource)])).toEqual([
        ['dynamodb:UpdateItem', expect.not.stringContaining('/index/')],
        ['dynamodb:Query', expect.stringContaining(`/index/${SENDS_BY_MAILBOX_INDEX.name}`)],
      ]);
    }
  });

  it("lets the PUT handler only put leads (a resubscribe's confirmation lead), and one-click not touch them", () => {
    expect(actionsOn('Leads', api.handlers.putSubscriber)).toEqual(['dynamodb:PutItem']);
    expect(actionsOn('Leads', api.handlers.oneClickUnsubscribe)).toEqual([]);
    expect(roleActions(template, stack, api.handlers.putSubscriber)).not.toContain('dynamodb:DeleteItem');
  });

  /** A role's statements on the tables but the analytics table's (its grants: the test below). */
  const tableStatements = (fn: (typeof api.handlers)[keyof typeof api.handlers]) =>
    roleStatements(template, stack, fn).filter((s) => !JSON.stringify(s.Resource).includes('Analytics'));

  it('lets the form handlers create leads and only read subscribers (a form never writes a subscriber)', () => {
    for (const fn of [api.handlers.requestScorecard, api.handlers.signup]) {
      const statements = tableStatements(fn).filter((s) => [s.Action].flat().includes('dynamodb:PutItem'));
      expect(statements).toHaveLength(1);
      expect(JSON.stringify(statements[0]!.Resource)).toContain('Leads');
      expect(roleActions(template, stack, fn)).not.toContain('dynamodb:DeleteItem');
    }
  });

  it('lets the confirmation handler create a subscriber and update its lead, never delete', () => {
    const statements = tableStatements(api.handlers.confirmSubscription).filter((s) =>
      [s.Action].flat().includes('dynamodb:PutItem'),
    );
    expect(statements).toHaveLength(1);
    expect(JSON.stringify(statements[0]!.Resource)).toContain('Subscribers');
    expect(roleActions(template, stack, api.handlers.confirmSubscription)).not.toContain('dynamodb:DeleteItem');
  });

  it('gives s3:GetObject to the download handler only', () => {
    for (const [name, fn] of Object.entries(api.handlers)) {
      const actions = roleActions(template, stack, fn);
      expect([name, actions.includes('s3:GetObject')]).toEqual([name, name === 'downloadScorecard']);
      expect(actions.filter((action) => action.startsWith('s3:'))).toEqual(
        name === 'downloadScorecard' ? ['s3:GetObject'] : [],
      );
    }
  });

  it('lets the download handler write only consent on the subscribers table (implied consent starts there), never a lead', () => {
    const writes = roleStatements(template, stack, api.handlers.downloadScorecard).filter((s) =>
      DYNAMODB_WRITE_ACTIONS.some((write) => [s.Action].flat().includes(write)),
    );
    expect(writes).toHaveLength(1);
    expect(JSON.stringify(writes[0]!.Resource)).toContain('Subscribers');
    expect(JSON.stringify(writes[0]!.Resource)).not.toContain('Leads');
    expect([writes[0]!.Action].flat().filter((action) => DYNAMODB_WRITE_ACTIONS.includes(action))).toEqual([
      'dynamodb:UpdateItem',
    ]);
  });

  it("lets the sign-in delete only on its own table, and no console function scan but the subscribers' overview and the campaign list", () => {
    const { consoleAuth, consoleApi, consoleCampaigns } = api.handlers;
    expect(actionsOn('Console', consoleAuth)).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:DeleteItem']),
    );
    expect(actionsOn('Leads', consoleAuth)).toEqual([]);
    expect(actionsOn('Subscribers', consoleAuth)).toEqual([]);
    expect(roleActions(template, stack, consoleAuth)).not.toContain('dynamodb:Scan');
    // The console's screens: an erasure deletes a person's leads, subscriptions and send records
    // (docs/decisions/0072-erasure.md), and creates nothing but on the subscribers and console tables.
    for (const table of ['Leads', 'Subscribers', 'Campaigns'] as const)
      expect(actionsOn(table, consoleApi)).toContain('dynamodb:DeleteItem');
    expect(actionsOn('Leads', consoleApi)).not.toContain('dynamodb:PutItem');
    expect(actionsOn('Campaigns', consoleApi)).not.toContain('dynamodb:PutItem');
    expect(actionsOn('Campaigns', consoleApi)).not.toContain('dynamodb:Scan');
    // The campaigns: drafts are written whole (PutItem, conditional on their version) and listed
    // by a scan; the audience's subscribers are scanned, never changed; no lead is read.
    expect(actionsOn('Campaigns', consoleCampaigns)).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:Scan']),
    );
    expect(actionsOn('Subscribers', consoleCampaigns)).toContain('dynamodb:Scan');
    for (const write of DYNAMODB_WRITE_ACTIONS) expect(actionsOn('Subscribers', consoleCampaigns)).not.toContain(write);
    expect(actionsOn('Leads', consoleCampaigns)).toEqual([]);
    const scanned = (fn: typeof consoleApi) =>
      roleStatements(template, stack, fn)
        .filter((statement) => [statement.Action].flat().includes('dynamodb:Scan'))
        .map((statement) => JSON.stringify(statement.Resource))
        .sort();
    expect(scanned(consoleApi)).toEqual([expect.stringContaining('Subscribers')]);
    expect(scanned(consoleCampaigns)).toEqual([
      expect.stringContaining('Campaigns'),
      expect.stringContaining('Subscribers'),
    ]);
  });

  it('holds each function to its items of the analytics table: no salt for the console, only salts and visits for the forms', () => {
    const analytics = (fn: (typeof api.handlers)[keyof typeof api.handlers]) =>
      roleStatements(template, stack, fn)
        .filter((s) => JSON.stringify(s.Resource).includes('Analytics'))
        .map((s) => [
          [s.Action].flat().sort(),
          (s as { Condition?: Record<string, Record<string, string[]>> }).Condition?.['ForAllValues:StringLike']?.[
            'dynamodb:LeadingKeys'
          ] ?? JSON.stringify(s.Resource),
        ]);
    const conversions = [
      [['dynamodb:GetItem', 'dynamodb:PutItem'], ['salt#*']],
      [['dynamodb:UpdateItem'], ['visit#*']],
    ];
    for (const fn of [api.handlers.requestScorecard, api.handlers.signup, api.handlers.confirmSubscription]) {
      expect(analytics(fn)).toEqual(conversions);
    }
    expect(analytics(api.handlers.collectVisit)).toEqual([
      [['dynamodb:GetItem', 'dynamodb:PutItem'], ['salt#*']],
      [['dynamodb:UpdateItem'], ['visit#*', 'client#*']],
    ]);
    expect(analytics(api.handlers.consoleApi)).toEqual([
      [['dynamodb:BatchGetItem'], ['day#*']],
      [['dynamodb:Query'], expect.stringContaining('/index/VisitsByDay')],
    ]);
    for (const name of ['getSubscriber', 'putSubscriber', 'consoleAuth', 'consoleCampaigns'] as const) {
      expect([name, analytics(api.handlers[name])]).toEqual([name, []]);
    }
  });

  it("lets only the console's screens query the audit log and the inbox's indexes, and only they and the unsubscribes the sends' index", () => {
    const indexes = (fn: (typeof api.handlers)[keyof typeof api.handlers]) =>
      roleStatements(template, stack, fn).flatMap((statement) =>
        [statement.Resource].flat().flatMap((resource) => {
          const index = /\/index\/(\w+)/.exec(JSON.stringify(resource));
          return index ? [index[1]] : [];
        }),
      );
    expect(indexes(api.handlers.consoleApi).sort()).toEqual([
      'AuditLog',
      'LeadsByMailbox',
      'LeadsByTime',
      'SendsByMailbox',
      'VisitsByDay',
    ]);
    // An unsubscribe finds the person's campaign emails ("unsubscribed since").
    const unsubscribes = ['putSubscriber', 'oneClickUnsubscribe'];
    for (const name of unsubscribes) expect(indexes(api.handlers[name as 'putSubscriber'])).toEqual(['SendsByMailbox']);
    // The Posts screen finds the posts on their own index.
    expect(indexes(api.handlers.consolePosts)).toEqual(['PostList']);
    for (const [name, fn] of Object.entries(api.handlers)) {
      if (!['consoleApi', 'consolePosts', ...unsubscribes].includes(name))
        expect([name, indexes(fn)]).toEqual([name, []]);
    }
  });

  it("lets only the Posts screen touch the blog's posts: by id, on their index, never by a scan", () => {
    const onPosts = (fn: (typeof api.handlers)[keyof typeof api.handlers]) =>
      actionsOn('Posts', fn).filter((action) => action.startsWith('dynamodb:'));
    expect(onPosts(api.handlers.consolePosts).sort()).toEqual(
      ['BatchGetItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'].map((action) => `dynamodb:${action}`),
    );
    for (const [name, fn] of Object.entries(api.handlers))
      if (name !== 'consolePosts') expect([name, onPosts(fn)]).toEqual([name, []]);
  });

  it('gives the four console functions the owners from context, read at every request', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    const owners = functions.map((fn) => fn.Properties.Environment?.Variables?.CONSOLE_OWNERS).filter(Boolean);
    expect(owners).toEqual(['ann@example.ca', 'ann@example.ca', 'ann@example.ca', 'ann@example.ca']);
  });

  it("gives no API handler but the console's sign-in and campaigns permission to send email (enrolment links, campaign test copies), once the console is connected", () => {
    const connected = build({}, { consoleConnected: true });
    for (const [name, fn] of Object.entries(connected.api.handlers)) {
      const sends = roleActions(connected.template, connected.stack, fn).some((action) => action.startsWith('ses:'));
      expect([name, sends]).toEqual([name, name === 'consoleAuth' || name === 'consoleCampaigns']);
    }
  });

  it('gives the console screens (evidence packs) and campaigns (previews, test copies) the configured mailing address, and no other API handler', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    const addresses = functions.map((fn) => fn.Properties.Environment?.Variables?.MAILING_ADDRESS).filter(Boolean);
    expect(addresses).toEqual([
      'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
      'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
    ]);
  });

  it('gives no API handler permission to send email', () => {
    for (const fn of Object.values(api.handlers)) {
      expect(roleActions(template, stack, fn).filter((action) => action.startsWith('ses:'))).toEqual([]);
    }
  });

  it('gives the fallback handler nothing but its logs', () => {
    expect(roleActions(template, stack, api.handlers.fallback)).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
  });

  it('exposes the execute-api host name for CloudFront', () => {
    expect(stack.resolve(api.domainName)).toEqual({
      'Fn::Join': [
        '',
        [
          { Ref: stack.getLogicalId(api.httpApi.node.defaultChild as CfnElement) },
          '.execute-api.ca-central-1.',
          { Ref: 'AWS::URLSuffix' },
        ],
      ],
    });
  });

  it('accepts a throttle override', () => {
    build({ throttle: { rateLimit: 2, burstLimit: 5 } }).template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 2, ThrottlingBurstLimit: 5 },
    });
  });

  it.each([[{ rateLimit: 0, burstLimit: 5 }], [{ rateLimit: 5, burstLimit: 0 }], [{ rateLimit: 5, burstLimit: 2.5 }]])(
    'rejects throttle %o',
    (throttle) => {
      expect(() => build({ throttle })).toThrow(/throttle/);
      expect(() => build({ formThrottle: throttle })).toThrow(/forms throttle/);
      expect(() => build({ subscriberThrottle: throttle })).toThrow(/subscriber throttle/);
    },
  );
});

describe('Api: only requests through CloudFront (origin verify)', () => {
  const { stack, api, template } = build();
  const [authorizerId] = Object.keys(template.findResources('AWS::ApiGatewayV2::Authorizer'));

  it('has one Lambda authorizer: simple responses, the x-origin-verify header as identity source, cached 5 minutes', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      IdentitySource: ['$request.header.x-origin-verify'],
      AuthorizerResultTtlInSeconds: 300,
    });
  });

  it('puts every route behind it, the /api fallback included', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route'));
    expect(routes.length).toBeGreaterThan(1);
    for (const route of routes) {
      expect([route.Properties.RouteKey, route.Properties.AuthorizationType, route.Properties.AuthorizerId]).toEqual([
        route.Properties.RouteKey,
        'CUSTOM',
        { Ref: authorizerId },
      ]);
    }
    expect(routes.map((route) => route.Properties.RouteKey)).toContain(API_FALLBACK_ROUTE);
  });

  it('generates the secret in Secrets Manager (letters and digits, fit for a header)', () => {
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { ExcludePunctuation: true, PasswordLength: 48 },
    });
  });

  it('lets the authorizer, and no route handler, read the secret; it gets the ARN, never the value', () => {
    const secretReaders = (fn: (typeof api.handlers)[keyof typeof api.handlers]) =>
      roleActions(template, stack, fn).filter((action) => action.startsWith('secretsmanager:'));
    expect(secretReaders(api.originVerify.handler)).toEqual(expect.arrayContaining(['secretsmanager:GetSecretValue']));
    for (const fn of Object.values(api.handlers)) expect(secretReaders(fn)).toEqual([]);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: { ORIGIN_VERIFY_SECRET_ARN: { Ref: Match.stringLikeRegexp('^ApiOriginVerifySecret') } },
      },
    });
  });

  it('exposes the secret to CloudFront as a dynamic reference resolved at deploy, not as a value', () => {
    const [[header, value]] = Object.entries(api.originVerify.originCustomHeaders);
    expect(header).toBe('x-origin-verify');
    expect(JSON.stringify(stack.resolve(value))).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:::\}\}/);
  });
});

describe('Api: unsubscribes throttled apart from the forms', () => {
  const routeSettingsOf = (template: Template) => {
    const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
    return stage.Properties.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
  };

  it('gives each form route and each subscriber route its own throttling bucket', () => {
    const settings = routeSettingsOf(build().template);
    expect(settings[API_ROUTES.signup]).toEqual({ ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 });
    expect(settings[API_ROUTES.requestScorecard]).toEqual({ ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 });
    for (const name of ['getSubscriber', 'putSubscriber', 'oneClickUnsubscribe'] as const) {
      expect([name, settings[API_ROUTES[name]]]).toEqual([name, { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 }]);
    }
  });

  it('places the confirmation route with the subscriber routes', () => {
    expect(ROUTE_THROTTLE_GROUPS.confirmSubscription).toBe('subscriber');
  });

  it('takes the form and subscriber limits from props, independently', () => {
    const settings = routeSettingsOf(
      build({ formThrottle: { rateLimit: 1, burstLimit: 2 }, subscriberThrottle: { rateLimit: 30, burstLimit: 60 } })
        .template,
    );
    expect(settings[API_ROUTES.signup]).toEqual({ ThrottlingRateLimit: 1, ThrottlingBurstLimit: 2 });
    expect(settings[API_ROUTES.oneClickUnsubscribe]).toEqual({ ThrottlingRateLimit: 30, ThrottlingBurstLimit: 60 });
  });

  it('only sets throttling for routes that exist, and creates the stage after them (API Gateway rejects unknown route keys)', () => {
    const { template } = build();
    const routes = template.findResources('AWS::ApiGatewayV2::Route');
    const routeKeys = Object.values(routes).map((route) => route.Properties.RouteKey);
    for (const key of Object.keys(routeSettingsOf(template))) expect(routeKeys).toContain(key);
    const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stage.DependsOn).toEqual(expect.arrayContaining(Object.keys(routes)));
  });
});
