//! Remembered chain positions (issue 16): hashes already proven to lead to one
//! published terminal, each with its distance (its round number) to that terminal.
//!
//! A walk that meets one of them can stop there: its round is the links it walked
//! plus the remembered distance. The set is an open-addressed table keyed by the
//! first 8 bytes of the hash and confirmed on all 32, in front of it a bitmap of
//! the hashes' first words: checking a link is usually one load from that bitmap,
//! next to the two SHA-256 blocks of the link (the bench shows no measurable cost).
//! Entries belong to one terminal: `ChainWalk::with_memory` ignores a set built for
//! another. Storing the set (and bounding what is stored) is the caller's business;
//! here the list is bounded again when the table is built, the oldest dropped.

use std::fmt;

use super::link::digest_words;

/// A completed walk records the hash it reached after every this many links.
pub const CHECKPOINT_EVERY: u64 = 65_536;

/// How many entries a table keeps by default (the newest).
pub const DEFAULT_CAPACITY: usize = 10_000;

/// The most a table can hold, whatever is asked.
pub const MAX_CAPACITY: usize = 1 << 20;

/// The largest distance accepted: exact as a JS number.
pub const MAX_DISTANCE: u64 = (1 << 53) - 1;

/// A table slot probes at most this far from its home; an entry that would have to
/// go further is not kept (real hashes never come near this at load one half; a
/// crafted store cannot make every lookup slow).
const MAX_PROBE: usize = 32;

/// One remembered position: a chain link's hash and its distance to the terminal,
/// which is the round number of that hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remembered {
    pub hash: [u8; 32],
    pub distance: u64,
}

impl Remembered {
    /// Positions from the form that crosses the JS boundary (32 bytes of hash and
    /// one number per entry): an entry whose round is not a whole number from 1 to
    /// 2^53 - 1 is skipped (a bad entry costs a longer walk, never an error), and
    /// hashes beyond the last round are ignored.
    pub fn from_flat(hashes: &[u8], distances: &[f64]) -> Vec<Remembered> {
        hashes
            .chunks_exact(32)
            .zip(distances)
            .filter(|(_, &r)| r >= 1.0 && r <= MAX_DISTANCE as f64 && r.fract() == 0.0)
            .map(|(h, &r)| {
                let mut hash = [0u8; 32];
                hash.copy_from_slice(h);
                Remembered {
                    hash,
                    distance: r as u64,
                }
            })
            .collect()
    }
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    /// The hash's first 8 bytes, big-endian.
    key: u64,
    /// Index into `words` plus one; 0 marks an empty slot.
    entry: u32,
}

const EMPTY: Slot = Slot { key: 0, entry: 0 };

/// The remembered positions of one terminal's chain.
#[derive(Clone)]
pub struct ChainMemory {
    terminal: [u32; 8],
    slots: Vec<Slot>,
    mask: usize,
    /// One bit per hash's first word (modulo its length, at least 16 bits per
    /// entry): a clear bit means "not remembered" after one load from a few
    /// kilobytes, so most links never touch the slots.
    filter: Vec<u64>,
    filter_mask: u32,
    /// Full hashes as digest words (what the walk compares), oldest first.
    words: Vec<[u32; 8]>,
    distances: Vec<u64>,
}

impl fmt::Debug for ChainMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ChainMemory")
            .field("entries", &self.words.len())
            .field("slots", &self.slots.len())
            .finish()
    }
}

#[inline(always)]
fn key_of(d: &[u32; 8]) -> u64 {
    ((d[0] as u64) << 32) | d[1] as u64
}

impl ChainMemory {
    /// The table for `terminal` from `entries`, oldest first: the newest `capacity`
    /// distinct hashes are kept (a hash listed twice keeps its newest distance).
    /// Entries that cannot be positions on the way to the terminal are skipped: a
    /// distance of 0 or above `MAX_DISTANCE`, or the terminal itself.
    pub fn new(terminal: &[u8; 32], entries: &[Remembered], capacity: usize) -> ChainMemory {
        let terminal = digest_words(terminal);
        let capacity = capacity.min(MAX_CAPACITY).min(entries.len());
        let n_slots = (capacity * 2).next_power_of_two().max(16);
        let filter_bits = (capacity * 16).next_power_of_two().max(64);
        let mut m = ChainMemory {
            terminal,
            slots: vec![EMPTY; n_slots],
            mask: n_slots - 1,
            filter: vec![0; filter_bits / 64],
            filter_mask: (filter_bits - 1) as u32,
            words: Vec::with_capacity(capacity),
            distances: Vec::with_capacity(capacity),
        };
        for e in entries.iter().rev() {
            if m.words.len() >= capacity {
                break;
            }
            let d = digest_words(&e.hash);
            if e.distance == 0 || e.distance > MAX_DISTANCE || d == terminal {
                continue;
            }
            m.insert(d, e.distance);
        }
        // Newest first so far; keep the list oldest first, as it came. The slots
        // hold indices, so renumber them.
        let n = m.words.len();
        m.words.reverse();
        m.distances.reverse();
        for s in m.slots.iter_mut().filter(|s| s.entry != 0) {
            s.entry = (n + 1 - s.entry as usize) as u32;
        }
        m
    }

    /// From the form that crosses the JS boundary: `hashes` is 32 bytes per entry,
    /// `distances` one number per entry, both oldest first. What is remembered is a
    /// cache of earlier walks on this device, read back from storage anything can
    /// write: an entry whose round is not a whole number from 1 to 2^53 - 1 is
    /// skipped, as `new` skips what cannot be a position (a bad entry costs a longer
    /// walk, never an error), and hashes beyond the last round are ignored.
    pub fn from_flat(
        terminal: &[u8; 32],
        hashes: &[u8],
        distances: &[f64],
        capacity: usize,
    ) -> ChainMemory {
        let entries = Remembered::from_flat(hashes, distances);
        ChainMemory::new(terminal, &entries, capacity)
    }

    /// Adds a hash not yet present (the newest of its duplicates comes first).
    fn insert(&mut self, d: [u32; 8], distance: u64) {
        let key = key_of(&d);
        let mut i = d[1] as usize & self.mask;
        for _ in 0..MAX_PROBE {
            let s = self.slots[i];
            if s.entry == 0 {
                let bit = d[0] & self.filter_mask;
                self.filter[(bit >> 6) as usize] |= 1 << (bit & 63);
                self.words.push(d);
                self.distances.push(distance);
                self.slots[i] = Slot {
                    key,
                    entry: self.words.len() as u32,
                };
                return;
            }
            if s.key == key && self.words[s.entry as usize - 1] == d {
                return; // already remembered, with a newer distance
            }
            i = (i + 1) & self.mask;
        }
    }

    /// The terminal this set belongs to, as digest words.
    pub(crate) fn terminal_words(&self) -> &[u32; 8] {
        &self.terminal
    }

    /// The distance to the terminal of a hash (as digest words), if remembered:
    /// the 8-byte key finds the slot, all 32 bytes must match.
    #[inline(always)]
    pub fn distance_of(&self, d: &[u32; 8]) -> Option<u64> {
        let bit = d[0] & self.filter_mask;
        let word = self.filter.get((bit >> 6) as usize).copied().unwrap_or(0);
        if word & (1 << (bit & 63)) == 0 {
            return None;
        }
        let key = key_of(d);
        let mut i = d[1] as usize & self.mask;
        for _ in 0..MAX_PROBE {
            let s = self.slots[i];
            if s.entry == 0 {
                return None;
            }
            if s.key == key {
                let e = s.entry as usize - 1;
                if self.words.get(e) == Some(d) {
                    return self.distances.get(e).copied();
                }
            }
            i = (i + 1) & self.mask;
        }
        None
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The entries kept, oldest first (what a caller stores back after bounding).
    pub fn entries(&self) -> Vec<Remembered> {
        self.words
            .iter()
            .zip(&self.distances)
            .map(|(w, &distance)| Remembered {
                hash: words_to_bytes(w),
                distance,
            })
            .collect()
    }
}

/// The 32 bytes of a hash given as digest words.
pub fn words_to_bytes(d: &[u32; 8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (c, w) in out.chunks_exact_mut(4).zip(d) {
        c.copy_from_slice(&w.to_be_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::primitives::hash_chain::ChainWalk;
    use crate::primitives::link::step_generic;

    /// The round after this many links is 0: the chain's length.
    const N: usize = 140_000;

    /// H_0..=H_n as link text: H_{k+1} = HashSeed(H_k); H_n is the terminal, so the
    /// round of H_k is n - k (the newest rounds have the smallest k).
    fn chain(n: usize) -> Vec<[u8; 64]> {
        let mut links = Vec::with_capacity(n + 1);
        let mut cur = [0u8; 64];
        cur.copy_from_slice(&"c0ffee".repeat(11).as_bytes()[..64]);
        links.push(cur);
        for _ in 0..n {
            cur = step_generic(&cur);
            links.push(cur);
        }
        links
    }

    fn bytes(text: &[u8; 64]) -> [u8; 32] {
        let v = crate::primitives::sha256::from_hex(std::str::from_utf8(text).unwrap()).unwrap();
        v.try_into().unwrap()
    }

    fn entry(text: &[u8; 64], distance: u64) -> Remembered {
        Remembered {
            hash: bytes(text),
            distance,
        }
    }

    fn walk(
        links: &[[u8; 64]],
        k: usize,
        terminal: &[u8; 32],
        memory: Option<&Arc<ChainMemory>>,
    ) -> ChainWalk {
        let w = ChainWalk::new(&links[k], terminal);
        let mut w = match memory {
            Some(m) => w.with_memory(Arc::clone(m)),
            None => w,
        };
        w.advance(10 * N as u64);
        w
    }

    #[test]
    fn a_remembered_round_ends_a_newer_walk_with_the_full_walks_round() {
        let links = chain(N);
        let t = bytes(&links[N]);
        // Prove round N - 10 fully; it remembers its start and two checkpoints.
        let first = walk(&links, 10, &t, None);
        assert!(first.found() && !first.via_memory());
        assert_eq!(first.steps(), (N - 10) as u64);
        let remember = first.to_remember();
        let expected = vec![
            entry(&links[10 + 65_536], (N - 10 - 65_536) as u64),
            entry(&links[10 + 131_072], (N - 10 - 131_072) as u64),
            entry(&links[10], (N - 10) as u64),
        ];
        assert_eq!(remember, expected);
        let memory = Arc::new(ChainMemory::new(&t, &remember, DEFAULT_CAPACITY));
        assert_eq!(memory.len(), 3);

        // Round N, ten links newer: ten links, then the remembered round.
        let full = walk(&links, 0, &t, None);
        let fast = walk(&links, 0, &t, Some(&memory));
        assert!(fast.uses_memory() && fast.found() && fast.via_memory());
        assert_eq!(fast.steps(), full.steps());
        assert_eq!(fast.steps(), N as u64);
        assert_eq!(fast.links_walked(), 10);
        assert_eq!(fast.remembered_round(), Some((N - 10) as u64));
        assert_eq!(fast.current_hex(), links[10]);

        // A round that meets a checkpoint first.
        let k = 20_000;
        let full = walk(&links, k, &t, None);
        let fast = walk(&links, k, &t, Some(&memory));
        assert_eq!(fast.steps(), full.steps());
        assert_eq!(fast.links_walked(), (10 + 65_536 - k) as u64);

        // The remembered round itself: found with no link walked.
        let again = walk(&links, 10, &t, Some(&memory));
        assert!(again.found() && again.via_memory());
        assert_eq!((again.steps(), again.links_walked()), ((N - 10) as u64, 0));

        // A walk that ends via memory still says what to remember: its own start
        // and the checkpoints it passed, with true distances.
        assert_eq!(
            walk(&links, 0, &t, Some(&memory)).to_remember(),
            vec![entry(&links[0], N as u64)]
        );
        // round_within agrees with the full walk, also at the limit.
        let w = || ChainWalk::new(&links[0], &t).with_memory(Arc::clone(&memory));
        assert_eq!(w().round_within(N as u64), Some(N as u64));
        assert_eq!(w().round_within(N as u64 - 1), None);
        assert_eq!(
            ChainWalk::new(&links[0], &t).round_within(N as u64 - 1),
            None
        );
    }

    #[test]
    fn a_set_for_another_terminal_is_not_used() {
        let links = chain(200);
        let a = bytes(&links[200]);
        let b = bytes(&links[150]);
        // For terminal A, H_10 is round 190.
        let memory = Arc::new(ChainMemory::new(&a, &[entry(&links[10], 190)], 100));
        // Against A the set ends the walk (so the next assertion can fail).
        let on_a = walk(&links, 0, &a, Some(&memory));
        assert!(on_a.via_memory());
        assert_eq!(on_a.steps(), 200);
        // Against B the walk passes H_10 and goes on to B: round 150, not 10 + 190.
        let on_b = walk(&links, 0, &b, Some(&memory));
        assert!(!on_b.uses_memory() && !on_b.via_memory());
        assert!(on_b.found());
        assert_eq!((on_b.steps(), on_b.links_walked()), (150, 150));
    }

    #[test]
    fn a_hash_with_the_same_first_8_bytes_does_not_end_a_walk() {
        let links = chain(300);
        let t = bytes(&links[300]);
        let mut near = bytes(&links[5]);
        near[31] ^= 1; // same key and slot, another hash
        let m = ChainMemory::new(
            &t,
            &[Remembered {
                hash: near,
                distance: 7,
            }],
            10,
        );
        assert_eq!(m.distance_of(&digest_words(&near)), Some(7));
        assert_eq!(m.distance_of(&digest_words(&bytes(&links[5]))), None);
        let w = walk(&links, 0, &t, Some(&Arc::new(m)));
        assert!(w.found() && !w.via_memory());
        assert_eq!((w.steps(), w.links_walked()), (300, 300));
    }

    #[test]
    fn bounded_to_the_newest_entries() {
        let links = chain(50);
        let t = bytes(&links[50]);
        // Oldest first: H_1 .. H_5.
        let all: Vec<_> = (1..=5).map(|k| entry(&links[k], 50 - k as u64)).collect();
        let m = ChainMemory::new(&t, &all, 3);
        assert_eq!(m.len(), 3);
        assert_eq!(m.entries(), all[2..].to_vec());
        assert_eq!(m.distance_of(&digest_words(&all[0].hash)), None);
        assert_eq!(m.distance_of(&digest_words(&all[1].hash)), None);
        // H_1 and H_2 were dropped, so a walk from H_0 stops on H_3.
        let w = walk(&links, 0, &t, Some(&Arc::new(m)));
        assert_eq!(
            (w.steps(), w.links_walked(), w.remembered_round()),
            (50, 3, Some(47))
        );
    }

    #[test]
    fn duplicates_keep_the_newest_and_impossible_entries_are_skipped() {
        let links = chain(20);
        let t = bytes(&links[20]);
        let m = ChainMemory::new(
            &t,
            &[
                entry(&links[3], 99),
                entry(&links[4], 0),  // distance 0 is the terminal's own
                entry(&links[20], 5), // the terminal itself
                entry(&links[3], 17),
            ],
            10,
        );
        assert_eq!(m.entries(), vec![entry(&links[3], 17)]);
    }

    #[test]
    fn checkpoints_do_not_depend_on_the_slices() {
        let links = chain(N);
        let t = bytes(&links[N]);
        let whole = walk(&links, 0, &t, None);
        let mut sliced = ChainWalk::new(&links[0], &t);
        while !sliced.advance(16_383) {}
        assert_eq!(sliced.steps(), whole.steps());
        assert_eq!(sliced.to_remember(), whole.to_remember());
        assert_eq!(whole.to_remember().len(), 3);
        // A walk that is not found remembers nothing.
        let mut short = ChainWalk::new(&links[0], &t);
        short.advance(70_000);
        assert!(short.to_remember().is_empty());
    }

    #[test]
    fn flat_form_skips_what_cannot_be_a_position() {
        let links = chain(10);
        let t = bytes(&links[10]);
        let h = bytes(&links[2]);
        let h3 = bytes(&links[3]);
        let ok = ChainMemory::from_flat(&t, &h, &[8.0], 10);
        assert_eq!(ok.entries(), vec![entry(&links[2], 8)]);
        // A short hash list: only whole entries count.
        assert!(ChainMemory::from_flat(&t, &h[..31], &[8.0], 10).is_empty());
        // A bad round (as a tampered or stale store might hold) drops that entry only.
        for bad in [0.0, -1.0, 1.5, f64::NAN, f64::INFINITY, 9007199254740992.0] {
            let m = ChainMemory::from_flat(&t, &[h3, h].concat(), &[7.0, bad], 10);
            assert_eq!(m.entries(), vec![entry(&links[3], 7)], "{bad}");
        }
    }

    #[test]
    fn a_crafted_cluster_keeps_lookups_short() {
        // Entries that all want the same slot: at most MAX_PROBE of them are kept,
        // and a miss looks at no more than MAX_PROBE slots.
        let t = [0xEE; 32];
        let crafted: Vec<_> = (0..5000u32)
            .map(|i| {
                let mut hash = [0u8; 32];
                hash[..4].copy_from_slice(&i.to_be_bytes());
                Remembered { hash, distance: 1 }
            })
            .collect();
        let m = ChainMemory::new(&t, &crafted, DEFAULT_CAPACITY);
        assert_eq!(m.len(), MAX_PROBE);
        assert_eq!(m.distance_of(&[7; 8]), None);
    }
}
