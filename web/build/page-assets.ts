import type { Metafile } from 'esbuild';
import type { PageAssets } from './html-document';

/** Source of the client entry, as esbuild's metafile names it (relative to the repository). */
export const CLIENT_ENTRY_SOURCE = 'web/src/entry-client.tsx';
/** Imported by the entry once the page's module has run: react-dom, and the call that hydrates. */
export const MOUNT_SOURCE = 'web/src/mount.tsx';
/** The page's only <script>: starts the entry after the first paint (web/src/boot.ts). */
export const BOOT_SOURCE = 'web/src/boot.ts';

/**
 * Reads esbuild's metafile of the client build: which output belongs to which source entry,
 * and which chunks each output needs before it can run.
 */
export class ClientAssets {
  private readonly outputByEntry = new Map<string, string>();

  constructor(
    private readonly metafile: Metafile,
    /** The build's outdir as the metafile names it (relative to the repository). */
    private readonly outdir: string,
  ) {
    for (const [output, info] of Object.entries(metafile.outputs)) {
      if (info.entryPoint && output.endsWith('.js')) this.outputByEntry.set(info.entryPoint, output);
    }
  }

  /** Site-relative URL of an output file. */
  url(output: string): string {
    return `/${output.slice(this.outdir.length).replace(/^\/+/, '')}`;
  }

  outputOf(source: string): string {
    const output = this.outputByEntry.get(source);
    if (!output) throw new Error(`${source} is not an entry point or lazily imported module of the client build`);
    return output;
  }

  /** An output and every chunk it imports statically, transitively (what runs before it). */
  staticClosure(output: string): string[] {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const dependency of this.metafile.outputs[file]?.imports ?? []) {
        if (dependency.kind === 'import-statement' && !dependency.external) visit(dependency.path);
      }
    };
    visit(output);
    return [...seen];
  }

  /**
   * Every stylesheet of the build. Pages link all of them: CSS imported by a lazy page
   * module is not injected by esbuild, and in-app navigation would otherwise miss it.
   */
  stylesheets(): string[] {
    const entryCss = this.metafile.outputs[this.outputOf(CLIENT_ENTRY_SOURCE)]?.cssBundle;
    const others = Object.keys(this.metafile.outputs).filter((file) => file.endsWith('.css') && file !== entryCss);
    return [...(entryCss ? [entryCss] : []), ...others.sort()].map((file) => this.url(file));
  }

  /**
   * What one page loads: the boot script, all stylesheets (inlined by the prerenderer), the
   * entry, and the chunks of the page's own lazy modules and of the mount module (react-dom),
   * which the browser would otherwise find only after the entry runs. The boot script requests
   * the entry and those chunks after the first paint (docs/decisions/0060-critical-css-and-csp-hash.md).
   * The entry's static imports are not listed: the browser finds them as soon as it parses the entry.
   */
  forPage(pageSources: string[]): PageAssets {
    const entry = this.outputOf(CLIENT_ENTRY_SOURCE);
    const loadedByEntry = new Set(this.staticClosure(entry));
    const chunks = new Set<string>();
    for (const source of [...pageSources, MOUNT_SOURCE]) {
      for (const chunk of this.staticClosure(this.outputOf(source))) if (!loadedByEntry.has(chunk)) chunks.add(chunk);
    }
    return {
      bootScript: this.url(this.outputOf(BOOT_SOURCE)),
      entryScript: this.url(entry),
      stylesheets: this.stylesheets(),
      modulePreloads: [...chunks].map((file) => this.url(file)),
    };
  }
}
