//! Node.js recipes (match_seed_v2, poker_hmac_v1, chess_colour_v1) from the Romanian
//! page's snippet (`operator/ro_node.js`): `node:crypto` only. The programs are
//! `templates/{match_seed,poker,chess}.node.js.tmpl`; here, their holes.

use serde_json::{Map, Value};

use super::template::{Code, Holes, Lit};
use super::OPERATOR_NODE as OP;
use super::{
    hash, id_text, int, internal, opt_hash, opt_int, say_section, start, text, Lang, Words,
};
use crate::error::Result;

/// The operator's section that holds the snippet, and the one describing each game.
const CODE: &str = "Verifică singur";
const GAMES: &str = "Joc cu joc";

/// The holes every Node recipe has: the header, the values' comment, the verbatim
/// comment and the helper lines every Node recipe shares (`crypto`, `sha256`, `word`).
fn common(w: &Words) -> Result<Holes> {
    let mut h = start(Lang::Node, w);
    h.comment("values", w.say("recipe.values", &[]))
        .comment("verbatim", say_section(w, "recipe.verbatim", CODE))
        .code(
            "helpers",
            Code::between(OP, "// Node.js 18+", "const word =")?,
        );
    Ok(h)
}

fn strings(map: &Map<String, Value>, key: &str) -> Result<Vec<Lit>> {
    map.get(key)
        .and_then(Value::as_array)
        .ok_or_else(|| internal(key))?
        .iter()
        .map(|v| v.as_str().map(Lit::str).ok_or_else(|| internal(key)))
        .collect()
}

pub fn match_seed(map: &Map<String, Value>, w: &Words) -> Result<Holes> {
    let game = text(map, "game")?;
    let seeds = strings(map, "clientSeeds")?;
    let players = seeds.len() as i64;
    let mut h = common(w)?;
    h.lit("game", Lit::str(&game))
        .lit("matchId", Lit::str(&id_text(map, "matchId")?))
        .lit("commitment", Lit::str(&hash(map, "commitment")?))
        .lit("serverSeed", Lit::str(&text(map, "serverSeed")?))
        .lit("clientSeeds", Lit::list(seeds))
        .code(
            "stream",
            Code::between(OP, "console.log(sha256(serverSeed)", "// seat order")?,
        )
        .comment("sameStyle", say_section(w, "recipe.sameStyle", GAMES))
        .comment("stepSeats", w.say("recipe.step.seats", &[]))
        .lit("seats", Lit::list((0..players).map(Lit::int).collect()));
    let table = game == "table";
    let deals = matches!(game.as_str(), "tarneeb" | "trix" | "bridge");
    let baloot = game == "baloot";
    let mahjong = game == "mahjong";
    h.flag("isTable", table)
        .flag("isDeals", deals)
        .flag("isBaloot", baloot)
        .flag("isMahjong", mahjong);
    if table {
        h.lit("rolls", Lit::int(int(map, "rolls")?))
            .comment("stepRolls", w.say("recipe.step.rolls", &[]));
    }
    if deals {
        h.lit("deals", Lit::int(int(map, "deals")?))
            .comment("stepDeals", w.say("recipe.step.deals", &[]));
    }
    if baloot {
        let buyers = map
            .get("hands")
            .and_then(Value::as_array)
            .ok_or_else(|| internal("hands"))?
            .iter()
            .map(|hand| match hand.get("buyer").and_then(Value::as_i64) {
                Some(b) => Lit::int(b),
                None => Lit::null(),
            })
            .collect();
        h.lit("buyers", Lit::list(buyers))
            .comment("stepBaloot", w.say("recipe.step.baloot", &[]));
    }
    if mahjong {
        let set = opt_int(map, "tileSet").unwrap_or(144);
        h.lit("tileSet", Lit::int(set))
            .lit("draws", Lit::int(opt_int(map, "draws").unwrap_or(set)))
            .comment("stepMahjong", w.say("recipe.step.mahjong", &[]));
    }
    Ok(h)
}

pub fn poker(map: &Map<String, Value>, w: &Words) -> Result<Holes> {
    let mut seats: Vec<(i64, String)> = map
        .get("clientSeeds")
        .and_then(Value::as_object)
        .ok_or_else(|| internal("clientSeeds"))?
        .iter()
        .map(|(k, v)| match (k.parse::<i64>(), v.as_str()) {
            (Ok(n), Some(seed)) if n >= 0 => Ok((n, seed.to_string())),
            _ => Err(internal("clientSeeds")),
        })
        .collect::<Result<_>>()?;
    seats.sort_by_key(|(n, _)| *n);
    let server_seed = map.get("serverSeed").and_then(Value::as_str);
    let commitment = opt_hash(map, "commitment")?;
    let leaves = map.get("leaves").and_then(Value::as_array);

    let mut h = common(w)?;
    h.lit("table", Lit::str(&id_text(map, "table")?))
        .lit("session", Lit::str(&id_text(map, "session")?))
        .lit("hand", Lit::int(int(map, "hand")?))
        .comment("pokerSeats", w.say("recipe.pokerSeats", &[]))
        .lit(
            "clientSeeds",
            Lit::list(
                seats
                    .iter()
                    .map(|(n, s)| Lit::list(vec![Lit::int(*n), Lit::str(s)]))
                    .collect(),
            ),
        )
        .lit("handCommitment", Lit::str(&hash(map, "handCommitment")?))
        .lit("deckRoot", Lit::str(&hash(map, "deckRoot")?))
        .code("draws", Code::between(OP, "const SPAN", "// seat order")?)
        .flag("hasServerSeed", server_seed.is_some())
        .flag("hasCommitment", commitment.is_some())
        .flag("hasLeaves", leaves.is_some())
        .comment("sameStyleGames", say_section(w, "recipe.sameStyle", GAMES));
    if let Some(seed) = server_seed {
        h.lit("serverSeed", Lit::str(seed))
            .code(
                "handValue",
                Code::between(OP, "const handValue", "// 64 leaves")?,
            )
            .comment("sameStyle", say_section(w, "recipe.sameStyle", CODE))
            .comment("stepDeck", w.say("recipe.step.pokerDeck", &[]))
            .comment("stepDisplay", w.say("recipe.step.pokerDisplay", &[]));
    }
    if let Some(c) = &commitment {
        h.lit("commitment", Lit::str(c));
    }
    if let Some(leaves) = leaves {
        let rows = leaves
            .iter()
            .map(|l| {
                let path = l
                    .get("path")
                    .and_then(Value::as_array)
                    .ok_or_else(|| internal("leaves"))?
                    .iter()
                    .map(|p| {
                        p.as_str()
                            .map(|p| Lit::str(&p.trim().to_ascii_lowercase()))
                            .ok_or_else(|| internal("leaves"))
                    })
                    .collect::<Result<_>>()?;
                let num = |k: &str| l.get(k).and_then(Value::as_i64).ok_or_else(|| internal(k));
                let salt = l
                    .get("salt")
                    .and_then(Value::as_str)
                    .ok_or_else(|| internal("salt"))?;
                let mut row = Holes::new();
                row.lit("position", Lit::int(num("position")?))
                    .lit("card", Lit::int(num("card")?))
                    .lit("salt", Lit::str(salt))
                    .lit("path", Lit::list(path));
                Ok(row)
            })
            .collect::<Result<_>>()?;
        h.rows("leaves", rows)
            .comment("stepLeaves", w.say("recipe.step.leaves", &[]));
    }
    Ok(h)
}

pub fn chess(map: &Map<String, Value>, w: &Words) -> Result<Holes> {
    let opt = |k: &str| map.get(k).and_then(Value::as_str);
    let or_null = |v: Option<&str>| v.map_or_else(Lit::null, Lit::str);
    let mut h = common(w)?;
    h.lit("seedA", Lit::str(&text(map, "seedA")?))
        .lit("commitA", Lit::str(&text(map, "commitA")?))
        .lit("clientA", Lit::str(&text(map, "clientA")?))
        .lit("seedB", or_null(opt("seedB")))
        .lit("commitB", or_null(opt("commitB")))
        .lit("clientB", Lit::str(&text(map, "clientB")?))
        .code("int", Code::between(OP, "const SPAN", "const die")?)
        .code(
            "message",
            Code::between(OP, "// Chess colour", "// w = word")?,
        )
        .comment("sameStyle", say_section(w, "recipe.sameStyle", CODE))
        .comment("stepChess", w.say("recipe.step.chess", &[]))
        .comment("caseless", w.say("recipe.caseless", &[]))
        .flag("hasSeedB", opt("seedB").is_some());
    Ok(h)
}
