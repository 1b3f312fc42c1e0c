//! `./build.sh bench` (native part): the chain kernel against the generic sha2 path
//! over the same 1,000,000 links, measured in one run and reported as a ratio.

use std::time::Instant;

use fairverify::primitives::hash_chain::{step_generic, Link};

const LINKS: u32 = 1_000_000;

fn main() {
    let start = *b"0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d";
    // Warm up both paths.
    let mut g = start;
    for _ in 0..10_000 {
        g = step_generic(&g);
    }
    let t = Instant::now();
    let mut g = start;
    for _ in 0..LINKS {
        g = step_generic(&g);
    }
    let generic = t.elapsed().as_secs_f64();

    let t = Instant::now();
    let mut l = Link::from_hex(&start);
    for _ in 0..LINKS {
        l = Link::from_digest(&l.digest());
    }
    let kernel = t.elapsed().as_secs_f64();
    assert_eq!(l.to_hex(), g, "kernel and generic disagree");

    let t = Instant::now();
    let mut s = Link::from_hex(&start);
    for _ in 0..LINKS {
        s = Link::from_digest(&s.digest_soft());
    }
    let soft = t.elapsed().as_secs_f64();
    assert_eq!(s.to_hex(), g, "software kernel and generic disagree");

    println!("native, {LINKS} links (same run):");
    println!(
        "  generic sha2 + hex : {:>10.0} links/s",
        LINKS as f64 / generic
    );
    println!(
        "  chain kernel       : {:>10.0} links/s (sha2 block fn, SHA-NI if present)",
        LINKS as f64 / kernel
    );
    println!(
        "  software kernel    : {:>10.0} links/s (the one wasm uses)",
        LINKS as f64 / soft
    );
    println!("  kernel / generic   : {:>10.2}x", generic / kernel);
}
