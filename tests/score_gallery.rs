//! The full score card of each gallery hand under every built-in variant, as snapshots: one
//! document per hand, a section per variant.

mod common;

use mjrules::Variant;
use mjrules::hand::parse_hand;
use mjrules::render::score_text;
use mjrules::rules::builtin;
use mjrules::tiles::TileStyle;

#[test]
fn score_cards_of_the_gallery_under_every_variant() {
    let variants: Vec<_> = builtin::ids()
        .map(|id| Variant::load(id, &[]).unwrap())
        .collect();
    for path in common::gallery() {
        let text = std::fs::read_to_string(&path).unwrap();
        let hand = parse_hand(&common::display_name(&path), &text).unwrap();
        let mut report = format!("## Hand\n{text}\n");
        for variant in &variants {
            let card = variant.score(&hand);
            // Every number on the card adds up: the items counted give the points, doubles
            // or faan shown.
            let kinds = |k: mjrules::rules::ItemKind| {
                card.fired
                    .iter()
                    .filter(|f| f.kind == k)
                    .map(|f| f.amount)
                    .sum::<i64>()
            };
            if card.totals.faan.is_none() && card.totals.limit_hand.is_none() && card.totals.valid {
                assert_eq!(
                    kinds(mjrules::rules::ItemKind::Points),
                    card.totals.points,
                    "{}",
                    variant.id()
                );
                assert_eq!(
                    kinds(mjrules::rules::ItemKind::Doubles),
                    card.totals.doubles,
                    "{}",
                    variant.id()
                );
            }
            report.push_str(&format!(
                "\n## {}\n{}",
                variant.id(),
                score_text(&card, TileStyle::Ascii)
            ));
        }
        common::with_snapshots(&path, || {
            insta::assert_snapshot!(format!("score_gallery__{}", common::stem(&path)), report);
        });
    }
}
