/**
 * SCIP symbol strings: `<scheme> <manager> <package> <version> <descriptors>` or `local <id>`.
 * We parse them to read structure (owner, short name, descriptor suffix) straight from the id,
 * which is the one thing every SCIP indexer fills in.
 */

export type DescriptorSuffix = 'namespace' | 'type' | 'term' | 'method' | 'meta' | 'macro' | 'parameter' | 'type_parameter';

export interface Descriptor {
  name: string;
  suffix: DescriptorSuffix;
  /** Method disambiguator, e.g. `+1` for a TypeScript overload. */
  disambiguator?: string;
}

export interface ParsedSymbol {
  scheme: string;
  manager: string;
  packageName: string;
  version: string;
  descriptors: Descriptor[];
  /** Index in the original string where the descriptors start, so owners can be sliced off. */
  descriptorOffsets: number[];
}

const simpleChar = /[A-Za-z0-9_+$-]/;

export function isLocalSymbol(symbol: string): boolean {
  return symbol.startsWith('local ');
}

export function parseSymbol(symbol: string): ParsedSymbol | undefined {
  if (isLocalSymbol(symbol)) return undefined;
  const header: string[] = [];
  let i = 0;
  while (header.length < 4) {
    let token = '';
    while (i < symbol.length) {
      if (symbol[i] === ' ') {
        if (symbol[i + 1] === ' ') {
          token += ' ';
          i += 2;
          continue;
        }
        break;
      }
      token += symbol[i];
      i += 1;
    }
    if (symbol[i] !== ' ') return undefined;
    header.push(token === '.' ? '' : token);
    i += 1;
  }
  const descriptors: Descriptor[] = [];
  const descriptorOffsets: number[] = [];
  while (i < symbol.length) {
    descriptorOffsets.push(i);
    if (symbol[i] === '[' || symbol[i] === '(') {
      const close = symbol[i] === '[' ? ']' : ')';
      const read = readName(symbol, i + 1);
      if (!read || symbol[read.end] !== close) return undefined;
      descriptors.push({ name: read.name, suffix: close === ']' ? 'type_parameter' : 'parameter' });
      i = read.end + 1;
      continue;
    }
    const read = readName(symbol, i);
    if (!read) return undefined;
    i = read.end;
    const c = symbol[i];
    if (c === '/') descriptors.push({ name: read.name, suffix: 'namespace' });
    else if (c === '#') descriptors.push({ name: read.name, suffix: 'type' });
    else if (c === '.') descriptors.push({ name: read.name, suffix: 'term' });
    else if (c === ':') descriptors.push({ name: read.name, suffix: 'meta' });
    else if (c === '!') descriptors.push({ name: read.name, suffix: 'macro' });
    else if (c === '(') {
      const close = symbol.indexOf(')', i);
      if (close < 0 || symbol[close + 1] !== '.') return undefined;
      const disambiguator = symbol.slice(i + 1, close);
      descriptors.push({ name: read.name, suffix: 'method', ...(disambiguator ? { disambiguator } : {}) });
      i = close + 1;
    } else return undefined;
    i += 1;
  }
  if (descriptors.length === 0) return undefined;
  return {
    scheme: header[0]!,
    manager: header[1]!,
    packageName: header[2]!,
    version: header[3]!,
    descriptors,
    descriptorOffsets,
  };
}

function readName(s: string, start: number): { name: string; end: number } | undefined {
  if (s[start] === '`') {
    let name = '';
    let i = start + 1;
    while (i < s.length) {
      if (s[i] === '`') {
        if (s[i + 1] === '`') {
          name += '`';
          i += 2;
          continue;
        }
        return { name, end: i + 1 };
      }
      name += s[i];
      i += 1;
    }
    return undefined;
  }
  let i = start;
  while (i < s.length && simpleChar.test(s[i]!)) i += 1;
  // An empty name is legal only before a suffix, e.g. `(x)` parameters are handled by the caller.
  return { name: s.slice(start, i), end: i };
}

/** The symbol that owns this one (its descriptors minus the last), or undefined at the top. */
export function ownerSymbol(symbol: string, parsed: ParsedSymbol): string | undefined {
  if (parsed.descriptors.length < 2) return undefined;
  return symbol.slice(0, parsed.descriptorOffsets[parsed.descriptors.length - 1]);
}

/** Escape a descriptor name the way SCIP writes it. */
export function escapeName(name: string): string {
  return /^[A-Za-z0-9_+$-]+$/.test(name) ? name : '`' + name.replace(/`/g, '``') + '`';
}

const suffixText: Record<DescriptorSuffix, (d: Descriptor) => string> = {
  namespace: (d) => `${escapeName(d.name)}/`,
  type: (d) => `${escapeName(d.name)}#`,
  term: (d) => `${escapeName(d.name)}.`,
  meta: (d) => `${escapeName(d.name)}:`,
  macro: (d) => `${escapeName(d.name)}!`,
  method: (d) => `${escapeName(d.name)}(${d.disambiguator ?? ''}).`,
  parameter: (d) => `(${escapeName(d.name)})`,
  type_parameter: (d) => `[${escapeName(d.name)}]`,
};

export function formatDescriptor(d: Descriptor): string {
  return suffixText[d.suffix](d);
}

/** `scheme manager package version ` prefix of a global symbol. */
export function symbolPrefix(symbol: string, parsed: ParsedSymbol): string {
  return symbol.slice(0, parsed.descriptorOffsets[0]);
}
