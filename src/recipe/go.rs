//! Go recipes (crash, platforms, battle, hash_chain, dice, mines) from the Russian
//! page's functions (`operator/ru_go.go`): the standard library only, `go run recipe.go`.
//! The programs are `templates/{bets,chain,rounds}.go.tmpl`; here, their holes.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::template::{Code, Holes, Lit};
use super::{
    hash, int, internal, opt_hash, opt_int, say_section, start, text, Lang, Words,
    OPERATOR_GO as OP,
};
use crate::error::Result;
use crate::schemes::chain::DEFAULT_MAX_STEPS as PUBLISHED_LENGTH;

/// The page's sections that describe the chain (its walk, earlier rounds) and the
/// reveal of a server seed (the hash shown before the bets, every bet under it).
pub(super) const HOW: &str = "Как это работает";
const VERIFY: &str = "Верификация";

/// The sections of the operator's page that hold each function.
pub(super) fn section(func: &str) -> &'static str {
    match func {
        "HashSeed" => "Генерация хэш-цепочки",
        "GenerateUserGameSeed" => "Генерация игрового сида",
        "rollDice" => "Игра в кости (Dice) — Расчет результата",
        "generateMines" => "Игра Mines — Логика размещения мин",
        "generateLastPlatform" => "Platforms — Игровая логика",
        "generateMultiplier" => "Rocket — Игровая логика",
        _ => "Battle — Честность взвешенной рулетки",
    }
}

/// The imports each function needs.
pub(super) fn imports(func: &str) -> &'static [&'static str] {
    match func {
        "HashSeed" => &["crypto/sha256", "encoding/hex"],
        "GenerateUserGameSeed" => &["crypto/hmac", "crypto/sha256", "encoding/hex", "fmt"],
        "rollDice" => &["fmt", "math/big"],
        "generateMines" => &["crypto/hmac", "crypto/sha256", "encoding/binary", "fmt"],
        "generateLastPlatform" => &["encoding/binary", "encoding/hex", "math/rand"],
        "generateMultiplier" => &["fmt", "math", "math/big"],
        "pickWinner" => &["fmt"],
        _ => &["encoding/binary", "encoding/hex", "fmt", "math"],
    }
}

/// What a bet list recomputes per bet.
enum Setting {
    Selected(Vec<i64>),
    Mines(i64),
}

struct Bet {
    client_seed: String,
    nonce: i64,
    setting: Setting,
}

fn all_bets(map: &Map<String, Value>, dice: bool) -> Result<Vec<Bet>> {
    let default_seed = map.get("clientSeed").and_then(Value::as_str);
    let one = |m: &Map<String, Value>, seed: Option<&str>| -> Result<Bet> {
        let client_seed = m
            .get("clientSeed")
            .and_then(Value::as_str)
            .or(seed)
            .ok_or_else(|| internal("clientSeed"))?
            .to_string();
        let nonce = int(m, "nonce")?;
        let setting = if dice {
            Setting::Selected(
                m.get("selected")
                    .and_then(Value::as_array)
                    .ok_or_else(|| internal("selected"))?
                    .iter()
                    .map(|v| v.as_i64().ok_or_else(|| internal("selected")))
                    .collect::<Result<_>>()?,
            )
        } else {
            Setting::Mines(int(m, "mines")?)
        };
        Ok(Bet {
            client_seed,
            nonce,
            setting,
        })
    };
    match map.get("bets").and_then(Value::as_array) {
        None => Ok(vec![one(map, None)?]),
        Some(list) => list
            .iter()
            .map(|b| {
                b.as_object()
                    .ok_or_else(|| internal("bets"))
                    .and_then(|m| one(m, default_seed))
            })
            .collect(),
    }
}

/// The operator's functions a recipe uses, in page order (so that a reader finds
/// them in the order the page shows them).
const PAGE_ORDER: [&str; 8] = [
    "HashSeed",
    "GenerateUserGameSeed",
    "rollDice",
    "generateMines",
    "generateLastPlatform",
    "generateMultiplier",
    "pickWinner",
    "deterministicFloatFromHash",
];

/// A chain game's functions: its outcome's with what it calls (none for `hash_chain`).
pub(super) fn game_functions(scheme: &str) -> &'static [&'static str] {
    match scheme {
        "crash" => &["generateMultiplier"],
        "platforms" => &["generateLastPlatform"],
        "battle" => &["pickWinner", "deterministicFloatFromHash"],
        _ => &[],
    }
}

/// The holes every Go recipe has: the header, the imports (what `main` needs and
/// each function's), the operator's functions `funcs` verbatim in page order, the
/// comments around `main`.
pub(super) fn common(w: &Words, scheme: &str, funcs: &[&str]) -> Result<Holes> {
    let mut all: BTreeSet<&str> = ["encoding/json", "fmt", "os"].into_iter().collect();
    if scheme == "crash" {
        all.extend(["math", "strconv"]);
    }
    for f in funcs {
        all.extend(imports(f));
    }
    let imports = all
        .iter()
        .map(|i| {
            let mut row = Holes::new();
            row.lit("path", Lit::str(i));
            row
        })
        .collect();
    let functions = PAGE_ORDER
        .iter()
        .filter(|f| funcs.contains(f))
        .map(|f| {
            let mut row = Holes::new();
            row.comment("funcComment", say_section(w, "recipe.verbatim", section(f)))
                .code("funcCode", Code::go_function(OP, f)?);
            Ok(row)
        })
        .collect::<Result<_>>()?;
    let mut h = start(Lang::Go, w);
    h.rows("imports", imports)
        .rows("funcs", functions)
        .comment("values", w.say("recipe.values", &[]))
        .comment("stepMain", w.say("recipe.step.main", &[]));
    Ok(h)
}

/// The sections of a chain game (`crash` also gets `twoDecimals`).
pub(super) fn game_sections(h: &mut Holes, w: &Words, scheme: &str) {
    h.flag("isCrash", scheme == "crash")
        .flag("isPlatforms", scheme == "platforms")
        .flag("isBattle", scheme == "battle");
    if scheme == "crash" {
        h.comment("stepTwoDecimals", w.say("recipe.step.twoDecimals", &[]));
    }
}

/// The holes of a dice or mines record, one bet or a list (`templates/bets.go.tmpl`).
pub fn bets(map: &Map<String, Value>, w: &Words) -> Result<Holes> {
    let scheme = text(map, "scheme")?;
    let dice = scheme == "dice";
    let mut funcs = vec![
        "GenerateUserGameSeed",
        if dice { "rollDice" } else { "generateMines" },
    ];
    let commitment = opt_hash(map, "serverSeedHash")?;
    if commitment.is_some() {
        funcs.push("HashSeed");
    }
    let rows = all_bets(map, dice)?
        .into_iter()
        .map(|b| {
            let mut row = Holes::new();
            row.lit("clientSeed", Lit::str(&b.client_seed))
                .lit("nonce", Lit::int(b.nonce));
            match b.setting {
                Setting::Selected(v) => {
                    row.lit("selected", Lit::list(v.into_iter().map(Lit::int).collect()))
                }
                Setting::Mines(n) => row.lit("mines", Lit::int(n)),
            };
            row
        })
        .collect();
    let many = map.get("bets").is_some();
    let mut h = common(w, &scheme, &funcs)?;
    h.lit("serverSeed", Lit::str(&text(map, "serverSeed")?))
        .flag("hasCommitment", commitment.is_some())
        .flag("isDice", dice)
        .flag("many", many)
        .rows("bets", rows)
        .comment("stepBets", w.say("recipe.step.bets", &[]));
    if let Some(c) = &commitment {
        h.lit("serverSeedHash", Lit::str(c))
            .comment("stepCommitment", w.say("recipe.step.commitment", &[]));
    }
    if commitment.is_some() || many {
        h.comment("sameStyle", say_section(w, "recipe.sameStyle", VERIFY));
    }
    Ok(h)
}

/// The holes of a chain record: crash (with its earlier rounds), platforms, battle,
/// hash_chain, each with its walk to the terminal when one is given
/// (`templates/chain.go.tmpl`).
pub fn chain(map: &Map<String, Value>, w: &Words) -> Result<Holes> {
    let scheme = text(map, "scheme")?;
    let mut funcs: Vec<&str> = game_functions(&scheme).to_vec();
    let history = if scheme == "crash" {
        opt_int(map, "history")
    } else {
        None
    };
    let terminal = opt_hash(map, "terminal")?;
    if history.is_some() || terminal.is_some() {
        funcs.push("HashSeed");
    }
    let mut h = common(w, &scheme, &funcs)?;
    game_sections(&mut h, w, &scheme);
    h.lit("hash", Lit::str(&hash(map, "hash")?))
        .flag("hasHistory", history.is_some())
        .flag("hasTerminal", terminal.is_some());
    if history.is_some() || terminal.is_some() {
        h.comment("sameStyle", say_section(w, "recipe.sameStyle", HOW));
    }
    if let Some(n) = history {
        h.lit("history", Lit::int(n))
            .comment("stepHistory", w.say("recipe.step.history", &[]));
    }
    if scheme == "battle" {
        let chances = map
            .get("chances")
            .and_then(Value::as_array)
            .ok_or_else(|| internal("chances"))?
            .iter()
            .map(|v| {
                v.as_f64()
                    .ok_or_else(|| internal("chances"))
                    .and_then(Lit::float)
            })
            .collect::<Result<_>>()?;
        h.lit("chances", Lit::slice("[]float64", chances))
            .comment("floats", w.say("recipe.step.floats", &[]));
    }
    if let Some(t) = terminal {
        let max = opt_int(map, "maxSteps").unwrap_or(PUBLISHED_LENGTH);
        walk(&mut h, w, Lit::str(&t), max);
        h.comment("stepWalked", w.say("recipe.step.walked", &[]));
    }
    Ok(h)
}

/// The holes of the walk to the terminal (a record's, or a history's oldest round's):
/// at most `max` links; a walk of the published length that misses is a fail.
pub(super) fn walk(h: &mut Holes, w: &Words, terminal: Lit, max: i64) {
    h.lit("terminal", terminal)
        .lit("maxSteps", Lit::int(max))
        .lit("publishedLength", Lit::int(PUBLISHED_LENGTH))
        .comment(
            "stepChain",
            w.say_count("recipe.step.chain", max, &[("max", &max.to_string())]),
        );
}
