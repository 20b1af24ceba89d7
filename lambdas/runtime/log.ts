/**
 * Structured JSON logs, one object a line, so CloudWatch Logs Insights can filter on fields.
 * Errors are flattened to name/message/stack because JSON.stringify drops Error properties.
 * Email addresses are masked in the whole line (SES and DynamoDB errors can quote them):
 * logs are kept longer and read by more people than the data they describe.
 */
type Level = 'info' | 'warn' | 'error';

const serialise = (value: unknown): unknown =>
  value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;

const write = (level: Level, message: string, fields: Record<string, unknown> = {}) => {
  const entry: Record<string, unknown> = { level, message, time: new Date().toISOString() };
  for (const [key, value] of Object.entries(fields)) entry[key] = serialise(value);
  const line = JSON.stringify(entry).replace(/[^\s"'<>@:]+@[^\s"'<>@]+/g, '[email]');
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
};

/**
 * One export per level, imported as a namespace (`import * as log`), so a bundle carries only
 * the levels its handler logs at (the API handlers never log at info).
 */
export const info = (message: string, fields?: Record<string, unknown>) => write('info', message, fields);
export const warn = (message: string, fields?: Record<string, unknown>) => write('warn', message, fields);
export const error = (message: string, fields?: Record<string, unknown>) => write('error', message, fields);
