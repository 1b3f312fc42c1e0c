//! SPEC §1: the HMAC draw stream shared by match_seed_v2, poker_hmac_v1 and
//! chess_colour_v1.
//!
//! `word(key, msg)` is the first 13 hex digits (52 bits) of HMAC-SHA256; a stream
//! draws `word(key, prefix + k)` with one counter `k` that also advances on rejected
//! draws. `int(n)` rejects the top partial block of 2^52 so every residue is equally
//! likely; `shuffle` is Fisher–Yates from the top.

#[cfg(not(feature = "widget"))]
use hmac::Mac;

use crate::primitives::sha256::{counted, hmac_keyed, mac_bytes, HmacSha256};

const SPAN: u64 = 1 << 52;

/// Anything that hands out 52-bit words. Tests inject scripted words to reach the
/// rejection branch that real seeds almost never hit.
pub trait WordSource {
    fn next_word(&mut self) -> u64;

    /// A whole number below `n` (n ≥ 1), by rejection: `limit = 2^52 − (2^52 mod n)`.
    fn int(&mut self, n: u64) -> u64 {
        debug_assert!((1..=SPAN).contains(&n));
        let limit = SPAN - SPAN % n;
        loop {
            let w = self.next_word();
            if w < limit {
                return w % n;
            }
        }
    }

    /// `int(6) + 1`.
    fn die(&mut self) -> u32 {
        self.int(6) as u32 + 1
    }

    /// Fisher–Yates from the top: for i = len−1 down to 1, swap a[i] with a[int(i+1)].
    fn shuffle<T>(&mut self, a: &mut [T]) {
        for i in (1..a.len()).rev() {
            let j = self.int(i as u64 + 1) as usize;
            a.swap(i, j);
        }
    }
}

/// The first 13 hex digits of a MAC are its top 52 bits.
fn top52(mac: HmacSha256) -> u64 {
    let out = mac_bytes(mac);
    let mut b = [0u8; 8];
    b.copy_from_slice(&out[..8]);
    u64::from_be_bytes(b) >> 12
}

/// `word(key, msg)` as SPEC §1 defines it: the reference the stream is tested
/// against (the stream itself keys the HMAC once).
#[cfg(test)]
pub fn word(key: &[u8], msg: &[u8]) -> u64 {
    let mut m = hmac_keyed(key);
    m.update(msg);
    top52(m)
}

/// `next() = word(key, prefix + k++)`. The HMAC state keyed and fed the prefix is
/// built once and cloned per draw: each word then hashes only its counter (issue 43:
/// a 1 MB client seed in the prefix, rehashed for each of 20,000 dice, took 52 s).
pub struct HmacStream {
    primed: HmacSha256,
    /// The counter: how many words have been drawn, rejected ones included.
    pub k: u64,
}

impl HmacStream {
    pub fn new(key: &[u8], prefix: impl AsRef<[u8]>) -> Self {
        let prefix = prefix.as_ref();
        #[cfg(not(feature = "widget"))]
        if prefix.len() >= absorbed::LONG {
            return HmacStream {
                primed: absorbed::prime(key, prefix),
                k: 0,
            };
        }
        let mut primed = hmac_keyed(key);
        counted(prefix.len());
        primed.update(prefix);
        HmacStream { primed, k: 0 }
    }

    fn word_at(&self, k: u64) -> u64 {
        let mut m = self.primed.clone();
        let counter = k.to_string();
        counted(counter.len());
        m.update(counter.as_bytes());
        top52(m)
    }
}

impl WordSource for HmacStream {
    fn next_word(&mut self) -> u64 {
        let w = self.word_at(self.k);
        self.k += 1;
        w
    }
}

/// The HMAC state of the last long prefix, kept at its separators (issue 43, N4):
/// a diagnosis re-runs a record with its client seeds in up to 24 orders (and one
/// of them empty), and every order that starts the same way shares the state
/// absorbed up to where it differs (a 15 MB client seed first: absorbed once for
/// the six orders that start with it and the empty slips of the others, not once
/// a re-run). Not in the badge: it re-runs nothing.
#[cfg(not(feature = "widget"))]
mod absorbed {
    use std::cell::RefCell;

    use hmac::Mac;

    use crate::primitives::sha256::{counted, hmac_keyed, HmacSha256};

    /// Prefixes shorter than this are absorbed as they come.
    pub const LONG: usize = 1 << 16;

    /// The last long prefix: its key, its bytes, and the state after each mark
    /// (a `,` or `:` at least `LONG` bytes after the previous mark).
    struct Last {
        key: Vec<u8>,
        prefix: Vec<u8>,
        marks: Vec<(usize, HmacSha256)>,
    }

    thread_local! {
        static LAST: RefCell<Option<Last>> = const { RefCell::new(None) };
    }

    /// The HMAC keyed with `key` and fed `prefix`, from the furthest mark of the
    /// last long prefix that `prefix` starts with (same key, same bytes up to it).
    pub fn prime(key: &[u8], prefix: &[u8]) -> HmacSha256 {
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            let mut marks: Vec<(usize, HmacSha256)> = Vec::new();
            if let Some(l) = last.as_ref().filter(|l| l.key == key) {
                let same = l
                    .prefix
                    .iter()
                    .zip(prefix)
                    .take_while(|(a, b)| a == b)
                    .count();
                marks = l
                    .marks
                    .iter()
                    .filter(|(at, _)| *at <= same)
                    .cloned()
                    .collect();
            }
            let (mut at, mut mac) = match marks.last() {
                Some((at, mac)) => (*at, mac.clone()),
                None => (0, hmac_keyed(key)),
            };
            // Feed the rest, marking each separator at least LONG bytes on.
            while at < prefix.len() {
                let next = prefix[at..]
                    .iter()
                    .enumerate()
                    .skip(LONG)
                    .find(|(_, b)| matches!(b, b',' | b':'))
                    .map_or(prefix.len(), |(k, _)| at + k + 1);
                counted(next - at);
                mac.update(&prefix[at..next]);
                at = next;
                if at < prefix.len() {
                    marks.push((at, mac.clone()));
                }
            }
            *last = Some(Last {
                key: key.to_vec(),
                prefix: prefix.to_vec(),
                marks,
            });
            mac
        })
    }
}

/// chess_colour_v1 (SPEC §4): `w = word(seedA, m(k)) XOR word(seedB, m(k))`, where a
/// bot contributes no word.
pub struct XorStream {
    pub streams: Vec<HmacStream>,
}

impl WordSource for XorStream {
    fn next_word(&mut self) -> u64 {
        self.streams
            .iter_mut()
            .fold(0, |acc, s| acc ^ s.next_word())
    }
}

/// Scripted words, for testing the rejection branches.
#[cfg(test)]
pub struct Scripted {
    pub words: std::collections::VecDeque<u64>,
    pub drawn: usize,
}

#[cfg(test)]
impl WordSource for Scripted {
    fn next_word(&mut self) -> u64 {
        self.drawn += 1;
        self.words.pop_front().expect("script ran out of words")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scripted(words: &[u64]) -> Scripted {
        Scripted {
            words: words.iter().copied().collect(),
            drawn: 0,
        }
    }

    /// Issue 43 (N4): a long prefix primed from the last one's marks draws the words
    /// of SPEC's definition: orders of long seeds that share a start, one that shares
    /// none, another key, a prefix that is a start of the last one.
    #[test]
    fn long_prefixes_sharing_a_start_draw_the_defined_words() {
        let long = "x".repeat(absorbed::LONG + 17);
        let other = "y,".repeat(absorbed::LONG / 2 + 3);
        let prefixes = [
            format!("pf2:bridge:1:{long},b,{other}:"),
            format!("pf2:bridge:1:{long},{other},b:"),
            format!("pf2:bridge:1:{long},,b:"),
            format!("pf2:bridge:1:b,{long},{other}:"),
            format!("pf2:bridge:1:{long},b,{other}:"),
            format!("pf2:bridge:1:{long},"),
        ];
        for key in [&b"key"[..], b"other key"] {
            for p in &prefixes {
                let mut s = HmacStream::new(key, p);
                for k in 0..3u64 {
                    let msg = format!("{p}{k}");
                    assert_eq!(s.next_word(), word(key, msg.as_bytes()), "{k}");
                }
            }
        }
    }

    #[test]
    fn int_rejects_the_top_partial_block() {
        // n = 6: 2^52 mod 6 = 4, so limit = 2^52 − 4; words ≥ limit are skipped.
        let limit = SPAN - 4;
        let mut s = scripted(&[SPAN - 1, limit, limit - 1]);
        assert_eq!(s.int(6), (limit - 1) % 6);
        assert_eq!(s.drawn, 3);
        let mut s = scripted(&[limit - 6]);
        assert_eq!(s.int(6), (limit - 6) % 6);
        assert_eq!(s.drawn, 1);
    }

    #[test]
    fn int_of_power_of_two_never_rejects() {
        let mut s = scripted(&[SPAN - 1, SPAN - 2]);
        assert_eq!(s.int(2), 1);
        assert_eq!(s.int(1 << 52), SPAN - 2);
        assert_eq!(s.drawn, 2);
    }

    #[test]
    fn shuffle_swaps_from_the_top() {
        // Words 0 each time: j = 0, so the element at i swaps with the first one.
        let mut s = scripted(&[0, 0, 0]);
        let mut a = [0, 1, 2, 3];
        s.shuffle(&mut a);
        // i=3: swap(3,0) → [3,1,2,0]; i=2: swap(2,0) → [2,1,3,0]; i=1: swap(1,0) → [1,2,3,0]
        assert_eq!(a, [1, 2, 3, 0]);
    }

    #[test]
    fn stream_counts_every_draw_and_matches_word() {
        let mut st = HmacStream::new(b"key", "p:");
        let w0 = st.next_word();
        let w1 = st.next_word();
        assert_eq!(w0, word(b"key", b"p:0"));
        assert_eq!(w1, word(b"key", b"p:1"));
        assert_eq!(st.k, 2);
        assert!(w0 < SPAN);
        // Known answer from Node: parseInt(hmac('Jefe', 'what do ya want for nothing?').slice(0,13), 16)
        assert_eq!(
            word(b"Jefe", b"what do ya want for nothing?"),
            0x5bdcc146bf607
        );
    }
}
