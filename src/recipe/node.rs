//! Node.js recipes (match_seed_v2, poker_hmac_v1, chess_colour_v1) from the Romanian
//! page's snippet (`operator/ro_node.js`): `node:crypto` only.

use serde_json::{Map, Value};

use super::{hash, id_text, int, internal, lines_between, lit, opt_hash, opt_int, text, Lang};
use super::{Script, OPERATOR_NODE as OP};
use crate::error::Result;

/// The operator's section that holds the snippet, and the one describing each game.
const CODE: &str = "Verifică singur";
const GAMES: &str = "Joc cu joc";

fn js(s: &str) -> String {
    lit(Lang::Node, s)
}

fn list(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(", "))
}

/// The helper lines every Node recipe shares: `crypto`, `sha256`, `word`.
fn helpers(s: &mut Script) -> Result<()> {
    s.code(&lines_between(OP, "// Node.js 18+", "const word =")?);
    Ok(())
}

/// `SPAN`, `int`, `die`, `shuffle`: the draw functions over a stream's `next`.
fn draws(s: &mut Script) -> Result<()> {
    s.code(&lines_between(OP, "const SPAN", "// seat order")?);
    Ok(())
}

fn finish(s: &mut Script) {
    s.blank();
    s.say("recipe.output", &[]);
    s.line("console.log(JSON.stringify(out));");
}

pub fn match_seed(s: &mut Script, map: &Map<String, Value>) -> Result<()> {
    let game = text(map, "game")?;
    let seeds: Vec<String> = map
        .get("clientSeeds")
        .and_then(Value::as_array)
        .ok_or_else(|| internal("clientSeeds"))?
        .iter()
        .map(|v| v.as_str().map(js).ok_or_else(|| internal("clientSeeds")))
        .collect::<Result<_>>()?;
    let players = seeds.len();
    s.blank();
    s.say("recipe.values", &[]);
    s.line(&format!("const game = {};", js(&game)));
    s.line(&format!(
        "const matchId = {};",
        js(&id_text(map, "matchId")?)
    ));
    s.line(&format!(
        "const commitment = {};",
        js(&hash(map, "commitment")?)
    ));
    s.line(&format!(
        "const serverSeed = {};",
        js(&text(map, "serverSeed")?)
    ));
    s.line(&format!("const clientSeeds = {};", list(seeds)));
    let buyers: Vec<String>;
    match game.as_str() {
        "table" => s.line(&format!("const rolls = {};", int(map, "rolls")?)),
        "tarneeb" | "trix" | "bridge" => s.line(&format!("const deals = {};", int(map, "deals")?)),
        "baloot" => {
            buyers = map
                .get("hands")
                .and_then(Value::as_array)
                .ok_or_else(|| internal("hands"))?
                .iter()
                .map(|h| match h.get("buyer").and_then(Value::as_i64) {
                    Some(b) => b.to_string(),
                    None => "null".into(),
                })
                .collect();
            s.line(&format!("const buyers = {};", list(buyers)));
        }
        "mahjong" => {
            let set = opt_int(map, "tileSet").unwrap_or(144);
            s.line(&format!("const tileSet = {set};"));
            s.line(&format!(
                "const draws = {};",
                opt_int(map, "draws").unwrap_or(set)
            ));
        }
        _ => {}
    }
    s.verbatim(CODE);
    helpers(s)?;
    s.line("");
    s.code(&lines_between(
        OP,
        "console.log(sha256(serverSeed)",
        "// seat order",
    )?);

    s.same_style("recipe.step.seats", GAMES);
    s.line("const out = {};");
    s.line("out.commitmentOk = sha256(serverSeed) === commitment;");
    let all: Vec<String> = (0..players).map(|p| p.to_string()).collect();
    s.line(&format!("out.seats = shuffle({});", list(all)));
    match game.as_str() {
        "table" => {
            s.same_style("recipe.step.rolls", GAMES);
            s.line("out.rolls = [];");
            s.line("for (let r = 0; r < rolls; r++) out.rolls.push([die(), die()]);");
        }
        "tarneeb" | "trix" | "bridge" => {
            s.same_style("recipe.step.deals", GAMES);
            s.line("out.deals = [];");
            s.line("for (let d = 0; d < deals; d++) {");
            s.line("  const deck = shuffle([...Array(52).keys()]);");
            s.line("  out.deals.push([0, 1, 2, 3].map((i) => deck.slice(13 * i, 13 * i + 13)));");
            s.line("}");
        }
        "baloot" => {
            s.same_style("recipe.step.baloot", GAMES);
            s.line("const deck32 = [...Array(52).keys()].filter((c) => c % 13 >= 5);");
            s.line("out.hands = buyers.map((buyer) => {");
            s.line("  const d = shuffle(deck32);");
            s.line("  const first = [0, 1, 2, 3].map((i) => d.slice(5 * i, 5 * i + 5));");
            s.line("  let second = null;");
            s.line("  if (buyer !== null) {");
            s.line("    const r = shuffle(d.slice(21));");
            s.line("    second = [[], [], [], []];");
            s.line("    second[buyer] = r.slice(0, 2);");
            s.line("    for (let i = 0; i < 3; i++) second[(buyer + 1 + i) % 4] = r.slice(2 + 3 * i, 5 + 3 * i);");
            s.line("  }");
            s.line("  return { first, faceUp: d[20], second };");
            s.line("});");
        }
        "mahjong" => {
            s.same_style("recipe.step.mahjong", GAMES);
            s.line("const wall = [...Array(tileSet).keys()];");
            s.line("out.tiles = [];");
            s.line("for (let t = 0; t < draws; t++) out.tiles.push(wall.splice(int(wall.length), 1)[0]);");
        }
        _ => {}
    }
    finish(s);
    Ok(())
}

pub fn poker(s: &mut Script, map: &Map<String, Value>) -> Result<()> {
    let mut seats: Vec<(u64, String)> = map
        .get("clientSeeds")
        .and_then(Value::as_object)
        .ok_or_else(|| internal("clientSeeds"))?
        .iter()
        .map(|(k, v)| match (k.parse::<u64>(), v.as_str()) {
            (Ok(n), Some(seed)) => Ok((n, seed.to_string())),
            _ => Err(internal("clientSeeds")),
        })
        .collect::<Result<_>>()?;
    seats.sort_by_key(|(n, _)| *n);
    let server_seed = map.get("serverSeed").and_then(Value::as_str);
    let commitment = opt_hash(map, "commitment")?;
    let leaves = map.get("leaves").and_then(Value::as_array);

    s.blank();
    s.say("recipe.values", &[]);
    s.line(&format!("const T = {};", js(&id_text(map, "table")?)));
    s.line(&format!("const S = {};", js(&id_text(map, "session")?)));
    s.line(&format!("const n = {};", int(map, "hand")?));
    s.say("recipe.pokerSeats", &[]);
    s.line(&format!(
        "const clientSeeds = {};",
        list(seats.iter().map(|(n, v)| format!("[{n}, {}]", js(v))))
    ));
    s.line(&format!(
        "const handCommitment = {};",
        js(&hash(map, "handCommitment")?)
    ));
    s.line(&format!(
        "const deckRoot = {};",
        js(&hash(map, "deckRoot")?)
    ));
    if let Some(seed) = server_seed {
        s.line(&format!("const serverSeed = {};", js(seed)));
    }
    if let Some(c) = &commitment {
        s.line(&format!("const commitment = {};", js(c)));
    }
    if let Some(leaves) = leaves {
        s.line("const leaves = [");
        for l in leaves {
            let path: Vec<String> = l
                .get("path")
                .and_then(Value::as_array)
                .ok_or_else(|| internal("leaves"))?
                .iter()
                .map(|h| {
                    h.as_str()
                        .map(|h| js(&h.trim().to_ascii_lowercase()))
                        .ok_or_else(|| internal("leaves"))
                })
                .collect::<Result<_>>()?;
            let num = |k: &str| l.get(k).and_then(Value::as_i64).ok_or_else(|| internal(k));
            let salt = l
                .get("salt")
                .and_then(Value::as_str)
                .ok_or_else(|| internal("salt"))?;
            s.line(&format!(
                "  {{ position: {}, card: {}, salt: {}, path: {} }},",
                num("position")?,
                num("card")?,
                js(salt),
                list(path)
            ));
        }
        s.line("];");
    }

    s.verbatim(CODE);
    helpers(s)?;
    draws(s)?;
    s.blank();
    s.line("const out = {};");
    s.line("const leaf = (i, card, salt) => sha256('pk1:leaf:' + i + ':' + card + ':' + salt);");
    s.line("const node = (left, right) => sha256('pk1:node:' + left + right);");
    if server_seed.is_some() {
        if commitment.is_some() {
            s.line("out.commitmentOk = sha256(serverSeed) === commitment;");
        }
        s.verbatim(CODE);
        s.code(&lines_between(OP, "const handValue", "// 64 leaves")?);
        s.same_style("recipe.step.pokerDeck", CODE);
        s.line("out.handValue = handValue;");
        s.line("out.handCommitmentOk = sha256(handValue) === handCommitment;");
        s.line("let k = 0;");
        s.line("const seeds = clientSeeds.map(([seat, seed]) => seat + '=' + seed).join(',');");
        s.line("const next = () => word(handValue, 'pk1:' + T + ':' + S + ':' + n + ':' + seeds + ':' + (k++));");
        s.line("const deck = shuffle([...Array(52).keys()]);");
        s.line("const salt = (i) => createHmac('sha256', handValue).update('pk1:salt:' + i).digest('hex');");
        s.line("let level = deck.map((card, i) => leaf(i, card, salt(i)));");
        s.line("while (level.length < 64) level.push(sha256('pk1:pad'));");
        s.line("while (level.length > 1) {");
        s.line("  const up = [];");
        s.line(
            "  for (let i = 0; i < level.length; i += 2) up.push(node(level[i], level[i + 1]));",
        );
        s.line("  level = up;");
        s.line("}");
        s.line("out.deck = deck;");
        s.line("out.root = level[0];");
        s.line("out.rootOk = level[0] === deckRoot;");
        s.same_style("recipe.step.pokerDisplay", GAMES);
        s.line("const m = clientSeeds.length;");
        s.line("out.holeCards = clientSeeds.map((_, j) => [deck[2 * j], deck[2 * j + 1]]);");
        s.line("out.board = deck.slice(2 * m, 2 * m + 5);");
    }
    if leaves.is_some() {
        s.same_style("recipe.step.leaves", GAMES);
        s.line("out.leavesOk = leaves.map(({ position, card, salt, path }) => {");
        s.line("  let h = leaf(position, card, salt);");
        s.line("  let i = position;");
        s.line("  for (const sibling of path) {");
        s.line("    h = i % 2 === 0 ? node(h, sibling) : node(sibling, h);");
        s.line("    i = Math.floor(i / 2);");
        s.line("  }");
        s.line("  return h === deckRoot;");
        s.line("});");
    }
    s.line("out.seatOrder = clientSeeds.map(([seat]) => seat);");
    finish(s);
    Ok(())
}

pub fn chess(s: &mut Script, map: &Map<String, Value>) -> Result<()> {
    let opt = |k: &str| map.get(k).and_then(Value::as_str).map(str::to_string);
    let seed_b = opt("seedB");
    s.blank();
    s.say("recipe.values", &[]);
    s.line(&format!("const seedA = {};", js(&text(map, "seedA")?)));
    s.line(&format!("const commitA = {};", js(&text(map, "commitA")?)));
    s.line(&format!("const clientA = {};", js(&text(map, "clientA")?)));
    let or_null = |v: Option<String>| v.map_or_else(|| "null".to_string(), |v| js(&v));
    s.line(&format!("const seedB = {};", or_null(seed_b.clone())));
    s.line(&format!("const commitB = {};", or_null(opt("commitB"))));
    s.line(&format!("const clientB = {};", js(&text(map, "clientB")?)));

    s.verbatim(CODE);
    helpers(s)?;
    s.code(&lines_between(OP, "const SPAN", "const die")?);
    s.code(&lines_between(OP, "// Chess colour", "// w = word")?);

    s.same_style("recipe.step.chess", CODE);
    s.line("let k = 0;");
    s.line("function next() {");
    s.line(
        "  const w = seedB === null ? word(seedA, m(k)) : word(seedA, m(k)) ^ word(seedB, m(k));",
    );
    s.line("  k++;");
    s.line("  return w;");
    s.line("}");
    s.line("const out = {};");
    s.say("recipe.caseless", &[]);
    s.line("out.commitAOk = sha256(seedA) === commitA.toLowerCase();");
    if seed_b.is_some() {
        s.line("out.commitBOk = sha256(seedB) === commitB.toLowerCase();");
    }
    s.line("out.aPlaysWhite = int(2) === 0;");
    finish(s);
    Ok(())
}
