/**
 * The console's start-up script: a small file of its own that the /admin shell loads before the
 * console's large one (web/build/console-shell.ts), so the session check and the opening screen's
 * data are on their way while that file downloads rather than after it
 * (docs/decisions/0064-console-one-file-and-early-data.md). main.tsx takes the answers.
 */
import { startOpeningCalls } from './opening-calls';

startOpeningCalls(window.location, window.history.state);
