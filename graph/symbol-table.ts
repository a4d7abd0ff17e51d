/**
 * SCIP symbol strings interned by their UTF-8 bytes. A large index repeats
 * each symbol in every occurrence; hashing the bytes where they lie gives the
 * occurrence an integer handle without making a string, so only distinct
 * symbols ever become JavaScript strings.
 */
export class SymbolTable {
  /** Handle → symbol string. */
  readonly strings: string[] = [];
  private readonly starts: number[] = [];
  private readonly lengths: number[] = [];
  private arena = Buffer.alloc(1 << 20);
  private arenaUsed = 0;
  /**
   * Open addressing, linear probing, two ints per slot: handle + 1 (0 when
   * empty) and the symbol's hash, side by side so a probe touches one place.
   */
  private slots = new Int32Array(2 << 16);

  get size(): number {
    return this.strings.length;
  }

  intern(buf: Buffer, start: number, end: number): number {
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ buf[i]!, 0x01000193);
    const length = end - start;
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[2 * slot]!;
      if (entry === 0) return this.insert(slot, hash, buf, start, end);
      if (slots[2 * slot + 1] === hash && this.lengths[entry - 1] === length && this.sameBytes(this.starts[entry - 1]!, buf, start, length)) return entry - 1;
    }
  }

  private sameBytes(at: number, buf: Buffer, start: number, length: number): boolean {
    const arena = this.arena;
    for (let i = 0; i < length; i++) if (arena[at + i] !== buf[start + i]) return false;
    return true;
  }

  private insert(slot: number, hash: number, buf: Buffer, start: number, end: number): number {
    const length = end - start;
    if (this.arenaUsed + length > this.arena.length) {
      const grown = Buffer.alloc(Math.max(this.arena.length * 2, this.arenaUsed + length));
      this.arena.copy(grown, 0, 0, this.arenaUsed);
      this.arena = grown;
    }
    buf.copy(this.arena, this.arenaUsed, start, end);
    const handle = this.strings.length;
    this.strings.push(buf.toString('utf8', start, end));
    this.starts.push(this.arenaUsed);
    this.lengths.push(length);
    this.arenaUsed += length;
    this.slots[2 * slot] = handle + 1;
    this.slots[2 * slot + 1] = hash;
    // Keep the table at most half full.
    if (this.strings.length * 4 > this.slots.length) this.grow();
    return handle;
  }

  private grow(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = (slots.length >> 1) - 1;
    for (let k = 0; k < old.length; k += 2) {
      if (old[k] === 0) continue;
      let slot = old[k + 1]! & mask;
      while (slots[2 * slot] !== 0) slot = (slot + 1) & mask;
      slots[2 * slot] = old[k]!;
      slots[2 * slot + 1] = old[k + 1]!;
    }
    this.slots = slots;
  }
}
