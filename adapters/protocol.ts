/**
 * The adapter side of the runner protocol: one `{"query": {...}}` line in, one
 * `{"results": [...], "cost_usd": 0}` (or `{"error": "..."}`) line out, strictly in order.
 * Kept free of generators/ so the oracle's reading of a query is its own.
 */
import { createInterface } from 'node:readline';
import { z } from 'zod';

const querySchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('lookup'), name: z.string().min(1), bare_name: z.boolean(), kind: z.string().min(1).optional() }).strict(),
  z.object({ op: z.enum(['callers', 'callees', 'contained_by', 'implementors']), sym_stable_id: z.string().min(1) }).strict(),
  z.object({ op: z.literal('orphans'), kind: z.string().min(1) }).strict(),
  z.object({ op: z.literal('file_symbols'), file_path: z.string().min(1) }).strict(),
]);
export type AdapterQuery = z.infer<typeof querySchema>;

/** JSON with object keys sorted at every level (and undefined members left out, as JSON does): the same query always gives the same key. */
export function canonicalQueryKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalQueryKey).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalQueryKey(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type Answerer = (query: AdapterQuery) => string[] | Promise<string[]>;

/** One response line for one request line. A bad request or a failed answer is an `error` line, never a crash. */
async function respond(line: string, answer: Answerer): Promise<string> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return JSON.stringify({ error: 'request is not JSON' });
  }
  const parsed = querySchema.safeParse((request as { query?: unknown } | null)?.query);
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
