//! One HashSeed chain link, `next = sha256(hex(prev))` (SPEC §6): the kernel. A
//! leaf module (only `sha256` below it): the walk over links is `hash_chain.rs`, the
//! remembered positions `chain_memory.rs`, and both take their words from here.
//!
//! Each link hashes the 64 lowercase hex characters of the previous digest, so every
//! step is exactly two SHA-256 blocks (FIPS 180-4 §5.1.1): the 64 text bytes, then a
//! padding block that never changes (0x80, zeros, bit length 512). The kernel here
//! exploits that: the padding block's message schedule, added to the round constants,
//! is computed once at compile time, and the digest is hex-encoded straight into the
//! next first block's big-endian words. No allocation, no byte buffers per link.
//! `step_generic` (the sha2 crate plus hex) is the reference the kernel is tested against.

use super::sha256::{hex32_into, sha256, sha256_hex};

const H0: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

const fn small_sigma0(x: u32) -> u32 {
    x.rotate_right(7) ^ x.rotate_right(18) ^ (x >> 3)
}
const fn small_sigma1(x: u32) -> u32 {
    x.rotate_right(17) ^ x.rotate_right(19) ^ (x >> 10)
}

/// The padding block of a 64-byte message: 0x80, zeros, then the length 512 in bits.
const PAD_BLOCK: [u8; 64] = {
    let mut b = [0u8; 64];
    b[0] = 0x80;
    b[62] = 0x02; // 512 = 0x0200, big-endian in the last 8 bytes
    b
};

/// K[i] + W[i] for the constant padding block of a 64-byte message.
const PAD_KW: [u32; 64] = {
    let mut w = [0u32; 64];
    w[0] = 0x8000_0000;
    w[15] = 512; // message length in bits
    let mut i = 16;
    while i < 64 {
        w[i] = small_sigma1(w[i - 2])
            .wrapping_add(w[i - 7])
            .wrapping_add(small_sigma0(w[i - 15]))
            .wrapping_add(w[i - 16]);
        i += 1;
    }
    let mut kw = [0u32; 64];
    let mut j = 0;
    while j < 64 {
        kw[j] = K[j].wrapping_add(w[j]);
        j += 1;
    }
    kw
};

/// One SHA-256 round on named state words: only `d` and `h` change; the caller
/// renames the others (what was `a` is `b` in the next round, and so on).
macro_rules! round {
    ($bc:ident, $a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $kw:expr) => {
        let t1 = $h
            .wrapping_add($e.rotate_right(6) ^ $e.rotate_right(11) ^ $e.rotate_right(25))
            .wrapping_add($g ^ ($e & ($f ^ $g)))
            .wrapping_add($kw);
        // Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's a ^ b is the next
        // round's b ^ c: one operation saved per round.
        let ab = $a ^ $b;
        let t2 = ($a.rotate_right(2) ^ $a.rotate_right(13) ^ $a.rotate_right(22))
            .wrapping_add($b ^ (ab & $bc));
        $bc = ab;
        $d = $d.wrapping_add(t1);
        $h = t1.wrapping_add(t2);
    };
}

/// Eight rounds, the state's names rotated one place per round (after eight they
/// are back where they started). `$kw!(i)` gives round i's K + W; `$i` is a literal
/// multiple of 8, so every index folds to a constant.
macro_rules! rounds8 {
    ($bc:ident, [$a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident], $kw:ident, $i:expr) => {
        round!($bc, $a, $b, $c, $d, $e, $f, $g, $h, $kw!($i));
        round!($bc, $h, $a, $b, $c, $d, $e, $f, $g, $kw!($i + 1));
        round!($bc, $g, $h, $a, $b, $c, $d, $e, $f, $kw!($i + 2));
        round!($bc, $f, $g, $h, $a, $b, $c, $d, $e, $kw!($i + 3));
        round!($bc, $e, $f, $g, $h, $a, $b, $c, $d, $kw!($i + 4));
        round!($bc, $d, $e, $f, $g, $h, $a, $b, $c, $kw!($i + 5));
        round!($bc, $c, $d, $e, $f, $g, $h, $a, $b, $kw!($i + 6));
        round!($bc, $b, $c, $d, $e, $f, $g, $h, $a, $kw!($i + 7));
    };
}

/// All 64 rounds of one block, fully unrolled.
macro_rules! rounds64 {
    ($bc:ident, $s:tt, $kw:ident) => {
        rounds8!($bc, $s, $kw, 0);
        rounds8!($bc, $s, $kw, 8);
        rounds8!($bc, $s, $kw, 16);
        rounds8!($bc, $s, $kw, 24);
        rounds8!($bc, $s, $kw, 32);
        rounds8!($bc, $s, $kw, 40);
        rounds8!($bc, $s, $kw, 48);
        rounds8!($bc, $s, $kw, 56);
    };
}

/// SHA-256 of one 64-byte message given as 16 big-endian words: the first block
/// from the initial hash value, then the constant padding block whose schedule
/// plus round constants is `PAD_KW`. Fully unrolled by the macros above: the roles
/// of a..h rotate by name instead of by moves, the 16-word schedule is a ring
/// indexed by constants (so it lives in locals), and the padding block's K+W are
/// immediates. FIPS 180-4 §6.2.2.
#[inline(never)] // one copy for every caller; a call per link costs nothing measurable
#[allow(unused_assignments)] // the last round's `bc` has no next round
fn sha256_64(m: &[u32; 16]) -> [u32; 8] {
    let mut w = *m;
    // Round i's K + W; from round 16 on, W[i] replaces W[i - 16] in the ring first.
    macro_rules! kw_message {
        ($i:expr) => {{
            const I: usize = $i;
            if I >= 16 {
                w[I % 16] = w[I % 16]
                    .wrapping_add(small_sigma1(w[(I + 14) % 16]))
                    .wrapping_add(w[(I + 9) % 16])
                    .wrapping_add(small_sigma0(w[(I + 1) % 16]));
            }
            K[I].wrapping_add(w[I % 16])
        }};
    }
    macro_rules! kw_padding {
        ($i:expr) => {
            PAD_KW[$i]
        };
    }
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = H0;
    let mut bc = b ^ c;
    rounds64!(bc, [a, b, c, d, e, f, g, h], kw_message);
    let s = [a, b, c, d, e, f, g, h];
    let s: [u32; 8] = core::array::from_fn(|i| H0[i].wrapping_add(s[i]));
    [a, b, c, d, e, f, g, h] = s;
    bc = b ^ c;
    rounds64!(bc, [a, b, c, d, e, f, g, h], kw_padding);
    let out = [a, b, c, d, e, f, g, h];
    core::array::from_fn(|i| s[i].wrapping_add(out[i]))
}

/// Spreads 16 bits into 4 lowercase hex ASCII bytes of one big-endian word.
#[inline(always)]
fn hex_word(x: u32) -> u32 {
    let x = ((x & 0xF000) << 12) | ((x & 0x0F00) << 8) | ((x & 0x00F0) << 4) | (x & 0x000F);
    // Each byte is now a nibble n; ASCII is '0'+n, plus 39 more ('a'-'0'-10) when n > 9.
    let letters = ((x + 0x0606_0606) >> 4) & 0x0101_0101;
    x + 0x3030_3030 + letters * 39
}

/// One chain link as the 16 big-endian words of its hex text (the first SHA-256 block).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    words: [u32; 16],
}

impl Link {
    /// From 64 lowercase hex ASCII bytes.
    pub fn from_hex(hex: &[u8; 64]) -> Link {
        let mut words = [0u32; 16];
        for (w, c) in words.iter_mut().zip(hex.chunks_exact(4)) {
            *w = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
        }
        Link { words }
    }

    pub fn to_hex(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        for (c, w) in out.chunks_exact_mut(4).zip(self.words) {
            c.copy_from_slice(&w.to_be_bytes());
        }
        out
    }

    /// SHA-256 of this link's text, as the digest's eight words. Natively this is
    /// sha2's block function (SHA-NI where the CPU has it, detected at run time),
    /// fed our words directly; in wasm, which has no SHA instructions, the software
    /// kernel below with the precomputed padding schedule is faster. The `small`
    /// feature (the badge's own wasm, built for size) keeps sha2's block function
    /// in wasm too: the unrolled kernel is most of the chain code's size. So does
    /// `block-kernel` (pkg/verifier-nowasm.js): once wasm2js has made JavaScript of
    /// them, the block function is the faster one (3x in Chromium).
    #[inline(always)]
    pub fn digest(&self) -> [u32; 8] {
        let soft = cfg!(all(target_arch = "wasm32", not(feature = "small")));
        if soft && !cfg!(feature = "block-kernel") {
            self.digest_soft()
        } else {
            self.digest_blocks()
        }
    }

    /// Two calls of sha2's block function: our first block, then the constant padding.
    pub fn digest_blocks(&self) -> [u32; 8] {
        use sha2::digest::generic_array::GenericArray;
        let mut block = [0u8; 64];
        for (c, w) in block.chunks_exact_mut(4).zip(self.words) {
            c.copy_from_slice(&w.to_be_bytes());
        }
        let mut state = H0;
        sha2::compress256(
            &mut state,
            &[
                *GenericArray::from_slice(&block),
                *GenericArray::from_slice(&PAD_BLOCK),
            ],
        );
        state
    }

    /// The software kernel: FIPS 180-4 rounds over our words, then the padding block
    /// with its schedule (plus round constants) taken from `PAD_KW`.
    #[inline(always)]
    pub fn digest_soft(&self) -> [u32; 8] {
        sha256_64(&self.words)
    }

    /// The next link's words: the digest as lowercase hex. Written out word by word
    /// and always inlined into the walk loop: the crate is built for size
    /// (Cargo.toml, `opt-level = "s"`), which neither unrolls a loop nor inlines a
    /// call on its own, and this runs once a link (as a call with a loop it cost the
    /// walk 3 % in wasm, measured, issue 46). Not in the badge's core (`small`,
    /// opt-level z), where the call is smaller and its walks are short.
    #[cfg_attr(not(feature = "small"), inline(always))]
    pub fn from_digest(d: &[u32; 8]) -> Link {
        if cfg!(feature = "small") {
            // The badge's core (opt-level z): the loop is the smaller code.
            let mut words = [0u32; 16];
            for (i, &x) in d.iter().enumerate() {
                words[2 * i] = hex_word(x >> 16);
                words[2 * i + 1] = hex_word(x & 0xFFFF);
            }
            return Link { words };
        }
        let hi = |x: u32| hex_word(x >> 16);
        let lo = |x: u32| hex_word(x & 0xFFFF);
        Link {
            words: [
                hi(d[0]),
                lo(d[0]),
                hi(d[1]),
                lo(d[1]),
                hi(d[2]),
                lo(d[2]),
                hi(d[3]),
                lo(d[3]),
                hi(d[4]),
                lo(d[4]),
                hi(d[5]),
                lo(d[5]),
                hi(d[6]),
                lo(d[6]),
                hi(d[7]),
                lo(d[7]),
            ],
        }
    }
}

/// Digest words of a 32-byte hash (for comparing with `Link::digest`).
pub fn digest_words(bytes: &[u8; 32]) -> [u32; 8] {
    let mut d = [0u32; 8];
    for (w, c) in d.iter_mut().zip(bytes.chunks_exact(4)) {
        *w = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
    }
    d
}

/// The reference step: sha2 crate, then hex. The kernel must agree with it.
pub fn step_generic(hex: &[u8; 64]) -> [u8; 64] {
    let mut out = [0u8; 64];
    hex32_into(&sha256(hex), &mut out);
    out
}

/// SPEC §6 `HashSeed(s)`: SHA-256 of the hex text, as hex. For one-off steps
/// (histories, links between pasted rounds); long walks use `hash_chain::ChainWalk`.
pub fn hash_seed(hex: &str) -> String {
    sha256_hex(hex.as_bytes())
}

/// The 32 bytes of a link whose text is 64 lowercase hex digits; `None` for any
/// other text (such a link is no chain position anyone could have remembered).
#[inline(never)] // not on the hot path; one small copy
pub(crate) fn link_hash(link: &Link) -> Option<[u8; 32]> {
    let text = link.to_hex();
    let nibble = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    };
    let mut out = [0u8; 32];
    for (o, p) in out.iter_mut().zip(text.chunks_exact(2)) {
        *o = (nibble(p[0])? << 4) | nibble(p[1])?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernel_matches_generic_for_many_links() {
        let mut generic = step_generic(&[b'0'; 64]);
        let mut link = Link::from_hex(&generic);
        for _ in 0..5000 {
            generic = step_generic(&generic);
            let soft = link.digest_soft();
            assert_eq!(soft, link.digest_blocks());
            assert_eq!(soft, link.digest());
            link = Link::from_digest(&soft);
            assert_eq!(link.to_hex(), generic);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// The unrolled rounds against sha2 on arbitrary 64-byte messages (not only
        /// hex text), so every bit of every schedule word is exercised.
        #[test]
        fn kernel_matches_sha2_on_random_blocks(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 64)
        ) {
            let mut words = [0u32; 16];
            for (w, c) in words.iter_mut().zip(bytes.chunks_exact(4)) {
                *w = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
            }
            proptest::prop_assert_eq!(sha256_64(&words), digest_words(&sha256(&bytes)));
        }

        /// Random links (lowercase hex text) through every digest path and the hex step.
        #[test]
        fn link_step_matches_generic_on_random_links(
            hash in proptest::prelude::any::<[u8; 32]>()
        ) {
            let mut text = [0u8; 64];
            hex32_into(&hash, &mut text);
            let link = Link::from_hex(&text);
            let d = link.digest_soft();
            proptest::prop_assert_eq!(d, link.digest_blocks());
            proptest::prop_assert_eq!(Link::from_digest(&d).to_hex(), step_generic(&text));
        }
    }

    #[test]
    fn hex_word_covers_every_nibble() {
        let w = hex_word(0x0123);
        assert_eq!(&w.to_be_bytes(), b"0123");
        let w = hex_word(0x89af);
        assert_eq!(&w.to_be_bytes(), b"89af");
        let w = hex_word(0xfedc);
        assert_eq!(&w.to_be_bytes(), b"fedc");
    }
}
