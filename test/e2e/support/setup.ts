// Browser journeys wait for real emails and page loads; jest ignores a project-level
// testTimeout, so the e2e project sets it here.
jest.setTimeout(60_000);
