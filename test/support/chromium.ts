/**
 * The one place that decides which Chromium the repository's browser tools drive: the browser
 * journeys (test/e2e), the benchmark's byte counts and Lighthouse (test/bench) and the scorecard
 * PDF renderer. Chosen in this order:
 *
 * 1. `CHROMIUM_PATH`, when set: any Chromium or Chrome executable;
 * 2. Debian's `/usr/bin/chromium`, when installed, unless `USE_BUNDLED_CHROMIUM=1`;
 * 3. the Chromium shipped inside the `@sparticuz/chromium` devDependency (a headless shell with
 *    its NSS libraries), decompressed once into the temp dir (a few seconds, about 210 MB) and
 *    reused by every later run.
 *
 * So `npm ci && npm test` needs no system install. See docs/decisions/0061-bundled-chromium.md.
 */
import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** The flags that work on this machine (no sandbox as root, no network besides loopback). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ResolvedChromium {
  executablePath: string;
  /** Environment the browser process needs (the bundled one finds its libraries through it). */
  env: Record<string, string>;
  source: 'CHROMIUM_PATH' | 'system' | 'bundled';
}

const PACKAGE = '@sparticuz/chromium';

function packageDir(): string {
  try {
    return path.dirname(require.resolve(`${PACKAGE}/package.json`));
  } catch {
    // The package's exports do not list package.json: find it beside the resolved entry.
    return path.resolve(path.dirname(require.resolve(PACKAGE)), '..');
  }
}

/** Extracts a (small) tar archive: regular files and directories are all these archives hold. */
function extractTar(archive: Buffer, into: string) {
  for (let offset = 0; offset + 512 <= archive.length;) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const target = path.join(into, name);
    if (!target.startsWith(into + path.sep)) throw new Error(`Unsafe path in ${PACKAGE} archive: ${name}`);
    if (type === '5') mkdirSync(target, { recursive: true });
    else if (type === '0') {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, archive.subarray(offset + 512, offset + 512 + size), {
        mode: parseInt(field(100, 8).trim() || '644', 8),
      });
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
}

/** Decompresses the package's browser into `<tmp>/chinook-chromium-<version>/` unless already there. */
async function bundledChromium(): Promise<ResolvedChromium> {
  const dir = packageDir();
  const version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const home = path.join(tmpdir(), `chinook-chromium-${version}`);
  const executablePath = path.join(home, 'chromium');
  if (!existsSync(executablePath)) {
    mkdirSync(home, { recursive: true });
    for (const archive of ['al2023.tar.br', 'swiftshader.tar.br', 'fonts.tar.br']) {
      extractTar(brotliDecompressSync(readFileSync(path.join(dir, 'bin', archive))), home);
    }
    // Written under a temporary name and renamed, so a run stopped half-way never leaves a broken binary.
    const partial = `${executablePath}.${process.pid}.partial`;
    try {
      await pipeline(
        createReadStream(path.join(dir, 'bin', 'chromium.br')),
        createBrotliDecompress(),
        createWriteStream(partial, { mode: 0o755 }),
      );
      renameSync(partial, executablePath);
    } finally {
      rmSync(partial, { force: true });
    }
  }
  const env: Record<string, string> = {
    // NSS and expat built for the package, ahead of the system's (a fresh machine may have none).
    LD_LIBRARY_PATH: [path.join(home, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
  };
  // The system's fonts when it has fontconfig; otherwise the package's Open Sans.
  if (!existsSync('/etc/fonts/fonts.conf')) env.FONTCONFIG_PATH = home;
  return { executablePath, env, source: 'bundled' };
}

let resolved: Promise<ResolvedChromium> | undefined;

/** The Chromium to launch, with the environment to launch it in (resolved once per process). */
export function resolveChromium(): Promise<ResolvedChromium> {
  resolved ??= (async () => {
    const override = process.env.CHROMIUM_PATH;
    if (override) {
      if (!existsSync(override)) throw new Error(`CHROMIUM_PATH=${override} does not exist`);
      return { executablePath: override, env: {}, source: 'CHROMIUM_PATH' as const };
    }
    if (process.env.USE_BUNDLED_CHROMIUM !== '1' && existsSync(SYSTEM_CHROMIUM)) {
      return { executablePath: SYSTEM_CHROMIUM, env: {}, source: 'system' as const };
    }
    return bundledChromium();
  })();
  return resolved;
}

/** Options for playwright-core's `chromium.launch`. */
export async function playwrightLaunchOptions() {
  const chromium = await resolveChromium();
  return {
    executablePath: chromium.executablePath,
    args: CHROMIUM_ARGS,
    env: { ...(process.env as Record<string, string>), ...chromium.env },
  };
}

/** `node test/support/chromium.ts` (through tsx): prints the browser that would be used. */
if (require.main === module) {
  resolveChromium()
    .then((chromium) => {
      const version = spawnSync(chromium.executablePath, ['--version'], { env: { ...process.env, ...chromium.env } })
        .stdout?.toString()
        .trim();
      console.log(`${chromium.source}: ${chromium.executablePath} (${version || 'version unknown'})`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
