import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grepOver, runSearch } from '../evidence/ripgrep.ts';
import { TEXT_REF_ARGS } from '../generators/grep.ts';
import { repoRoot } from './helpers.ts';

describe('batched whole-word searches', () => {
  const tree = join(repoRoot, 'languages', 'python', 'fixture');
  const words = ['Store', 'Product', 'sku', 'database_url', 'OutOfStockError', 'label', 'nowhere_to_be_found'];

  it('answer exactly what one rg run per word answers, and are not counted as asked', () => {
    const search = grepOver(tree);
    search.prefetchWords(TEXT_REF_ARGS, words);
    expect(search.searches()).toBe(0);
    for (const word of words) {
      const single = runSearch(tree, { args: TEXT_REF_ARGS, pattern: word });
      expect(search.grep({ args: TEXT_REF_ARGS, pattern: word }), word).toEqual(single);
    }
    expect(search.searches()).toBe(words.length);
    expect(search.grep({ args: TEXT_REF_ARGS, pattern: 'database_url' }).map((h) => `${h.file}:${h.line}`)).toEqual(['inventory/config.py:6', 'inventory/store.py:3', 'inventory/store.py:10']);
  });
});
