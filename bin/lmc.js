#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader: no build step, one source of truth.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../pipeline/cli.ts');
process.exitCode = await main(process.argv.slice(2));
