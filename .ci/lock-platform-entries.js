/**
 * Keeps `npm ci` working against this machine's npm registry mirror.
 *
 * The mirror does not serve every platform binary that some packages list as optional
 * dependencies (e.g. @swc/core-darwin-arm64, @unrs/resolver-binding-win32-x64-msvc — jest
 * needs unrs-resolver). `npm install` then leaves those entries out of package-lock.json, and
 * `npm ci` refuses the lock as "out of sync". This adds an entry with the package's os/cpu/libc
 * (read from its name) for each missing optional binary, so `npm ci` accepts the lock and skips
 * them as unsupported platforms, exactly as it would with a lock from the public registry.
 *
 * Run after any `npm install`: `npm run deps:lock`.
 */
const fs = require('node:fs');

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
const OSES = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPUS = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

let added = 0;
for (const [key, meta] of Object.entries(packages)) {
  for (const [dependency, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (packages[`${key}/node_modules/${dependency}`] || packages[`node_modules/${dependency}`]) continue;
    const name = dependency.split('/').pop();
    const os = OSES.find((candidate) => name.includes(`-${candidate}-`));
    const afterOs = os ? name.slice(name.indexOf(`-${os}-`) + os.length + 1) : name;
    const cpu = CPUS.find((candidate) => afterOs.startsWith(`-${candidate}`));
    const entry = { version, ...(meta.dev ? { dev: true } : {}), optional: true };
    if (os) entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    if (/-gnu(eabihf)?$/.test(name)) entry.libc = ['glibc'];
    if (/-musl(eabihf)?$/.test(name)) entry.libc = ['musl'];
    packages[`node_modules/${dependency}`] = entry;
    added += 1;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${file}: added ${added} optional platform entr${added === 1 ? 'y' : 'ies'}`);
