// Real calls to the emulators, each through the twin's IAM proxy: a test that requests, delivers and
// reads mail took 9 s in CI beside other suites. Jest ignores a project-level testTimeout (only the
// global one reaches jest-circus), so the integration project sets its net here. A net for a hung
// test, not a timing assertion.
jest.setTimeout(30_000);
