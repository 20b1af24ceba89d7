import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { synthStack } from './support/app';

/**
 * Every IAM action the README and docs/*.md name (`service:Action` in code font) is real (issue 34):
 * a grant in the synthesized template's IAM policies (the Policy resources and the roles' inline
 * policies), a condition key a policy there tests (`dynamodb:LeadingKeys`), or an operator's
 * permission that the operator code (infra/ops) sends as its SDK command (`DescribeStacksCommand`)
 * or that the docs' own AWS CLI steps run (`aws sqs purge-queue` → `sqs:PurgeQueue`). Decision
 * records are history and are not held to it.
 */
const ROOT = path.resolve(__dirname, '..', '..');

const docFiles = [
  path.join(ROOT, 'README.md'),
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(ROOT, 'docs', name)),
];
const docsText = docFiles.map((file) => readFileSync(file, 'utf8')).join('\n');

/** The actions the docs name, each with where. */
const namedActions = docFiles.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(/`([a-z0-9-]+:[A-Z][A-Za-z]+)`/g)].map(([, action]) => ({
        action: action!,
        at: `${path.relative(ROOT, file)}:${index + 1}`,
      })),
    ),
);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : name.endsWith('.ts') ? [full] : [];
  });
}
const operatorCode = walk(path.join(ROOT, 'infra', 'ops'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** `aws sqs purge-queue` in the docs → `sqs:PurgeQueue`. */
const cliActions = new Set(
  [...docsText.matchAll(/\baws ([a-z0-9-]+) ([a-z][a-z-]+)/g)].map(
    ([, service, operation]) =>
      `${service}:${operation!.replace(/(^|-)([a-z])/g, (_whole, _dash, letter: string) => letter.toUpperCase())}`,
  ),
);

interface Statement {
  Action?: string | string[];
  Condition?: Record<string, Record<string, unknown>>;
}
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Every statement of every IAM policy in the template. */
function policyStatements(template: Record<string, unknown>): Statement[] {
  const resources = Object.values(
    (template as { Resources: Record<string, { Type: string; Properties?: any }> }).Resources,
  );
  const documents = resources.flatMap(({ Type, Properties }) => {
    if (Type === 'AWS::IAM::Policy' || Type === 'AWS::IAM::ManagedPolicy') return [Properties?.PolicyDocument];
    if (Type === 'AWS::IAM::Role') return asList(Properties?.Policies).map((policy: any) => policy.PolicyDocument);
    return [];
  });
  return documents.flatMap((document: { Statement?: Statement[] } | undefined) => asList(document?.Statement));
}

/** An action pattern of a policy (`s3:GetObject*`, `sqs:*`) as a test of an action's name. */
const covers = (pattern: string, action: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i').test(action);

describe('the IAM actions the docs name', () => {
  const statements = policyStatements(synthStack().template().toJSON());
  const granted = statements.flatMap((statement) => asList(statement.Action));
  const conditionKeys = new Set(
    statements.flatMap((statement) => Object.values(statement.Condition ?? {}).flatMap((test) => Object.keys(test))),
  );

  const real = (action: string) =>
    granted.some((pattern) => covers(pattern, action)) ||
    conditionKeys.has(action) ||
    operatorCode.includes(`${action.split(':')[1]}Command`) ||
    cliActions.has(action);

  it('are granted in the template, tested by its conditions, or the operator code or CLI steps use them', () => {
    expect(namedActions.filter(({ action }) => !real(action)).map(({ action, at }) => `${at}: ${action}`)).toEqual([]);
  });

  it('the check would catch an action nobody grants or uses', () => {
    expect(namedActions.length).toBeGreaterThan(5);
    expect(real('dynamodb:PutItem')).toBe(true);
    expect(real('dynamodb:LeadingKeys')).toBe(true);
    expect(real('cloudformation:DescribeStacks')).toBe(true);
    expect(real('dynamodb:RestoreTableFromBackup')).toBe(false);
    expect(real('ses:SendBulkEmail')).toBe(false);
  });
});
