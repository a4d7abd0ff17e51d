import type { z } from 'zod/v4';

/**
 * A zod issue as words for one error line: the path as `field a.b`, and the three messages users
 * meet most said plainly (a missing field, an unknown key, a value outside a list).
 */
export function issueWords(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  if (issue.code === 'unrecognized_keys') {
    return { path: issue.path, message: `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}` };
  }
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return { path: issue.path, message: 'is required' };
  if (issue.code === 'invalid_value' && issue.values.length > 1) {
    return { path: issue.path, message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` };
  }
  return { path: issue.path, message: issue.message };
}
