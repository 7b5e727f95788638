// The demo's one seeded random source (mulberry32), so every demo has the same shape.
let seed = 20261122;

export const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** One value of `[value, weight]` pairs, by weight. */
export const pick = (weighted) => {
  const total = weighted.reduce((n, [, w]) => n + w, 0);
  let x = rand() * total;
  for (const [v, w] of weighted) if ((x -= w) < 0) return v;
  return weighted[0][0];
};

const part = () =>
  Math.floor(rand() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');

/** A visitor or session id as the tracker makes them: a prefix and 12 base-36 characters. */
export const id = (prefix) => prefix + part() + part();
