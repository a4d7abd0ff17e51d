import { createHash } from 'node:crypto';

/**
 * JSON with keys sorted at every level: the identity of a value, independent of how it was built.
 * Written with a stack of its own rather than by recursion (nor JSON.stringify, which recurses): a
 * query in a hostile file can nest a hundred thousand levels deep, and a parsed file is fine to hold.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // What is still to write, last first: a value, or text between values.
  const todo: Array<{ value: unknown } | string> = [{ value }];
  while (todo.length) {
    const next = todo.pop()!;
    if (typeof next === 'string') out.push(next);
    else if (Array.isArray(next.value)) {
      out.push('[');
      todo.push(']');
      for (let i = next.value.length - 1; i >= 0; i--) todo.push({ value: next.value[i] }, ...(i > 0 ? [','] : []));
    } else if (next.value && typeof next.value === 'object') {
      const entries = Object.entries(next.value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      out.push('{');
      todo.push('}');
      for (let i = entries.length - 1; i >= 0; i--) todo.push({ value: entries[i]![1] }, `${i > 0 ? ',' : ''}${JSON.stringify(entries[i]![0])}:`);
    } else out.push(JSON.stringify(next.value) ?? '');
  }
  return out.join('');
}

/** A short key for a value: its canonical JSON hashed, for cache directories and CI plans. */
export function cacheKey(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 24);
}
