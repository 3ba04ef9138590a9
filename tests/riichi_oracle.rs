//! `riichi` against the reference engine, hand for hand: tests/data/riichi-oracle.jsonl holds
//! 20,000 hands scored by the Python package `mahjong` 2.1.0 (made by
//! tools/oracle/riichi.py, half uniform, half aimed at each yaku and tier). Each line is
//! scored here and must give the engine's `valid`, `han`, `fu` (of a valid hand: the engine
//! reports 0 fu for a hand without a yaku), `total` and limit level. No line differs, so no
//! difference is listed: any that appears fails the test with the line and its reason to be
//! found. Every item and every tier of the variant must be met by some line, so that none
//! of them goes unchecked.

use std::collections::BTreeSet;

use mjrules::Variant;
use mjrules::corpus::read_line;
use serde_json::Value;

const ORACLE: &str = include_str!("data/riichi-oracle.jsonl");

/// The engine lists a yakuman among the line's yaku (for telling a real yakuman from a
/// kazoe one: the engine calls both "yakuman"). A yakuman is listed at 13 han or more; so
/// may the dora of a hand full of them, which are no yakuman.
fn has_yakuman_yaku(line: &Value) -> bool {
    line["yaku"].as_array().is_some_and(|yaku| {
        yaku.iter().any(|y| {
            let dora = y[0].as_str().is_some_and(|name| name.ends_with("Dora"));
            !dora && y[1].as_i64().is_some_and(|han| han >= 13)
        })
    })
}

/// Our tier for the engine's `level`: "" is none; "yakuman" without a yakuman yaku is a
/// counted (kazoe) yakuman; "2x yakuman" and up are yakuman.
fn tier(line: &Value) -> Option<String> {
    match line["level"].as_str().unwrap_or("") {
        "" => None,
        "yakuman" if !has_yakuman_yaku(line) => Some("kazoe-yakuman".into()),
        level if level.ends_with("yakuman") => Some("yakuman".into()),
        level => Some(level.to_string()),
    }
}

#[test]
fn every_oracle_line_agrees_with_the_reference_engine() {
    let variant = Variant::load("riichi", &[]).unwrap_or_else(|e| panic!("{e}"));
    let definition = variant.definition();
    let mut differences = Vec::new();
    let mut met_items = BTreeSet::new();
    let mut met_tiers = BTreeSet::new();
    let mut lines = 0;
    for (n, text) in ORACLE.lines().enumerate() {
        let n = n + 1;
        let line: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("line {n}: {e}"));
        let hand = read_line(line["hand"].to_string().as_bytes())
            .unwrap_or_else(|e| panic!("line {n}: the hand is refused: {e:?}"));
        let card = variant.score(&hand);
        lines += 1;
        let value = |name: &str| {
            card.values()
                .find(|(v, _)| *v == name)
                .map_or(0, |(_, x)| x)
        };
        let valid = line["valid"].as_bool().unwrap();
        let mut wrong = Vec::new();
        if card.totals.valid != valid {
            wrong.push(format!("valid {} (engine {valid})", card.totals.valid));
        }
        for (field, ours) in [("han", value("han")), ("total", card.totals.total)] {
            let theirs = line[field].as_i64().unwrap();
            if valid && ours != theirs || !valid && field == "total" && ours != 0 {
                wrong.push(format!("{field} {ours} (engine {theirs})"));
            }
        }
        let fu = line["fu"].as_i64().unwrap();
        if valid && value("fu") != fu {
            wrong.push(format!("fu {} (engine {fu})", value("fu")));
        }
        let ours = card.limit_hand().map(String::from);
        if valid && ours != tier(&line) {
            wrong.push(format!("level {ours:?} (engine {:?})", tier(&line)));
        }
        if !wrong.is_empty() {
            differences.push(format!(
                "line {n} ({}): {}\n  {}",
                line["aim"].as_str().unwrap_or(""),
                wrong.join(", "),
                line["hand"]
            ));
        }
        for fired in &card.fired {
            met_items.insert(definition.items[fired.item].id.value.clone());
        }
        if let Some(tier) = card.limit_hand() {
            met_tiers.insert(tier.to_string());
        }
    }
    assert!(lines >= 20_000, "only {lines} oracle lines");
    assert!(
        differences.is_empty(),
        "{} of {lines} lines differ from the reference engine:\n{}",
        differences.len(),
        differences.join("\n")
    );
    let unmet: Vec<&str> = (definition.items.iter().map(|i| i.id.value.as_str()))
        .filter(|id| !met_items.contains(*id))
        .chain(
            (definition.tiers.iter().map(|t| t.id.value.as_str()))
                .filter(|id| !met_tiers.contains(*id)),
        )
        .collect();
    assert!(
        unmet.is_empty(),
        "no oracle line meets these items and tiers, so nothing checks them: {unmet:?}"
    );
}
