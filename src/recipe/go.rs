//! Go recipes (crash, platforms, battle, hash_chain, dice, mines) from the Russian
//! page's functions (`operator/ru_go.go`): the standard library only, `go run recipe.go`.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::{hash, int, internal, lit, opt_hash, opt_int, text, Lang, Script, OPERATOR_GO as OP};
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

/// One published function, verbatim: from `func name(` to the closing brace.
pub(super) fn function(name: &str) -> Result<String> {
    let lines: Vec<&str> = OP.lines().collect();
    let head = format!("func {name}(");
    let start = lines
        .iter()
        .position(|l| l.starts_with(&head))
        .ok_or_else(|| internal(name))?;
    let end = lines[start..]
        .iter()
        .position(|l| *l == "}")
        .ok_or_else(|| internal(name))?;
    Ok(lines[start..=start + end].join("\n"))
}

fn go(s: &str) -> String {
    lit(Lang::Go, s)
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

fn bets(map: &Map<String, Value>, dice: bool) -> Result<Vec<Bet>> {
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

/// A float64 literal Go parses to the same number (Rust prints the shortest text
/// that reads back exactly, never with an exponent).
fn float(v: &Value) -> Result<String> {
    let f = v.as_f64().ok_or_else(|| internal("chances"))?;
    if !f.is_finite() {
        return Err(internal("chances"));
    }
    Ok(format!("{f}"))
}

pub fn chain_or_bet(s: &mut Script, scheme: &str, map: &Map<String, Value>) -> Result<()> {
    let mut funcs: Vec<&str> = Vec::new();
    let mut body: Vec<String> = Vec::new();
    let mut values: Vec<String> = Vec::new();
    let mut own: BTreeSet<&str> = ["encoding/json", "fmt", "os"].into_iter().collect();
    // Comments of the player's language inside main (key → text, or nothing).
    let say = |s: &Script, key: &str, params: &[(&str, &str)]| -> Option<String> {
        s.words.get(key, params).map(|t| format!("\t// {t}"))
    };

    let single = matches!(scheme, "dice" | "mines");
    if single {
        let dice = scheme == "dice";
        funcs.push("GenerateUserGameSeed");
        funcs.push(if dice { "rollDice" } else { "generateMines" });
        let server_seed = text(map, "serverSeed")?;
        values.push(format!("const serverSeed = {}", go(&server_seed)));
        let commitment = opt_hash(map, "serverSeedHash")?;
        if let Some(h) = &commitment {
            funcs.push("HashSeed");
            values.push(format!("const serverSeedHash = {}", go(h)));
        }
        let list = bets(map, dice)?;
        let many = map.get("bets").is_some();
        values.push("type bet struct {".into());
        values.push("\tclientSeed string".into());
        values.push("\tnonce      int64".into());
        values.push(if dice {
            "\tselected   []int64".into()
        } else {
            "\tmines      int".into()
        });
        values.push("}".into());
        values.push("var bets = []bet{".into());
        for b in &list {
            let setting = match &b.setting {
                Setting::Selected(v) => format!(
                    "[]int64{{{}}}",
                    v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
                ),
                Setting::Mines(n) => n.to_string(),
            };
            values.push(format!(
                "\t{{{}, {}, {setting}}},",
                go(&b.client_seed),
                b.nonce
            ));
        }
        values.push("}".into());

        if commitment.is_some() {
            body.extend(say(s, "recipe.sameStyle", &[("section", VERIFY)]));
            body.extend(say(s, "recipe.step.commitment", &[]));
            body.push("\tout[\"commitmentOk\"] = HashSeed(serverSeed) == serverSeedHash".into());
        }
        if many {
            body.extend(say(s, "recipe.sameStyle", &[("section", VERIFY)]));
        }
        body.extend(say(s, "recipe.step.bets", &[]));
        body.push("\tresults := []map[string]interface{}{}".into());
        body.push("\tfor _, b := range bets {".into());
        body.push(
            "\t\tgameSeed, err := GenerateUserGameSeed(b.clientSeed, serverSeed, b.nonce)".into(),
        );
        body.push("\t\tmust(err)".into());
        body.push(
            "\t\tr := map[string]interface{}{\"nonce\": b.nonce, \"gameSeed\": gameSeed}".into(),
        );
        if dice {
            body.push("\t\tface, win, err := rollDice(gameSeed, b.selected)".into());
            body.push("\t\tmust(err)".into());
            body.push("\t\tr[\"face\"], r[\"win\"] = face, win".into());
        } else {
            body.push("\t\tmines, err := generateMines(gameSeed, b.mines)".into());
            body.push("\t\tmust(err)".into());
            body.push("\t\tif mines == nil {".into());
            body.push("\t\t\tmines = []int64{}".into());
            body.push("\t\t}".into());
            body.push("\t\tr[\"mines\"] = mines".into());
        }
        body.push("\t\tresults = append(results, r)".into());
        body.push("\t}".into());
        if many {
            body.push("\tout[\"bets\"] = results".into());
        } else {
            body.push("\tfor key, value := range results[0] {".into());
            body.push("\t\tif key != \"nonce\" {".into());
            body.push("\t\t\tout[key] = value".into());
            body.push("\t\t}".into());
            body.push("\t}".into());
        }
    } else {
        let h = hash(map, "hash")?;
        values.push(format!("const hash = {}", go(&h)));
        match scheme {
            "crash" => {
                body.extend(game_call(scheme, &Call::RECORD, &mut funcs, &mut own));
                if let Some(n) = opt_int(map, "history") {
                    funcs.push("HashSeed");
                    values.push(format!("const history = {n}"));
                    body.extend(say(s, "recipe.sameStyle", &[("section", HOW)]));
                    body.extend(say(s, "recipe.step.history", &[]));
                    body.push("\trounds := []map[string]string{}".into());
                    body.push(
                        "\tfor i, h := 0, hash; i < history; i, h = i+1, HashSeed(h) {".into(),
                    );
                    body.push("\t\tm, err := generateMultiplier(h)".into());
                    body.push("\t\tmust(err)".into());
                    body.push("\t\trounds = append(rounds, map[string]string{\"hash\": h, \"multiplier\": twoDecimals(m)})".into());
                    body.push("\t}".into());
                    body.push("\tout[\"history\"] = rounds".into());
                }
            }
            "platforms" => {
                body.extend(game_call(scheme, &Call::RECORD, &mut funcs, &mut own));
            }
            "battle" => {
                let chances: Vec<String> = map
                    .get("chances")
                    .and_then(Value::as_array)
                    .ok_or_else(|| internal("chances"))?
                    .iter()
                    .map(float)
                    .collect::<Result<_>>()?;
                if let Some(t) = s.words.get("recipe.step.floats", &[]) {
                    values.push(format!("// {t}"));
                }
                values.push(format!("var chances = []float64{{{}}}", chances.join(", ")));
                body.extend(game_call(scheme, &Call::RECORD, &mut funcs, &mut own));
            }
            _ => {}
        }
        if let Some(terminal) = opt_hash(map, "terminal")? {
            if !funcs.contains(&"HashSeed") {
                funcs.push("HashSeed");
            }
            let max = opt_int(map, "maxSteps").unwrap_or(PUBLISHED_LENGTH);
            values.push(format!("const terminal = {}", go(&terminal)));
            values.push(format!("const maxSteps = {max}"));
            let maxs = max.to_string();
            body.extend(say(s, "recipe.sameStyle", &[("section", HOW)]));
            body.extend(say(s, "recipe.step.chain", &[("max", &maxs)]));
            body.extend(chain_walk("hash"));
            body.push("\tif round > 0 {".into());
            body.push("\t\tout[\"chainOk\"], out[\"round\"] = true, round".into());
            body.push(format!("\t}} else if maxSteps >= {PUBLISHED_LENGTH} {{"));
            body.push("\t\tout[\"chainOk\"] = false".into());
            body.push("\t} else {".into());
            body.extend(say(s, "recipe.step.walked", &[]).map(|t| format!("\t{t}")));
            body.push("\t\tout[\"walked\"] = maxSteps".into());
            body.push("\t}".into());
        }
    }

    assemble(s, &funcs, &own, &values, &body, scheme == "crash")
}

/// The script: the header, the values, the operator's functions `funcs` (verbatim,
/// in page order), then `main` with `body`. `own`: the imports `main` needs.
pub(super) fn assemble(
    s: &mut Script,
    funcs: &[&str],
    own: &BTreeSet<&str>,
    values: &[String],
    body: &[String],
    two_decimals: bool,
) -> Result<()> {
    let mut all: BTreeSet<&str> = own.clone();
    for f in funcs {
        all.extend(imports(f));
    }
    s.blank();
    s.line("package main");
    s.blank();
    s.line("import (");
    for i in &all {
        s.line(&format!("\t\"{i}\""));
    }
    s.line(")");
    s.blank();
    s.say("recipe.values", &[]);
    for v in values {
        s.line(v);
    }
    // Page order, so that a reader finds them in the order the page shows them.
    let order = [
        "HashSeed",
        "GenerateUserGameSeed",
        "rollDice",
        "generateMines",
        "generateLastPlatform",
        "generateMultiplier",
        "pickWinner",
        "deterministicFloatFromHash",
    ];
    for f in order.iter().filter(|f| funcs.contains(f)) {
        s.verbatim(section(f));
        s.code(&function(f)?);
    }
    s.blank();
    s.say("recipe.step.main", &[]);
    s.line("func must(err error) {");
    s.line("\tif err != nil {");
    s.line("\t\tfmt.Fprintln(os.Stderr, err)");
    s.line("\t\tos.Exit(1)");
    s.line("\t}");
    s.line("}");
    if two_decimals {
        s.blank();
        s.say("recipe.step.twoDecimals", &[]);
        s.line("func twoDecimals(m float64) string {");
        s.line("\tn := strconv.FormatFloat(math.Round(m*100), 'f', 0, 64)");
        s.line("\tfor len(n) < 3 {");
        s.line("\t\tn = \"0\" + n");
        s.line("\t}");
        s.line("\treturn n[:len(n)-2] + \".\" + n[len(n)-2:]");
        s.line("}");
    }
    s.blank();
    s.line("func main() {");
    s.line("\tout := map[string]interface{}{}");
    for l in body {
        s.line(l);
    }
    s.say_in("\t", "recipe.output", &[]);
    s.line("\tline, err := json.Marshal(out)");
    s.line("\tmust(err)");
    s.line("\tfmt.Println(string(line))");
    s.line("}");
    Ok(())
}

/// Where a chain game's call reads its inputs and puts its result: a record's own
/// values (`hash`, `chances`, `out[<result key>]`) or a round history's row (`r.hash`,
/// `r.chances`, `row["computed"]`), at the loop's indent.
pub(super) struct Call {
    indent: &'static str,
    hash: &'static str,
    chances: &'static str,
    /// `None`: the record's result key in `out`; `Some(t)`: this target for every game.
    target: Option<&'static str>,
}

impl Call {
    pub(super) const RECORD: Call = Call {
        indent: "\t",
        hash: "hash",
        chances: "chances",
        target: None,
    };
    pub(super) const ROW: Call = Call {
        indent: "\t\t",
        hash: "r.hash",
        chances: "r.chances",
        target: Some("row[\"computed\"]"),
    };
}

/// A chain game's result from the operator's Go functions (one place for a record and
/// for each round of a history): the call, `must(err)`, and the result in its target.
/// Empty for a scheme that is not a chain game.
pub(super) fn game_call(
    scheme: &str,
    at: &Call,
    funcs: &mut Vec<&'static str>,
    own: &mut BTreeSet<&'static str>,
) -> Vec<String> {
    let (func, var, call, key, value) = match scheme {
        "crash" => {
            own.insert("math");
            own.insert("strconv");
            let call = format!("generateMultiplier({})", at.hash);
            (
                "generateMultiplier",
                "m",
                call,
                "multiplier",
                "twoDecimals(m)",
            )
        }
        "platforms" => {
            let call = format!("generateLastPlatform({})", at.hash);
            (
                "generateLastPlatform",
                "platform",
                call,
                "lastPlatform",
                "platform",
            )
        }
        "battle" => {
            funcs.push("deterministicFloatFromHash");
            let call = format!("pickWinner({}, {})", at.hash, at.chances);
            ("pickWinner", "winner", call, "winner", "winner")
        }
        _ => return Vec::new(),
    };
    if !funcs.contains(&func) {
        funcs.push(func);
    }
    let target = at
        .target
        .map_or_else(|| format!("out[\"{key}\"]"), str::to_string);
    let i = at.indent;
    vec![
        format!("{i}{var}, err := {call}"),
        format!("{i}must(err)"),
        format!("{i}{target} = {value}"),
    ]
}

/// The walk from `start` towards the terminal, at most `maxSteps` links (SPEC §6): `round`
/// is the number of links when the terminal is met, else 0. One loop for a record and
/// for a round history's oldest round.
pub(super) fn chain_walk(start: &str) -> Vec<String> {
    vec![
        "\tround := 0".into(),
        format!("\tfor i, h := 1, HashSeed({start}); i <= maxSteps; i, h = i+1, HashSeed(h) {{"),
        "\t\tif h == terminal {".into(),
        "\t\t\tround = i".into(),
        "\t\t\tbreak".into(),
        "\t\t}".into(),
        "\t}".into(),
    ]
}
