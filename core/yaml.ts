import { parse } from 'yaml';
import { PipelineError } from './errors.ts';

/**
 * YAML as this tool reads it (the lock, overlays, audits): duplicate keys refused, and aliases
 * limited, so an alias bomb is one line of error rather than a machine out of memory. Any failure
 * is one line naming the file.
 */
export function readYaml(text: string, file: string, stage?: string): unknown {
  try {
    return parse(text, { uniqueKeys: true, maxAliasCount: 50 }) as unknown;
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new PipelineError(`malformed YAML: ${first}`, { file, ...(stage ? { stage } : {}) });
  }
}
