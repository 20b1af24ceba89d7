import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 uses TextEncoder at import time; jsdom does not provide it.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// npm run test:fast runs two files at once on two cores (its sleeping integration tests overlap
// the others): a screen's first answer may then take longer than findBy's default second to show.
// A ceiling on waiting, never a timing the tests assert.
configure({ asyncUtilTimeout: 5000 });
// A test that waits on a few such answers needs more than jest's own 5 s: at a load average of 9 a
// form's four-step journey took 7 s. Jest ignores a project-level testTimeout, hence here.
jest.setTimeout(20_000);
