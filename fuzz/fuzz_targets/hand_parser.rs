//! Any text given as a hand file is accepted or refused with problems inside the text, and
//! an accepted hand can be arranged, waited on and scored without a panic.
#![no_main]

/// The command line's renderer of diagnostics, fuzzed with the readers.
#[path = "../../src/cli/report.rs"]
#[allow(dead_code)]
mod report;

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    static BMJA: OnceLock<mjrules::Variant> = OnceLock::new();
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match mjrules::hand::parse_hand("fuzz.toml", text) {
        Ok(hand) => {
            let variant = BMJA.get_or_init(|| mjrules::Variant::load("bmja", &[]).unwrap());
            let _ = mjrules::arrange::arrangements(&hand);
            let _ = mjrules::waits::waits(&hand);
            let _ = mjrules::Variant::score(variant, &hand);
        }
        Err(e) => {
            for p in e.problems() {
                assert!(p.span.start <= p.span.end && p.span.end <= text.len());
                assert!(text.is_char_boundary(p.span.start) && text.is_char_boundary(p.span.end));
            }
            let _ = report::render_plain(&e);
        }
    }
});
