/**
 * Resolves in a later task, so the browser can paint and handle input in between: what runs
 * before and after an `await nextTask()` are two tasks, never one long one (Total Blocking Time).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
