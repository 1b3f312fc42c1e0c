//! `./build.sh bench` (native part): the chain kernel against the generic sha2 path
//! over the same 1,000,000 links, measured in one run (best of 3, interleaved so
//! machine noise hits both alike) and reported as a ratio.

use std::time::Instant;

use fairverify::primitives::hash_chain::{step_generic, Link};

const LINKS: u32 = 1_000_000;
const START: &[u8; 64] = b"0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d";

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

fn main() {
    let runs: [(&str, &dyn Fn() -> [u8; 64]); 3] = [
        ("generic sha2 + hex", &generic),
        ("chain kernel (sha2 block fn, SHA-NI if present)", &|| {
            kernel(false)
        }),
        ("software kernel (the one wasm uses)", &|| kernel(true)),
    ];
    let mut best = [f64::MAX; 3];
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
    println!("native, {LINKS} links, best of 3 interleaved:");
    for (i, (name, _)) in runs.iter().enumerate() {
        println!("  {name:<48} {:>10.0} links/s", LINKS as f64 / best[i]);
    }
    println!("  kernel / generic   {:>6.2}x", best[0] / best[1]);
    println!("  software / generic {:>6.2}x", best[0] / best[2]);
}
