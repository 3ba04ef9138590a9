//! Any text given as a Kajongg string (its first byte choosing the seat and the prevailing
//! wind) is accepted or refused with problems inside the text, and an accepted hand is
//! arranged, waited on and scored under `bmja` and `dmjl` without a panic.
#![no_main]

/// The command line's renderer of diagnostics, fuzzed with the readers.
#[path = "../../src/cli/report.rs"]
#[allow(dead_code)]
mod report;

use libfuzzer_sys::fuzz_target;
use mjrules::tiles::Wind;
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    static VARIANTS: OnceLock<[mjrules::Variant; 2]> = OnceLock::new();
    let Some((&winds, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let seat = Wind::ALL[usize::from(winds & 3)];
    let prevailing = Wind::ALL[usize::from((winds >> 2) & 3)];
    match mjrules::hand::kajongg::parse_kajongg(text, seat, prevailing) {
        Ok(hand) => {
            let variants = VARIANTS.get_or_init(|| {
                ["bmja", "dmjl"].map(|id| mjrules::Variant::load(id, &[]).unwrap())
            });
            let _ = mjrules::arrange::arrangements(&hand);
            let _ = mjrules::waits::waits(&hand);
            for variant in variants {
                let _ = variant.score(&hand);
            }
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
