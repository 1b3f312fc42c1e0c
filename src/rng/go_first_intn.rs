//! The first `Intn(25)` of `rand.New(rand.NewSource(x))` without seeding the whole
//! source: what the platforms game draws, fast enough for every link of a chain.
//!
//! Why it is the same number (`go_math_rand` is the port this must equal):
//! - Seeding reduces `x` to `seed` in [1, 2^31 − 2] and runs Park–Miller's
//!   generator `x ← 48271·x mod (2^31 − 1)` in Schrage's form. Schrage's method is
//!   exact modular multiplication for every 0 < x < 2^31 − 1 (its condition
//!   r = 3399 < q = 44488 holds), so after n steps the state is
//!   `x_n = seed · 48271^n mod (2^31 − 1)`: the powers are constants.
//! - The loop runs 20 steps, then for each i in 0..607 three steps, so word i of the
//!   table is `(x_{21+3i} << 40) ^ (x_{22+3i} << 20) ^ x_{23+3i} ^ cooked[i]`, the
//!   shifts as Go's int64 shifts (bits above 63 dropped).
//! - The first `Uint64` steps both indexes back from (tap 0, feed 334) to (606, 333)
//!   and returns `vec[333] + vec[606]` (wrapping): only two table words are needed.
//! - `Intn(25)` → `Int31n(25)`: `v = Int63 >> 32`; if `v` exceeds the largest
//!   multiple-of-25 bound it draws again. That happens for 23 of 2^31 values; then
//!   this falls back to the full port, which draws again exactly as Go does.
//!
//! The tests compare it with the full port on millions of seeds and the Go oracle
//! compares both with Go itself (tests/history_differential.rs).

use super::go_math_rand::GoRand;
use super::go_rng_cooked::RNG_COOKED;

const P: u64 = (1 << 31) - 1;
const A: u64 = 48271;
/// `Int31n(25)` keeps v ≤ 2^31 − 1 − (2^31 mod 25).
const MAX_25: i64 = (1 << 31) - 1 - (1 << 31) % 25;

const fn pow_mod(mut n: u64) -> u64 {
    let mut base = A;
    let mut acc = 1u64;
    while n > 0 {
        if n & 1 == 1 {
            acc = acc * base % P;
        }
        base = base * base % P;
        n >>= 1;
    }
    acc
}

/// 48271^n mod (2^31 − 1) for the steps that make table words 333 and 606.
const POW_333: [u64; 3] = [
    pow_mod(21 + 3 * 333),
    pow_mod(22 + 3 * 333),
    pow_mod(23 + 3 * 333),
];
const POW_606: [u64; 3] = [
    pow_mod(21 + 3 * 606),
    pow_mod(22 + 3 * 606),
    pow_mod(23 + 3 * 606),
];

/// x mod (2^31 − 1) for x < 2^62, by folding (2^31 ≡ 1): no division, which wasm
/// would do as a call for the 128-bit product a constant divisor needs.
#[inline(always)]
fn mod_p(x: u64) -> u64 {
    let t = (x & P) + (x >> 31); // < 2^32
    let t = (t & P) + (t >> 31); // ≤ 2^31 = P + 1
    if t >= P {
        t - P
    } else {
        t
    }
}

/// `NewSource`'s reduction of the seed: Go's truncating `%`, plus 2^31 − 1 when
/// negative, 0 replaced by 89482311. In [1, 2^31 − 2].
#[inline(always)]
fn go_seed(x: i64) -> u64 {
    let mut s = x % P as i64;
    if s < 0 {
        s += P as i64;
    }
    if s == 0 {
        s = 89482311;
    }
    s as u64
}

/// Table word i from the three states that make it.
#[inline(always)]
fn table_word(seed: u64, pow: &[u64; 3], cooked: i64) -> i64 {
    let x = |k: usize| mod_p(seed * pow[k]) as i64;
    (x(0) << 40) ^ (x(1) << 20) ^ x(2) ^ cooked
}

/// `rand.New(rand.NewSource(x)).Intn(25)`, identical to `GoRand::new(x).intn(25)`.
#[inline(always)]
pub fn first_intn25(x: i64) -> i32 {
    let seed = go_seed(x);
    let a = table_word(seed, &POW_333, RNG_COOKED[333]);
    let b = table_word(seed, &POW_606, RNG_COOKED[606]);
    let u = a.wrapping_add(b) as u64;
    let v = ((u & ((1 << 63) - 1)) >> 32) as i64;
    if v > MAX_25 {
        return rejected(x);
    }
    (v % 25) as i32
}

/// The rare second draw: the full port.
#[cold]
#[inline(never)]
fn rejected(x: i64) -> i32 {
    GoRand::new(x).intn(25)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Go's `seedrand`, written again here from rng.go (Schrage's form).
    fn seedrand(x: i32) -> i32 {
        let (hi, lo) = (x / 44488, x % 44488);
        let mut x = 48271 * lo - 3399 * hi;
        if x < 0 {
            x += 2147483647;
        }
        x
    }

    use crate::test_rng::SplitMix;

    #[test]
    fn schrage_is_modular_multiplication() {
        let mut r = SplitMix(7);
        let edges = [1, 2, 44487, 44488, 44489, P - 2, P - 1, 89482311];
        let randoms = (0..200_000).map(|_| 1 + r.next() % (P - 1));
        for x in edges.into_iter().chain(randoms) {
            assert_eq!(seedrand(x as i32) as u64, x * A % P, "x = {x}");
        }
        // And n steps are one multiplication by the n-th power.
        let mut x = 12345i32;
        for _ in 0..(23 + 3 * 606) {
            x = seedrand(x);
        }
        assert_eq!(x as u64, 12345 * POW_606[2] % P);
    }

    #[test]
    fn folding_is_reduction() {
        let mut r = SplitMix(11);
        let edges = [
            0,
            1,
            P - 1,
            P,
            P + 1,
            2 * P,
            (1 << 62) - 1,
            (P - 1) * (P - 1),
        ];
        for x in edges.into_iter().chain((0..200_000).map(|_| r.next() >> 2)) {
            assert_eq!(mod_p(x), x % P, "x = {x}");
        }
    }

    #[test]
    fn equals_the_full_port() {
        let mut r = SplitMix(3);
        let p = P as i64;
        let mut seeds = vec![
            0,
            1,
            -1,
            p,
            -p,
            p - 1,
            p + 1,
            2 * p,
            -2 * p,
            89482311,
            -89482311,
            i64::MIN,
            i64::MAX,
            i64::MIN + 1,
        ];
        let n = if cfg!(debug_assertions) {
            3_000
        } else {
            300_000
        };
        seeds.extend((0..n).map(|_| r.next() as i64));
        // Small seeds and seeds around multiples of 2^31 − 1, where the reduction turns.
        seeds.extend((-500..500).map(|k| k * p + (k % 7)));
        for x in seeds {
            assert_eq!(first_intn25(x), GoRand::new(x).intn(25), "x = {x}");
        }
    }

    /// The rejection branch: seeds whose first Int31 is past the bound (23 in 2^31
    /// values are; these were found by a search over all seeds). The full port says
    /// they draw twice, and the fast path must answer as it does.
    #[test]
    fn rejection_falls_back_to_the_full_port() {
        assert_eq!(MAX_25, 2147483624);
        assert_eq!((MAX_25 + 1) % 25, 0);
        let p = P as i64;
        for seed in [116449686i64, 301882123, 374607292] {
            for x in [seed, seed + 5 * p, seed - p] {
                let mut go = GoRand::new(x);
                assert!(go.int31() as i64 > MAX_25, "x = {x} is not a rejection");
                assert_eq!(first_intn25(x), GoRand::new(x).intn(25), "x = {x}");
            }
        }
    }
}
