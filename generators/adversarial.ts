import type { Rng } from './sampling.ts';
import { identifierWords } from './facts.ts';

/**
 * Near-miss names built from the corpus's own names. Every maker returns a
 * candidate only; callers must still check it is absent from the index.
 */

/** One edit (swap, drop, double, or vowel change) away from `name`, never touching the first letter. */
export function typoOf(name: string, rng: Rng): string {
  const i = 1 + rng.int(Math.max(1, name.length - 2));
  const vowels = 'aeiou';
  switch (rng.int(4)) {
    case 0:
      return name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
    case 1:
      return name.slice(0, i) + name.slice(i + 1);
    case 2:
      return name.slice(0, i) + name[i] + name.slice(i);
    default: {
      const at = [...name].findIndex((c, k) => k >= i && vowels.includes(c.toLowerCase()));
      if (at < 0) return name.slice(0, i) + name.slice(i + 1);
      const c = name[at]!;
      const others = vowels.replace(c.toLowerCase(), '');
      const repl = others[rng.int(others.length)]!;
      return name.slice(0, at) + (c === c.toUpperCase() ? repl.toUpperCase() : repl) + name.slice(at + 1);
    }
  }
}

/** A compound of two real type names' words: the head of one and the tail of another (`Digital` + `Store`). */
export function compoundOf(a: string, b: string): string | undefined {
  const wa = identifierWords(a);
  const wb = identifierWords(b);
  if (wa.length === 0 || wb.length === 0) return undefined;
  const headWords = wa.slice(0, Math.max(1, wa.length - 1));
  const tail = wb[wb.length - 1]!;
  if (headWords.some((w) => w.toLowerCase() === tail.toLowerCase())) return undefined;
  const head = headWords.join('');
  const name = head + tail.charAt(0).toUpperCase() + tail.slice(1);
  return name === a || name === b ? undefined : name;
}
