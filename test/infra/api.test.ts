import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Api } from '../../infra/constructs/api';
import { Data } from '../../infra/constructs/data';
import { API_FALLBACK_HANDLER, API_FALLBACK_ROUTE, API_ROUTE_HANDLERS } from '../../infra/lambda/api-routes';
import { API_ROUTES } from '../../shared/paths';
import { newStack } from './support/app';
import { DYNAMODB_WRITE_ACTIONS, roleActions, roleStatements } from './support/policies';

function build(throttle?: { rateLimit: number; burstLimit: number }) {
  const stack = newStack();
  const data = new Data(stack, 'Data');
  const bucket = new s3.Bucket(stack, 'Docs');
  const api = new Api(stack, 'Api', {
    subscribers: data.subscribers,
    leads: data.leads,
    scorecardDocument: { bucket, key: 'scorecard/doc.pdf' },
    throttle,
  });
  return { stack, api, data, template: Template.fromStack(stack) };
}

describe('Api', () => {
  const { stack, api, template } = build();

  it('routes every API route of shared/paths and the /api fallback', () => {
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((route) => route.Properties.RouteKey);
    expect(routeKeys.sort()).toEqual([...Object.values(API_ROUTES), 'ANY /api/{proxy+}'].sort());
  });

  it('runs, on each route, the handler API_ROUTE_HANDLERS names (as the local server does)', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route'));
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration');
    const functions = template.findResources('AWS::Lambda::Function');
    const roles = template.findResources('AWS::IAM::Role');
    const handlerOf = (routeKey: string) => {
      const route = routes.find((candidate) => candidate.Properties.RouteKey === routeKey)!;
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref;
      const [functionId] = integrations[integrationId].Properties.IntegrationUri['Fn::GetAtt'];
      const [roleId] = functions[functionId].Properties.Role['Fn::GetAtt'];
      // HouseFunction ends its role's description with "(<handler>)".
      return /\((\w+)\)$/.exec(roles[roleId].Properties.Description)?.[1];
    };
    for (const [name, routeKey] of Object.entries(API_ROUTES) as [keyof typeof API_ROUTES, string][]) {
      expect([name, handlerOf(routeKey)]).toEqual([name, API_ROUTE_HANDLERS[name]]);
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

  it('lets the PUT and one-click handlers update, never put or delete', () => {
    for (const fn of [api.handlers.putSubscriber, api.handlers.oneClickUnsubscribe]) {
      const actions = roleActions(template, stack, fn);
      expect(actions).toContain('dynamodb:UpdateItem');
      expect(actions).not.toContain('dynamodb:PutItem');
      expect(actions).not.toContain('dynamodb:DeleteItem');
    }
  });

  it('lets the form handlers write to both tables', () => {
    for (const fn of [api.handlers.scorecard, api.handlers.signup]) {
      const statements = roleStatements(template, stack, fn).filter((s) => [s.Action].flat().includes('dynamodb:PutItem'));
      expect(statements).toHaveLength(2);
    }
  });

  it('gives s3:GetObject to the download handler only', () => {
    for (const [name, fn] of Object.entries(api.handlers)) {
      const actions = roleActions(template, stack, fn);
      expect([name, actions.includes('s3:GetObject')]).toEqual([name, name === 'scorecardDownload']);
      expect(actions.filter((action) => action.startsWith('s3:'))).toEqual(name === 'scorecardDownload' ? ['s3:GetObject'] : []);
    }
    const download = roleActions(template, stack, api.handlers.scorecardDownload);
    for (const write of DYNAMODB_WRITE_ACTIONS) expect(download).not.toContain(write);
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
      'Fn::Join': ['', [{ Ref: stack.getLogicalId(api.httpApi.node.defaultChild as CfnElement) }, '.execute-api.ca-central-1.', { Ref: 'AWS::URLSuffix' }]],
    });
  });

  it('accepts a throttle override', () => {
    build({ rateLimit: 2, burstLimit: 5 }).template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 2, ThrottlingBurstLimit: 5 },
    });
  });

  it.each([
    [{ rateLimit: 0, burstLimit: 5 }],
    [{ rateLimit: 5, burstLimit: 0 }],
    [{ rateLimit: 5, burstLimit: 2.5 }],
  ])('rejects throttle %o', (throttle) => {
    expect(() => build(throttle)).toThrow(/throttle/);
  });
});
