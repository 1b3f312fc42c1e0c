//! Port of NumPy's `SeedSequence` (numpy/random/bit_generator.pyx), itself derived
//! from O'Neill's `seed_seq` alternative: entropy words are hashed into a pool of 4
//! 32-bit words, mixed so every word affects every other, and `generate_state`
//! hashes the pool out cyclically. All arithmetic is mod 2^32 (explicit wrapping).
//! Only the path `default_rng(int)` takes is ported: no spawn key, pool size 4.

const POOL_SIZE: usize = 4;
const INIT_A: u32 = 0x43b0d7e5;
const MULT_A: u32 = 0x931e8875;
const INIT_B: u32 = 0x8b51f9dd;
const MULT_B: u32 = 0x58f38ded;
const MIX_MULT_L: u32 = 0xca01f9dd;
const MIX_MULT_R: u32 = 0x4973f715;
/// Half the width of a uint32, as NumPy computes `XSHIFT`.
const XSHIFT: u32 = 16;

/// `hashmix`: the multiplier evolves with every call, so it is threaded through.
fn hashmix(value: u32, hash_const: &mut u32) -> u32 {
    let mut v = value ^ *hash_const;
    *hash_const = hash_const.wrapping_mul(MULT_A);
    v = v.wrapping_mul(*hash_const);
    v ^ (v >> XSHIFT)
}

fn mix(x: u32, y: u32) -> u32 {
    let r = MIX_MULT_L
        .wrapping_mul(x)
        .wrapping_sub(MIX_MULT_R.wrapping_mul(y));
    r ^ (r >> XSHIFT)
}

/// NumPy's `_int_to_uint32_array`: least significant word first, and 0 is `[0]`
/// (not the empty array, which would seed differently).
pub fn int_to_words(mut n: u128) -> Vec<u32> {
    if n == 0 {
        return vec![0];
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(n as u32);
        n >>= 32;
    }
    out
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedSequence {
    pub pool: [u32; POOL_SIZE],
}

impl SeedSequence {
    /// `SeedSequence(entropy)` for entropy already coerced to uint32 words.
    pub fn from_words(entropy: &[u32]) -> SeedSequence {
        let mut pool = [0u32; POOL_SIZE];
        let mut hc = INIT_A;
        for (i, p) in pool.iter_mut().enumerate() {
            *p = hashmix(entropy.get(i).copied().unwrap_or(0), &mut hc);
        }
        for src in 0..POOL_SIZE {
            for dst in 0..POOL_SIZE {
                if src != dst {
                    let h = hashmix(pool[src], &mut hc);
                    pool[dst] = mix(pool[dst], h);
                }
            }
        }
        for &e in entropy.iter().skip(POOL_SIZE) {
            for p in pool.iter_mut() {
                let h = hashmix(e, &mut hc);
                *p = mix(*p, h);
            }
        }
        SeedSequence { pool }
    }

    pub fn from_int(seed: u128) -> SeedSequence {
        Self::from_words(&int_to_words(seed))
    }

    /// `generate_state(n, uint32)`.
    pub fn generate_state_u32(&self, n: usize) -> Vec<u32> {
        let mut hc = INIT_B;
        (0..n)
            .map(|i| {
                let mut v = self.pool[i % POOL_SIZE] ^ hc;
                hc = hc.wrapping_mul(MULT_B);
                v = v.wrapping_mul(hc);
                v ^ (v >> XSHIFT)
            })
            .collect()
    }

    /// `generate_state(n, uint64)`: twice as many 32-bit words, paired little-endian
    /// (NumPy views the uint32 array as uint64 on a little-endian machine).
    pub fn generate_state_u64(&self, n: usize) -> Vec<u64> {
        let w = self.generate_state_u32(2 * n);
        w.chunks_exact(2)
            .map(|p| (p[0] as u64) | ((p[1] as u64) << 32))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `test_reference_data` in numpy/random/tests/test_seed_sequence.py (checked there
    /// against O'Neill's C++ reference).
    #[test]
    fn numpy_reference_data() {
        let inputs: [[u32; 4]; 10] = [
            [3735928559, 195939070, 229505742, 305419896],
            [3668361503, 4165561550, 1661411377, 3634257570],
            [164546577, 4166754639, 1765190214, 1303880213],
            [446610472, 3941463886, 522937693, 1882353782],
            [1864922766, 1719732118, 3882010307, 1776744564],
            [4141682960, 3310988675, 553637289, 902896340],
            [1134851934, 2352871630, 3699409824, 2648159817],
            [1240956131, 3107113773, 1283198141, 1924506131],
            [2669565031, 579818610, 3042504477, 2774880435],
            [2766103236, 2883057919, 4029656435, 862374500],
        ];
        let outputs: [[u32; 4]; 10] = [
            [3914649087, 576849849, 3593928901, 2229911004],
            [2240804226, 3691353228, 1365957195, 2654016646],
            [3562296087, 3191708229, 1147942216, 3726991905],
            [1403443605, 3591372999, 1291086759, 441919183],
            [1086200464, 2191331643, 560336446, 3658716651],
            [3249937430, 2346751812, 847844327, 2996632307],
            [2584285912, 4034195531, 3523502488, 169742686],
            [959045797, 3875435559, 1886309314, 359682705],
            [3978441347, 432478529, 3223635119, 138903045],
            [296367413, 4262059219, 13109864, 3283683422],
        ];
        let outputs64: [[u64; 2]; 10] = [
            [2477551240072187391, 9577394838764454085],
            [15854241394484835714, 11398914698975566411],
            [13708282465491374871, 16007308345579681096],
            [15424829579845884309, 1898028439751125927],
            [9411697742461147792, 15714068361935982142],
            [10079222287618677782, 12870437757549876199],
            [17326737873898640088, 729039288628699544],
            [16644868984619524261, 1544825456798124994],
            [1857481142255628931, 596584038813451439],
            [18305404959516669237, 14103312907920476776],
        ];
        for i in 0..10 {
            let ss = SeedSequence::from_words(&inputs[i]);
            assert_eq!(ss.generate_state_u32(4), outputs[i]);
            assert_eq!(ss.generate_state_u64(2), outputs64[i]);
        }
    }

    #[test]
    fn int_words_least_significant_first() {
        assert_eq!(int_to_words(0), vec![0]);
        assert_eq!(int_to_words(0xffff_ffff), vec![0xffff_ffff]);
        assert_eq!(int_to_words(1 << 32), vec![0, 1]);
        assert_eq!(int_to_words((1 << 63) - 1), vec![0xffff_ffff, 0x7fff_ffff]);
    }
}
