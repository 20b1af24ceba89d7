import { stopProcessGroup } from '../support/local-stack';

export default async function globalTeardown() {
  const pid = Number(process.env.E2E_STACK_PID);
  if (pid) stopProcessGroup(pid);
}
