/**
 * A count with its noun, as the owners read it: "1 lead", "12 leads", "1,204 people". One place,
 * so no screen, audit entry or answer falls back on an engineer's "lead(s)".
 */
export const countOf = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-CA')} ${count === 1 ? one : many}`;
