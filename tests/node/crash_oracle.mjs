// An independent port of SPEC §6's crash point for the tests (BigInt, no code of the
// verifier's): the 64-bit quotient (100·2^52 − h)/(2^52 − h) rounded to nearest even,
// then to float64 (nearest even), then floored; 1.00 when the whole hash is
// divisible by 40. And the figures a chain's history must show for its rounds.

const E52 = 1n << 52n;

/** num/den (positive) rounded to `bits` significant bits, nearest even:
 *  [mantissa, exponent], the value being mantissa · 2^exponent. */
function roundRational(num, den, bits) {
  const intBits = BigInt((num / den).toString(2).length);
  let shift = BigInt(bits) - intBits;
  let n = num;
  let d = den;
  if (shift >= 0n) n <<= shift; else d <<= -shift;
  let m = n / d;
  const r2 = 2n * (n % d);
  if (r2 > d || (r2 === d && (m & 1n))) m += 1n;
  if (m === 1n << BigInt(bits)) { m >>= 1n; shift -= 1n; }
  return [m, -shift];
}

/** The crash point ×100 (N) of a round hash (64 hex digits). */
export function crashN(hex) {
  if (BigInt('0x' + hex) % 40n === 0n) return 100n;
  const h = BigInt('0x' + hex.slice(0, 13));
  const [m64, e] = roundRational(100n * E52 - h, E52 - h, 64);
  const low = m64 & 0x7ffn; // float64 keeps 53 of the 64 bits
  let m = m64 >> 11n;
  if (low > 0x400n || (low === 0x400n && (m & 1n))) m += 1n;
  const exp = e + 11n;
  return exp >= 0n ? m << exp : m >> -exp; // floor (the value is positive)
}

/** "13.68" for N = 1368. */
export const pointText = (N) => `${N / 100n}.${String(N % 100n).padStart(2, '0')}`;

/** The counts of rounds `hashes` (newest first: hashes[0] is round hashes.length):
 *  instant (1.00), by40, at 2, 10, 100 or above, the highest and its round (the
 *  newest of equals), the longest run below 2 and its newest round (the newest of
 *  equally long runs). */
export function crashCounts(hashes) {
  const n = hashes.length;
  const c = { rounds: n, instant: 0, by40: 0, over2: 0, over10: 0, over100: 0, highest: -1n, highestRound: 0, longest: 0, longestEnd: null };
  let run = 0;
  let runStart = 0;
  hashes.forEach((hex, k) => {
    const round = n - k;
    const N = crashN(hex);
    if (BigInt('0x' + hex) % 40n === 0n) c.by40++;
    if (N === 100n) c.instant++;
    if (N >= 200n) c.over2++;
    if (N >= 1000n) c.over10++;
    if (N >= 10000n) c.over100++;
    if (N > c.highest) { c.highest = N; c.highestRound = round; }
    if (N < 200n) {
      if (run === 0) runStart = round;
      run++;
      if (run > c.longest) { c.longest = run; c.longestEnd = runStart; }
    } else run = 0;
  });
  return c;
}
