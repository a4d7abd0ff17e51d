/** Whether (line, char) comes before (otherLine, otherChar). */
export function before(line: number, char: number, otherLine: number, otherChar: number): boolean {
  return line < otherLine || (line === otherLine && char < otherChar);
}

/**
 * Ranges of one file as flat [startLine, startChar, endLine, endChar] quadruples sorted by start,
 * for asking which hold a position. `reach[i]` is the index, among 0..i, of the range that ends
 * last, so a search backwards from the last range starting before the position stops as soon as
 * nothing earlier reaches it: a position is tested against the ranges around it and few others,
 * not against the whole file.
 */
export class SortedRanges {
  private readonly reach: number[] = [];

  constructor(private readonly flat: readonly number[]) {
    for (let i = 0; 4 * i < flat.length; i++) {
      const last = i > 0 ? this.reach[i - 1]! : i;
      this.reach.push(i > 0 && before(flat[4 * i + 2]!, flat[4 * i + 3]!, flat[4 * last + 2]!, flat[4 * last + 3]!) ? last : i);
    }
  }

  /**
   * The indexes of the ranges holding (line, char), latest start first. A range holds a position
   * from its start (after its start, with `strictStart`) to before its end.
   */
  *around(line: number, char: number, strictStart: boolean): Generator<number> {
    const flat = this.flat;
    const startsAfter = (i: number) => (strictStart ? !before(flat[4 * i]!, flat[4 * i + 1]!, line, char) : before(line, char, flat[4 * i]!, flat[4 * i + 1]!));
    let lo = 0;
    let hi = this.reach.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (startsAfter(mid)) hi = mid;
      else lo = mid + 1;
    }
    for (let i = lo - 1; i >= 0; i--) {
      const last = this.reach[i]!;
      if (!before(line, char, flat[4 * last + 2]!, flat[4 * last + 3]!)) return;
      if (before(line, char, flat[4 * i + 2]!, flat[4 * i + 3]!)) yield i;
    }
  }
}
