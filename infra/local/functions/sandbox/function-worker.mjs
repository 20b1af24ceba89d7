// One Lambda sandbox of the local twin (function-sandbox.ts), in a worker thread: it loads the
// handler module once, as a cold start does, then runs one invocation at a time. Plain JavaScript
// because a worker does not inherit the parent's TypeScript loaders: it registers tsx's own
// two (ES modules and CommonJS), as the `tsx` command does for the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { register as registerCommonJs } from 'tsx/cjs/api';
import { register } from 'tsx/esm/api';

register();
registerCommonJs();
const { entry, functionName } = workerData;
// A CommonJS module imported from here has its exports under `default`.
const exported = async (specifier, name) => {
  const module = await import(specifier);
  return module[name] ?? module.default?.[name];
};
const lambdaContext = await exported('../../api/api-gateway-event.ts', 'lambdaContext');
// Every AWS call of this thread is the function's, held to its role (docs/decisions/0041-iam-enforced-twin.md).
(await exported('../iam/function-identity.ts', 'labelOutgoingCalls'))(functionName);
const handler = await exported(entry, 'handler');

parentPort.on('message', async ({ id, event, deadline }) => {
  const context = lambdaContext(functionName, deadline);
  try {
    parentPort.postMessage({ id, result: await handler(event, context) });
  } catch (error) {
    parentPort.postMessage({ id, error: { name: error?.name, message: error?.message ?? String(error) } });
  }
});
parentPort.postMessage({ ready: true });
