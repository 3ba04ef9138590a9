//! Kajongg's 198 scoring cases (tests/data/kajongg-cases.tsv, transcribed from
//! ../shared/anchors/kajongg-scoring-cases.md by tests/data/extract_kajongg.py) scored
//! under `bmja` and `dmjl`, against tests/data/kajongg-differences.tsv, which records every
//! case where mjrules does not simply agree with Kajongg, in both directions:
//!
//! - `text`: mjrules follows the variant's text where Kajongg differs. Its total, worked by
//!   hand from the text, is in the file, and must be what mjrules gives.
//! - `kajongg`: mjrules agrees with Kajongg through a rule its text does not state (one
//!   citing another source). The rule is named and must decide the card; scored by the
//!   text's own rules alone, the total must differ from Kajongg's.
//! - `hand`: mjrules reads the hand otherwise, or refuses it; its total (worked by hand) or
//!   `refused` is in the file.
//!
//! Every other case must agree with Kajongg, and agree by the text's own rules alone. A
//! listed case that no longer behaves as listed is an error too, so the list stays true.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::kajongg::{Follows, cases, differences};
use mjrules::hand::kajongg::parse_kajongg;
use mjrules::{ScoreCard, Variant};

/// The variant scored by its own text's rules alone: everything citing another source
/// removed.
fn text_alone(variant: &Variant) -> Variant {
    let definition = &variant.rules().definition;
    let source = definition.source.as_deref();
    let others = |cite: &mjrules::rules::Cite| Some(cite.source.as_str()) != source;
    // A shape and the limit hand scored for it share an id: one `remove` drops both.
    let ids: BTreeSet<String> = (definition.items.iter())
        .filter(|i| others(&i.cite))
        .map(|i| &i.id.value)
        .chain(
            (definition.shapes.iter().chain(&definition.requirements))
                .filter(|c| others(&c.cite))
                .map(|c| &c.id.value),
        )
        .map(|id| format!("{id:?}"))
        .collect();
    let house = format!(
        "[variant]\nid = \"{}-text-alone\"\nextends = \"{}\"\nremove = [{}]\n",
        definition.id,
        definition.id,
        ids.into_iter().collect::<Vec<_>>().join(", ")
    );
    Variant::from_text("text-alone.toml", &house).unwrap_or_else(|e| panic!("{e}"))
}

/// The rule decides the card: it is the limit hand scored, the requirement not met, or an
/// item that counted.
fn decides(card: &ScoreCard<'_>, rule: &str) -> bool {
    let unmet = card
        .totals
        .unmet
        .map(|r| card.rules().definition.requirements[r].id.value.as_str());
    card.limit_hand() == Some(rule)
        || unmet == Some(rule)
        || card.item(rule).is_some_and(|i| i.counted)
}

fn check(variant_id: &'static str) {
    let variant = Variant::load(variant_id, &[]).unwrap_or_else(|e| panic!("{e}"));
    let alone = text_alone(&variant);
    let listed: BTreeMap<(String, String), Follows> = differences()
        .into_iter()
        .map(|d| ((d.id, d.variant), d.follows))
        .collect();
    let all = cases();
    assert_eq!(all.len(), 198);
    let mut wrong = Vec::new();
    let mut counts = BTreeMap::<&str, usize>::new();
    for case in &all {
        let kajongg = case.totals[variant_id];
        let hand = parse_kajongg(&case.hand, case.own, case.round);
        let card = hand.as_ref().ok().map(|hand| variant.score(hand));
        let got = card.as_ref().map(|c| c.total());
        let shown = got.map_or("refused".to_string(), |t| t.to_string());
        let by_text = hand.as_ref().ok().map(|hand| alone.score(hand).total());
        let row = listed.get(&(case.id.clone(), variant_id.to_string()));
        let problem = match row {
            None if got != Some(kajongg) => Some(match &hand {
                Ok(_) => format!("Kajongg {kajongg}, mjrules {}", got.unwrap()),
                Err(e) => format!("refused: {}", e.problems()[0].message),
            }),
            None if by_text != Some(kajongg) => Some(format!(
                "agrees only through rules from another source than the text (by the text \
                 alone {}): list it as `kajongg`",
                by_text.unwrap()
            )),
            None => None,
            Some(Follows::Text(total)) | Some(Follows::Hand(Some(total))) => (got != Some(*total)
                || *total == kajongg)
                .then(|| format!("listed as {total} against Kajongg's {kajongg}, mjrules {shown}")),
            Some(Follows::Hand(None)) => got.map(|t| format!("listed as refused, scored {t}")),
            Some(Follows::Kajongg(rule)) => match card.as_ref() {
                Some(card) if card.total() == kajongg && decides(card, rule) => (by_text
                    == Some(kajongg))
                .then(|| {
                    format!("the text's rules alone give Kajongg's {kajongg} too: not `kajongg`")
                }),
                _ => Some(format!(
                    "listed as agreeing through `{rule}`: Kajongg {kajongg}, mjrules {shown}, \
                     `{rule}` deciding: {}",
                    card.as_ref().is_some_and(|c| decides(c, rule))
                )),
            },
        };
        match problem {
            Some(problem) => wrong.push(format!("{} `{}`: {problem}", case.id, case.hand)),
            None => {
                *counts
                    .entry(match row {
                        None => "agree",
                        Some(Follows::Kajongg(_)) => "agree through another source",
                        Some(Follows::Text(_)) => "follow the text",
                        Some(Follows::Hand(_)) => "read the hand otherwise",
                    })
                    .or_default() += 1
            }
        }
    }
    let ids: BTreeSet<&str> = all.iter().map(|c| c.id.as_str()).collect();
    wrong.extend(
        (listed.keys())
            .filter(|(id, v)| v == variant_id && !ids.contains(id.as_str()))
            .map(|(id, _)| format!("{id}: listed, but Kajongg has no such case")),
    );
    eprintln!("{variant_id}: {counts:?}");
    assert!(
        wrong.is_empty(),
        "{variant_id}: {} cases not as listed:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn bmja_agrees_with_kajongg_or_the_difference_is_listed() {
    check("bmja");
}

#[test]
fn dmjl_agrees_with_kajongg_or_the_difference_is_listed() {
    check("dmjl");
}
