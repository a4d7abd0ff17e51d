import { createHash } from 'node:crypto';

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  int(maxExclusive: number): number;
  shuffle<T>(items: readonly T[]): T[];
}

/**
 * sfc32 seeded from sha256(seed, label): each sub-type draws from its own
 * stream, so adding or changing one generator does not reshuffle the others.
 */
export function createRng(seed: number, label: string): Rng {
  const h = createHash('sha256').update(`${seed}\u0000${label}`).digest();
  let a = h.readUInt32LE(0);
  let b = h.readUInt32LE(4);
  let c = h.readUInt32LE(8);
  let d = h.readUInt32LE(12);
  const next = (): number => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const rng: Rng = {
    next,
    int: (n) => Math.floor(next() * n),
    shuffle(items) {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
  return rng;
}

/**
 * Seeded order that visits files round-robin (files and picks within a file
 * both shuffled), so a budget smaller than the pool samples across the corpus
 * instead of draining the first file.
 */
export function spreadAcrossFiles<T extends { file: string }>(items: readonly T[], rng: Rng): T[] {
  const byFile = new Map<string, T[]>();
  for (const item of items) {
    const list = byFile.get(item.file);
    if (list) list.push(item);
    else byFile.set(item.file, [item]);
  }
  const files = rng.shuffle([...byFile.keys()].sort());
  const queues = files.map((f) => rng.shuffle(byFile.get(f)!));
  const out: T[] = [];
  for (let round = 0; out.length < items.length; round++) {
    for (const q of queues) if (round < q.length) out.push(q[round]!);
  }
  return out;
}
