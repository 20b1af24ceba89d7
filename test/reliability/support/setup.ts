// Each scenario waits for retries and outages of up to a couple of minutes (set once for the project).
jest.setTimeout(240_000);
