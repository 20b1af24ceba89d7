/** The two audiences have separate entry points, subscriber pages and reason orders (spec §6). */
export const AUDIENCES = ['candidate', 'employer'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const isAudience = (value: unknown): value is Audience =>
  typeof value === 'string' && (AUDIENCES as readonly string[]).includes(value);
