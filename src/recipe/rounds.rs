//! The recipe of a pasted round history (crash, platforms, battle, chain): one Go
//! script (`templates/rounds.go.tmpl`) that loops over the rounds with the operator's
//! functions, checks that each line links to the next (HashSeed), and walks the
//! oldest round to the terminal when one is given. Prints `{"rows": [{line, hash,
//! computed?, linksToNext?}], "chain"?: {ok, round} | {walked}}`, the names of the
//! core's round check (`check_rounds`).

use serde_json::Value;

use super::go::{self, HOW};
use super::template::{fill, Holes, Lit, ROUNDS};
use super::{answer, internal, say_section, Lang, Words};
use crate::error::Result;
use crate::round_history::{check_rounds_with, HistoryOptions};
use crate::schemes::Walk;

/// `game`: crash, platforms, battle or chain; `options`: {terminal?, maxSteps?}.
/// Every line must be a round the core can read (a history with invalid lines has
/// no recipe: the core's check names them first).
pub fn recipe_rounds(game: &str, text: &str, options: &Value, words: &Value) -> Result<Value> {
    let (scheme, h) = holes(game, text, options, words)?;
    Ok(answer(&scheme, Lang::Go, fill(&ROUNDS, &h)?))
}

/// The game's scheme and the holes of its history's template.
pub(super) fn holes(
    game: &str,
    text: &str,
    options: &Value,
    words: &Value,
) -> Result<(String, Holes)> {
    let mut opts = HistoryOptions::from_json(options)?;
    opts.walk = Walk::Pending;
    let checked = check_rounds_with(game, text, &opts)?;
    let scheme = checked["game"].as_str().unwrap_or("").to_string();
    let rows = checked["rows"].as_array().ok_or_else(|| internal("rows"))?;
    if rows.is_empty()
        || rows
            .iter()
            .any(|r| !r["error"].is_null() || !r["hash"].is_string())
    {
        return Err(internal("a round history with lines that cannot be read"));
    }
    let lines: Vec<&str> = text.lines().collect();
    let w = Words::new(words);
    let mut funcs = vec!["HashSeed"];
    funcs.extend(go::game_functions(&scheme));
    let battle = scheme == "battle";

    let rounds = rows
        .iter()
        .map(|r| {
            let line = r["line"].as_u64().ok_or_else(|| internal("line"))?;
            let hash = r["hash"].as_str().ok_or_else(|| internal("hash"))?;
            let chances = if battle {
                // The line's fields as the core read them (`lines`), its chances as
                // the battle scheme reads them.
                let t = lines
                    .get(line as usize - 1)
                    .ok_or_else(|| internal("line"))?;
                let fields = crate::lines::split(t, crate::lines::separator(t));
                let values = fields.get(1..).unwrap_or(&[]);
                let chances = crate::schemes::battle::row_chances(values)
                    .ok_or_else(|| internal("chances"))?
                    .into_iter()
                    .map(Lit::float)
                    .collect::<Result<_>>()?;
                Lit::slice("[]float64", chances)
            } else {
                Lit::null()
            };
            let mut row = Holes::new();
            row.lit("line", Lit::int(line as i64))
                .lit("hash", Lit::str(hash))
                .lit("chances", chances);
            Ok(row)
        })
        .collect::<Result<_>>()?;

    let mut h = go::common(&w, &scheme, &funcs)?;
    go::game_sections(&mut h, &w, &scheme);
    h.rows("rounds", rounds)
        .flag("hasTerminal", opts.terminal.is_some())
        .comment("stepRounds", w.say("recipe.step.rounds", &[]))
        .comment("sameStyle", say_section(&w, "recipe.sameStyle", HOW))
        .comment("stepLinks", w.say("recipe.step.links", &[]));
    if let Some(t) = &opts.terminal {
        let max = i64::try_from(opts.max_steps).map_err(|_| internal("maxSteps"))?;
        go::walk(&mut h, &w, Lit::str(t.as_str()), max);
    }
    Ok((scheme, h))
}
