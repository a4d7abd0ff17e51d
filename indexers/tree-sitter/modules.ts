import type { Descriptor } from '../../graph/symbols.ts';
import type { WalkerConfig } from '../../core/languages.ts';

export interface FileModule {
  /** Namespace descriptors every symbol of the file starts with. */
  namespaces: Descriptor[];
  /** Name parts of the module path, for matching imports: `inventory.config` → [inventory, config]. */
  segments: string[];
  /** Descriptors of the file's module symbol, when the file has one. */
  moduleSymbol?: Descriptor[];
}

/**
 * The namespaces a file's path contributes, by the language's convention: `src/config.ts` →
 * `src/` + `config.ts/` (scip-typescript), `inventory/config.py` → `inventory.config/` (scip-python),
 * `render/json.go` → `render/` (a Go package is its directory), `src/builder/mod.rs` → `builder/`.
 */
export function fileModule(path: string, config: WalkerConfig, packageName: string | undefined): FileModule {
  const { modules } = config;
  if (modules.fromPath === 'none') return { namespaces: [], segments: [] };
  let parts = path.split('/');
  const root = modules.sourceRoots.find((r) => parts.length > 1 && parts[0] === r);
  if (root) parts = parts.slice(1);
  const fileName = parts.pop()!;
  let segments = parts;
  if (modules.fromPath === 'file' && !isIndexFile(fileName, config)) {
    const own = modules.keepExtension ? fileName : stemOf(fileName);
    segments = [...parts, modules.capitalizeFile ? own.charAt(0).toUpperCase() + own.slice(1) : own];
  }
  if (modules.fromPath === 'directory' && segments.length === 0 && modules.rootFromPackage && packageName) segments = [packageName];
  if (segments.length === 0) return { namespaces: [], segments: [] };

  const namespaces: Descriptor[] = modules.dotted
    ? [{ name: segments.join('.'), suffix: 'namespace' }]
    : segments.map((name) => ({ name, suffix: 'namespace' as const }));
  const moduleSymbol: Descriptor[] = modules.marker ? [...namespaces, { name: modules.marker, suffix: 'meta' }] : namespaces;
  const nameParts = modules.keepExtension ? [...segments.slice(0, -1), stripExtension(segments[segments.length - 1]!)] : segments;
  return { namespaces, segments: nameParts, moduleSymbol };
}

/** `store.test.ts` → `store.test`, the name an import without extension uses. */
function stripExtension(name: string): string {
  return name.replace(/(\.d)?\.[^.]+$/, '');
}

/** `__init__.py`, `mod.rs`, `lib.rs`: a file whose stem (the name up to its first dot) stands for its directory. */
export function isIndexFile(path: string, config: WalkerConfig): boolean {
  return config.modules.indexFiles.includes(stemOf(path.slice(path.lastIndexOf('/') + 1)));
}

/** A file name up to its first dot (a leading dot belongs to the name). */
function stemOf(fileName: string): string {
  const dot = fileName.indexOf('.', 1);
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}
