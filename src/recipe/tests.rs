use std::path::{Path, PathBuf};

use serde_json::Value;

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
            assert_eq!(
                first,
                format!(
                    "{} run: {}",
                    if scheme == "selfpoker" { "#" } else { "//" },
                    r["command"].as_str().unwrap()
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
    assert!(t.starts_with("// run: go run recipe.go\n"));
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
