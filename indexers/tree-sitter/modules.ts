import type { Descriptor } from '../../graph/symbols.ts';
import type { LanguageConfig } from './languages.ts';

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
export function fileModule(path: string, config: LanguageConfig, packageName: string | undefined): FileModule {
  const { modules } = config;
  if (modules.fromPath === 'none') return { namespaces: [], segments: [] };
  let parts = path.split('/');
  const root = modules.sourceRoots.find((r) => parts.length > 1 && parts[0] === r);
  if (root) parts = parts.slice(1);
  const fileName = parts.pop()!;
  const dot = fileName.indexOf('.', 1);
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  let segments = parts;
  if (modules.fromPath === 'file' && !modules.indexFiles.includes(stem)) segments = [...parts, modules.keepExtension ? fileName : stem];
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
