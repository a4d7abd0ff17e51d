import type { z } from 'zod/v4';

/**
 * A zod issue as words for one error line: its path, and a message said plainly (a missing
 * field, an unknown key, a value outside a list, an empty list, a number out of range). A message
 * a schema wrote itself is kept as it is (zod's own messages start with `Invalid` or `Too`).
 */
export function issueWords(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  return { path: issue.path, message: plainMessage(issue) };
}

function plainMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return 'is required';
      // Not a number at all (`--concurrency many`), or no finite one (`.inf`, `1e400`, where zod says "expected number, received number").
      if (issue.expected === 'number' && /received NaN$/.test(issue.message)) return 'must be a number';
      if (issue.expected === 'number' && /received number$/.test(issue.message)) return 'must be a finite number';
      if (issue.expected === 'int' && /received number$/.test(issue.message)) return 'must be a whole number';
      return issue.message.replace(/^Invalid input: /, '');
    case 'invalid_value':
      if (!issue.message.startsWith('Invalid')) return issue.message;
      return issue.values.length === 1 ? `must be ${JSON.stringify(issue.values[0])}` : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      if (!issue.message.startsWith('Too small')) return issue.message;
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return 'must not be empty';
      if (issue.origin === 'number' || issue.origin === 'int') return `must be ${issue.inclusive === false ? 'greater than' : 'at least'} ${String(issue.minimum)}`;
      return issue.message;
    case 'too_big':
      if (!issue.message.startsWith('Too big')) return issue.message;
      if (issue.origin === 'number' || issue.origin === 'int') return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}`;
      return issue.message;
    default:
      return issue.message;
  }
}
