import { resolveChromium } from '../support/chromium';
import { LIMITS_LIFTED, startLocalStack } from '../support/local-stack';
import { consoleOwnersOfJourneys } from './support/console-owners';

/** Starts `npm start` on free ports for the browser journeys; teardown stops it. */
export default async function globalSetup() {
  // Debian's Chromium when installed, else the one shipped in an npm package (decompressed on first use).
  const chromium = await resolveChromium();
  console.log(`\nBrowser journeys in ${chromium.executablePath} (${chromium.source})`);
  // Every journey submits from one address (the browser and the tests on 127.0.0.1), and
  // together they mail more than an hour's budget; a value set by hand is kept.
  for (const [name, value] of Object.entries(LIMITS_LIFTED)) process.env[name] ??= value;
  // A real-looking CASL mailing address, as the integration suite's: with the local stand-in the
  // campaign checks refuse a send (console-campaigns.e2e.ts sends one).
  process.env.MAILING_ADDRESS ??= 'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3';
  // Each console journey signs in as an owner of its own (support/console-owners.ts).
  process.env.CONSOLE_OWNERS ??= consoleOwnersOfJourneys();
  // localhost, not 127.0.0.1: the console's journey registers a passkey, which browsers allow
  // for a host name only (the server still listens on 127.0.0.1, where localhost leads).
  const stack = await startLocalStack([], { siteHost: 'localhost' });
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.E2E_INBOX_URL = stack.inboxUrl;
  process.env.E2E_DYNAMODB_URL = stack.dynamoUrl;
  process.env.E2E_STACK_PID = String(stack.pid);
}
