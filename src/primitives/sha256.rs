//! SHA-256 and HMAC-SHA256 with lowercase-hex output, as SPEC's `sha256(s)` and
//! `hmac(key, msg)` are defined.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

pub type HmacSha256 = Hmac<Sha256>;

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
    Sha256::digest(data).into()
}

pub fn sha256_hex(data: &[u8]) -> String {
    to_hex(&sha256(data))
}

/// A keyed HMAC-SHA256. Any key length is valid for HMAC, so this cannot fail.
pub fn hmac_keyed(key: &[u8]) -> HmacSha256 {
    counted(key.len());
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
    m.finalize().into_bytes().into()
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
