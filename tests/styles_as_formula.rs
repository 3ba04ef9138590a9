//! The two fixed styles are uses of the formula: each built-in points-and-doubles or faan
//! variant, restated as a `formula` variant in examples/as-formula/ (its own items kept, the
//! score written out as values), gives the built-in's `valid` and `total` on every hand
//! tried. The hands are random corpus hands (winners and others, every way of winning,
//! bonus tiles, kongs) and Kajongg's 198 cases, which hold limit hands of every kind; for a
//! variant with limit hands, some hand must be scored as one, so that the formula's limit
//! path is checked too, and one hand holds two limit hands at once. Each restatement also
//! audits clean against its text, as the built-in does.

mod common;

use std::collections::BTreeSet;

use common::kajongg::cases;
use mjrules::Variant;
use mjrules::audit::audit;
use mjrules::corpus::read_line;
use mjrules::hand::Hand;
use mjrules::hand::kajongg::parse_kajongg;
use mjrules::random::HandGenerator;

/// Random corpus hands for each variant: enough to meet each kind of item many times, few
/// enough for a debug build.
const RANDOM_HANDS: usize = 3000;

/// The restatement of the built-in `id`.
fn formula_of(id: &str) -> Variant {
    let path = format!(
        "{}/examples/as-formula/{id}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    Variant::load(&path, &[]).unwrap_or_else(|e| panic!("{e}"))
}

fn hands() -> Vec<Hand> {
    let mut generator = HandGenerator::new(2026);
    let mut hands: Vec<Hand> = (0..RANDOM_HANDS)
        .map(|_| generator.corpus_hand(false))
        .collect();
    // Two limit hands at once (thirteen orphans dealt complete to East): the one worth most
    // counts, not the two together.
    let two_limit_hands = r#"{"seat":"east","prevailing":"east","concealed":"19m 19p 19s 1234567z 1m","win":{"tile":"1m","from":"wall","heavenly":true}}"#;
    hands.push(read_line(two_limit_hands.as_bytes()).expect("a hand"));
    hands.extend(
        cases()
            .iter()
            .filter_map(|case| parse_kajongg(&case.hand, case.own, case.round).ok()),
    );
    hands
}

/// Scores every hand under `id` and under its formula, and returns the limit hands the
/// built-in scored.
fn agrees(id: &str, hands: &[Hand]) -> BTreeSet<String> {
    let builtin = Variant::load(id, &[]).unwrap_or_else(|e| panic!("{e}"));
    let formula = formula_of(id);
    let mut limit_hands = BTreeSet::new();
    let mut differ = Vec::new();
    for (n, hand) in hands.iter().enumerate() {
        let (a, b) = (builtin.score(hand), formula.score(hand));
        if (a.totals.valid, a.total()) != (b.totals.valid, b.total()) {
            differ.push(format!(
                "hand {n}: {id} valid {} total {}, the formula valid {} total {}",
                a.totals.valid,
                a.total(),
                b.totals.valid,
                b.total()
            ));
        }
        if let Some(limit) = a.limit_hand() {
            limit_hands.insert(limit.to_string());
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    limit_hands
}

#[test]
fn points_and_doubles_variants_are_a_formula_of_their_items() {
    let hands = hands();
    for id in ["english", "czech"] {
        agrees(id, &hands);
    }
    for id in ["polish", "dmjl"] {
        let met = agrees(id, &hands);
        assert!(met.len() >= 3, "{id}: limit hands met: {met:?}");
    }
    let met = agrees("bmja", &hands);
    assert!(met.contains("purity"), "bmja: limit hands met: {met:?}");
    assert!(met.len() >= 3, "bmja: limit hands met: {met:?}");
}

#[test]
fn faan_variants_are_a_formula_of_their_items() {
    let hands = hands();
    for id in ["hong-kong", "hong-kong-traditional", "hong-kong-canton"] {
        agrees(id, &hands);
    }
}

#[test]
fn each_restatement_audits_clean_against_its_text() {
    let Some(dir) = common::seeds() else { return };
    for (id, number) in common::AUDITED {
        let (name, text) = common::seed(&dir, number).expect("the text");
        let report = audit(&formula_of(id), &name, &text);
        assert_eq!(report.failures(), 0, "{id}: {}", report.text());
    }
}
