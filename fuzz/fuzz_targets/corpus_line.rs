//! Any bytes given as a corpus line are read or refused without a panic, and exactly as the
//! slow path alone reads or refuses them (bytes that are not UTF-8 are refused); a hand it reads is the hand the hand-file reader
//! reads from the same hand written out, and it scores under `bmja` (calling hands
//! included) without a panic.
#![no_main]

/// The command line's renderer of diagnostics, fuzzed with the readers.
#[path = "../../src/cli/report.rs"]
#[allow(dead_code)]
mod report;

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    static BMJA: OnceLock<mjrules::Variant> = OnceLock::new();
    let read = mjrules::corpus::read_line(data);
    let line = String::from_utf8_lossy(data);
    let Ok(text) = std::str::from_utf8(data) else {
        assert!(
            matches!(read, Err(mjrules::corpus::LineError::NotUtf8)),
            "{line}"
        );
        return;
    };
    let slowly = mjrules::corpus::read_line_slowly(text);
    assert_eq!(read.as_ref().ok(), slowly.as_ref().ok(), "{line}");
    match read {
        Ok(hand) => {
            let again =
                mjrules::hand::parse_hand("hand.toml", &mjrules::hand::write::to_toml(&hand));
            assert_eq!(again.ok().as_ref(), Some(&hand), "{line}");
            let variant = BMJA.get_or_init(|| mjrules::Variant::load("bmja", &[]).unwrap());
            let _ = mjrules::Variant::score(variant, &hand);
        }
        Err(e) => {
            let _ = report::line_error(&e, "fuzz", 1, data);
        }
    }
});
