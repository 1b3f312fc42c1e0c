//! Prints the core's scheme descriptors as JSON (`--ids`: only the scheme ids in the
//! order the fuzz harness picks them), so tools never keep their own list.

fn main() {
    if std::env::args().any(|a| a == "--ids") {
        let ids: Vec<&str> = fairverify::schemes::ALL
            .iter()
            .map(|s| s.id)
            .chain(fairverify::schemes::UNSUPPORTED)
            .collect();
        println!("{}", serde_json::json!(ids));
    } else {
        println!("{}", fairverify::descriptors());
    }
}
