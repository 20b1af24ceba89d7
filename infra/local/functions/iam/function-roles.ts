/**
 * Each function's role, read from the synthesized template and resolved to the twin's own
 * resources: the policy statements attached to the role (its default policy and any other
 * AWS::IAM::Policy naming it), with every `Ref` and `Fn::GetAtt` replaced by the local name or ARN
 * of the resource it names. A resource the functions address through an environment variable
 * (SUBSCRIBERS_TABLE: {Ref: DataSubscribers…}) gets the value the twin gave that variable, so the
 * template's queue whatever URL the twin gives it; any other resource is named by its logical id.
 * Tables are the exception: the twin names each `<definition name>[-<suffix>]` (table-definitions.ts;
 * a suffix per test run or test file), so a table is known by its definition's name
 * (`Subscribers`), whatever suffix the request's table name carries (canonicalTable).
 */
import type { FunctionName } from '#infra/cdk/constructs/functions.ts';
import { catalogueNameOf } from '#infra/cdk/constructs/role-description.ts';
import { TABLES } from '#infra/cdk/constructs/table-definitions.ts';
import type { CfnResource, CfnTemplate } from './template-cache';
import { ARN_FROM_REF, LOCAL_ACCOUNT, LOCAL_REGION } from './local-arns';

export interface PolicyStatement {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: string | string[];
  Condition?: Record<string, Record<string, string | string[]>>;
}

export interface FunctionRoles {
  /** Each function's statements, resolved to local names. */
  statements: Map<FunctionName, PolicyStatement[]>;
  /** The role's ARN, for the messages of a denial (the principal AWS names). */
  roleNames: Map<FunctionName, string>;
  /** The partition key attribute of each table, by its definition's name (for dynamodb:LeadingKeys). */
  partitionKeys: Map<string, string>;
  /** The SES identity the functions send from, and its default configuration set, by local name. */
  sesIdentity?: { identity: string; configurationSet?: string };
}

type Intrinsic = Record<string, unknown>;

const PSEUDO: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': LOCAL_REGION,
  'AWS::AccountId': LOCAL_ACCOUNT,
  'AWS::URLSuffix': 'amazonaws.com',
};

/** The catalogue function a house function's role belongs to, by its description (role-description.ts). */
const catalogueName = (role: CfnResource): FunctionName | undefined => catalogueNameOf(role.Properties?.Description);

/** The definition name of a table resource, from its construct path (`…/Data/Subscribers/Resource`). */
const definedTable = (resource: CfnResource | undefined): string | undefined => {
  if (resource?.Type !== 'AWS::DynamoDB::Table') return undefined;
  const constructPath = String((resource as { Metadata?: Record<string, unknown> }).Metadata?.['aws:cdk:path'] ?? '');
  return TABLES.find((table) => constructPath.endsWith(`/${table.logicalName}/Resource`))?.logicalName;
};

/** A table's definition name from the twin's name for it: `Campaigns-own-123` is `Campaigns`. */
export const canonicalTable = (name: string): string =>
  TABLES.find((table) => name === table.logicalName || name.startsWith(`${table.logicalName}-`))?.logicalName ?? name;

export function functionRoles(template: CfnTemplate, env: NodeJS.ProcessEnv): FunctionRoles {
  const resources = template.Resources;
  const localRefs = new Map<string, string>();
  const localArns = new Map<string, string>();
  // What the twin gave each variable a function's template environment fills from a resource.
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const variables = (resource.Properties?.Environment as { Variables?: Record<string, unknown> })?.Variables ?? {};
    for (const [name, value] of Object.entries(variables)) {
      const local = env[name];
      if (!local || typeof value !== 'object' || value === null) continue;
      const { Ref: ref, 'Fn::GetAtt': getAtt } = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
      if (ref) localRefs.set(ref, local);
      if (getAtt?.[1] === 'Arn') localArns.set(getAtt[0], local);
    }
  }

  const ref = (id: string): string => {
    if (PSEUDO[id]) return PSEUDO[id];
    const table = definedTable(resources[id]);
    if (table) return table;
    if (localRefs.has(id)) return localRefs.get(id)!;
    const props = resources[id]?.Properties ?? {};
    // Resources whose Ref is a name their properties state (an SES identity, a named set).
    return String(props.EmailIdentity ?? props.Name ?? id);
  };
  const getAtt = (id: string, attribute: string): string => {
    const type = resources[id]?.Type ?? '';
    if (attribute === 'Arn') return localArns.get(id) ?? ARN_FROM_REF[type]?.(ref(id)) ?? `arn:aws:local:::${id}`;
    if (attribute === 'StreamArn') return `${ARN_FROM_REF['AWS::DynamoDB::Table']!(ref(id))}/stream/*`;
    return `${id}.${attribute}`;
  };
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (typeof value !== 'object' || value === null) return value;
    const intrinsic = value as Intrinsic;
    if ('Ref' in intrinsic) return ref(String(intrinsic.Ref));
    if ('Fn::GetAtt' in intrinsic) {
      const [id, attribute] = intrinsic['Fn::GetAtt'] as [string, string];
      return getAtt(id, attribute);
    }
    if ('Fn::Join' in intrinsic) {
      const [separator, parts] = intrinsic['Fn::Join'] as [string, unknown[]];
      return (resolve(parts) as unknown[]).join(separator);
    }
    if ('Fn::Sub' in intrinsic) {
      const text = String(Array.isArray(intrinsic['Fn::Sub']) ? intrinsic['Fn::Sub'][0] : intrinsic['Fn::Sub']);
      return text.replace(/\$\{([^}]+)\}/g, (_, name: string) => {
        const [id, attribute] = name.split('.');
        return attribute ? getAtt(id!, attribute) : ref(id!);
      });
    }
    return Object.fromEntries(Object.entries(intrinsic).map(([key, inner]) => [key, resolve(inner)]));
  };

  const statements = new Map<FunctionName, PolicyStatement[]>();
  const roleNames = new Map<FunctionName, string>();
  for (const [roleId, role] of Object.entries(resources)) {
    if (role.Type !== 'AWS::IAM::Role') continue;
    const name = catalogueName(role);
    if (!name) continue;
    const attached = Object.values(resources).filter(
      (policy) =>
        policy.Type === 'AWS::IAM::Policy' &&
        (policy.Properties?.Roles as { Ref?: string }[] | undefined)?.some((r) => r.Ref === roleId),
    );
    const inline = (role.Properties?.Policies as { PolicyDocument: unknown }[] | undefined) ?? [];
    const documents = [
      ...attached.map((policy) => policy.Properties!.PolicyDocument),
      ...inline.map((p) => p.PolicyDocument),
    ];
    statements.set(
      name,
      documents.flatMap((document) => (resolve(document) as { Statement: PolicyStatement[] }).Statement),
    );
    roleNames.set(name, roleId);
  }

  const partitionKeys = new Map<string, string>();
  let sesIdentity: FunctionRoles['sesIdentity'];
  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type === 'AWS::DynamoDB::Table') {
      const keys = resource.Properties!.KeySchema as { AttributeName: string; KeyType: string }[];
      partitionKeys.set(ref(id), keys.find((key) => key.KeyType === 'HASH')!.AttributeName);
    }
    if (resource.Type === 'AWS::SES::EmailIdentity') {
      const set = (resource.Properties?.ConfigurationSetAttributes as { ConfigurationSetName?: unknown } | undefined)
        ?.ConfigurationSetName;
      sesIdentity = { identity: ref(id), configurationSet: set === undefined ? undefined : String(resolve(set)) };
    }
  }
  return { statements, roleNames, partitionKeys, sesIdentity };
}
