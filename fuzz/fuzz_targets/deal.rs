//! Any text given as a deal file is accepted or refused with problems inside the text under
//! a points variant and a faan variant; an accepted deal is settled, and a settlement nets
//! to zero.
#![no_main]

/// The command line's renderer of diagnostics, fuzzed with the readers.
#[path = "../../src/cli/report.rs"]
#[allow(dead_code)]
mod report;

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    static VARIANTS: OnceLock<[mjrules::Variant; 2]> = OnceLock::new();
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let variants = VARIANTS
        .get_or_init(|| ["polish", "hong-kong"].map(|id| mjrules::Variant::load(id, &[]).unwrap()));
    for variant in variants {
        let style = variant.definition().style;
        let checked = |e: &mjrules::diagnostic::InputError| {
            for p in e.problems() {
                assert!(p.span.start <= p.span.end && p.span.end <= e.text().len());
                assert!(e.text().is_char_boundary(p.span.start));
                assert!(e.text().is_char_boundary(p.span.end));
            }
            let _ = report::render_plain(e);
        };
        match mjrules::settle::parse_deal("fuzz.toml", text, style) {
            Ok(deal) => match mjrules::settle::settle(variant, &deal) {
                Ok(s) => assert_eq!(s.net.iter().map(|&n| i128::from(n)).sum::<i128>(), 0),
                Err(e) => checked(&e),
            },
            Err(e) => checked(&e),
        }
    }
});
