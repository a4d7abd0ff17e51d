/**
 * The adapter side of the runner protocol: one `{"query": {...}}` line in, one
 * `{"results": [...], "cost_usd": 0}` (or `{"error": "..."}`) line out, strictly in order.
 * Queries are checked against the contract (core/contract.ts); nothing here comes from
 * generators/, so the oracle's reading of a query is its own.
 */
import { createInterface } from 'node:readline';
import { wireQuerySchema, type Query } from '../core/contract.ts';

export type AdapterQuery = Query;

export type Answerer = (query: AdapterQuery) => string[] | Promise<string[]>;

/** One response line for one request line. A bad request or a failed answer is an `error` line, never a crash. */
async function respond(line: string, answer: Answerer): Promise<string> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return JSON.stringify({ error: 'request is not JSON' });
  }
  const parsed = wireQuerySchema.safeParse((request as { query?: unknown } | null)?.query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return JSON.stringify({ error: `bad query: ${issue.path.join('.') || 'query'} ${issue.message}` });
  }
  try {
    return JSON.stringify({ results: await answer(parsed.data), cost_usd: 0 });
  } catch (error) {
    return JSON.stringify({ error: (error as Error).message });
  }
}

/** Answers stdin line by line until it closes. */
export async function serveStdio(answer: Answerer): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    const out = await respond(line, answer);
    if (!process.stdout.write(`${out}\n`)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
}
