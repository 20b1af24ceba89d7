/**
 * Reads a required environment variable. Handlers call this at module scope, so a missing
 * variable stops the cold start with an error that names it, instead of failing later
 * inside a request with an undefined table name or URL.
 */
export const requireEnv = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
};
