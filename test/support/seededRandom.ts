// A small seeded random generator (mulberry32) for fuzz tests, so that a failure names the seed that caused it.

export type Random = () => number;

export function randomSource(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from 0 to `below` - 1. */
export function below(random: Random, count: number): number {
  return Math.floor(random() * count);
}

/** One of `items`. */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[below(random, items.length)];
}
