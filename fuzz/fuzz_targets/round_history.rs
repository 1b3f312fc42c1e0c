//! Pasted round histories: any text, any game.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let game = ["crash", "platforms", "battle", "hash_chain"][pick as usize % 4];
    let _ = fairverify::round_history::check_rounds(game, text);
});
