/**
 * ripgrep's regex syntax (Rust's `regex` crate, Unicode mode, one line at a time) translated to a
 * JavaScript `u` regex that finds the same matches over a whole file's text. Only a plain subset
 * is translated: literals, groups, alternation, greedy and lazy repetition, `.`, `^`, `$`, `\b`,
 * `\w`, `\W`, `\s`, `\S`, `\d`, `\D` and simple character classes. Anything else (named
 * groups, flags, `\p{…}`, nested or set-operation classes, a `\n`, and `\B`, which rg 13 does not
 * apply after a previous match on the line) gives `undefined`, and the caller asks rg itself.
 *
 * Why the rewrites: Rust's `\w`, `\b`, `\s` and `\d` are Unicode, JavaScript's ASCII; rg never
 * lets a match cross a line, so every construct that could match `\n` excludes it, and `^`/`$`
 * anchor at line boundaries (before `\n` only: a CRLF line's `$` is not before its `\r`).
 */

/**
 * The classes a translation is written with. `unicode` is Rust's (`\w` is UTS #18 Annex C's word
 * character); `ascii` is each restricted to ASCII, which matches exactly the same characters of a
 * text holding only ASCII, and compiles some fifty times faster (V8 resolves every `\p{…}` of a
 * regex when it compiles it).
 */
export type Charset = 'unicode' | 'ascii';

interface Classes {
  /** Word characters, as class items. */
  wordItems: string;
  /** Whitespace, as class items (`\s` inside a negated class). */
  spaceItems: string;
  /** Decimal digits, as class items. */
  digitItems: string;
  space: string;
  notSpace: string;
}

const CLASSES: Record<Charset, Classes> = {
  unicode: { wordItems: '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}', spaceItems: '\\p{White_Space}', digitItems: '\\p{Nd}', space: '[^\\P{White_Space}\\n]', notSpace: '\\P{White_Space}' },
  ascii: { wordItems: 'A-Za-z0-9_', spaceItems: '\\t\\n\\x0B\\f\\r ', digitItems: '0-9', space: '[\\t\\x0B\\f\\r ]', notSpace: '[^\\t\\n\\x0B\\f\\r ]' },
};

/** The JavaScript for Rust's escapes `\\w \\W \\b \\s \\S \\d \\D` in one charset. */
export type Escapes = Record<'w' | 'W' | 'b' | 's' | 'S' | 'd' | 'D', string>;

function escapesOf(c: Classes): Escapes {
  const word = `[${c.wordItems}]`;
  return {
    w: word,
    W: `[^${c.wordItems}\\n]`,
    b: `(?:(?<=${word})(?!${word})|(?<!${word})(?=${word}))`,
    s: c.space,
    S: c.notSpace,
    d: `[${c.digitItems}]`,
    D: `[^${c.digitItems}\\n]`,
  };
}

export const ESCAPES: Record<Charset, Escapes> = { unicode: escapesOf(CLASSES.unicode), ascii: escapesOf(CLASSES.ascii) };

/** `.` and the anchors, kept within the line: any character but `\n`, a line's start, a line's end (before `\n` only). */
const LINE_BOUND: Record<string, string> = { '.': '[^\\n]', '^': '(?<![^\\n])', $: '(?![^\\n])' };

/** Characters Rust lets a backslash make literal (regex 1.x `is_meta_character`). */
const RUST_META = new Set('\\.+*?()|[]{}^$#&-~');
/** Characters a JavaScript `u` regex needs escaped to be literal outside a class. */
const JS_SYNTAX = new Set('^$\\.*+?()[]{}|/');

function literal(ch: string): string {
  return JS_SYNTAX.has(ch) ? `\\${ch}` : ch;
}

function classLiteral(ch: string): string {
  return '\\]['.includes(ch) || ch === '-' || ch === '^' ? `\\${ch}` : ch;
}

export interface Translated {
  source: string;
  /**
   * What every match holds, when the pattern says so plainly: alternatives, each a list of literals
   * a match holds all of (`\bextends\s+Node\b` gives [["extends", "Node"]], `a|bc` gives [["a"], ["bc"]]).
   * A file that holds no alternative whole has no match.
   */
  required?: string[][];
}

/** The JavaScript source for Rust `pattern` in `charset`, or undefined when it is outside the translated subset. */
export function translateRustRegex(pattern: string, charset: Charset = 'unicode'): Translated | undefined {
  const chars = [...pattern];
  let out = '';
  // Literal runs outside groups; with no top-level alternation each must appear in every match.
  const runs: string[] = [];
  let run = '';
  let alternation = false;
  const endRun = (quantified: boolean) => {
    runs.push(quantified ? [...run].slice(0, -1).join('') : run);
    run = '';
  };
  let i = 0;
  let depth = 0;
  while (i < chars.length) {
    const ch = chars[i]!;
    if (ch === '\n') return undefined;
    if (ch === '\\') {
      const next = chars[i + 1];
      if (next === undefined) return undefined;
      const escape = ESCAPES[charset][next as keyof Escapes];
      const hex = next === 'x' ? hexEscape(chars, i) : undefined;
      if (hex) {
        out += literal(hex);
        if (depth === 0) run += hex;
        i += 4;
        continue;
      }
      if (escape) {
        out += escape;
        endRun(false);
      } else if (RUST_META.has(next)) {
        out += literal(next);
        if (depth === 0) run += next;
      } else return undefined;
      i += 2;
    } else if (ch === '[') {
      const end = translateClass(chars, i, CLASSES[charset]);
      if (!end) return undefined;
      endRun(false);
      out += end.js;
      i = end.next;
    } else if (ch === '(') {
      endRun(false);
      if (chars[i + 1] === '?') {
        if (chars[i + 2] !== ':') return undefined;
        out += '(?:';
        i += 3;
      } else {
        out += '(';
        i += 1;
      }
      depth++;
    } else if (ch === ')') {
      if (depth === 0) return undefined;
      depth--;
      out += ')';
      i += 1;
    } else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}\??/.exec(chars.slice(i).join(''));
      if (!m || !out) return undefined;
      endRun(true);
      out += m[0];
      i += [...m[0]].length;
    } else if (ch === '*' || ch === '+' || ch === '?') {
      if (!out) return undefined;
      endRun(true);
      out += ch;
      i += 1;
    } else if (ch in LINE_BOUND) {
      endRun(false);
      out += LINE_BOUND[ch];
      i += 1;
    } else if (ch === '|') {
      if (depth === 0) alternation = true;
      endRun(false);
      out += '|';
      i += 1;
    } else {
      out += literal(ch);
      if (depth === 0) run += ch;
      i += 1;
    }
  }
  endRun(false);
  if (depth !== 0) return undefined;
  try {
    new RegExp(out, 'gu');
  } catch {
    return undefined;
  }
  const literals = [...new Set(runs.filter(Boolean))];
  const required = alternation ? requiredOfAlternatives(pattern) : literals.length ? [literals] : undefined;
  if (required) return { source: out, required };
  const inner = wrappedGroupBody(pattern);
  const innerRequired = inner === undefined ? undefined : translateRustRegex(inner, 'ascii')?.required;
  return innerRequired ? { source: out, required: innerRequired } : { source: out };
}

/** A class from `[` at `start`: simple items and ranges of literals only; a class never matches `\n`. */
function translateClass(chars: string[], start: number, classes: Classes): { js: string; next: number } | undefined {
  let i = start + 1;
  const negated = chars[i] === '^';
  if (negated) i++;
  if (chars[i] === ']' || chars[i] === '-') return undefined;
  let body = '';
  // `\s` in a class that is not negated: its items would admit `\n`, so it is matched beside the class.
  let space = false;
  let previousWasLiteral = false;
  while (i < chars.length && chars[i] !== ']') {
    const ch = chars[i]!;
    if (ch === '\n' || ch === '[' || (ch === '&' && chars[i + 1] === '&') || (ch === '~' && chars[i + 1] === '~')) return undefined;
    if (ch === '-') {
      // A range between two literals; a `-` before `]` is a literal.
      if (chars[i + 1] === ']') {
        body += '\\-';
        i += 1;
        continue;
      }
      if (!previousWasLiteral || chars[i + 1] === '-' || chars[i + 1] === '\\' || chars[i + 1] === '[') return undefined;
      body += '-';
      body += classLiteral(chars[i + 1]!);
      previousWasLiteral = false;
      i += 2;
      continue;
    }
    if (ch === '\\') {
      const next = chars[i + 1];
      if (next === undefined) return undefined;
      const hex = next === 'x' ? hexEscape(chars, i) : undefined;
      if (hex) {
        body += classLiteral(hex);
        previousWasLiteral = true;
        i += 4;
        continue;
      }
      if (next === 'w') body += classes.wordItems;
      else if (next === 'd') body += classes.digitItems;
      else if (next === 's' && negated) body += classes.spaceItems;
      else if (next === 's') space = true;
      else if (RUST_META.has(next)) {
        body += classLiteral(next);
        previousWasLiteral = true;
        i += 2;
        continue;
      } else return undefined;
      previousWasLiteral = false;
      i += 2;
      continue;
    }
    body += classLiteral(ch);
    previousWasLiteral = true;
    i += 1;
  }
  if (chars[i] !== ']' || (!body && !space)) return undefined;
  if (negated) return { js: `[^${body}\\n]`, next: i + 1 };
  return { js: !space ? `[${body}]` : body ? `(?:[${body}]|${classes.space})` : classes.space, next: i + 1 };
}

/** The character of a two-digit `\xHH` escape at `i`; none for `\x0A`, a `\n`, which rg refuses or drops and no translation may match. */
function hexEscape(chars: string[], i: number): string | undefined {
  const digits = chars.slice(i + 2, i + 4).join('');
  const ch = /^[0-9A-Fa-f]{2}$/.test(digits) ? String.fromCharCode(parseInt(digits, 16)) : undefined;
  return ch === '\n' ? undefined : ch;
}

/** Top-level alternatives each with required literals: a match holds those of one of them. */
function requiredOfAlternatives(pattern: string): string[][] | undefined {
  const all = new Map<string, string[]>();
  for (const alternative of topLevel(pattern).alternatives) {
    const required = translateRustRegex(alternative, 'ascii')?.required;
    if (!required) return undefined;
    for (const literals of required) all.set(JSON.stringify(literals), literals);
  }
  return [...all.values()];
}

/** The body of a pattern that is one group, `(…)` or `(?:…)`, with nothing after it. */
function wrappedGroupBody(pattern: string): string | undefined {
  const { closesAt } = topLevel(pattern);
  if (!pattern.startsWith('(') || closesAt !== pattern.length - 1) return undefined;
  return pattern.startsWith('(?:') ? pattern.slice(3, -1) : pattern.startsWith('(?') ? undefined : pattern.slice(1, -1);
}

/** Splits at top-level `|` (outside groups and classes) and says where a group opened at 0 closes. */
function topLevel(pattern: string): { alternatives: string[]; closesAt: number } {
  const alternatives: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  let closesAt = -1;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0 && closesAt < 0 && pattern[0] === '(') closesAt = i;
    else if (ch === '|' && depth === 0) {
      alternatives.push(pattern.slice(from, i));
      from = i + 1;
    }
  }
  alternatives.push(pattern.slice(from));
  return { alternatives, closesAt };
}
