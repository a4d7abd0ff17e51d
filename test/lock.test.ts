import { describe, expect, it } from 'vitest';
import { parseLock } from '../core/lock.ts';

const good = `format: 1
corpora:
  - name: demo
    language: python
    description: demo corpus
    license: MIT
    source: { kind: git, url: https://example.invalid/demo.git, commit: 0123456789abcdef0123456789abcdef01234567 }
    include: [demo/]
    indexer: { name: scip-python, version: 0.6.6 }
    seed: 1
    budget: 10
    default: false
`;

function errorOf(text: string): string {
  try {
    parseLock(text, 'corpora.lock.yaml');
  } catch (error) {
    return (error as { describe(): string }).describe();
  }
  return 'no error';
}

describe('corpora.lock.yaml validation', () => {
  it('accepts a well-formed lock and fills defaults', () => {
    const lock = parseLock(good, 'corpora.lock.yaml');
    expect(lock.corpora[0]!.exclude).toEqual([]);
    expect(lock.corpora[0]!.source).toEqual({
      kind: 'git',
      url: 'https://example.invalid/demo.git',
      commit: '0123456789abcdef0123456789abcdef01234567',
    });
  });

  it('names the corpus and field of a short SHA', () => {
    expect(errorOf(good.replace('0123456789abcdef0123456789abcdef01234567', '0123abc'))).toBe(
      'stage lock, corpora.lock.yaml: corpus "demo", field source.commit must be a full 40-character lowercase hex commit SHA',
    );
  });

  it('gives the same message for a short SHA that YAML reads as a number', () => {
    expect(errorOf(good.replace('0123456789abcdef0123456789abcdef01234567', '1234567'))).toBe(
      'stage lock, corpora.lock.yaml: corpus "demo", field source.commit must be a full 40-character lowercase hex commit SHA',
    );
  });

  it('names the corpus and field of a non-hex SHA', () => {
    expect(errorOf(good.replace('0123456789abcdef0123456789abcdef01234567', 'g123456789abcdef0123456789abcdef01234567'))).toBe(
      'stage lock, corpora.lock.yaml: corpus "demo", field source.commit must be a full 40-character lowercase hex commit SHA',
    );
  });

  it('rejects unknown keys', () => {
    expect(errorOf(good.replace('    seed: 1', '    seed: 1\n    branch: main'))).toBe(
      'stage lock, corpora.lock.yaml: corpus "demo", unknown key "branch"',
    );
  });

  it('rejects a missing indexer version', () => {
    expect(errorOf(good.replace('indexer: { name: scip-python, version: 0.6.6 }', 'indexer: { name: scip-python }'))).toBe(
      'stage lock, corpora.lock.yaml: corpus "demo", field indexer.version is required',
    );
  });

  it('rejects a version range where an exact version is required', () => {
    expect(errorOf(good.replace('version: 0.6.6', 'version: ^0.6.6'))).toBe(
      'stage lock, corpora.lock.yaml: corpus "demo", field indexer.version must be an exact version such as 1.2.3 (no ranges, no tags)',
    );
  });

  it('rejects an npm source without integrity', () => {
    const npm = good.replace(
      'source: { kind: git, url: https://example.invalid/demo.git, commit: 0123456789abcdef0123456789abcdef01234567 }',
      'source: { kind: npm, package: demo, version: 1.0.0 }',
    );
    expect(errorOf(npm)).toBe('stage lock, corpora.lock.yaml: corpus "demo", field source.integrity is required');
  });

  it('rejects a local path that climbs out of the repository', () => {
    const local = good.replace(
      'source: { kind: git, url: https://example.invalid/demo.git, commit: 0123456789abcdef0123456789abcdef01234567 }',
      'source: { kind: local, path: ../elsewhere }',
    );
    expect(errorOf(local)).toBe('stage lock, corpora.lock.yaml: corpus "demo", field source.path must be a relative path that stays inside the tree');
  });

  describe("a Debian source's tarballs", () => {
    const debian = (fields: string) =>
      good.replace(
        'source: { kind: git, url: https://example.invalid/demo.git, commit: 0123456789abcdef0123456789abcdef01234567 }',
        `source: { kind: debian, package: demo-source, version: 1.0-1, sha256: ${'a'.repeat(64)}, path: demo-1.0/lib${fields} }`,
      );

    it('accepts a list, unpacked in turn, and leaves it out when absent', () => {
      const lock = parseLock(debian(', tarballs: [usr/src/demo-source-1.0.tar, demo-1.0/demo_1.0.orig.tar.gz]'), 'corpora.lock.yaml');
      expect(lock.corpora[0]!.source).toEqual({
        kind: 'debian',
        package: 'demo-source',
        version: '1.0-1',
        sha256: 'a'.repeat(64),
        path: 'demo-1.0/lib',
        tarballs: ['usr/src/demo-source-1.0.tar', 'demo-1.0/demo_1.0.orig.tar.gz'],
      });
      expect(parseLock(debian(''), 'corpora.lock.yaml').corpora[0]!.source).not.toHaveProperty('tarballs');
    });

    it('rejects an empty list, a path climbing out, and a single tarball field', () => {
      expect(errorOf(debian(', tarballs: []'))).toBe(
        'stage lock, corpora.lock.yaml: corpus "demo", field source.tarballs must name at least one archive (leave it out when the sources are plain files of the package)',
      );
      expect(errorOf(debian(', tarballs: [usr/src/demo.tar, ../demo.tar.gz]'))).toBe(
        'stage lock, corpora.lock.yaml: corpus "demo", field source.tarballs.1 must be a relative path that stays inside the tree',
      );
      expect(errorOf(debian(', tarball: usr/src/demo.tar'))).toBe('stage lock, corpora.lock.yaml: corpus "demo", field source unknown key "tarball"');
    });
  });

  it('reports malformed YAML without a stack', () => {
    expect(errorOf('format: 1\ncorpora: [\n')).toMatch(/^stage lock, corpora\.lock\.yaml: malformed YAML: /);
  });

  it('rejects the same corpus listed twice', () => {
    const twice = good + good.split('corpora:\n')[1];
    expect(errorOf(twice)).toBe('stage lock, corpora.lock.yaml: corpus "demo" is listed twice');
  });
});
