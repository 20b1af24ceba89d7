import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 uses TextEncoder at import time; jsdom does not provide it.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// npm run test:fast runs two files at once on two cores (its sleeping integration tests overlap
// the others): a screen's first answer may then take longer than findBy's default second to show.
// A ceiling on waiting, never a timing the tests assert.
configure({ asyncUtilTimeout: 5000 });
