/**
 * A build whose output does not depend on where the repository is checked out (issue 16,
 * defect 7): two builds of one commit, in any two directories, write the same files.
 *
 * - **Module ids.** Webpack's `moduleIds: 'deterministic'` hashes each module's name relative to
 *   the build's context, but it leaves a resource query as it is, and a concatenated module's
 *   name ends in a hash of its parts' absolute paths. gatsby-plugin-mdx gives every guide the
 *   component `doc-page.tsx?__contentFilePath=/absolute/path/to/guide.mdx`, so the ids, and with
 *   them the bytes and the content-hashed names of `app-*.js`, `webpack-runtime-*.js` and every
 *   doc chunk, changed with the checkout's path, and each deploy made browsers download them
 *   again. Here a module is named by its identifier with the repository root taken out (a
 *   concatenated module by its parts'), and ids are assigned in name order.
 * - **The guides' imports.** The same page imports its guide by that absolute path, which named
 *   an import variable and fed the doc chunks' provisional content hashes; the runtime chunk
 *   holds those while SWC minifies it, and SWC picks short names by character frequency, so the
 *   runtime's variable names changed with the path. plugins/portable-mdx-import-loader.js makes
 *   the import relative.
 * - **The compilation hash.** Gatsby writes webpack's compilation hash into every page and into
 *   `page-data/app-data.json`; a browser that sees it change reloads the page on its next
 *   navigation. Webpack hashes the modules' sources before minification, absolute paths
 *   included, so it is replaced by a hash of the emitted files themselves.
 */
import { createHash } from 'node:crypto';

/** The parts of webpack this plugin uses (webpack is Gatsby's, not ours to import). */
interface ModuleLike {
  identifier(): string;
  /** Set on a ConcatenatedModule: the modules it joins, its root among them. */
  readonly modules?: Iterable<ModuleLike>;
  readonly rootModule?: ModuleLike;
}
interface ChunkGraphLike {
  getModuleId(module: ModuleLike): string | number | null;
  setModuleId(module: ModuleLike, id: number): void;
  getNumberOfModuleChunks(module: ModuleLike): number;
}
interface CompilationLike {
  modules: Iterable<ModuleLike>;
  chunkGraph: ChunkGraphLike;
  hash?: string;
  fullHash?: string;
  getAssets(): ReadonlyArray<{ name: string; source: { buffer(): Buffer } }>;
  hooks: {
    moduleIds: { tap(name: string, callback: () => void): void };
    processAssets: { tap(options: { name: string; stage: number }, callback: () => void): void };
  };
}
export interface CompilerLike {
  webpack: { Compilation: { PROCESS_ASSETS_STAGE_REPORT: number } };
  hooks: {
    compilation: { tap(name: string, callback: (compilation: CompilationLike) => void): void };
  };
}

const PLUGIN = 'PortableBuildPlugin';

/** The identifier with every occurrence of `root` replaced by a fixed marker. */
export function portableName(identifier: string, root: string): string {
  return identifier.split(root).join('<root>');
}

/** A module's name for its id: a concatenated module is named by its parts. */
export function moduleName(module: ModuleLike, root: string): string {
  if (module.rootModule !== undefined && module.modules !== undefined) {
    const parts = [...module.modules].map((part) => portableName(part.identifier(), root));
    return `concatenated|${parts.join('|')}`;
  }
  return portableName(module.identifier(), root);
}

/** A number in [0, space) from the name and an attempt counter, the same on every machine. */
export function hashToId(name: string, attempt: number, space: number): number {
  return createHash('sha256').update(`${attempt}:${name}`).digest().readUInt32BE(0) % space;
}

/**
 * Assigns ids to the given modules: an id space at least ten times the number of modules
 * (and at least 1,000, as webpack's own), each module at the hash of its name, the next
 * attempt's hash on a collision. Modules are visited in name order, so collisions resolve the
 * same way in every build.
 */
export function assignPortableIds(
  modules: ReadonlyArray<{ name: string; assign: (id: number) => void }>,
  usedIds: ReadonlySet<string>,
): void {
  const space = 10 ** Math.max(3, Math.ceil(Math.log10((modules.length + usedIds.size) * 10)));
  const taken = new Set(usedIds);
  const ordered = [...modules].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const module of ordered) {
    for (let attempt = 0; ; attempt += 1) {
      const id = hashToId(module.name, attempt, space);
      if (!taken.has(String(id))) {
        taken.add(String(id));
        module.assign(id);
        break;
      }
    }
  }
}

/** A hash of the emitted files, names and bytes, in name order: 20 hex digits as webpack's. */
export function outputHash(assets: ReadonlyArray<{ name: string; bytes: Buffer }>): string {
  const hash = createHash('sha256');
  for (const { name, bytes } of [...assets].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    hash.update(`${name}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex').slice(0, 20);
}

/** Use with `optimization.moduleIds: false`, which leaves the ids to this plugin. */
export class PortableBuildPlugin {
  constructor(private readonly root: string) {}

  apply(compiler: CompilerLike): void {
    const reportStage = compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT;
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.moduleIds.tap(PLUGIN, () => {
        const { chunkGraph } = compilation;
        const usedIds = new Set<string>();
        const pending: Array<{ name: string; assign: (id: number) => void }> = [];
        for (const module of compilation.modules) {
          const id = chunkGraph.getModuleId(module);
          if (id !== null) {
            usedIds.add(String(id));
          } else if (chunkGraph.getNumberOfModuleChunks(module) > 0) {
            pending.push({
              name: moduleName(module, this.root),
              assign: (assigned) => chunkGraph.setModuleId(module, assigned),
            });
          }
        }
        assignPortableIds(pending, usedIds);
      });
      // After minification and the real content hashes: the files as they will be written.
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: reportStage }, () => {
        const hash = outputHash(
          compilation.getAssets().map(({ name, source }) => ({ name, bytes: source.buffer() })),
        );
        compilation.hash = hash;
        compilation.fullHash = hash;
      });
    });
  }
}
