//! SPEC §6 `platforms`: `rand.New(rand.NewSource(int64(first 8 bytes))).Intn(25) + 1`.

use super::chain::{self, round_hash, run_chain, ChainCheck, PLATFORM_TERMINAL};
use super::descriptor::Descriptor;
use super::descriptor::{result, FieldDesc, GameDesc, ResultDesc, Rows, SCALAR};
use super::descriptor::{HistoryDesc, Tally};
use super::Options;
use super::Scheme;
use crate::error::Result;
use crate::record::{Fields, Hex64};
use crate::report::Report;
use crate::rng::go_math_rand::GoRand;

pub const PLATFORMS: i32 = 25;

const FIELDS: [FieldDesc; 3] = [chain::HASH, chain::TERMINAL, chain::MAX_STEPS_FIELD];

const RESULTS: [ResultDesc; 3] = [
    // The round, once the walk reached the terminal (SPEC §6).
    result("round", "round", SCALAR),
    result("lastPlatform", "platform", SCALAR),
    result("hash", "hash", SCALAR),
];

pub const SCHEME: Scheme = Scheme {
    desc: Descriptor::new(
        "platforms",
        &[GameDesc::single("platforms")],
        &FIELDS,
        &RESULTS,
    )
    .with_chain(
        &[PLATFORM_TERMINAL],
        Rows {
            one_value: true,
            outcome: |h, _| Ok(Some(serde_json::Value::from(last_platform(h)))),
        },
    )
    .with_history(HistoryDesc {
        tally: Tally::Platforms,
    }),
    run,
};

/// The last platform of a round.
pub fn last_platform(hash: &Hex64) -> i32 {
    // binary.BigEndian.Uint64, then int64(number): two's complement reinterpretation.
    let x = hash.first_u64() as i64;
    GoRand::new(x).intn(PLATFORMS) + 1
}

pub fn run(f: Fields, r: &mut Report, o: &Options) -> Result<()> {
    let hash = round_hash(f)?;
    let chain = ChainCheck::parse(f, false, r)?;
    r.set("lastPlatform", last_platform(&hash));
    r.set("hash", hash.as_str());
    run_chain(chain, &hash, r, o)
}

#[cfg(test)]
mod tests {
    /// The pickers offer the platforms of the core's item table: the same 25 as the draw.
    #[test]
    fn the_item_table_has_the_draws_platforms() {
        assert_eq!(
            super::super::descriptor::item_range("platform"),
            Some((1, i64::from(super::PLATFORMS)))
        );
    }
}
