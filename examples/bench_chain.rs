//! `./build.sh bench` (native part): the chain kernel against the generic sha2 path
//! over the same 1,000,000 links, measured in one run (best of 3, interleaved so
//! machine noise hits both alike) and reported as a ratio; then the chain walk with
//! and without a remembered set of 1,000 positions (issue 16); then the walk that
//! recomputes every round's outcome on the way (issue 27) against the bare walk.

use std::sync::Arc;
use std::time::Instant;

use fairverify::testing::{
    step_generic, BattleTally, ChainMemory, ChainWalk, CrashTally, HistoryWalk, Link,
    PlatformTally, Remembered, RoundTally, Wheel, DEFAULT_CAPACITY,
};

const LINKS: u32 = 1_000_000;
const START: &[u8; 64] = b"0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d";
/// A terminal the walks never reach, so they walk every link.
const NEVER: [u8; 32] = [0xff; 32];

fn generic() -> [u8; 64] {
    let mut g = *START;
    for _ in 0..LINKS {
        g = step_generic(&g);
    }
    g
}

fn kernel(soft: bool) -> [u8; 64] {
    let mut l = Link::from_hex(START);
    for _ in 0..LINKS {
        let d = if soft { l.digest_soft() } else { l.digest() };
        l = Link::from_digest(&d);
    }
    l.to_hex()
}

fn walk(memory: Option<&Arc<ChainMemory>>) -> [u8; 64] {
    let mut w = ChainWalk::new(START, &NEVER);
    if let Some(m) = memory {
        w = w.with_memory(Arc::clone(m));
        assert!(w.uses_memory());
    }
    w.advance(LINKS as u64);
    w.current_hex()
}

/// 1,000 positions that are not on this walk (hashes of counters), as a store holds them.
fn remembered_set() -> Arc<ChainMemory> {
    let entries: Vec<Remembered> = (0..1000u64)
        .map(|i| Remembered {
            hash: fairverify::testing::sha256(&i.to_le_bytes()),
            distance: 1 + i,
        })
        .collect();
    Arc::new(ChainMemory::new(&NEVER, &entries, DEFAULT_CAPACITY))
}

fn history<T: RoundTally>(tally: T) -> [u8; 64] {
    let text = std::str::from_utf8(START).expect("ASCII");
    let start = fairverify::testing::Hex64::parse(text).expect("64 hex digits");
    let never = fairverify::testing::Hex64::parse(&"ff".repeat(32)).expect("64 hex digits");
    let mut w = HistoryWalk::new(&start, &never, LINKS as u64, tally);
    w.advance(LINKS as u64);
    assert_eq!(w.rounds_fed(), LINKS as u64 + 1);
    w.current_hex()
}

fn battle_wheel() -> Wheel {
    Wheel::new(&[12.5, 30.1, 7.4, 50.0]).expect("valid chances")
}

/// The outcome functions alone over the digests of the walk (no hashing in the
/// timed part): what each costs a link.
fn outcomes_alone() {
    let mut l = Link::from_hex(START);
    let digests: Vec<[u32; 8]> = (0..LINKS)
        .map(|_| {
            let d = l.digest();
            l = Link::from_digest(&d);
            d
        })
        .collect();
    fn time<T: RoundTally>(digests: &[[u32; 8]], mut t: T) -> f64 {
        let start = Instant::now();
        for (i, d) in digests.iter().enumerate() {
            t.add(std::hint::black_box(d), i as u64);
        }
        std::hint::black_box(t.summary(None).len());
        start.elapsed().as_secs_f64()
    }
    let mut best = [f64::MAX; 3];
    for _ in 0..3 {
        best[0] = best[0].min(time(&digests, CrashTally::new()));
        best[1] = best[1].min(time(&digests, PlatformTally::new()));
        best[2] = best[2].min(time(&digests, BattleTally::new(battle_wheel())));
    }
    for (name, t) in ["crash", "platforms", "battle"].iter().zip(best) {
        println!(
            "  {name:<48} {:>10.1} ns/round (tally only)",
            t * 1e9 / LINKS as f64
        );
    }
}

fn best_of_3(runs: &[(&str, &dyn Fn() -> [u8; 64])]) -> Vec<f64> {
    let mut best = vec![f64::MAX; runs.len()];
    let mut ends = Vec::new();
    for _ in 0..3 {
        for (i, (_, f)) in runs.iter().enumerate() {
            let t = Instant::now();
            let end = f();
            best[i] = best[i].min(t.elapsed().as_secs_f64());
            ends.push(end);
        }
    }
    assert!(ends.windows(2).all(|w| w[0] == w[1]), "the paths disagree");
    for (i, (name, _)) in runs.iter().enumerate() {
        println!("  {name:<48} {:>10.0} links/s", LINKS as f64 / best[i]);
    }
    best
}

fn main() {
    println!("native, {LINKS} links, best of 3 interleaved:");
    let best = best_of_3(&[
        ("generic sha2 + hex", &generic),
        ("chain kernel (sha2 block fn, SHA-NI if present)", &|| {
            kernel(false)
        }),
        ("software kernel (the one wasm uses)", &|| kernel(true)),
    ]);
    println!("  kernel / generic   {:>6.2}x", best[0] / best[1]);
    println!("  software / generic {:>6.2}x", best[0] / best[2]);

    let set = remembered_set();
    println!("native chain walk, {LINKS} links, best of 3 interleaved:");
    let best = best_of_3(&[
        ("walk, no remembered set", &|| walk(None)),
        ("walk, 1000 remembered positions", &|| walk(Some(&set))),
    ]);
    println!(
        "  with / without     {:>6.2}x   (target ≥ 0.95)",
        best[0] / best[1]
    );

    println!("native history walk (every round's outcome), {LINKS} links, best of 3 interleaved:");
    let best = best_of_3(&[
        ("bare walk", &|| walk(None)),
        ("walk + crash history", &|| history(CrashTally::new())),
        (
            "walk + platforms history",
            &|| history(PlatformTally::new()),
        ),
        ("walk + battle history (4 players)", &|| {
            history(BattleTally::new(battle_wheel()))
        }),
    ]);
    for (i, name) in ["crash", "platforms", "battle"].iter().enumerate() {
        println!(
            "  {name:<9} / bare     {:>6.2}x   (target ≤ 1.5)",
            best[i + 1] / best[0]
        );
    }
    outcomes_alone();
}
