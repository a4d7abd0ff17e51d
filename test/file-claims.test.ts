import { describe, expect, it } from 'vitest';
import { grammarFor, interpreterOf, loadGrammars } from '../core/grammars.ts';

/**
 * Which files a language parses: by extension, else, for a file without an extension, by the
 * interpreter its `#!` line names (bats's `libexec/bats-core/bats-exec-test`). Languages that name no
 * interpreter keep choosing by extension alone.
 */
describe('files a language claims', () => {
  it('reads the interpreter of a #! line, through env too', () => {
    expect(interpreterOf('#!/bin/bash')).toBe('bash');
    expect(interpreterOf('#!/bin/sh -e')).toBe('sh');
    expect(interpreterOf('#! /usr/bin/env bash')).toBe('bash');
    expect(interpreterOf('#!/usr/bin/env -S LC_ALL=C bash -eu')).toBe('bash');
    expect(interpreterOf('#!/usr/bin/python3')).toBe('python3');
    expect(interpreterOf('# bash completion')).toBeUndefined();
    expect(interpreterOf('')).toBeUndefined();
  });

  it('claims by extension, then by #! interpreter (bash)', async () => {
    const bash = await loadGrammars('bash');
    const claimed = (path: string, firstLine?: string) => grammarFor(bash, path, firstLine) !== undefined;
    expect(claimed('lib/store.sh')).toBe(true);
    expect(claimed('lib/store.bash', '#!/usr/bin/python3')).toBe(true);
    expect(claimed('completions/git')).toBe(false);
    expect(claimed('completions/git', '# git completion')).toBe(false);
    expect(claimed('bin/inventory', '#!/usr/bin/env bash')).toBe(true);
    expect(claimed('bin/inventory', '#!/bin/sh')).toBe(true);
    expect(claimed('bin/inventory', '#!/usr/bin/python3')).toBe(false);
    expect(claimed('bin/inventory', 'echo no shebang')).toBe(false);
    expect(claimed('bin/inventory')).toBe(false);
    // A file with an extension is never claimed by its #! line.
    expect(claimed('tools/report.py', '#!/bin/bash')).toBe(false);
  });

  it('leaves a language that names no interpreter to its extensions', async () => {
    const go = await loadGrammars('go');
    expect(grammarFor(go, 'cmd/tool', '#!/bin/bash')).toBeUndefined();
    expect(grammarFor(go, 'main.go')).toBeDefined();
  });
});
