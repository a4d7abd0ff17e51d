import { parseDocument } from 'yaml';
import { PipelineError } from './errors.ts';

/**
 * YAML as this tool reads it (the lock, overlays, audits): duplicate keys refused, a tag it does not
 * know (`!!js/function`, `!foo`) refused rather than warned about and read as a plain value, and
 * aliases limited, so an alias bomb is one line of error rather than a machine out of memory. Any
 * failure is one line naming the file.
 */
export function readYaml(text: string, file: string, stage?: string): unknown {
  try {
    const doc = parseDocument(text, { uniqueKeys: true, logLevel: 'silent' });
    const problem = doc.errors[0] ?? doc.warnings[0];
    if (problem) throw problem;
    return doc.toJS({ maxAliasCount: 50 }) as unknown;
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new PipelineError(`malformed YAML: ${first}`, { file, ...(stage ? { stage } : {}) });
  }
}
