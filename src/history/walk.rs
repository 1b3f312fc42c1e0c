//! The walk from a round's hash to the terminal that hands every round it passes to
//! a tally: the chain check and the whole history in one pass.
//!
//! From H_r the walk visits H_r (round r), H_{r−1}, …, H_1; the next link is the
//! terminal, which is not a round. r is known only when the terminal is reached, so
//! the tally is told how far each round is from the start (`back`: 0 for H_r) and
//! turns that into round numbers (r − back) when asked for its summary.
//!
//! It is the one chain walk (`hash_chain::ChainWalk`) with a visitor that feeds the
//! tally (`Tallying`): the kernel loop is generic over the visitor, so the tally's
//! call is inlined into it.

use crate::primitives::chain_memory::Remembered;
use crate::primitives::hash_chain::{ChainWalk, Visitor};
use crate::primitives::link::digest_words;
use crate::record::Hex64;

/// A streaming count over rounds, fed one round at a time, at flat memory.
pub trait RoundTally {
    /// One round's hash (digest words). `back` is its distance from the first round
    /// fed (the newest): 0, 1, 2, … in the order fed.
    fn add(&mut self, d: &[u32; 8], back: u64);

    /// The same for a hash given as its 32 bytes.
    fn add_bytes(&mut self, hash: &[u8; 32], back: u64) {
        self.add(&digest_words(hash), back);
    }

    /// The figures as JSON fields. `newest` is the round number of the round fed at
    /// `back` 0, once known; before that, fields that name a round are null.
    fn summary(&self, newest: Option<u64>) -> serde_json::Map<String, serde_json::Value>;
}

/// The visitor of a history walk: every link before the terminal is a round, fed
/// to the tally with its distance from the start.
#[derive(Clone, Debug)]
pub struct Tallying<T>(pub T);

impl<T: RoundTally> Visitor for Tallying<T> {
    #[inline(always)]
    fn visit(&mut self, d: &[u32; 8], at: u64) -> Option<u64> {
        self.0.add(d, at);
        None
    }
}

/// A resumable history walk (a worker advances it in slices and reports progress).
/// A history walks every link: no remembered position may skip the rounds below it.
#[derive(Clone, Debug)]
pub struct HistoryWalk<T> {
    walk: ChainWalk<Tallying<T>>,
}

impl<T: RoundTally> HistoryWalk<T> {
    /// From the round's `hash` towards `terminal`, at most `max_steps` links (SPEC §6
    /// `maxSteps`). The start is fed at once: it is the newest round.
    pub fn new(hash: &Hex64, terminal: &Hex64, max_steps: u64, mut tally: T) -> HistoryWalk<T> {
        tally.add_bytes(hash.bytes(), 0);
        let walk = ChainWalk::visiting(&hash.text_bytes(), terminal.bytes(), Tallying(tally))
            .within(max_steps);
        HistoryWalk { walk }
    }

    /// Up to `n` more links (never past `max_steps`); whether the terminal is reached.
    #[inline(never)]
    pub fn advance(&mut self, n: u64) -> bool {
        self.walk.advance(n)
    }

    /// The walk itself (steps, found, done, outcome, …).
    pub fn walk(&self) -> &ChainWalk<Tallying<T>> {
        &self.walk
    }

    /// Links walked so far (the round, once found).
    pub fn steps(&self) -> u64 {
        self.walk.steps()
    }

    pub fn found(&self) -> bool {
        self.walk.found()
    }

    /// Found, or `max_steps` links walked without reaching the terminal.
    pub fn done(&self) -> bool {
        self.walk.done()
    }

    /// The round of the start hash, once the terminal is reached.
    pub fn round(&self) -> Option<u64> {
        self.walk.found().then_some(self.walk.steps())
    }

    /// The rounds fed so far (all of them, 1..=r, once found).
    pub fn rounds_fed(&self) -> u64 {
        if self.found() {
            self.steps()
        } else {
            self.steps() + 1
        }
    }

    /// The link the walk is on, as text (the terminal's own text once found).
    pub fn current_hex(&self) -> [u8; 64] {
        self.walk.current_hex()
    }

    pub fn tally(&self) -> &T {
        &self.walk.visitor().0
    }

    pub fn max_steps(&self) -> u64 {
        self.walk.max_steps()
    }

    /// Proven positions of a found walk, oldest first, as the bare walk gives them:
    /// the checkpoints passed (every `CHECKPOINT_EVERY` links), then the start, each
    /// with its round. What a `RoundPager` jumps from, and what a remembered set may
    /// keep. Nothing before the terminal is reached.
    pub fn positions(&self) -> Vec<Remembered> {
        self.walk.to_remember()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitives::hash_chain::ChainWalk;
    use crate::primitives::link::step_generic;

    /// Records what it is fed.
    #[derive(Default)]
    struct Log(Vec<([u32; 8], u64)>);
    impl RoundTally for Log {
        fn add(&mut self, d: &[u32; 8], back: u64) {
            self.0.push((*d, back));
        }
        fn summary(&self, newest: Option<u64>) -> serde_json::Map<String, serde_json::Value> {
            let mut m = serde_json::Map::new();
            m.insert("newest".into(), serde_json::json!(newest));
            m
        }
    }

    fn chain(n: usize) -> Vec<Hex64> {
        let mut cur = [b'7'; 64];
        let mut out = Vec::with_capacity(n + 1);
        for _ in 0..=n {
            out.push(Hex64::parse(std::str::from_utf8(&cur).unwrap()).unwrap());
            cur = step_generic(&cur);
        }
        out
    }

    #[test]
    fn feeds_every_round_newest_first_and_not_the_terminal() {
        let links = chain(50);
        let mut w = HistoryWalk::new(&links[0], &links[50], 1000, Log::default());
        assert!(!w.advance(20));
        assert_eq!((w.steps(), w.rounds_fed()), (20, 21));
        assert!(w.advance(1000));
        assert_eq!(w.round(), Some(50));
        let fed = &w.tally().0;
        assert_eq!(fed.len(), 50);
        for (i, (d, back)) in fed.iter().enumerate() {
            assert_eq!(*back, i as u64);
            assert_eq!(*d, digest_words(links[i].bytes()), "round {}", 50 - i);
        }
        assert_eq!(w.current_hex(), links[50].text_bytes());
        // Found: no more links, nothing more fed.
        assert!(w.advance(10));
        assert_eq!(w.tally().0.len(), 50);
        assert_eq!(w.tally().summary(w.round())["newest"], 50);
    }

    #[test]
    fn stops_at_max_steps() {
        let links = chain(50);
        let mut w = HistoryWalk::new(&links[0], &links[50], 49, Log::default());
        assert!(!w.advance(1000));
        assert!(w.done() && !w.found());
        assert_eq!((w.steps(), w.round()), (49, None));
        assert!(w.positions().is_empty());
        let mut w = HistoryWalk::new(&links[0], &links[50], 50, Log::default());
        assert!(w.advance(1000));
    }

    /// The positions are what the bare walk would remember, checkpoints included.
    #[test]
    fn positions_are_the_bare_walks_checkpoints() {
        let n = 140_000;
        let links = chain(n);
        let mut w = HistoryWalk::new(&links[5], &links[n], 10_000_000, Log::default());
        while !w.advance(30_001) {}
        let mut bare = ChainWalk::new(&links[5].text_bytes(), links[n].bytes());
        bare.advance(10_000_000);
        let positions = w.positions();
        assert_eq!(positions, bare.to_remember());
        assert_eq!(positions.len(), 3);
        assert_eq!(positions[0].distance, (n - 5 - 65_536) as u64);
        assert_eq!(&positions[0].hash, links[5 + 65_536].bytes());
        assert_eq!(w.tally().0.len(), n - 5);
    }
}
