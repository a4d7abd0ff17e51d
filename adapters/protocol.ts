/**
 * The adapter side of the runner protocol: one `{"query": {...}}` line in, one
 * `{"results": [...], "cost_usd": 0}` line out, strictly in order; an error line still carries
 * `results: []` (`{"error": "...", "results": []}`), as the upstream runner's adapters reply.
 * Queries are checked against the contract (core/contract.ts); nothing here comes from
 * generators/, so the oracle's reading of a query is its own.
 */
import { createInterface } from 'node:readline';
import { wireQuerySchema, type Query } from '../core/contract.ts';

export type AdapterQuery = Query;

export type Answerer = (query: AdapterQuery) => string[] | Promise<string[]>;

/** One response line for one request line. A bad request or a failed answer is an `error` line with no results, never a crash. */
export async function respond(line: string, answer: Answerer): Promise<string> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return failed('request is not JSON');
  }
  if (!request || typeof request !== 'object' || Array.isArray(request)) return failed('request must be a JSON object, {"query": {...}}');
  const parsed = wireQuerySchema.safeParse((request as { query?: unknown }).query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return failed(`bad query: ${issue.path.join('.') || 'query'} ${issue.message}`);
  }
  try {
    return JSON.stringify({ results: await answer(parsed.data), cost_usd: 0 });
  } catch (error) {
    return failed((error as Error).message);
  }
}

function failed(error: string): string {
  return JSON.stringify({ error, results: [] });
}

/** Answers stdin line by line until it closes. */
export async function serveStdio(answer: Answerer): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    const out = await respond(line, answer);
    if (!process.stdout.write(`${out}\n`)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
}
