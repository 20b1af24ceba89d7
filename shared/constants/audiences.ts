/**
 * The two audiences have separate entry points, subscriber pages and reason orders
 * (docs/spec/site-spec.md#6-roles-and-permissions).
 */
export const AUDIENCES = ['candidate', 'employer'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const isAudience = (value: unknown): value is Audience =>
  typeof value === 'string' && (AUDIENCES as readonly string[]).includes(value);
