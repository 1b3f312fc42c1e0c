//! `./build.sh bench` (native part): the chain kernel against the generic sha2 path
//! over the same 1,000,000 links, measured in one run (best of 3, interleaved so
//! machine noise hits both alike) and reported as a ratio; then the chain walk with
//! and without a remembered set of 1,000 positions (issue 16).

use std::sync::Arc;
use std::time::Instant;

use fairverify::testing::{
    step_generic, ChainMemory, ChainWalk, Link, Remembered, DEFAULT_CAPACITY,
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
}
