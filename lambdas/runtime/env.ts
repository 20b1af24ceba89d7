import type { ReadEnvName } from '#shared/env-names.ts';

/**
 * Reads a required environment variable. Handlers call this at module scope, so a missing
 * variable stops the cold start with an error that names it, instead of failing later
 * inside a request with an undefined table name or URL.
 */
export const requireEnv = (name: ReadEnvName): string => {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
};

/** A positive number from the environment, or the default; anything else stops the cold start naming the variable. */
export const optionalNumberEnv = (name: ReadEnvName, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`Environment variable ${name} must be a positive number, got "${raw}"`);
  return value;
};

/** A variable that may be unset (local-only, or one of two alternatives): undefined when unset or empty. */
export const optionalEnv = (name: ReadEnvName): string | undefined => process.env[name]?.trim() || undefined;
