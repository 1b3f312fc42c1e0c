//! The Python recipe (selfpoker) from the Italian page's lines
//! (`operator/it_numpy.py`): Python 3 with NumPy.

use serde_json::{Map, Value};

use super::{hash, int, internal, lit, text, Lang, Script, OPERATOR_PYTHON as OP};
use crate::error::Result;

/// The Italian page has no headings: its code follows this sentence.
const CODE: &str = "Il server non può cambiare le carte durante la mano";

pub fn selfpoker(s: &mut Script, map: &Map<String, Value>) -> Result<()> {
    // The seed is canonical decimal below 2^63 (the verifier checked it): an int literal.
    let seed = text(map, "seed")?;
    if seed.is_empty() || !seed.bytes().all(|b| b.is_ascii_digit()) {
        return Err(internal("seed"));
    }
    let commit = hash(map, "commit")?;
    let players = int(map, "players")?;
    s.blank();
    s.line("import json");
    s.verbatim(CODE);
    s.say("recipe.valuesInline", &[]);
    for l in OP.lines() {
        let t = l.trim_start();
        if t.starts_with("graine =") {
            s.line(&replace_value(l, &seed)?);
        } else if t.starts_with("commit =") {
            s.line(&replace_value(l, &lit(Lang::Python, &commit))?);
        } else if t.starts_with("assert ") {
            // The page's assert, kept: a failed check is printed, not a stack trace.
            s.line("try:");
            s.line(&format!("    {t}"));
            s.line("    commitmentOk = True");
            s.line("except AssertionError:");
            s.line("    commitmentOk = False");
        } else {
            s.line(l);
        }
    }
    s.same_style("recipe.step.selfpoker", CODE);
    s.line(&format!("n = {players}"));
    s.line("deck = [int(c) for c in paquet]");
    s.line("out = {");
    s.line("    \"commitmentOk\": commitmentOk,");
    s.line("    \"deck\": deck,");
    s.line("    \"holeCards\": [deck[2 * p : 2 * p + 2] for p in range(n)],");
    s.line("    \"board\": deck[2 * n : 2 * n + 5],");
    s.line("}");
    s.blank();
    s.say("recipe.output", &[]);
    s.line("print(json.dumps(out))");
    Ok(())
}

/// `name = <example> # comment` with the record's value in place of the example.
fn replace_value(line: &str, value: &str) -> Result<String> {
    let eq = line.find('=').ok_or_else(|| internal("operator line"))?;
    let rest = &line[eq + 1..];
    let comment = rest.find(" #").map(|i| &rest[i..]).unwrap_or("");
    Ok(format!("{}= {value}{comment}", &line[..eq]))
}
