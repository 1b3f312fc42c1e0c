//! The Python recipe (selfpoker) from the Italian page's lines
//! (`operator/it_numpy.py`): Python 3 with NumPy. The program is
//! `templates/selfpoker.py.tmpl`; here, its holes. The page's `assert` is kept as the
//! operator's line, but the commitment check is computed (`commitmentOk = …`), so
//! that `python3 -O`, which skips asserts, still prints it.

use serde_json::{Map, Value};

use super::template::{Code, Holes, Lit};
use super::{hash, int, internal, say_section, start, text, Lang, Words, OPERATOR_PYTHON as OP};
use crate::error::Result;

/// The Italian page has no headings: its code follows this sentence.
const CODE: &str = "Il server non può cambiare le carte durante la mano";

pub fn selfpoker(map: &Map<String, Value>, w: &Words) -> Result<Holes> {
    // The seed is canonical decimal below 2^63 (the scheme's reader): an int literal.
    let seed = crate::schemes::selfpoker::parse_seed(&text(map, "seed")?)
        .ok()
        .and_then(|n| i64::try_from(n).ok())
        .map(Lit::int)
        .ok_or_else(|| internal("seed"))?;
    let commit = Lit::str(&hash(map, "commit")?);
    let values = [("graine", &seed), ("commit", &commit)];
    let mut h = start(Lang::Python, w);
    h.comment("verbatim", say_section(w, "recipe.verbatim", CODE))
        .comment("valuesInline", w.say("recipe.valuesInline", &[]))
        .code(
            "operatorValues",
            Code::between_with(OP, "import hashlib", "commit =", Lang::Python, &values)?,
        )
        .code("operatorAssert", Code::between(OP, "assert ", "assert ")?)
        .code("operatorDeck", Code::between(OP, "paquet =", "# valore")?)
        .comment("sameStyle", say_section(w, "recipe.sameStyle", CODE))
        .comment("stepSelfpoker", w.say("recipe.step.selfpoker", &[]))
        .lit("players", Lit::int(int(map, "players")?))
        .code("check", Code::assertion(OP)?);
    Ok(h)
}
