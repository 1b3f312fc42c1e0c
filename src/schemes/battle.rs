//! SPEC §6 `battle`: a weighted wheel. `v = float64(first 8 bytes) / float64(2^64 − 1)`
//! and the winner is the first player whose running share (in float64, array
//! order, `chance/100` added each time) exceeds v, exactly as the published Go does.

use serde_json::Value;

use super::chain::{self, round_hash, run_chain, ChainCheck, BATTLE_TERMINAL};
use super::descriptor::Descriptor;
use super::descriptor::{result, FieldDesc, GameDesc, Kind, ResultDesc, Role, Rows, SCALAR};
use super::descriptor::{HistoryDesc, Tally};
use super::Options;
use super::Scheme;
use crate::error::{ErrorCode, Result, VerifyError, Want};
use crate::record::{Fields, Hex64};
use crate::report::Report;

pub const MAX_PLAYERS: usize = 10_000;

const FIELDS: [FieldDesc; 4] = [
    chain::HASH,
    FieldDesc::new("chances", Kind::Numbers, Role::Setting).items(1, MAX_PLAYERS),
    chain::TERMINAL,
    chain::MAX_STEPS_FIELD,
];

const RESULTS: [ResultDesc; 3] = [
    // The round, once the walk reached the terminal (SPEC §6).
    result("round", "round", SCALAR),
    result("winner", "winner", SCALAR),
    result("hash", "hash", SCALAR),
];

pub const SCHEME: Scheme = Scheme {
    desc: Descriptor::new("battle", &[GameDesc::single("battle")], &FIELDS, &RESULTS)
        .with_chain(
            &[BATTLE_TERMINAL],
            Rows {
                one_value: false,
                outcome: row_winner,
            },
        )
        .with_history(HistoryDesc {
            tally: Tally::Battle,
        }),
    run,
};

/// A history line `hash,winner,chance,chance,…`: the winner from the chances after
/// the claimed one.
fn row_winner(hash: &Hex64, values: &[String]) -> Result<Option<Value>> {
    match row_chances(values) {
        Some(c) if !c.is_empty() => Ok(Some(Value::from(pick_winner(wheel_point(hash), &c)?.0))),
        Some(_) => Err(VerifyError::missing("chances")),
        None => Err(VerifyError::new(
            ErrorCode::WrongType,
            "chances",
            msg!("the chances after the winner must be numbers"),
        )
        .with("want", "number")),
    }
}

/// The chances of a history line's values (`winner,chance,chance,…`): None when one
/// is not a number. The round history's recipe reads them here too.
pub(crate) fn row_chances(values: &[String]) -> Option<Vec<f64>> {
    values.iter().skip(1).map(|c| number(c)).collect()
}

/// A number as a player copies it: `50`, `33.3`, `33,3`.
fn number(text: &str) -> Option<f64> {
    text.trim().replace(',', ".").parse::<f64>().ok()
}

/// The wheel position: `float64(uint64) / float64(math.MaxUint64)`; both conversions
/// round to nearest-even, and float64(2^64 − 1) is 2^64.
pub fn wheel_point(hash: &Hex64) -> f64 {
    hash.first_u64() as f64 / u64::MAX as f64
}

/// `pickWinner`: the published function's own refusals are `game_rule` errors.
pub fn pick_winner(v: f64, chances: &[f64]) -> Result<(usize, Vec<f64>)> {
    if chances.is_empty() {
        return Err(VerifyError::game_rule(
            "chances",
            "no_players",
            msg!("zero participants: `chances` is empty"),
        ));
    }
    let mut total = 0.0f64;
    for (i, &c) in chances.iter().enumerate() {
        if c < 0.0 {
            return Err(VerifyError::game_rule(
                &format!("chances[{i}]"),
                "negative_chance",
                msg!("chance cannot be negative (chances[{i}] = {c})"),
            )
            .with("value", c));
        }
        total += c;
    }
    if !(99.99..=100.01).contains(&total) {
        return Err(VerifyError::game_rule(
            "chances",
            "chances_sum",
            msg!("sum of chances must be 100%, got: {total:.2}%"),
        )
        // The sum as computed, for the catalogs to write in the player's own decimals;
        // two overflowing chances add up to infinity, which JSON has not.
        .with(
            "sum",
            if total.is_finite() {
                serde_json::Value::from(total)
            } else {
                serde_json::Value::from("∞")
            },
        ));
    }
    let mut cumulative = 0.0f64;
    let mut sums = Vec::with_capacity(chances.len());
    let mut winner = None;
    for (i, &c) in chances.iter().enumerate() {
        cumulative += c / 100.0;
        sums.push(cumulative);
        if winner.is_none() && v < cumulative {
            winner = Some(i);
        }
    }
    match winner {
        Some(w) => Ok((w, sums)),
        None => Err(VerifyError::game_rule(
            "hash",
            "no_winner",
            msg!("failed to pick winner: the wheel point {v} lies past every share (they add up to {cumulative})"),
        )),
    }
}

/// The record's `chances`: a list of at most `MAX_PLAYERS` numbers (the published
/// function's own rules are `pick_winner`'s).
pub fn parse_chances(f: Fields) -> Result<Vec<f64>> {
    let arr = f.array("chances")?;
    if arr.len() > MAX_PLAYERS {
        return Err(VerifyError::too_many("chances", MAX_PLAYERS));
    }
    arr.iter()
        .enumerate()
        .map(|(i, v)| match v {
            Value::Number(n) => n
                .as_f64()
                .ok_or_else(|| VerifyError::wrong_type(&format!("chances[{i}]"), Want::Number, v)),
            other => Err(VerifyError::wrong_type(
                &format!("chances[{i}]"),
                Want::Number,
                other,
            )),
        })
        .collect::<Result<Vec<f64>>>()
}

pub fn run(f: Fields, r: &mut Report, o: &Options) -> Result<()> {
    let hash = round_hash(f)?;
    let chances = parse_chances(f)?;
    let chain = ChainCheck::parse(f, false, r)?;
    let v = wheel_point(&hash);
    let (winner, sums) = pick_winner(v, &chances)?;
    r.set("winner", winner);
    r.set("point", v);
    r.set("cumulative", json!(sums));
    r.set("hash", hash.as_str());
    // The shares as given, for the wheel's drawing: an input, never compared.
    r.note("chances", json!(chances));
    run_chain(chain, &hash, r, o)
}
