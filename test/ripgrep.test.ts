import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSearch, searcherOver } from '../evidence/ripgrep.ts';
import { repoRoot } from './helpers.ts';

describe('batched whole-word searches', () => {
  const tree = join(repoRoot, 'languages', 'python', 'fixture');
  const words = ['Store', 'Product', 'sku', 'database_url', 'OutOfStockError', 'label', 'nowhere_to_be_found'];

  it('answer exactly what one rg run per word answers, and are not counted as asked', () => {
    const searcher = searcherOver(tree);
    searcher.prefetchWords(words);
    expect(searcher.searches()).toBe(0);
    for (const word of words) {
      expect(searcher.search({ mode: 'word', pattern: word }), word).toEqual(runSearch(tree, { mode: 'word', pattern: word }));
    }
    expect(searcher.searches()).toBe(words.length);
    expect(searcher.search({ mode: 'word', pattern: 'database_url' }).map((h) => `${h.file}:${h.line}:${h.start}`)).toEqual(['inventory/config.py:6:4', 'inventory/store.py:3:29', 'inventory/store.py:10:19']);
  });
});
