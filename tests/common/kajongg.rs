//! Kajongg's scoring cases and the list of where mjrules differs from them, read from
//! `tests/data/kajongg-cases.tsv` (transcribed from
//! ../shared/anchors/kajongg-scoring-cases.md by tests/data/extract_kajongg.py) and
//! `tests/data/kajongg-differences.tsv`.

use std::collections::BTreeMap;

use mjrules::tiles::Wind;

/// One of Kajongg's cases.
pub struct Case {
    pub id: String,
    /// The hand in Kajongg's notation.
    pub hand: String,
    pub own: Wind,
    pub round: Wind,
    /// Kajongg's totals by variant id (`bmja`, `dmjl`).
    pub totals: BTreeMap<&'static str, i64>,
}

/// Kajongg's 198 cases, in order.
pub fn cases() -> Vec<Case> {
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

/// Which way a listed case goes.
#[derive(Debug, PartialEq)]
pub enum Follows {
    /// The variant's text, against Kajongg: mjrules gives this total.
    Text(i64),
    /// Kajongg, through this rule, which cites another source than the text.
    Kajongg(String),
    /// Its own reading of the hand: this total, or `None` when it refuses the hand.
    Hand(Option<i64>),
}

/// A listed case.
pub struct Difference {
    pub id: String,
    pub variant: String,
    pub follows: Follows,
    pub reason: String,
}

/// The list, in the file's order.
pub fn differences() -> Vec<Difference> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/kajongg-differences.tsv"
    ))
    .unwrap();
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.splitn(6, '\t').collect();
        assert!(
            f.len() == 6 && !f[5].trim().is_empty(),
            "a line needs six columns, the last a reason: {line}"
        );
        let total = |s: &str| s.parse::<i64>().unwrap_or_else(|_| panic!("{line}"));
        let follows = match (f[2], f[3], f[4]) {
            ("text", t, "-") => Follows::Text(total(t)),
            ("kajongg", "-", rule) => Follows::Kajongg(rule.to_string()),
            ("hand", "refused", "-") => Follows::Hand(None),
            ("hand", t, "-") => Follows::Hand(Some(total(t))),
            _ => panic!("not a known kind of difference: {line}"),
        };
        assert!(seen.insert((f[0], f[1])), "listed twice: {line}");
        out.push(Difference {
            id: f[0].to_string(),
            variant: f[1].to_string(),
            follows,
            reason: f[5].to_string(),
        });
    }
    out
}
