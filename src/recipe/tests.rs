use std::path::{Path, PathBuf};

use serde_json::Value;

use super::template::{fill, fill_noting, names_of, Holes, Lit, Template, TEMPLATES};
use super::*;

fn english() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/i18n/en.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn vectors(scheme: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/vectors/{scheme}.jsonl"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|c| c["expect"].get("error").is_none())
        .map(|c| c["record"].clone())
        .collect()
}

const SCHEMES: [&str; 10] = [
    "match_seed_v2",
    "poker_hmac_v1",
    "chess_colour_v1",
    "selfpoker",
    "crash",
    "platforms",
    "battle",
    "hash_chain",
    "dice",
    "mines",
];

/// Everything but whitespace.
fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The shared folder's rule (`tests/common/shared.rs`): `../shared` or
/// FAIRVERIFY_SHARED; missing fails unless FAIRVERIFY_NO_SHARED=1.
#[path = "../../tests/common/shared.rs"]
mod shared;

/// `seeds` of the shared folder: the operators' pages.
fn seeds_dir() -> Option<PathBuf> {
    shared::shared_dir("seeds")
}

#[test]
fn operator_code_is_the_pages_code() {
    let Some(dir) = seeds_dir() else {
        return;
    };
    let pages: String = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
        .map(|e| squeeze(&std::fs::read_to_string(e.path()).unwrap()))
        .collect::<Vec<_>>()
        .join("\u{0}");
    // The Node and Python snippets are one block each on their page; the Go
    // functions are separate blocks with prose between them.
    assert!(
        pages.contains(&squeeze(OPERATOR_NODE)),
        "ro_node.js differs from the Romanian page"
    );
    assert!(
        pages.contains(&squeeze(OPERATOR_PYTHON)),
        "it_numpy.py differs from the Italian page"
    );
    let mut count = 0;
    for piece in OPERATOR_GO.split("\nfunc ") {
        let piece = piece.strip_prefix("func ").unwrap_or(piece);
        let f = format!("func {piece}");
        assert!(
            pages.contains(&squeeze(&f)),
            "ru_go.go differs from the Russian page:\n{f}"
        );
        count += 1;
    }
    assert_eq!(count, 8);
}

#[test]
fn a_changed_operator_line_is_seen() {
    // The comparison above can fail: a one-character change is not on any page.
    let Some(dir) = seeds_dir() else { return };
    let page = squeeze(&std::fs::read_to_string(dir.join("000_a467f40df81df4f3.txt")).unwrap());
    assert!(page.contains(&squeeze(OPERATOR_NODE)));
    assert!(!page.contains(&squeeze(&OPERATOR_NODE.replace("k++", "++k"))));
}

#[test]
fn every_vector_has_a_recipe_with_the_operators_lines() {
    let en = english();
    for scheme in SCHEMES {
        for record in vectors(scheme) {
            let r = recipe(&record, &en).unwrap_or_else(|e| panic!("{scheme}: {e:?}"));
            let t = r["text"].as_str().unwrap();
            let first = t.lines().next().unwrap();
            // How to run it, in the catalog's words (issue 44: never an English "run:"
            // in another language).
            assert_eq!(
                first,
                format!(
                    "{} {}",
                    if scheme == "selfpoker" { "#" } else { "//" },
                    en["recipe.run"]
                        .as_str()
                        .unwrap()
                        .replace("{command}", r["command"].as_str().unwrap())
                )
            );
            let op = match r["language"].as_str().unwrap() {
                "node" => OPERATOR_NODE,
                "python" => OPERATOR_PYTHON,
                _ => OPERATOR_GO,
            };
            // Every line of the recipe that is code of the operator's is theirs
            // verbatim; and the recipe has the operator's central lines.
            let must = match scheme {
                "match_seed_v2" => "const next = () => word(serverSeed, 'pf2:'",
                "poker_hmac_v1" => "function shuffle(a) {",
                "chess_colour_v1" => "const m = (k) => 'cc1:'",
                "selfpoker" => "paquet = list(np.random.default_rng(graine).permutation(52))",
                "crash" => "func generateMultiplier(hash string) (float64, error) {",
                "platforms" => "func generateLastPlatform(hash string) (int64, error) {",
                "battle" => "func pickWinner(hash string, chances []float64) (int, error) {",
                "hash_chain" => "func HashSeed(seed string) string {",
                "dice" => {
                    "func rollDice(seed string, selectedNumbers []int64) (int64, bool, error) {"
                }
                _ => "func generateMines(seedHex string, numberOfMines int) ([]int64, error) {",
            };
            assert!(op.contains(must) && t.contains(must), "{scheme}: {must}");
            assert!(t.contains("From here"), "{scheme}: the verbatim comment");
        }
    }
}

#[test]
fn an_invalid_record_is_the_verifiers_error() {
    let en = english();
    let bad = serde_json::json!({"scheme": "dice", "serverSeed": "a", "clientSeed": "b", "nonce": 1, "selected": [7]});
    let e = recipe(&bad, &en).unwrap_err();
    assert_eq!(
        e.code.as_str(),
        crate::verify(&bad).unwrap_err().code.as_str()
    );
    let unsupported = serde_json::json!({"scheme": "match_seed_v1"});
    assert_eq!(
        recipe(&unsupported, &en).unwrap_err().code.as_str(),
        "unsupported_scheme"
    );
}

#[test]
fn comments_come_from_the_words_and_stay_comments() {
    let record = vectors("dice").remove(0);
    let none = recipe(&record, &Value::Null).unwrap();
    let t = none["text"].as_str().unwrap();
    assert!(!t.contains("From here"), "no words, no comment");
    assert!(t.starts_with("// run: go run recipe.go\n"));
    // A catalog text that tries to end the comment stays on its line.
    let words = serde_json::json!({"recipe.head": "line one\nos.Exit(3)\u{202e} end"});
    let t = recipe(&record, &words).unwrap()["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(t.contains("\n// line one os.Exit(3) end\n"), "{t}");
}

#[test]
fn literals_escape_what_a_reader_cannot_see() {
    let s = "a\"b\\c\nd\u{200b}e\u{feff}f\u{e0041}g✓";
    assert_eq!(
        lit(Lang::Node, s),
        "\"a\\\"b\\\\c\\nd\\u200be\\ufefff\\u{e0041}g✓\""
    );
    assert_eq!(
        lit(Lang::Go, s),
        "\"a\\\"b\\\\c\\nd\\u200be\\ufefff\\U000e0041g✓\""
    );
    assert_eq!(lit(Lang::Python, "\u{7}"), "\"\\u0007\"");
}

#[test]
fn a_round_history_is_one_script_that_loops() {
    let en = english();
    let h = "5e".repeat(32);
    let older = crate::testing::sha256_hex(h.as_bytes());
    let text = format!("{h}\n{older}\n");
    let r = recipe_rounds("crash", &text, &Value::Null, &en).unwrap();
    let t = r["text"].as_str().unwrap();
    assert!(t.starts_with("// Run: go run recipe.go\n"));
    assert!(t.contains("func generateMultiplier(hash string) (float64, error) {"));
    assert!(t.contains("for _, r := range rounds {"));
    assert!(
        t.contains(&format!("\t{{1, \"{h}\", nil}},"))
            && t.contains(&format!("\t{{2, \"{older}\", nil}},"))
    );
    // Lines the core cannot read: no recipe.
    assert!(recipe_rounds("crash", "zz\n", &Value::Null, &en).is_err());
    assert!(recipe_rounds("dice", &text, &Value::Null, &en).is_err());
}

/// Every record the unit tests write a recipe for: every vector, the bet lists of
/// dice and mines (one bet under its own client seed), and records without their
/// optional parts.
fn samples() -> Vec<Value> {
    let mut out = Vec::new();
    for scheme in SCHEMES {
        out.extend(vectors(scheme));
    }
    for scheme in ["dice", "mines"] {
        let list = vectors(scheme);
        let mut base = list[0].clone();
        let m = base.as_object_mut().unwrap();
        let bets: Vec<Value> = list
            .iter()
            .take(3)
            .enumerate()
            .map(|(i, r)| {
                let mut b = serde_json::json!({"nonce": r["nonce"]});
                let key = if scheme == "dice" {
                    "selected"
                } else {
                    "mines"
                };
                b[key] = r[key].clone();
                if i == 1 {
                    b["clientSeed"] = Value::from("own seed");
                }
                b
            })
            .collect();
        m.remove("nonce");
        m.remove("selected");
        m.remove("mines");
        m.insert("bets".into(), Value::from(bets));
        out.push(base);
    }
    out
}

/// Round histories of each game, with and without a terminal.
fn histories() -> Vec<(&'static str, String, Value)> {
    let h = "5e".repeat(32);
    let older = crate::testing::sha256_hex(h.as_bytes());
    let oldest = crate::testing::sha256_hex(older.as_bytes());
    let terminal = serde_json::json!({"terminal": oldest, "maxSteps": 5});
    vec![
        ("crash", format!("{h}\n{older}\n"), Value::Null),
        ("platforms", format!("{older}\n{h}\n"), terminal.clone()),
        (
            "battle",
            format!("{h},1,\"12,5\",\"87,5\"\n{older};0;50;50\n"),
            Value::Null,
        ),
        ("chain", format!("{h}\n{older}\n"), terminal),
    ]
}

#[test]
fn every_scheme_has_a_recipe_kind() {
    let ids: Vec<&str> = crate::schemes::ALL.iter().map(|s| s.desc.id).collect();
    let kinds: Vec<&str> = KINDS.iter().map(|(id, _)| *id).collect();
    assert_eq!(
        ids, kinds,
        "a new scheme needs its recipe (docs/adding-a-scheme.md)"
    );
    assert_eq!(SCHEMES.to_vec(), kinds);
}

#[test]
fn every_template_is_filled_whole_by_the_samples() {
    // Every hole and section of every template is reached by some sample, in every
    // language's words and in none: a hole no code fills, or filled under a name the
    // template lacks, is an error of `fill`; a hole no sample reaches is named here.
    let en = english();
    let mut used: Vec<std::collections::BTreeSet<String>> =
        vec![Default::default(); TEMPLATES.len()];
    let index = |t: &Template| TEMPLATES.iter().position(|x| x.name == t.name).unwrap();
    for words in [en.clone(), Value::Null] {
        let w = Words::new(&words);
        for record in samples() {
            let (_, map) = crate::input::unwrap_record(record.clone());
            let mut map = map.as_object().unwrap().clone();
            for key in ["rolls", "deals"] {
                if !map.contains_key(key) {
                    if let Ok(r) = crate::verify_with(
                        &record,
                        &Options {
                            walk: Walk::Pending,
                            ..Options::default()
                        },
                    ) {
                        if let Some(l) = r[key].as_array() {
                            map.insert(key.into(), Value::from(l.len()));
                        }
                    }
                }
            }
            let kind = kind_of(map["scheme"].as_str().unwrap()).unwrap();
            let holes = (kind.holes)(&map, &w).unwrap();
            fill_noting(kind.template, &holes, &mut used[index(kind.template)])
                .unwrap_or_else(|e| panic!("{}: {}", kind.template.name, e.message));
        }
    }
    for (game, text, options) in histories() {
        assert!(recipe_rounds(game, &text, &options, &en).is_ok(), "{game}");
    }
    // The round history's template is reached through recipe_rounds: its names once
    // more through a fill that notes them.
    for (i, t) in TEMPLATES.iter().enumerate() {
        let names = names_of(t).unwrap();
        let missed: Vec<&&str> = names
            .iter()
            .filter(|n| t.name != "rounds.go.tmpl" && !used[i].contains(**n))
            .collect();
        assert!(
            missed.is_empty(),
            "{}: no sample reaches {missed:?}",
            t.name
        );
    }
}

#[test]
fn a_round_history_reaches_every_hole_of_its_template() {
    let en = english();
    let mut used = std::collections::BTreeSet::new();
    for words in [en, Value::Null] {
        for (game, text, options) in histories() {
            let (_, h) = rounds::holes(game, &text, &options, &words).unwrap();
            fill_noting(&template::ROUNDS, &h, &mut used).unwrap();
        }
    }
    let names = names_of(&template::ROUNDS).unwrap();
    let missed: Vec<&&str> = names.iter().filter(|n| !used.contains(**n)).collect();
    assert!(
        missed.is_empty(),
        "rounds.go.tmpl: no history reaches {missed:?}"
    );
}

#[test]
fn a_hole_left_unfilled_or_unknown_is_an_error() {
    const T: Template = Template {
        name: "test.js",
        lang: Lang::Node,
        text: "const a = {{a}};\n{{#on}}\n{{note}}\n{{/on}}\n",
    };
    let mut h = Holes::new();
    h.lit("a", Lit::str("x\"")).flag("on", false);
    assert_eq!(fill(&T, &h).unwrap(), "const a = \"x\\\"\";\n");
    // A hidden section needs no values; a shown one does.
    h.flag("on", true);
    assert!(fill(&T, &h)
        .unwrap_err()
        .message
        .contains("`note` not filled"));
    h.comment("note", None);
    assert_eq!(fill(&T, &h).unwrap(), "const a = \"x\\\"\";\n");
    h.comment("note", Some(template::Comment::safe("one\ntwo")));
    assert_eq!(fill(&T, &h).unwrap(), "const a = \"x\\\"\";\n// one two\n");
    // A value for a hole the template does not have.
    h.lit("b", Lit::int(1));
    assert!(fill(&T, &h).unwrap_err().message.contains("no hole `b`"));
    // A comment inside a line, a section never closed, a tag that is not a name.
    let mut c = Holes::new();
    c.comment("a", None).flag("on", false);
    assert!(fill(&T, &c).is_err());
    for text in ["{{#on}}\nx\n", "x {{a b}}\n", "{{/on}}\n", "{{a\n"] {
        let t = Template {
            name: "bad",
            lang: Lang::Go,
            text,
        };
        let mut h = Holes::new();
        h.lit("a", Lit::int(1)).flag("on", true);
        assert!(fill(&t, &h).is_err(), "{text:?}");
    }
    // Go's braces next to a hole are text.
    let t = Template {
        name: "go",
        lang: Lang::Go,
        text: "\t{{{a}}, []int64{{l}}},\n",
    };
    let mut h = Holes::new();
    h.lit("a", Lit::str("s"))
        .lit("l", Lit::list(vec![Lit::int(1), Lit::int(2)]));
    assert_eq!(fill(&t, &h).unwrap(), "\t{\"s\", []int64{1, 2}},\n");
}

#[test]
fn the_go_templates_share_their_helpers_word_for_word() {
    // `must` and `twoDecimals` are written in each Go template: held equal here.
    let block = |text: &str, head: &str| -> Option<String> {
        let start = text.find(head)?;
        let end = text[start..].find("\n}\n")?;
        Some(text[start..start + end].to_string())
    };
    let go: Vec<&Template> = TEMPLATES
        .iter()
        .copied()
        .filter(|t| t.lang == Lang::Go)
        .collect();
    for head in [
        "func must(",
        "func twoDecimals(",
        "\tline, err := json.Marshal(out)",
    ] {
        let found: Vec<String> = go.iter().filter_map(|t| block(t.text, head)).collect();
        assert!(found.len() >= 2, "{head}");
        assert!(
            found.windows(2).all(|w| w[0] == w[1]),
            "{head} differs between Go templates"
        );
    }
}

#[test]
fn the_python_check_is_computed_not_asserted() {
    let record = vectors("selfpoker").remove(0);
    let t = recipe(&record, &Value::Null).unwrap()["text"]
        .as_str()
        .unwrap()
        .to_string();
    // The operator's assert is kept as their line; the check printed is computed.
    assert!(t.contains(
        "\n    assert hashlib.sha256(f\"selfpoker:{graine}\".encode()).hexdigest() == commit\n"
    ));
    assert!(t.contains(
        "\ncommitmentOk = hashlib.sha256(f\"selfpoker:{graine}\".encode()).hexdigest() == commit\n"
    ));
    assert!(!t.contains("commitmentOk = True"));
}

#[test]
fn literals_and_comments_escape_every_character_of_the_one_table() {
    // The recipe has no table of its own: every character `chars::invisible` names
    // (U+0890 among them, which the recipe's former copy lacked) is an escape in a
    // literal of each language and is dropped from a comment.
    let mut count = 0;
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        if !crate::chars::invisible(c) {
            continue;
        }
        count += 1;
        for lang in [Lang::Node, Lang::Python, Lang::Go] {
            let l = lit(lang, &format!("a{c}b"));
            assert!(
                !l.contains(c) && l.is_ascii(),
                "{lang:?} U+{:04X}: {l}",
                c as u32
            );
        }
        assert!(
            !comment_safe(&format!("a{c}b")).contains(c),
            "U+{:04X}",
            c as u32
        );
    }
    assert!(crate::chars::invisible('\u{890}') && count > 200, "{count}");
}

fn catalog(lang: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("www/i18n/{lang}.json"));
    let mut words: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    words["@lang"] = Value::from(lang);
    words
}

/// The comment lines of a recipe (`//` or `#`), joined.
fn comments(t: &str) -> String {
    t.lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with("//") || l.starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_closing_comment_names_only_what_this_games_script_prints() {
    // Issue 44 (ru, ar, zh): the same closing comment for every game explained
    // commitmentOk to a crash round and nothing of dice's face and win.
    for lang in ["en", "ru", "zh"] {
        let words = catalog(lang);
        let key = |k: &str| {
            words[format!("recipe.key.{k}")]
                .as_str()
                .unwrap()
                .to_string()
        };
        for (scheme, has, hasnt) in [
            (
                "dice",
                &["face", "win", "gameSeed"][..],
                &["chainOk", "multiplier", "mines"][..],
            ),
            ("crash", &["multiplier"][..], &["commitmentOk", "face"][..]),
            ("mines", &["mines"][..], &["face", "chainOk"][..]),
        ] {
            let record = vectors(scheme).remove(0);
            let t = recipe(&record, &words).unwrap()["text"]
                .as_str()
                .unwrap()
                .to_string();
            let said = comments(&t);
            for k in has {
                assert!(said.contains(&key(k)), "{lang} {scheme}: {k}\n{said}");
            }
            for k in hasnt {
                assert!(!said.contains(&key(k)), "{lang} {scheme}: not {k}\n{said}");
            }
            // Every key it explains is one the script prints.
            for k in printed(scheme, record.as_object().unwrap()) {
                assert!(
                    t.contains(&format!("\"{k}\"")) || t.contains(&format!("out.{k}")),
                    "{scheme}: {k} printed"
                );
            }
        }
    }
}

#[test]
fn a_count_in_a_recipe_takes_its_plural_form() {
    // Issue 44 (it): "al massimo 1 volte".
    let crash = vectors("crash")
        .into_iter()
        .find(|r| r.get("terminal").is_some())
        .expect("a crash vector with a terminal");
    for (lang, steps, want) in [
        ("it", 1, "al massimo una volta"),
        ("it", 2, "al massimo 2 volte"),
        ("en", 1, "at most once"),
        ("ar", 2, "مرتين على الأكثر"),
    ] {
        let mut record = crash.clone();
        record["maxSteps"] = Value::from(steps);
        let t = recipe(&record, &catalog(lang)).unwrap()["text"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(t.contains(want), "{lang} {steps}: {want}\n{}", comments(&t));
        assert!(!t.contains("1 volte") && !t.contains("1 times"), "{t}");
    }
}

#[test]
fn plural_categories_are_the_cldr_ones() {
    // What Intl.PluralRules says for these numbers (Node 20, ICU 78).
    let cases = [
        (
            "en",
            [0, 1, 2, 5, 11, 21, 100, 1_000_000],
            [
                "other", "one", "other", "other", "other", "other", "other", "other",
            ],
        ),
        (
            "it",
            [0, 1, 2, 5, 11, 21, 100, 1_000_000],
            [
                "other", "one", "other", "other", "other", "other", "other", "many",
            ],
        ),
        (
            "ro",
            [0, 1, 2, 5, 11, 21, 100, 101],
            ["few", "one", "few", "few", "few", "other", "other", "few"],
        ),
        (
            "ru",
            [0, 1, 2, 5, 11, 21, 100, 22],
            ["many", "one", "few", "many", "many", "one", "many", "few"],
        ),
        (
            "ar",
            [0, 1, 2, 5, 11, 21, 100, 1_000_000],
            [
                "zero", "one", "two", "few", "many", "many", "other", "other",
            ],
        ),
        ("zh", [0, 1, 2, 5, 11, 21, 100, 1_000_000], ["other"; 8]),
    ];
    for (lang, ns, want) in cases {
        for (n, w) in ns.iter().zip(want) {
            assert_eq!(plural(lang, *n), w, "{lang} {n}");
        }
    }
}

#[test]
fn a_backgammon_recipe_counts_seats_only_and_sections_are_glossed() {
    // Issue 44 (read3): "seats, deals and cards" in a backgammon recipe; the operator's
    // Romanian and Russian section names quoted with no meaning for the reader.
    let table = vectors("match_seed_v2")
        .into_iter()
        .find(|r| r["game"] == "table")
        .unwrap();
    let mines = vectors("mines").remove(0);
    for lang in ["en", "ro", "it", "ru", "ar", "zh"] {
        let words = catalog(lang);
        let w = |k: &str| words[k].as_str().unwrap().to_string();
        let said = comments(recipe(&table, &words).unwrap()["text"].as_str().unwrap());
        let seats = w("recipe.output.keysZero.seats");
        let tail = seats.split("{keys}").nth(1).unwrap();
        assert!(said.contains(tail), "{lang}: {said}");
        let cards = w("recipe.output.keysZero");
        assert!(
            !said.contains(cards.split("{keys}").nth(1).unwrap()),
            "{lang}"
        );
        // The Node page is Romanian: its sections glossed except in Romanian.
        let gloss = w("recipe.section.checkYourself");
        assert_eq!(
            said.contains(&gloss),
            lang != "ro" || gloss == "Verifică singur",
            "{lang}: {said}"
        );
        assert!(
            said.contains("Verifică singur"),
            "{lang}: the section as on the page"
        );
        // The Go page is Russian: glossed except in Russian.
        let said = comments(recipe(&mines, &words).unwrap()["text"].as_str().unwrap());
        let gloss = w("recipe.section.mines");
        assert!(said.contains(&gloss), "{lang}: {said}");
        assert_eq!(
            said.contains(&w("recipe.sectionGloss").replace("{text}", &gloss)),
            lang != "ru",
            "{lang}: {said}"
        );
    }
}
