//! Any text given as a deal file is accepted or refused with problems inside the text under
//! a points variant (`polish`), a faan variant (`hong-kong`), a formula variant with counters
//! and deposits on the table (`riichi`: honba and riichi sticks) and `mcr`; an accepted deal
//! is settled, and a settlement nets to zero with what the table pays out: the players' nets
//! add up to the pot the winner takes, which is the deposits taken off the table at the
//! variant's price each, and a deal nobody won leaves every deposit where it was.
#![no_main]

/// The command line's renderer of diagnostics, fuzzed with the readers.
#[path = "../../src/cli/report.rs"]
#[allow(dead_code)]
mod report;

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    static VARIANTS: OnceLock<[mjrules::Variant; 4]> = OnceLock::new();
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let variants = VARIANTS.get_or_init(|| {
        ["polish", "hong-kong", "riichi", "mcr"].map(|id| mjrules::Variant::load(id, &[]).unwrap())
    });
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
                Ok(s) => {
                    // The nets, added up again from the payments (the table pays as `None`).
                    let mut net = [0i128; 4];
                    for p in &s.payments {
                        assert!(p.amount >= 0, "a payment of {}", p.amount);
                        if let Some(from) = p.from {
                            net[from.index()] -= i128::from(p.amount);
                        }
                        net[p.to.index()] += i128::from(p.amount);
                    }
                    assert_eq!(net, s.net.map(i128::from));
                    let pot = i128::from(s.pot.unwrap_or(0));
                    assert_eq!(net.iter().sum::<i128>(), pot, "the nets against the pot");
                    assert!((0..=deal.deposits).contains(&s.deposits_left));
                    if s.winner.is_none() {
                        assert_eq!(pot, 0, "a drawn deal's pot");
                        assert_eq!(s.deposits_left, deal.deposits, "a drawn deal's deposits");
                    }
                    if let Some(price) = variant.rules().game.deposit {
                        let taken = i128::from(deal.deposits - s.deposits_left);
                        assert_eq!(pot, taken * i128::from(price), "the pot against the table");
                    }
                    assert!(s.next_counters >= 0);
                    let _ = mjrules::render::settlement_text(&s);
                    let _ = mjrules::render::settlement_json(&s);
                }
                Err(e) => checked(&e),
            },
            Err(e) => checked(&e),
        }
    }
});
