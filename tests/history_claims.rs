//! Round-history claims are compared exactly, as decimals in hundredths (issue 43,
//! turn-5 security review finding 9): never through a float64, which cannot tell
//! hundredths apart above about 1.4·10^14.

use fairverify::check_rounds;
use serde_json::Value;

/// The row of a one-line crash history `hash,claim`.
fn row(hash: &str, claim: &str) -> Value {
    let out = check_rounds("crash", &format!("{hash},{claim}\n")).expect("a history");
    out["rows"][0].clone()
}

#[test]
fn a_crash_point_above_two_to_the_47_is_matched_only_by_its_own_hundredths() {
    // A hash whose crash point has 16 digits before the point.
    let hash = format!("{}1", "f".repeat(63));
    let computed = row(&hash, "1")["computed"]
        .as_str()
        .expect("computed")
        .to_string();
    assert_eq!(computed, "4458563631096791.04");
    for claim in [
        "4458563631096791.04",
        "4458563631096791,04",
        "4458563631096791.04x",
        " 4458563631096791.04 × ",
        "4458563631096791.040",
    ] {
        assert_eq!(row(&hash, claim)["ok"], true, "{claim}");
    }
    // What a float64 reads as the same number: each one a wrong claim.
    for claim in [
        "4458563631096791.00",
        "4458563631096791.2",
        "4458563631096791",
        "4458563631096790.8",
        "4458563631096791.05",
        "4458563631096791.041",
        "4.45856363109679104e15",
    ] {
        assert_eq!(row(&hash, claim)["ok"], false, "{claim}");
    }
}

#[test]
fn small_crash_points_platforms_and_winners_as_before() {
    let hash = "ab".repeat(32);
    let computed = row(&hash, "1")["computed"]
        .as_str()
        .expect("computed")
        .to_string();
    let (int, frac) = computed.split_once('.').expect("two decimals");
    for claim in [
        computed.clone(),
        format!("{int},{frac}"),
        format!("{computed}x"),
        format!("{computed}0"),
    ] {
        assert_eq!(row(&hash, &claim)["ok"], true, "{claim}");
    }
    assert_eq!(row(&hash, &format!("{computed}1"))["ok"], false);
    // A platform is a whole number: "7", "7.0", "07" name it; "7.5" does not.
    let out = check_rounds("platforms", &format!("{hash},1\n")).expect("a history");
    let n = out["rows"][0]["computed"].as_u64().expect("a platform");
    let at = |claim: String| {
        check_rounds("platforms", &format!("{hash},{claim}\n")).unwrap()["rows"][0]["ok"].clone()
    };
    assert_eq!(at(format!("{n}")), true);
    assert_eq!(at(format!("{n}.0")), true);
    assert_eq!(at(format!("{n}.5")), false);
    assert_eq!(at(format!("{}", n + 1)), false);
}
