//! Port of Go's math/rand `rngSource` ($GOROOT/src/math/rand/rng.go) and the parts of
//! `Rand` that `rand.New(rand.NewSource(x)).Intn(n)` touches ($GOROOT/src/math/rand/rand.go).
//!
//! The source is an additive lagged Fibonacci generator over 607 int64 words with
//! tap 273. Seeding runs Park–Miller's minimal standard generator (mod 2^31 − 1,
//! Schrage's method) and XORs the "cooked" table in.

use super::go_rng_cooked::RNG_COOKED;

const RNG_LEN: usize = 607;
const RNG_TAP: usize = 273;
const INT32_MAX: i64 = (1 << 31) - 1;
const RNG_MASK: u64 = (1 << 63) - 1;

/// `seedrand`: x[n+1] = 48271 · x[n] mod (2^31 − 1), in Schrage's overflow-free form.
fn seedrand(x: i32) -> i32 {
    const A: i32 = 48271;
    const Q: i32 = 44488;
    const R: i32 = 3399;
    let hi = x / Q;
    let lo = x % Q;
    let mut x = A.wrapping_mul(lo).wrapping_sub(R.wrapping_mul(hi));
    if x < 0 {
        x = x.wrapping_add(INT32_MAX as i32);
    }
    x
}

#[derive(Clone)]
pub struct GoRand {
    tap: usize,
    feed: usize,
    vec: [i64; RNG_LEN],
}

impl GoRand {
    /// `rand.NewSource(seed)`.
    pub fn new(seed: i64) -> GoRand {
        // Go's `%` truncates toward zero, as Rust's does.
        let mut seed = seed % INT32_MAX;
        if seed < 0 {
            seed += INT32_MAX;
        }
        if seed == 0 {
            seed = 89482311;
        }
        let mut x = seed as i32;
        let mut vec = [0i64; RNG_LEN];
        for i in -20i32..RNG_LEN as i32 {
            x = seedrand(x);
            if i >= 0 {
                let mut u = (x as i64) << 40;
                x = seedrand(x);
                u ^= (x as i64) << 20;
                x = seedrand(x);
                u ^= x as i64;
                u ^= RNG_COOKED[i as usize];
                vec[i as usize] = u;
            }
        }
        GoRand {
            tap: 0,
            feed: RNG_LEN - RNG_TAP,
            vec,
        }
    }

    /// `Uint64`: both indexes step back (wrapping), the feed word absorbs the tap word.
    pub fn uint64(&mut self) -> u64 {
        self.tap = if self.tap == 0 {
            RNG_LEN - 1
        } else {
            self.tap - 1
        };
        self.feed = if self.feed == 0 {
            RNG_LEN - 1
        } else {
            self.feed - 1
        };
        let x = self.vec[self.feed].wrapping_add(self.vec[self.tap]);
        self.vec[self.feed] = x;
        x as u64
    }

    pub fn int63(&mut self) -> i64 {
        (self.uint64() & RNG_MASK) as i64
    }

    pub fn int31(&mut self) -> i32 {
        (self.int63() >> 32) as i32
    }

    /// `Int31n` (see `int31n_with`).
    pub fn int31n(&mut self, n: i32) -> i32 {
        int31n_with(|| self.int31(), n)
    }

    /// `Intn` for n ≤ 2^31 − 1 goes through `Int31n` (not the Lemire `int31n` that
    /// Shuffle and Perm use).
    pub fn intn(&mut self, n: i32) -> i32 {
        self.int31n(n)
    }
}

/// `Int31n` over any source of `Int31` values (tests script them to reach the
/// rejection loop): a power of two masks; otherwise reject values above the largest
/// multiple of n below 2^31.
fn int31n_with(mut int31: impl FnMut() -> i32, n: i32) -> i32 {
    debug_assert!(n > 0);
    if n & (n - 1) == 0 {
        return int31() & (n - 1);
    }
    let max = ((1u32 << 31) - 1 - (1u32 << 31) % n as u32) as i32;
    let mut v = int31();
    while v > max {
        v = int31();
    }
    v % n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known answers printed by Go 1.19 (`rand.New(rand.NewSource(s))`).
    #[test]
    fn go_known_answers() {
        // rand.NewSource(1).Int63() ×3 (the first values of Go's default seed, also
        // documented in many Go examples).
        let mut r = GoRand::new(1);
        assert_eq!(r.int63(), 5577006791947779410);
        assert_eq!(r.int63(), 8674665223082153551);
        assert_eq!(r.int63(), 6129484611666145821);
        // Seed 0 is replaced by 89482311; negative seeds wrap by +2^31−1.
        let a: Vec<i64> = {
            let mut r = GoRand::new(0);
            (0..3).map(|_| r.int63()).collect()
        };
        let b: Vec<i64> = {
            let mut r = GoRand::new(89482311);
            (0..3).map(|_| r.int63()).collect()
        };
        assert_eq!(a, b);
        let c: Vec<i64> = {
            let mut r = GoRand::new(-5);
            (0..3).map(|_| r.int63()).collect()
        };
        let d: Vec<i64> = {
            let mut r = GoRand::new(INT32_MAX - 5);
            (0..3).map(|_| r.int63()).collect()
        };
        assert_eq!(c, d);
    }

    #[test]
    fn int31n_rejects_above_max() {
        // n = 25: max = 2^31 − 1 − (2^31 mod 25) = 2147483647 − 23 = 2147483624.
        let mut vals = [2147483647, 2147483625, 2147483624].into_iter();
        assert_eq!(int31n_with(|| vals.next().unwrap(), 25), 2147483624 % 25);
        assert!(vals.next().is_none());
        let mut vals = [7].into_iter();
        assert_eq!(int31n_with(|| vals.next().unwrap(), 25), 7);
        let mut vals = [0x7fff_ffff].into_iter();
        assert_eq!(int31n_with(|| vals.next().unwrap(), 16), 15);
    }
}
