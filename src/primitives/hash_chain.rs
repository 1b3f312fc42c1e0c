//! Walking a HashSeed chain (SPEC §6): the one walk loop, over the kernel of
//! `link.rs`. A walk goes from a start link towards a terminal, in resumable
//! stretches that end on checkpoints; what it does at each link besides comparing it
//! with the terminal is its `Visitor`:
//! - `Probe` (a record's chain check): a remembered set probed at every link, and
//!   other published terminals watched (`foundIn`), each where the walk has it;
//! - `Tallying` (`history::walk`): every round passed fed to a tally.
//!
//! `walk_links` is the only loop over links; it is generic over the visitor, so each
//! visitor's call is inlined into its own copy of the loop.

use std::sync::Arc;

use super::chain_memory::{ChainMemory, Remembered, CHECKPOINT_EVERY};
use super::link::{digest_words, link_hash, Link};

/// Why a stretch of walking stopped.
pub enum Stop {
    /// It walked all the links it was given.
    Walking,
    /// A link's hash is the terminal.
    Terminal,
    /// A link's hash is remembered at this distance from the terminal.
    Remembered(u64),
}

/// What a walk does at every link besides comparing it with the terminal.
pub trait Visitor {
    /// Link `d` (its digest words), `at` links from the start. `Some(distance)`
    /// ends the walk there: the link is a position `distance` links from the
    /// terminal (a remembered one).
    fn visit(&mut self, d: &[u32; 8], at: u64) -> Option<u64>;

    /// Up to `n` links from `link`, `base` links from the start. The default is the
    /// one kernel loop with this visitor; a visitor holding options (`Probe`) picks
    /// the loop for what it has, once a stretch, so no link pays for an option unused.
    #[inline(always)]
    fn stretch(&mut self, link: &mut Link, target: &[u32; 8], base: u64, n: u64) -> (u64, Stop)
    where
        Self: Sized,
    {
        walk_links(link, target, self, base, n)
    }

    /// The first watched terminal met: (its index, links from the start to it).
    fn found_in(&self) -> Option<(usize, u64)> {
        None
    }
}

/// No visit: the bare walk.
impl Visitor for () {
    #[inline(always)]
    fn visit(&mut self, _: &[u32; 8], _: u64) -> Option<u64> {
        None
    }
}

/// Up to `n` links from `link` (left on the last link walked, `base` links from the
/// start): how many, and why it stopped. The kernel loop: every link is hashed,
/// compared with the target, then visited.
#[inline(always)]
pub fn walk_links<V: Visitor>(
    link: &mut Link,
    target: &[u32; 8],
    visitor: &mut V,
    base: u64,
    n: u64,
) -> (u64, Stop) {
    let mut l = *link;
    for i in 0..n {
        let d = l.digest();
        l = Link::from_digest(&d);
        if d == *target {
            *link = l;
            return (i + 1, Stop::Terminal);
        }
        if let Some(distance) = visitor.visit(&d, base + i + 1) {
            *link = l;
            return (i + 1, Stop::Remembered(distance));
        }
    }
    *link = l;
    (n, Stop::Walking)
}

/// Other terminals a walk compares every link with (SPEC §6 `foundIn`): the first
/// link equal to one of them is noted with its distance, and the walk goes on (a
/// round of another chain is named, never taken as a round of this one).
#[derive(Clone, Debug, Default)]
struct Watch {
    others: Vec<[u32; 8]>,
    /// (index into `others`, links from the start) of the first hit.
    hit: Option<(usize, u64)>,
}

impl Watch {
    /// Whether link `d`, `at` links from the start, is a watched terminal (noted).
    #[inline(always)]
    fn look(&mut self, d: &[u32; 8], at: u64) {
        if self.hit.is_none() {
            if let Some(k) = self.others.iter().position(|o| o[0] == d[0] && o == d) {
                self.hit = Some((k, at));
            }
        }
    }
}

/// A record's probe for one stretch: the remembered set, if any (one table probe a
/// link), and the watch, if on (one word compare a watched terminal).
struct Probing<'a> {
    memory: Option<&'a ChainMemory>,
    watch: &'a mut Watch,
    watching: bool,
}

impl Visitor for Probing<'_> {
    #[inline(always)]
    fn visit(&mut self, d: &[u32; 8], at: u64) -> Option<u64> {
        if let Some(distance) = self.memory.and_then(|m| m.distance_of(d)) {
            return Some(distance);
        }
        if self.watching {
            self.watch.look(d, at);
        }
        None
    }
}

/// A record's chain check: the remembered set of its terminal, if any, and the
/// other published terminals watched (`ChainWalk::with_memory`, `watching`).
#[derive(Clone, Debug, Default)]
pub struct Probe {
    memory: Option<Arc<ChainMemory>>,
    watch: Watch,
}

impl Probe {
    fn probing(&mut self) -> Probing<'_> {
        let watching = !self.watch.others.is_empty() && self.watch.hit.is_none();
        Probing {
            memory: self.memory.as_deref(),
            watch: &mut self.watch,
            watching,
        }
    }
}

impl Visitor for Probe {
    #[inline(always)]
    fn visit(&mut self, d: &[u32; 8], at: u64) -> Option<u64> {
        self.probing().visit(d, at)
    }

    /// Two copies of the loop: with a remembered set and without (where the probe
    /// is constant and folds away); the watch is one test a link when off.
    #[inline(always)]
    fn stretch(&mut self, link: &mut Link, target: &[u32; 8], base: u64, n: u64) -> (u64, Stop) {
        let mut p = self.probing();
        match p.memory {
            None => walk_links(link, target, &mut Probing { memory: None, ..p }, base, n),
            Some(_) => walk_links(link, target, &mut p, base, n),
        }
    }

    fn found_in(&self) -> Option<(usize, u64)> {
        self.watch.hit
    }
}

/// A resumable walk towards `target` (a Web Worker reports progress between
/// stretches), with what it does at each link (`V`). `steps` counts the HashSeeds
/// from the start to where the walk is; once `found`, it is the round. A visitor
/// may end the walk on a remembered position instead of the terminal: then `steps`
/// is the links walked plus that position's distance to the terminal. Every
/// `CHECKPOINT_EVERY` links the walk notes the link it reached, so a found walk can
/// say what to remember (`to_remember`) without walking again. At most
/// `max_steps` links are walked (`within`; unbounded by default).
#[derive(Clone, Debug)]
pub struct ChainWalk<V = Probe> {
    start: Link,
    link: Link,
    target: [u32; 8],
    max_steps: u64,
    /// The links walked plus the remembered position's round, if one ended the walk.
    steps: u64,
    found: bool,
    walked: u64,
    remembered: Option<u64>,
    /// The link after every `CHECKPOINT_EVERY` links, with the links walked to it.
    checkpoints: Vec<(Link, u64)>,
    visitor: V,
}

impl ChainWalk<Probe> {
    /// A record's chain check from `start_hex` towards `target` (no remembered set,
    /// nothing watched until `with_memory`/`watching`).
    pub fn new(start_hex: &[u8; 64], target: &[u8; 32]) -> ChainWalk<Probe> {
        ChainWalk::visiting(start_hex, target, Probe::default())
    }

    /// Also compares every link with these terminals (SPEC §6 `foundIn`); call
    /// before `advance`. `found_in` then names the first one met, and where.
    pub fn watching(mut self, others: &[[u8; 32]]) -> ChainWalk<Probe> {
        self.visitor.watch.others = others.iter().map(digest_words).collect();
        self
    }

    /// Checks every link of this walk against `memory`, if that set belongs to this
    /// walk's terminal (a set for another terminal is not used). A start that is
    /// itself remembered is found at once, with no link walked. Call before `advance`.
    pub fn with_memory(mut self, memory: Arc<ChainMemory>) -> ChainWalk<Probe> {
        if self.walked > 0 || self.found {
            return self;
        }
        if memory.terminal_words() != &self.target || memory.is_empty() {
            return self;
        }
        let at_start = link_hash(&self.start).and_then(|h| memory.distance_of(&digest_words(&h)));
        if let Some(distance) = at_start {
            self.found = true;
            self.remembered = Some(distance);
            self.steps = distance;
        }
        self.visitor.memory = Some(memory);
        self
    }

    /// Whether a remembered set is checked (it belongs to this walk's terminal).
    pub fn uses_memory(&self) -> bool {
        self.visitor.memory.is_some()
    }
}

impl<V: Visitor> ChainWalk<V> {
    /// From `start_hex` towards `target`, with `visitor` at every link.
    pub fn visiting(start_hex: &[u8; 64], target: &[u8; 32], visitor: V) -> ChainWalk<V> {
        let start = Link::from_hex(start_hex);
        ChainWalk {
            start,
            link: start,
            target: digest_words(target),
            max_steps: u64::MAX,
            steps: 0,
            found: false,
            walked: 0,
            remembered: None,
            checkpoints: Vec::new(),
            visitor,
        }
    }

    /// Walks at most `max_steps` links in all (SPEC §6 `maxSteps`).
    pub fn within(mut self, max_steps: u64) -> ChainWalk<V> {
        self.max_steps = max_steps;
        self
    }

    /// Up to `n` more links (never past `max_steps`), in stretches that end on
    /// checkpoints; stops early (with `found`) at the target or where the visitor
    /// ends it (a remembered position). Whether the walk is found. The one
    /// resumable loop.
    #[inline(never)] // one copy a visitor for every caller (the walkers and the CLI)
    pub fn advance(&mut self, n: u64) -> bool {
        let mut left = n.min(self.max_steps.saturating_sub(self.walked));
        while !self.found && left > 0 {
            let chunk = left.min(CHECKPOINT_EVERY - self.walked % CHECKPOINT_EVERY);
            let (walked, stop) =
                self.visitor
                    .stretch(&mut self.link, &self.target, self.walked, chunk);
            self.walked += walked;
            self.steps = self.walked;
            left -= walked;
            match stop {
                Stop::Terminal => self.found = true,
                Stop::Remembered(distance) => {
                    self.found = true;
                    self.remembered = Some(distance);
                    self.steps = self.walked + distance;
                }
                Stop::Walking => {
                    if self.walked.is_multiple_of(CHECKPOINT_EVERY) {
                        self.checkpoints.push((self.link, self.walked));
                    }
                }
            }
        }
        self.found
    }

    /// The whole walk at once: the round (steps to the target), if within
    /// `max_steps` (a walk ended by a remembered hash answers exactly as a full walk
    /// would: a round beyond `max_steps` is not within it).
    pub fn round_within(mut self, max_steps: u64) -> Option<u64> {
        self.advance(max_steps);
        (self.found && self.steps <= max_steps).then_some(self.steps)
    }

    pub fn current_hex(&self) -> [u8; 64] {
        self.link.to_hex()
    }

    /// HashSeeds from the start to where the walk is; once found, the round.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Whether the terminal (or a remembered hash) was reached.
    pub fn found(&self) -> bool {
        self.found
    }

    /// Found, or `max_steps` links walked without reaching the terminal.
    pub fn done(&self) -> bool {
        self.found || self.walked >= self.max_steps
    }

    pub fn max_steps(&self) -> u64 {
        self.max_steps
    }

    /// The links actually hashed (equal to `steps` unless a remembered hash ended it).
    pub fn links_walked(&self) -> u64 {
        self.walked
    }

    /// Whether a remembered hash ended the walk.
    pub fn via_memory(&self) -> bool {
        self.remembered.is_some()
    }

    /// The remembered hash's own round (its distance to the terminal), if one ended
    /// the walk.
    pub fn remembered_round(&self) -> Option<u64> {
        self.remembered
    }

    /// The first watched terminal a link of this walk equals: (its index in the
    /// list given to `watching`, the links from the start to it, i.e. the round of
    /// the start in that terminal's chain).
    pub fn found_in(&self) -> Option<(usize, u64)> {
        self.visitor.found_in()
    }

    pub fn visitor(&self) -> &V {
        &self.visitor
    }

    /// What the walk says when it ends (SPEC §6): the one outcome rule.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            max_steps: self.max_steps,
            steps: if self.found {
                self.steps
            } else {
                self.max_steps
            },
            found: self.found,
            remembered: self.remembered.map(|round| (round, self.walked)),
            found_in: self.found_in(),
        }
    }

    /// What a found walk adds to the remembered set of its terminal, oldest first:
    /// the checkpoints it passed (every `CHECKPOINT_EVERY` links), then its start
    /// with its round. Nothing for a walk that has not reached the terminal.
    pub fn to_remember(&self) -> Vec<Remembered> {
        if !self.found {
            return Vec::new();
        }
        let start = [(self.start, 0)];
        self.checkpoints
            .iter()
            .chain(&start)
            .filter_map(|(link, k)| {
                Some(Remembered {
                    hash: link_hash(link)?,
                    distance: self.steps - k,
                })
            })
            .collect()
    }
}

/// A walk's result as `verify`'s `walk` option takes it: `steps` is the round once
/// found, else `max_steps` (the bound walked without reaching the terminal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub max_steps: u64,
    pub steps: u64,
    pub found: bool,
    /// (the remembered position's round, the links actually walked), if one ended it.
    pub remembered: Option<(u64, u64)>,
    /// (the watched terminal's index, the round there), if one was met.
    pub found_in: Option<(usize, u64)>,
}

/// The number of HashSeeds (1..=max_steps) that take `start_hex` to `terminal`, if any.
/// A start equal to the terminal is step 0 and therefore not a round (SPEC §6).
pub fn find_round(start_hex: &[u8; 64], terminal: &[u8; 32], max_steps: u64) -> Option<u64> {
    ChainWalk::new(start_hex, terminal).round_within(max_steps)
}

#[cfg(test)]
mod tests {
    use super::super::link::step_generic;
    use super::super::sha256::{hex32_into, sha256};
    use super::*;

    fn hex_of(s: &str) -> [u8; 64] {
        let mut a = [0u8; 64];
        a.copy_from_slice(s.as_bytes());
        a
    }

    #[test]
    fn rounds_counted_from_one() {
        let start = hex_of(&"ab".repeat(32));
        let mut x = start;
        for _ in 0..7 {
            x = step_generic(&x);
        }
        let terminal = sha256(&x); // 8 steps from start
        assert_eq!(find_round(&start, &terminal, 100), Some(8));
        assert_eq!(find_round(&start, &terminal, 7), None);
        assert_eq!(find_round(&start, &terminal, 8), Some(8));
        // The terminal itself is not a round.
        let mut t = [0u8; 64];
        hex32_into(&terminal, &mut t);
        assert_eq!(find_round(&t, &terminal, 100), None);
    }

    /// SPEC §6 `foundIn`: a walk towards one terminal that passes another watched
    /// terminal names it with the start's round in that chain, goes on, and still
    /// finds its own terminal (or not) exactly as without the watch.
    #[test]
    fn a_watched_terminal_is_named_and_the_walk_goes_on() {
        let mut links = vec![[b'a'; 64]];
        for _ in 0..50 {
            let next = step_generic(links.last().unwrap());
            links.push(next);
        }
        let bytes = |i: usize| {
            let mut b = [0u8; 32];
            let text = std::str::from_utf8(&links[i]).unwrap();
            for (k, o) in b.iter_mut().enumerate() {
                *o = u8::from_str_radix(&text[2 * k..2 * k + 2], 16).unwrap();
            }
            b
        };
        // Watched terminals at links 7 and 20; the own terminal at 30.
        let mut w = ChainWalk::new(&links[0], &bytes(30)).watching(&[bytes(20), bytes(7)]);
        assert!(w.advance(100));
        assert_eq!((w.steps(), w.found_in()), (30, Some((1, 7))));
        // Not reached within the bound: still named.
        let mut w = ChainWalk::new(&links[0], &[0u8; 32]).watching(&[bytes(20)]);
        assert!(!w.advance(25));
        assert_eq!(w.found_in(), Some((0, 20)));
        // Walked in small stretches, the same answer.
        let mut w = ChainWalk::new(&links[0], &bytes(30)).watching(&[bytes(7)]);
        for _ in 0..40 {
            w.advance(3);
        }
        assert_eq!((w.steps(), w.found_in()), (30, Some((0, 7))));
        // Beyond the walk, or before the start: nothing.
        let mut w = ChainWalk::new(&links[10], &[0u8; 32]).watching(&[bytes(7), bytes(45)]);
        w.advance(20);
        assert_eq!(w.found_in(), None);
        assert_eq!(
            ChainWalk::new(&links[0], &bytes(30)).round_within(100),
            Some(30)
        );
    }

    /// The one outcome rule (SPEC §6): `steps` is the round once found, else the
    /// bound walked; `within` bounds every later `advance`, in slices or at once.
    #[test]
    fn the_outcome_is_the_round_once_found_else_the_bound() {
        let start = [b'c'; 64];
        let mut x = start;
        for _ in 0..9 {
            x = step_generic(&x);
        }
        let terminal = sha256(&x); // 10 links from the start
        let mut w = ChainWalk::new(&start, &terminal).within(6);
        assert!(!w.advance(4) && !w.done());
        assert!(!w.advance(100) && w.done());
        assert_eq!(w.links_walked(), 6);
        let o = w.outcome();
        assert_eq!((o.found, o.steps, o.max_steps), (false, 6, 6));
        let mut w = ChainWalk::new(&start, &terminal).within(50);
        while !w.done() {
            w.advance(3);
        }
        let o = w.outcome();
        assert_eq!(
            (o.found, o.steps, o.max_steps, o.remembered),
            (true, 10, 50, None)
        );
        // A plain visitor (`()`) walks the same chain to the same round.
        let mut bare = ChainWalk::visiting(&start, &terminal, ()).within(50);
        assert!(bare.advance(50));
        assert_eq!(bare.outcome(), o);
    }
}
