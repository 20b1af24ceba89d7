import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The browser journeys of the console: every test/e2e/console*.e2e.ts file. */
const consoleJourneys = () =>
  readdirSync(path.join(__dirname, '..')).filter((file) => /^console.*\.e2e\.ts$/.test(file));

/** The owner a console journey signs in as: its file's name at the local domain. */
export const consoleOwnerOf = (testFile: string) => `${path.basename(testFile, '.e2e.ts')}@console.test`;

/** Every journey's owner, as the stack's CONSOLE_OWNERS list. */
export const consoleOwnersOfJourneys = () => consoleJourneys().map(consoleOwnerOf).join(',');
