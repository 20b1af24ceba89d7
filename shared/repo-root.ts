import path from 'node:path';

/** The repository's root directory, for build, infra and test code run by Node (never bundled). */
export const REPO_ROOT = path.resolve(__dirname, '..');
