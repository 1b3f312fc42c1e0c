//! The recipe of a pasted round history (crash, platforms, battle, chain): one Go
//! script that loops over the rounds with the operator's functions, checks that
//! each line links to the next (HashSeed), and walks the oldest round to the
//! terminal when one is given. Prints `{"rows": [{line, hash, computed?,
//! linksToNext?}], "chain"?: {ok, round} | {walked}}`, the names of the core's
//! round check (`check_rounds`).

use std::collections::BTreeSet;

use serde_json::Value;

use super::go::{self, assemble, HOW};
use super::{internal, lit, Lang, Script, Words};
use crate::error::Result;
use crate::round_history::{check_rounds_with, HistoryOptions};
use crate::schemes::chain::DEFAULT_MAX_STEPS as PUBLISHED_LENGTH;
use crate::schemes::Walk;

/// `game`: crash, platforms, battle or chain; `options`: {terminal?, maxSteps?}.
/// Every line must be a round the core can read (a history with invalid lines has
/// no recipe: the core's check names them first).
pub fn recipe_rounds(game: &str, text: &str, options: &Value, words: &Value) -> Result<Value> {
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
    let mut s = Script::new(Lang::Go, &w);

    let mut funcs = vec!["HashSeed"];
    let mut own: BTreeSet<&str> = ["encoding/json", "fmt", "os"].into_iter().collect();
    let mut values = vec![
        "type round struct {".to_string(),
        "\tline    int".into(),
        "\thash    string".into(),
        "\tchances []float64".into(),
        "}".into(),
        "var rounds = []round{".into(),
    ];
    for r in rows {
        let line = r["line"].as_u64().ok_or_else(|| internal("line"))?;
        let hash = r["hash"].as_str().ok_or_else(|| internal("hash"))?;
        let chances = if scheme == "battle" {
            let t = lines
                .get(line as usize - 1)
                .ok_or_else(|| internal("line"))?;
            let sep = if t.contains('\t') {
                '\t'
            } else if t.contains(';') {
                ';'
            } else {
                ','
            };
            let c: Vec<String> = t
                .split(sep)
                .skip(2)
                .map(|c| {
                    c.trim()
                        .replace(',', ".")
                        .parse::<f64>()
                        .ok()
                        .filter(|f| f.is_finite())
                        .map(|f| format!("{f}"))
                        .ok_or_else(|| internal("chances"))
                })
                .collect::<Result<_>>()?;
            format!("[]float64{{{}}}", c.join(", "))
        } else {
            "nil".into()
        };
        values.push(format!("\t{{{line}, {}, {chances}}},", lit(Lang::Go, hash)));
    }
    values.push("}".into());

    let mut body: Vec<String> = Vec::new();
    let say = |s: &Script, key: &str, params: &[(&str, &str)]| -> Option<String> {
        s.words.get(key, params).map(|t| format!("\t// {t}"))
    };
    body.extend(say(&s, "recipe.step.rounds", &[]));
    body.push("\trows := []map[string]interface{}{}".into());
    body.push("\tfor _, r := range rounds {".into());
    body.push("\t\trow := map[string]interface{}{\"line\": r.line, \"hash\": r.hash}".into());
    body.extend(go::game_call(&scheme, &go::Call::ROW, &mut funcs, &mut own));
    body.push("\t\trows = append(rows, row)".into());
    body.push("\t}".into());
    body.extend(say(&s, "recipe.sameStyle", &[("section", HOW)]));
    body.extend(say(&s, "recipe.step.links", &[]));
    body.push("\torder := 0 // 1: newest first, 2: oldest first".into());
    body.push("\tfor i := 0; i+1 < len(rounds); i++ {".into());
    body.push("\t\tdown := HashSeed(rounds[i].hash) == rounds[i+1].hash".into());
    body.push("\t\tup := !down && HashSeed(rounds[i+1].hash) == rounds[i].hash".into());
    body.push("\t\tif order == 0 && down {".into());
    body.push("\t\t\torder = 1".into());
    body.push("\t\t} else if order == 0 && up {".into());
    body.push("\t\t\torder = 2".into());
    body.push("\t\t}".into());
    body.push("\t\trows[i][\"linksToNext\"] = (order == 1 && down) || (order == 2 && up)".into());
    body.push("\t}".into());
    body.push("\tout := map[string]interface{}{\"rows\": rows}".into());
    if let Some(t) = &opts.terminal {
        values.push(format!("const terminal = {}", lit(Lang::Go, t.as_str())));
        values.push(format!("const maxSteps = {}", opts.max_steps));
        let max = opts.max_steps.to_string();
        body.extend(say(&s, "recipe.step.chain", &[("max", &max)]));
        body.push("\toldest := rounds[len(rounds)-1].hash".into());
        body.push("\tif order == 2 {".into());
        body.push("\t\toldest = rounds[0].hash".into());
        body.push("\t}".into());
        body.extend(go::chain_walk("oldest"));
        body.push("\tif round > 0 {".into());
        body.push(
            "\t\tout[\"chain\"] = map[string]interface{}{\"ok\": true, \"round\": round}".into(),
        );
        body.push(format!("\t}} else if maxSteps >= {PUBLISHED_LENGTH} {{"));
        body.push("\t\tout[\"chain\"] = map[string]interface{}{\"ok\": false}".into());
        body.push("\t} else {".into());
        body.push("\t\tout[\"chain\"] = map[string]interface{}{\"walked\": maxSteps}".into());
        body.push("\t}".into());
    }
    // `out` is made above; assemble's main starts with its own.
    let body: Vec<String> = body
        .into_iter()
        .map(|l| {
            l.replace(
                "\tout := map[string]interface{}{\"rows\": rows}",
                "\tout[\"rows\"] = rows",
            )
        })
        .collect();
    assemble(&mut s, &funcs, &own, &values, &body, scheme == "crash")?;
    Ok(json!({
        "scheme": scheme,
        "language": "go",
        "file": "recipe.go",
        "command": "go run recipe.go",
        "text": s.out,
    }))
}
