//! Port of NumPy's PCG64 bit generator (numpy/random/src/pcg64/pcg64.h): a 128-bit
//! LCG with the XSL-RR 128/64 output function, seeded from `SeedSequence`, plus the
//! parts of `Generator` that `permutation(n)` uses: the buffered 32-bit draw and
//! `random_interval`'s masked rejection (numpy/random/src/distributions).

use super::numpy_seed_sequence::SeedSequence;

/// PCG_DEFAULT_MULTIPLIER_128.
const MULTIPLIER: u128 = (0x2360_ED05_1FC6_5DA4 << 64) | 0x4385_DF64_9FCC_F645;

#[derive(Clone, Debug)]
pub struct Pcg64 {
    state: u128,
    inc: u128,
    /// NumPy's `has_uint32` / `uinteger`: the high half of the last 64-bit output,
    /// waiting to be handed out by the next 32-bit draw.
    buffered: Option<u32>,
}

impl Pcg64 {
    fn step(&mut self) {
        self.state = self.state.wrapping_mul(MULTIPLIER).wrapping_add(self.inc);
    }

    /// `pcg_setseq_128_srandom_r`: state 0, inc = 2·initseq + 1, step, add initstate, step.
    pub fn new(initstate: u128, initseq: u128) -> Pcg64 {
        let mut g = Pcg64 {
            state: 0,
            inc: (initseq << 1) | 1,
            buffered: None,
        };
        g.step();
        g.state = g.state.wrapping_add(initstate);
        g.step();
        g
    }

    /// `PCG64(SeedSequence)`: four uint64 words, (w0, w1) the state and (w2, w3) the
    /// sequence, each pair high word first.
    pub fn from_seed_sequence(ss: &SeedSequence) -> Pcg64 {
        let w = ss.generate_state_u64(4);
        let initstate = ((w[0] as u128) << 64) | w[1] as u128;
        let initseq = ((w[2] as u128) << 64) | w[3] as u128;
        Pcg64::new(initstate, initseq)
    }

    /// `numpy.random.default_rng(seed)` for a non-negative integer seed.
    pub fn default_rng(seed: u128) -> Pcg64 {
        Self::from_seed_sequence(&SeedSequence::from_int(seed))
    }

    /// Step, then XSL-RR: xor the halves, rotate right by the top 6 bits of the state.
    pub fn next_u64(&mut self) -> u64 {
        self.step();
        let hi = (self.state >> 64) as u64;
        let lo = self.state as u64;
        (hi ^ lo).rotate_right((self.state >> 122) as u32)
    }

    /// `next_uint32`: low half now, high half kept for the next call.
    pub fn next_u32(&mut self) -> u32 {
        if let Some(hi) = self.buffered.take() {
            return hi;
        }
        let x = self.next_u64();
        self.buffered = Some((x >> 32) as u32);
        x as u32
    }

    /// `random_interval(max)`: a value in 0..=max by masking to the smallest
    /// 2^k − 1 ≥ max and rejecting values above max (not Lemire's method).
    pub fn random_interval(&mut self, max: u64) -> u64 {
        if max == 0 {
            return 0;
        }
        let mask = u64::MAX >> max.leading_zeros();
        if max <= u32::MAX as u64 {
            loop {
                let v = (self.next_u32() as u64) & mask;
                if v <= max {
                    return v;
                }
            }
        } else {
            loop {
                let v = self.next_u64() & mask;
                if v <= max {
                    return v;
                }
            }
        }
    }

    /// `Generator.permutation(n)`: `arange(n)` shuffled from the top with
    /// `j = random_interval(i)`.
    pub fn permutation(&mut self, n: usize) -> Vec<u32> {
        let mut a: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            let j = self.random_interval(i as u64) as usize;
            a.swap(i, j);
        }
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Known answers printed by NumPy 2.4.6:
    //   default_rng(12345).bit_generator.random_raw(4)
    //   default_rng(12345).integers(0, 2**32, size=5, dtype=np.uint32)
    //   PCG64(12345).state
    //   default_rng(12345).permutation(10)
    #[test]
    fn numpy_known_answers() {
        let mut g = Pcg64::default_rng(12345);
        assert_eq!(
            [g.next_u64(), g.next_u64(), g.next_u64(), g.next_u64()],
            [
                4193609425186963869,
                5843160025838961886,
                14708796524633321433,
                12474696839993944336
            ]
        );
        let g = Pcg64::default_rng(12345);
        assert_eq!(g.state, 33261208707367790463622745601869196757);
        assert_eq!(g.inc, 268209174141567072605526753992732310247);
        let mut g = Pcg64::default_rng(12345);
        let v: Vec<u32> = (0..5).map(|_| g.next_u32()).collect();
        assert_eq!(
            v,
            [3003105693, 976400781, 3387213022, 1360466709, 876933081]
        );
        let mut g = Pcg64::default_rng(0);
        assert_eq!(
            [g.next_u64(), g.next_u64()],
            [11749869230777074271, 4976686463289251617]
        );
        assert_eq!(
            Pcg64::default_rng(12345).permutation(10),
            [4, 8, 1, 3, 7, 9, 6, 0, 2, 5]
        );
    }

    /// random_interval's rejection branch, driven with a state chosen so the masked
    /// value overshoots: we only need *some* overshoot, then the next draw is used.
    #[test]
    fn random_interval_rejects_above_max() {
        // max = 5 → mask 7; scan seeds until a first 32-bit draw masks to 6 or 7.
        for seed in 0..1000u128 {
            let mut probe = Pcg64::default_rng(seed);
            let first = probe.next_u32() & 7;
            if first > 5 {
                let second = probe.next_u32() & 7;
                let mut g = Pcg64::default_rng(seed);
                let v = g.random_interval(5);
                if second <= 5 {
                    assert_eq!(v, second as u64);
                } else {
                    assert!(v <= 5);
                }
                return;
            }
        }
        panic!("no seed reached the rejection branch");
    }
}
