/**
 * A small seeded random source, so that two runs seed the same rows and their figures
 * compare. mulberry32: 32 bits of state, fast, and plenty for test data (not for secrets).
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A version-4-shaped UUID made of this source's bits, so identifiers repeat between runs. */
  uuid(): string;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex32 = () =>
    Math.floor(next() * 4_294_967_296)
      .toString(16)
      .padStart(8, '0');

  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick(items) {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    sample<T>(items: readonly T[], count: number): T[] {
      // A partial Fisher–Yates shuffle of a copy: only the first `count` places are drawn.
      const copy = [...items];
      const size = Math.min(count, copy.length);
      for (let i = 0; i < size; i++) {
        const j = int(i, copy.length - 1);
        const drawn = copy[j] as T;
        copy[j] = copy[i] as T;
        copy[i] = drawn;
      }
      return copy.slice(0, size);
    },
    uuid() {
      const hex = hex32() + hex32() + hex32() + hex32();
      const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
  };
}
