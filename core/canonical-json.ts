import { createHash } from 'node:crypto';

/** JSON with keys sorted at every level: the identity of a value, independent of how it was built. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A short key for a value: its canonical JSON hashed, for cache directories and CI plans. */
export function cacheKey(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 24);
}
