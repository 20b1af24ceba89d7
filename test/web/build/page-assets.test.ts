import type { Metafile } from 'esbuild';
import { BOOT_SOURCE, ClientAssets, CLIENT_ENTRY_SOURCE, MOUNT_SOURCE } from '#web/build/page-assets.ts';

/**
 * A client build: the boot script stands alone; the entry imports react's chunk; the about page
 * imports its own and a shared chunk; the mount module (react-dom) imports react's chunk.
 */
const metafile = {
  inputs: {},
  outputs: {
    'web/dist/assets/boot-C.js': { entryPoint: BOOT_SOURCE, imports: [] },
    'web/dist/assets/entry-client-A.js': {
      entryPoint: CLIENT_ENTRY_SOURCE,
      cssBundle: 'web/dist/assets/entry-client-A.css',
      imports: [{ path: 'web/dist/assets/chunk-react.js', kind: 'import-statement' }],
    },
    'web/dist/assets/entry-client-A.css': { imports: [] },
    'web/dist/assets/chunk-react.js': { imports: [] },
    'web/dist/assets/about-B.js': {
      entryPoint: 'web/src/features/about/AboutPage.tsx',
      imports: [
        { path: 'web/dist/assets/chunk-react.js', kind: 'import-statement' },
        { path: 'web/dist/assets/chunk-shared.js', kind: 'import-statement' },
      ],
    },
    'web/dist/assets/chunk-shared.js': { imports: [] },
    'web/dist/assets/mount-D.js': {
      entryPoint: MOUNT_SOURCE,
      imports: [{ path: 'web/dist/assets/chunk-react.js', kind: 'import-statement' }],
    },
  },
} as unknown as Metafile;

describe('what a page loads', () => {
  const assets = new ClientAssets(metafile, 'web/dist');

  it("lists the page's own lazy chunks and the mount module, which the browser would find only after the entry runs", () => {
    const page = assets.forPage(['web/src/features/about/AboutPage.tsx']);

    expect(page.bootScript).toBe('/assets/boot-C.js');
    expect(page.entryScript).toBe('/assets/entry-client-A.js');
    expect(page.stylesheets).toEqual(['/assets/entry-client-A.css']);
    expect(page.modulePreloads).toEqual(['/assets/about-B.js', '/assets/chunk-shared.js', '/assets/mount-D.js']);
  });

  it("leaves the entry's own imports to the browser (it finds them when it parses the entry)", () => {
    expect(assets.forPage(['web/src/features/about/AboutPage.tsx']).modulePreloads).not.toContain(
      '/assets/chunk-react.js',
    );
    expect(assets.forPage([]).modulePreloads).toEqual(['/assets/mount-D.js']);
  });
});
