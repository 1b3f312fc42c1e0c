//! SPEC §5: selfpoker, hold'em dealt from `numpy.random.default_rng(seed).permutation(52)`.

use serde_json::Value;

use super::descriptor::Descriptor;
use super::descriptor::Step::At;
use super::descriptor::{pattern, result, FieldDesc, GameDesc, Kind, Order, ResultDesc, Role};
use super::Scheme;
use super::{commitment_check, Commitment, Options};
use crate::error::{ErrorCode, Result, VerifyError};
use crate::record::Fields;
use crate::report::Report;
use crate::rng::numpy_pcg64::Pcg64;

const FIELDS: [FieldDesc; 3] = [
    FieldDesc::new("seed", Kind::Text, Role::Secret),
    FieldDesc::new("commit", Kind::Hash, Role::Commitment).primary(),
    FieldDesc::new("players", Kind::Int, Role::Count).range(2, 23),
];

const RESULTS: [ResultDesc; 3] = [
    result("deck", "card", &[pattern(&[At("position")])]),
    result(
        "holeCards",
        "card",
        &[pattern(&[At("player"), At("card")]).compared(Order::Set)],
    ),
    result(
        "board",
        "card",
        &[pattern(&[At("card")]).compared(Order::Flop)],
    ),
];

pub const SCHEME: Scheme = Scheme {
    desc: Descriptor::new(
        "selfpoker",
        &[GameDesc::single("selfpoker").in_family("poker")],
        &FIELDS,
        &RESULTS,
    )
    .with_cards("value_major"),
    run,
};

/// The seed is `secrets.randbits(63)` on the server: canonical decimal below 2^63.
pub fn parse_seed(s: &str) -> Result<u64> {
    let canonical = !s.is_empty()
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'))
        && s.len() <= 19;
    let bad = || {
        VerifyError::new(
            ErrorCode::BadDecimal,
            "seed",
            msg!(
                "`seed` must be a whole number from 0 to 9223372036854775807 written in plain \
                 decimal (no sign, spaces or leading zeros); got `{}`",
                s.chars().take(40).collect::<String>()
            ),
        )
        .with("value", s.chars().take(40).collect::<String>())
    };
    if !canonical {
        return Err(bad());
    }
    match s.parse::<u64>() {
        Ok(v) if v < (1 << 63) => Ok(v),
        _ => Err(VerifyError::new(
            ErrorCode::OutOfRange,
            "seed",
            msg!("the field `seed` must be below 2^63 (at most 9223372036854775807)"),
        )
        .with("min", 0)
        .with("max", "9223372036854775807")),
    }
}

pub fn run(f: Fields, r: &mut Report, _: &Options) -> Result<()> {
    let seed_text = f.str("seed")?;
    // The commitment pasted as the seed cannot be a decimal seed: say so (SPEC hint).
    let seed = parse_seed(seed_text).map_err(|e| match f.get("commit") {
        Some(Value::String(c)) if seed_text.trim().eq_ignore_ascii_case(c.trim()) => {
            e.with("hint", "seed_is_commitment")
        }
        _ => e,
    })?;
    let commit = f.hex64("commit")?;
    let players = f.int("players", 2, 23)? as usize;
    commitment_check(
        r,
        Commitment {
            key: "commitmentOk",
            published_field: "commit",
            published: &commit,
            secret_field: Some("seed"),
            hashed: &format!("selfpoker:{seed_text}"),
        },
    );
    let deck = Pcg64::default_rng(seed as u128).permutation(52);
    let hole: Vec<[u32; 2]> = (0..players)
        .map(|p| [deck[2 * p], deck[2 * p + 1]])
        .collect();
    r.set("holeCards", json!(hole));
    r.set("board", json!(deck[2 * players..2 * players + 5]));
    r.set("deck", json!(deck));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_must_be_canonical() {
        for bad in [
            "",
            " 5",
            "007",
            "-1",
            "0x10",
            "12x",
            "+5",
            "9223372036854775808",
            "99999999999999999999",
        ] {
            assert!(parse_seed(bad).is_err(), "{bad:?} accepted");
        }
        assert_eq!(parse_seed("0").unwrap(), 0);
        assert_eq!(parse_seed("9223372036854775807").unwrap(), (1 << 63) - 1);
    }
}
