//! SPEC §6 `platforms`: `rand.New(rand.NewSource(int64(first 8 bytes))).Intn(25) + 1`.

use super::chain::{first_u64, round_hash, ChainCheck};
use crate::error::Result;
use crate::record::Fields;
use crate::report::Report;
use crate::rng::go_math_rand::GoRand;

pub const PLATFORMS: i32 = 25;

/// The last platform of a round; `hash` is 64 validated hex digits.
pub fn last_platform(hash: &str) -> i32 {
    // binary.BigEndian.Uint64, then int64(number): two's complement reinterpretation.
    let x = first_u64(hash) as i64;
    GoRand::new(x).intn(PLATFORMS) + 1
}

pub fn run(f: Fields, r: &mut Report) -> Result<()> {
    let hash = round_hash(f)?;
    let chain = ChainCheck::parse(f, false)?;
    r.set("lastPlatform", last_platform(&hash));
    r.set("hash", hash.clone());
    if let Some(c) = chain {
        c.run(&hash, r);
    }
    Ok(())
}
