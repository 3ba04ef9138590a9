//! Kajongg's 198 scoring cases (tests/data/kajongg-cases.tsv, transcribed from
//! ../shared/anchors/kajongg-scoring-cases.md by tests/data/extract_kajongg.py) scored
//! under `bmja` and `dmjl`. Every case must agree with Kajongg's total, or be listed in
//! tests/data/kajongg-differences.tsv with the reason; a listed case that agrees is an
//! error too, so the list stays true.

use std::collections::BTreeMap;

use mjrules::Variant;
use mjrules::hand::kajongg::parse_kajongg;
use mjrules::tiles::Wind;

struct Case {
    id: String,
    hand: String,
    own: Wind,
    round: Wind,
    /// Expected totals by variant id.
    totals: BTreeMap<&'static str, i64>,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/kajongg-cases.tsv"
    ))
    .unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            Case {
                id: f[0].to_string(),
                hand: f[1].to_string(),
                own: Wind::from_name(f[2]).unwrap(),
                round: Wind::from_name(f[3]).unwrap(),
                totals: BTreeMap::from([
                    ("dmjl", f[8].parse().unwrap()),
                    ("bmja", f[13].parse().unwrap()),
                ]),
            }
        })
        .collect()
}

/// (case id, variant) → reason, from tests/data/kajongg-differences.tsv.
fn known_differences() -> BTreeMap<(String, String), String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/kajongg-differences.tsv"
    ))
    .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.splitn(3, '\t').collect();
            (
                (f[0].to_string(), f[1].to_string()),
                f.get(2).unwrap_or(&"").to_string(),
            )
        })
        .collect()
}

fn check(variant_id: &'static str) {
    let variant = Variant::load(variant_id, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut scorer = variant.scorer();
    let known = known_differences();
    let all = cases();
    assert_eq!(all.len(), 198);
    let mut unexplained = Vec::new();
    let mut stale = Vec::new();
    let mut agree = 0;
    for case in &all {
        let expected = case.totals[variant_id];
        // A hand that mjrules refuses (Kajongg accepts a few impossible ones) never agrees.
        let got =
            parse_kajongg(&case.hand, case.own, case.round).map(|hand| scorer.totals(&hand).total);
        let listed = known.get(&(case.id.clone(), variant_id.to_string()));
        let got = match got {
            Ok(total) => total,
            Err(errors) => {
                if listed.is_none() {
                    unexplained.push(format!(
                        "{} `{}`: refused: {}",
                        case.id,
                        case.hand,
                        errors.problems()[0].message
                    ));
                }
                continue;
            }
        };
        match (got == expected, listed) {
            (true, None) => agree += 1,
            (true, Some(_)) => stale.push(case.id.clone()),
            (false, Some(reason)) if !reason.trim().is_empty() => {}
            (false, _) => unexplained.push(format!(
                "{} `{}`: Kajongg {expected}, mjrules {got}",
                case.id, case.hand
            )),
        }
    }
    eprintln!("{variant_id}: {agree} of {} Kajongg cases agree", all.len());
    assert!(
        unexplained.is_empty() && stale.is_empty(),
        "{variant_id}: {} unexplained differences:\n{}\nlisted but agreeing: {stale:?}",
        unexplained.len(),
        unexplained.join("\n")
    );
}

#[test]
fn bmja_agrees_with_kajongg_or_the_difference_is_explained() {
    check("bmja");
}

#[test]
fn dmjl_agrees_with_kajongg_or_the_difference_is_explained() {
    check("dmjl");
}
