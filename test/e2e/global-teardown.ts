/** Stops the local stack started by global-setup (its whole process group). */
export default async function globalTeardown() {
  const pid = Number(process.env.E2E_STACK_PID);
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
