//! Any text given as a variant file loads or is refused with problems inside the text; a
//! variant that loads scores a winning hand and two hands that did not go out without a
//! panic, exactly as the reference scorer scores them (every shortcut of the plan changes no
//! card), the numbers alone the same as the card's (built with `-a`, the scorer's own
//! checks run too), and is audited against the same text taken as its source (citations,
//! parts and scoring lines looked for in any text).
#![no_main]

/// The command line's renderer of diagnostics, fuzzed with the readers.
#[path = "../../src/cli/report.rs"]
#[allow(dead_code)]
mod report;

use libfuzzer_sys::fuzz_target;
use mjrules::rules::LoadError;

const HANDS: [&str; 3] = [
    "seat = \"south\"\nprevailing = \"east\"\nconcealed = \"222m 345p 666s 99s\"\nmelds = [\"777z\"]\nbonus = [\"2f\"]\n[win]\ntile = \"4p\"\nfrom = \"discard\"\n",
    "seat = \"north\"\nprevailing = \"east\"\nconcealed = \"5555p 777z 11z 24s 9m 1p\"\nmelds = []\n",
    "seat = \"east\"\nprevailing = \"east\"\nconcealed = \"555z 666z 777z 111p 1z\"\nmelds = []\n",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match mjrules::Variant::from_text("fuzz.toml", text) {
        Ok(variant) => {
            for text in HANDS {
                let hand = mjrules::hand::parse_hand("hand.toml", text).unwrap();
                // The numbers alone (corpus figures) take shortcuts the card does not, such
                // as skipping the items of a reading that misses a requirement: they agree.
                let card = mjrules::Variant::score(&variant, &hand);
                let totals = mjrules::Variant::scorer(&variant).totals(&hand);
                assert_eq!(totals, card.totals);
                assert_eq!(
                    card,
                    mjrules::score::reference::score(variant.rules(), &hand)
                );
            }
            let _ = mjrules::audit::audit(&variant, "fuzz.toml", text).text();
        }
        Err(LoadError::Files(errors)) => {
            for e in errors {
                for p in e.problems() {
                    let t = e.text();
                    assert!(p.span.start <= p.span.end && p.span.end <= t.len());
                    assert!(t.is_char_boundary(p.span.start) && t.is_char_boundary(p.span.end));
                }
                let _ = report::render_plain(&e);
            }
        }
        Err(_) => {}
    }
});
