//! The fast scorer gives the reference scorer's cards. Every shortcut of the plan is taken
//! only for speed: with all of them, with each of them off, and with none, every built-in
//! variant and the test variants in `tests/variants/` score random hands (winners and not, with declared sets,
//! kongs, bonus tiles, seen tiles and every way of winning), the gallery and the worked
//! cases exactly as the plain reading of the rules does (`score::reference`).

mod common;

use mjrules::Variant;
use mjrules::hand::{Hand, parse_hand};
use mjrules::plan::Tricks;
use mjrules::random::HandGenerator;
use mjrules::score::reference;

/// Every built-in variant and nine test variants (one reads relations between sets, one the
/// waits, one other items' results, two are scored by a formula of their own, one of them
/// reading the sets of a player who did not go out, one drops matches within the sets of
/// others, one reads hands with a block, one has an unsupported item first), with the plans
/// of every set of shortcuts tried.
fn variants() -> Vec<(String, Vec<(String, Variant)>)> {
    let mut specs: Vec<String> = mjrules::rules::builtin::ids().map(String::from).collect();
    for house in [
        "dragon-pair-bonus",
        "relations",
        "waits",
        "results",
        "formula",
        "formula-others",
        "exclusions",
        "blocks",
        "unsupported-first",
    ] {
        specs.push(format!(
            "{}/tests/variants/{house}.toml",
            env!("CARGO_MANIFEST_DIR")
        ));
    }
    specs
        .into_iter()
        .map(|spec| {
            let rules = Variant::load(&spec, &[]).unwrap().rules().clone();
            let mut plans = vec![
                (
                    "all".to_string(),
                    Variant::with_tricks(rules.clone(), Tricks::ALL),
                ),
                (
                    "none".to_string(),
                    Variant::with_tricks(rules.clone(), Tricks::NONE),
                ),
            ];
            for name in Tricks::NAMES {
                let tricks = Tricks::ALL.without(name).unwrap();
                plans.push((
                    format!("without {name}"),
                    Variant::with_tricks(rules.clone(), tricks),
                ));
            }
            (spec, plans)
        })
        .collect()
}

/// Holds every plan of every variant to the reference scorer on `hand`: the same card, and
/// the same totals when only the totals are asked for.
fn agree(variants: &[(String, Vec<(String, Variant)>)], hand: &Hand, what: &str) {
    for (spec, plans) in variants {
        let expected = reference::score(plans[0].1.rules(), hand);
        for (name, variant) in plans {
            let card = variant.score(hand);
            assert_eq!(card, expected, "{spec}, {name}: {what}\n{hand:?}");
            assert_eq!(
                variant.scorer().totals(hand),
                expected.totals,
                "{spec}, {name}, totals: {what}\n{hand:?}"
            );
        }
    }
}

#[test]
fn random_hands_score_as_the_reference_scores_them() {
    let variants = variants();
    let mut generator = HandGenerator::new(2718);
    let (mut winners, mut others) = (0, 0);
    for n in 0..1_500 {
        let hand = generator.corpus_hand(false);
        if hand.is_winner() {
            winners += 1;
        } else {
            others += 1;
        }
        agree(&variants, &hand, &format!("random hand {n}"));
    }
    assert!(
        winners > 900 && others > 250,
        "{winners} winners, {others} others"
    );
}

#[test]
fn special_patterns_score_as_the_reference_scores_them() {
    // Winners of seven pairs, thirteen orphans and knitted tiles among others, under every
    // variant: the special shapes, their waits and the blocks.
    let variants = variants();
    let mut generator = HandGenerator::new(314).with_special_patterns();
    for n in 0..200 {
        let hand = generator.corpus_hand(true);
        agree(&variants, &hand, &format!("special-pattern hand {n}"));
    }
}

#[test]
fn the_gallery_and_the_worked_cases_score_as_the_reference_scores_them() {
    let variants = variants();
    let mut paths = common::gallery();
    for dir in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cases")).unwrap() {
        let dir = dir.unwrap().path();
        paths.extend(common::files_in(
            &format!("cases/{}", common::stem(&dir)),
            "toml",
        ));
    }
    let mut scored = 0;
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        // A worked case holds its hand in `[hand]`, beside what the text says it scores.
        let table: toml::Table = toml::from_str(&text).unwrap();
        let hand_text = match table.get("hand") {
            Some(toml::Value::Table(hand)) => toml::to_string(hand).unwrap(),
            _ => text.clone(),
        };
        if let Ok(hand) = parse_hand(&common::display_name(path), &hand_text) {
            agree(&variants, &hand, &common::display_name(path));
            scored += 1;
        }
    }
    assert!(scored > 150, "{scored} hands scored");
}

/// Holds every plan of the built-in variant `spec` to the reference scorer on the lines of
/// `oracle` (an oracle's data file) that `special` picks, and on every `every`th line
/// besides; gives how many `special` picked.
fn agree_on_oracle(
    spec: &str,
    oracle: &str,
    every: usize,
    special: impl Fn(&serde_json::Value) -> bool,
) -> usize {
    let variants: Vec<_> = variants()
        .into_iter()
        .filter(|(name, _)| name == spec)
        .collect();
    assert_eq!(variants.len(), 1, "{spec} is a built-in variant");
    let mut picked = 0;
    for (n, line) in oracle.lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let special = special(&value);
        if !special && n % every != 0 {
            continue;
        }
        let hand = mjrules::corpus::read_line(value["hand"].to_string().as_bytes()).unwrap();
        picked += usize::from(special);
        agree(&variants, &hand, &format!("oracle line {}", n + 1));
    }
    picked
}

#[test]
fn mcr_oracle_hands_score_as_the_reference_scores_them() {
    // MCR's hands with a knitted straight (the block readings), and every 25th line besides.
    let knitted = |line: &serde_json::Value| {
        line["fans"]
            .as_array()
            .is_some_and(|fans| fans.iter().any(|f| f[1] == "Knitted Straight"))
    };
    let blocks = agree_on_oracle("mcr", include_str!("data/mcr-oracle.jsonl"), 25, knitted);
    assert!(blocks > 300, "{blocks} hands with a knitted straight");
}

#[test]
fn riichi_oracle_hands_score_as_the_reference_scores_them() {
    // Riichi's hands with four indicators or more, shown and hidden (the tiles they point
    // at counted from their side), and every 50th line besides.
    let several = |line: &serde_json::Value| {
        let indicators = |key: &str| {
            line["hand"][key]
                .as_str()
                .map_or(0, |t| t.split(' ').count())
        };
        indicators("dora") + indicators("ura-dora") >= 4
    };
    let indicated = agree_on_oracle(
        "riichi",
        include_str!("data/riichi-oracle.jsonl"),
        50,
        several,
    );
    assert!(
        indicated > 300,
        "{indicated} hands with four indicators or more"
    );
}
