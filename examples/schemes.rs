//! Prints the core's scheme descriptors as JSON (`--ids`: only the scheme ids in the
//! order the fuzz harness picks them), so tools never keep their own list.

fn main() {
    if std::env::args().any(|a| a == "--ids") {
        println!("{}", serde_json::json!(fairverify::scheme_ids()));
    } else {
        println!("{}", fairverify::descriptors());
    }
}
