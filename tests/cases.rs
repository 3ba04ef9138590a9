//! Worked hands per variant: `tests/cases/<variant>/*.toml`, each a `[hand]` (and the
//! `[params]` of a reading the text leaves open, where it takes one) and what the
//! source text says it scores (`[expect]`), worked by hand with the reasoning written in the
//! file. One test walks them all and reports every failure at once; it also checks that each
//! variant has at least 15 cases and that every item of the variant is exercised by some
//! case (for `bmja` and `dmjl`, Kajongg's agreeing cases count too).

use std::collections::{BTreeMap, BTreeSet};

mod common;

use mjrules::Variant;
use mjrules::hand::kajongg::parse_kajongg;
use mjrules::hand::parse_hand;
use mjrules::score::ScoreCard;

struct Expect {
    total: i64,
    points: Option<i64>,
    doubles: Option<i64>,
    faan: Option<i64>,
    /// Values of a `formula` variant's score (`han`, `fu`), by name.
    values: Vec<(String, i64)>,
    limit_hand: Option<String>,
    valid: Option<bool>,
    items: Vec<String>,
    /// Items that must not count (each must be an item of the variant).
    absent: Vec<String>,
    /// The parameters the case sets (`[params]`, as `--param` would), for a reading the
    /// text leaves open.
    params: Vec<(String, String)>,
}

fn int(table: &toml::Table, key: &str) -> Option<i64> {
    table.get(key).and_then(toml::Value::as_integer)
}

fn read_case(path: &std::path::Path) -> (mjrules::hand::Hand, Expect) {
    let name = path.display();
    let text = std::fs::read_to_string(path).unwrap();
    let doc: toml::Table = toml::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    // The hand is read as a hand file of its own, written back from the `[hand]` table.
    let hand_table = doc
        .get("hand")
        .and_then(toml::Value::as_table)
        .unwrap_or_else(|| panic!("{name}: no [hand] table"));
    let hand_text = toml::to_string(hand_table).unwrap();
    let hand = parse_hand(&format!("{name} [hand]"), &hand_text)
        .unwrap_or_else(|e| panic!("{}", common::render_plain(&e)));
    let e = doc
        .get("expect")
        .and_then(toml::Value::as_table)
        .unwrap_or_else(|| panic!("{name}: no [expect] table"));
    let known = [
        "total",
        "points",
        "doubles",
        "faan",
        "han",
        "fu",
        "limit-hand",
        "valid",
        "items",
        "absent",
    ];
    for k in e.keys() {
        assert!(
            known.contains(&k.as_str()),
            "{name}: unknown expectation `{k}`"
        );
    }
    let expect = Expect {
        total: int(e, "total").unwrap_or_else(|| panic!("{name}: no expected total")),
        points: int(e, "points"),
        doubles: int(e, "doubles"),
        faan: int(e, "faan"),
        values: ["han", "fu"]
            .into_iter()
            .filter_map(|k| Some((k.to_string(), int(e, k)?)))
            .collect(),
        limit_hand: e
            .get("limit-hand")
            .and_then(toml::Value::as_str)
            .map(String::from),
        valid: e.get("valid").and_then(toml::Value::as_bool),
        items: strings(e, "items"),
        absent: strings(e, "absent"),
        params: doc
            .get("params")
            .and_then(toml::Value::as_table)
            .map(|t| {
                t.iter()
                    .map(|(k, v)| (k.clone(), v.as_str().map_or(v.to_string(), String::from)))
                    .collect()
            })
            .unwrap_or_default(),
    };
    (hand, expect)
}

/// The strings of the array `key` of `table`, none when it is missing.
fn strings(table: &toml::Table, key: &str) -> Vec<String> {
    table
        .get(key)
        .and_then(toml::Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

fn fired_ids(card: &ScoreCard, variant: &Variant) -> BTreeSet<String> {
    card.fired
        .iter()
        .map(|f| variant.definition().items[f.item].id.value.clone())
        .collect()
}

fn check_card(card: &ScoreCard, e: &Expect, variant: &Variant) -> Vec<String> {
    let mut wrong = Vec::new();
    let fired = fired_ids(card, variant);
    if card.totals.total != e.total {
        wrong.push(format!(
            "total {} (expected {})",
            card.totals.total, e.total
        ));
    }
    let mut compare = |what: &str, got: Option<i64>, want: Option<i64>| {
        if want.is_some() && got != want {
            wrong.push(format!("{what} {got:?} (expected {want:?})"));
        }
    };
    compare("points", Some(card.totals.points), e.points);
    compare("doubles", Some(card.totals.doubles), e.doubles);
    compare("faan", card.totals.faan, e.faan);
    for (name, want) in &e.values {
        let got = card.values().find(|(n, _)| n == name).map(|(_, v)| v);
        compare(name, got, Some(*want));
    }
    let limit = card.limit_hand().map(String::from);
    if e.limit_hand.is_some() && limit != e.limit_hand {
        wrong.push(format!(
            "limit hand {limit:?} (expected {:?})",
            e.limit_hand
        ));
    }
    if e.valid.is_some_and(|v| v != card.totals.valid) {
        wrong.push(format!(
            "valid {} (expected {:?})",
            card.totals.valid, e.valid
        ));
    }
    for id in &e.items {
        if !fired.contains(id) {
            wrong.push(format!("item `{id}` did not count (counted: {fired:?})"));
        }
    }
    for id in &e.absent {
        if !variant.definition().items.iter().any(|i| &i.id.value == id) {
            wrong.push(format!("`{id}` is not an item of the variant"));
        } else if fired.contains(id) {
            wrong.push(format!("item `{id}` counted, and should not"));
        }
    }
    wrong
}

/// The items exercised by Kajongg's cases that agree with mjrules, for `bmja` and `dmjl`.
fn kajongg_coverage(variant: &Variant) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for case in common::kajongg::cases() {
        let Some(&expected) = case.totals.get(variant.id()) else {
            return out;
        };
        let Ok(hand) = parse_kajongg(&case.hand, case.own, case.round) else {
            continue;
        };
        let card = variant.score(&hand);
        if card.totals.total == expected {
            out.extend(fired_ids(&card, variant));
        }
    }
    out
}

#[test]
fn worked_cases_score_as_the_texts_say_and_cover_every_item() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let mut failures = Vec::new();
    let mut counts = BTreeMap::new();
    for dir in dirs {
        let id = dir.file_name().unwrap().to_string_lossy().into_owned();
        let variant = Variant::load(&id, &[]).unwrap_or_else(|e| panic!("{id}: {e}"));
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        let mut covered = kajongg_coverage(&variant);
        for path in &files {
            let (hand, expect) = read_case(path);
            let reading = (!expect.params.is_empty()).then(|| {
                Variant::load(&id, &expect.params)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            });
            let variant = reading.as_ref().unwrap_or(&variant);
            let card = variant.score(&hand);
            covered.extend(fired_ids(&card, variant));
            let wrong = check_card(&card, &expect, variant);
            if !wrong.is_empty() {
                failures.push(format!(
                    "{}/{}: {}",
                    id,
                    path.file_name().unwrap().to_string_lossy(),
                    wrong.join("; ")
                ));
            }
        }
        counts.insert(id.clone(), files.len());
        if files.len() < 15 {
            failures.push(format!("{id}: {} cases, at least 15 wanted", files.len()));
        }
        let missing: Vec<&str> = variant
            .rules()
            .items
            .iter()
            .map(|c| variant.definition().items[c.index].id.value.as_str())
            .filter(|i| !covered.contains(*i))
            .collect();
        if !missing.is_empty() {
            failures.push(format!(
                "{id}: items no case exercises: {}",
                missing.join(", ")
            ));
        }
    }
    eprintln!("cases per variant: {counts:?}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
