/**
 * A house function's role says which function of the catalogue it belongs to: its description
 * ends with the catalogue name in brackets, "Sweeps the mail owed (mailSweep)". HouseFunction
 * writes it; the twin's IAM enforcement and the tests that read the synthesized template find a
 * function's role by it. Plain code without aws-cdk-lib, so the twin can read it without loading CDK.
 */
import { FUNCTIONS, type FunctionName } from './functions';

/** The role's description: the function's own, then its catalogue name in brackets. */
export const roleDescription = (description: string, name: FunctionName): string => `${description} (${name})`;

/** The catalogue name a role's description ends with, or undefined for a role that is not a house function's. */
export function catalogueNameOf(description: unknown): FunctionName | undefined {
  const name = /\((\w+)\)$/.exec(typeof description === 'string' ? description : '')?.[1];
  return name !== undefined && Object.hasOwn(FUNCTIONS, name) ? (name as FunctionName) : undefined;
}
