#!/usr/bin/env node
// The reference adapters (oracle, grep-floor) as their own processes, through tsx like bin/lmc.js.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../adapters/cli.ts');
process.exitCode = await main(process.argv.slice(2));
