//! SHA-256 and HMAC-SHA256 with lowercase-hex output, as SPEC's `sha256(s)` and
//! `hmac(key, msg)` are defined.

#[cfg(not(feature = "widget"))]
use hmac::{Hmac, Mac};
#[cfg(not(feature = "widget"))]
use sha2::{Digest, Sha256};

#[cfg(not(feature = "widget"))]
pub type HmacSha256 = Hmac<Sha256>;
#[cfg(feature = "widget")]
pub use small::HmacSha256;

/// The MAC's 32 bytes.
#[cfg(not(feature = "widget"))]
pub fn mac_bytes(m: HmacSha256) -> [u8; 32] {
    m.finalize().into_bytes().into()
}
#[cfg(feature = "widget")]
pub fn mac_bytes(m: HmacSha256) -> [u8; 32] {
    m.finish()
}

/// The badge's SHA-256 and HMAC-SHA256 (issue 43: its budget): FIPS 180-4's padding
/// and RFC 2104 over sha2's block function, without the `digest` and `hmac` crates'
/// buffering and generic layers (widget.js about 0.4 KB smaller gzipped, measured).
/// The same bytes: widget_core's hostile records give the page's reports.
/// `Sha`: also the absorbed key prefix of a list of bets (schemes/bets.rs SeedKey).
pub use small::Sha;

mod small {
    use sha2::digest::generic_array::GenericArray;

    /// SHA-256 under way: the state after the whole blocks, the bytes after them.
    #[derive(Clone)]
    pub struct Sha {
        state: [u32; 8],
        rest: Vec<u8>,
        total: u64,
    }

    impl Sha {
        pub fn new() -> Self {
            Sha {
                state: [
                    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c,
                    0x1f83d9ab, 0x5be0cd19,
                ],
                rest: Vec::new(),
                total: 0,
            }
        }

        pub fn update(&mut self, data: &[u8]) {
            self.total += data.len() as u64;
            self.rest.extend_from_slice(data);
            let whole = self.rest.len() - self.rest.len() % 64;
            for block in self.rest[..whole].chunks_exact(64) {
                sha2::compress256(&mut self.state, &[*GenericArray::from_slice(block)]);
            }
            self.rest.drain(..whole);
        }

        pub fn finish(mut self) -> [u8; 32] {
            let bits = self.total * 8;
            let mut pad = vec![0x80u8];
            pad.resize(1 + (119 - self.rest.len()) % 64, 0);
            pad.extend_from_slice(&bits.to_be_bytes());
            self.update(&pad);
            let mut out = [0u8; 32];
            for (c, w) in out.chunks_exact_mut(4).zip(self.state) {
                c.copy_from_slice(&w.to_be_bytes());
            }
            out
        }
    }

    /// HMAC-SHA256 (RFC 2104): the inner hash fed the key ^ ipad, the outer one
    /// the key ^ opad; a key longer than a block is its hash.
    #[derive(Clone)]
    #[cfg(any(test, feature = "widget"))]
    pub struct HmacSha256 {
        inner: Sha,
        outer: Sha,
    }

    #[cfg(any(test, feature = "widget"))]
    impl HmacSha256 {
        pub fn new(key: &[u8]) -> Self {
            let mut k = if key.len() > 64 {
                super::sha256(key).to_vec()
            } else {
                key.to_vec()
            };
            k.resize(64, 0);
            let (mut inner, mut outer) = (Sha::new(), Sha::new());
            inner.update(&k.iter().map(|b| b ^ 0x36).collect::<Vec<u8>>());
            outer.update(&k.iter().map(|b| b ^ 0x5c).collect::<Vec<u8>>());
            HmacSha256 { inner, outer }
        }

        pub fn update(&mut self, data: &[u8]) {
            self.inner.update(data);
        }

        pub fn finish(self) -> [u8; 32] {
            let mut outer = self.outer;
            outer.update(&self.inner.finish());
            outer.finish()
        }
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Lowercase hex of arbitrary bytes.
pub fn to_hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(HEX[(b >> 4) as usize] as char);
        s.push(HEX[(b & 15) as usize] as char);
    }
    s
}

/// Lowercase hex of a 32-byte digest into a fixed buffer (no allocation).
pub fn hex32_into(digest: &[u8; 32], out: &mut [u8; 64]) {
    for (i, &b) in digest.iter().enumerate() {
        out[2 * i] = HEX[(b >> 4) as usize];
        out[2 * i + 1] = HEX[(b & 15) as usize];
    }
}

// How many bytes the one-off hashes and HMACs below (and the HMAC draw stream) have
// absorbed on this thread: a deterministic measure of work for the tests that hold
// per-item work to the record's size (issue 43), where a timing would be flaky. The
// chain kernel's fixed 64-byte links are not counted (their steps are). Left out of
// the badge's wasm.
#[cfg(not(feature = "widget"))]
thread_local! {
    static HASHED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Adds `n` bytes to this thread's count of bytes hashed.
#[inline]
pub fn counted(n: usize) {
    #[cfg(not(feature = "widget"))]
    HASHED.with(|c| c.set(c.get().saturating_add(n as u64)));
    #[cfg(feature = "widget")]
    let _ = n;
}

/// The bytes hashed on this thread so far (0 in the badge's build).
pub fn bytes_hashed() -> u64 {
    #[cfg(not(feature = "widget"))]
    return HASHED.with(std::cell::Cell::get);
    #[cfg(feature = "widget")]
    0
}

pub fn sha256(data: &[u8]) -> [u8; 32] {
    counted(data.len());
    #[cfg(not(feature = "widget"))]
    return Sha256::digest(data).into();
    #[cfg(feature = "widget")]
    {
        let mut s = small::Sha::new();
        s.update(data);
        s.finish()
    }
}

pub fn sha256_hex(data: &[u8]) -> String {
    to_hex(&sha256(data))
}

/// A keyed HMAC-SHA256. Any key length is valid for HMAC, so this cannot fail.
pub fn hmac_keyed(key: &[u8]) -> HmacSha256 {
    counted(key.len());
    #[cfg(feature = "widget")]
    return HmacSha256::new(key);
    #[cfg(not(feature = "widget"))]
    match HmacSha256::new_from_slice(key) {
        Ok(m) => m,
        // new_from_slice only rejects keys for MACs with fixed key sizes; HMAC has none.
        Err(_) => unreachable!("HMAC accepts keys of every length"),
    }
}

pub fn hmac_sha256(key: &[u8], msg: &[u8]) -> [u8; 32] {
    let mut m = hmac_keyed(key);
    counted(msg.len());
    m.update(msg);
    mac_bytes(m)
}

pub fn hmac_hex(key: &[u8], msg: &[u8]) -> String {
    to_hex(&hmac_sha256(key, msg))
}

/// Decodes hex (either case); `None` on odd length or a non-hex digit (tests only:
/// records decode their hashes as `Hex64`).
#[cfg(test)]
pub fn from_hex(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(2) {
        return None;
    }
    let nib = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    b.chunks(2)
        .map(|p| Some(nib(p[0])? << 4 | nib(p[1])?))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    // FIPS 180-2 appendix B.1 and RFC 4231 test case 2.
    #[test]
    fn known_answers() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            hmac_hex(b"Jefe", b"what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    /// The badge's own SHA-256 and HMAC (`small`) give the crates' bytes for every
    /// length around the block edges, keys below, at and above a block, a message fed
    /// in pieces, and a clone taken midway (the HMAC stream's primed state).
    #[test]
    fn the_badges_sha256_and_hmac_are_the_crates() {
        let data: Vec<u8> = (0..300u32).map(|i| (i * 7 + 3) as u8).collect();
        for n in 0..data.len() {
            let mut s = small::Sha::new();
            s.update(&data[..n / 3]);
            s.update(&data[n / 3..n]);
            assert_eq!(
                s.finish(),
                <[u8; 32]>::from(Sha256::digest(&data[..n])),
                "{n}"
            );
        }
        for k in [0, 1, 31, 63, 64, 65, 127, 128, 200] {
            for n in [0, 1, 55, 56, 64, 119, 250] {
                let mut mine = small::HmacSha256::new(&data[..k]);
                mine.update(&data[..n / 2]);
                let midway = mine.clone();
                mine.update(&data[n / 2..n]);
                let mut theirs = HmacSha256::new_from_slice(&data[..k]).unwrap();
                theirs.update(&data[..n]);
                assert_eq!(mine.finish(), mac_bytes(theirs), "key {k}, message {n}");
                let mut theirs = HmacSha256::new_from_slice(&data[..k]).unwrap();
                theirs.update(&data[..n / 2]);
                assert_eq!(midway.finish(), mac_bytes(theirs), "key {k}, half of {n}");
            }
        }
    }

    #[test]
    fn hex_round_trip() {
        let d = sha256(b"x");
        let mut buf = [0u8; 64];
        hex32_into(&d, &mut buf);
        assert_eq!(std::str::from_utf8(&buf).unwrap(), to_hex(&d));
        assert_eq!(from_hex(&to_hex(&d)).unwrap(), d.to_vec());
        assert_eq!(from_hex("ABcd").unwrap(), vec![0xab, 0xcd]);
        assert!(from_hex("abc").is_none());
        assert!(from_hex("zz").is_none());
    }
}
