//! The riichi house files of `examples/house-rules/` change what they say and nothing else:
//! four hands under `riichi` and under each. The `riichi` totals were checked against the
//! reference engine (mahjong 2.1.0); the house totals are worked by hand from the files.

use mjrules::Variant;
use mjrules::hand::parse_hand;

/// South wins on West's 8s: 234m 0(5)67m 345p 678s 66s, riichi, a dora indicator of 9m (dora
/// 1m, none held). Riichi, pinfu, tanyao and the red five: 4 han; closed ron 30 fu; basic
/// 30 × 2^6 = 1920, × 4 = 7680 → 7700. Without red fives 3 han: 960 × 4 = 3840 → 3900.
const RED_FIVE: &str = r#"seat = "south"
prevailing = "east"
concealed = "234m 067m 345p 678s 66s"
riichi = true
dora = "9m"
win = { tile = "8s", from = "discard", discarder = "west" }
"#;

/// The same with a plain 5m and a dora indicator of 1m (dora 2m, one held): 4 han 30 fu,
/// 7700; with kiriage mangan, 1920 basic is a mangan: 2000 × 4 = 8000.
const FOUR_HAN_THIRTY_FU: &str = r#"seat = "south"
prevailing = "east"
concealed = "234m 567m 345p 678s 66s"
riichi = true
dora = "1m"
win = { tile = "8s", from = "discard", discarder = "west" }
"#;

/// South draws 8m: 234m 234m 567m 678m 55m, riichi, dora indicator 1m (two 2m). Riichi,
/// menzen tsumo, pinfu, tanyao, iipeikou 1 each, chinitsu 6, dora 2: 13 han, no yakuman.
/// Counted as a yakuman (8000 basic): 16000 + 8000 + 8000 = 32000. As a sanbaiman (6000
/// basic, EMA): 12000 + 6000 + 6000 = 24000.
const THIRTEEN_HAN: &str = r#"seat = "south"
prevailing = "east"
concealed = "223344m 567m 678m 55m"
riichi = true
dora = "1m"
win = { tile = "8m", from = "wall" }
"#;

/// West wins on North's 5m with pungs of the four winds (East exposed) and 55m: big four
/// winds, a double yakuman (16000 basic, 64000 from the discarder); a single one in EMA
/// (8000 basic, 32000).
const BIG_FOUR_WINDS: &str = r#"seat = "west"
prevailing = "east"
concealed = "222z 333z 444z 55m"
melds = ["111z exposed"]
win = { tile = "5m", from = "discard", discarder = "north" }
"#;

fn total(variant: &Variant, hand: &str) -> i64 {
    let hand = parse_hand("hand.toml", hand).unwrap_or_else(|e| panic!("{e}"));
    variant.score(&hand).totals.total
}

#[test]
fn house_files_change_only_what_they_say() {
    let load = |spec: &str| {
        let path = format!("{}/{spec}", env!("CARGO_MANIFEST_DIR"));
        let spec = if spec.ends_with(".toml") {
            path.as_str()
        } else {
            spec
        };
        Variant::load(spec, &[]).unwrap_or_else(|e| panic!("{e}"))
    };
    let riichi = load("riichi");
    let ema = load("examples/house-rules/riichi-ema.toml");
    let club = load("examples/house-rules/riichi-club.toml");
    let hands = [RED_FIVE, FOUR_HAN_THIRTY_FU, THIRTEEN_HAN, BIG_FOUR_WINDS];
    let totals = |v: &Variant| hands.map(|h| total(v, h));
    assert_eq!(totals(&riichi), [7700, 7700, 32000, 64000]);
    assert_eq!(totals(&ema), [3900, 7700, 24000, 32000]);
    assert_eq!(totals(&club), [3900, 8000, 32000, 64000]);
}

/// A house file that lists the units in another order keeps each base item in its own unit:
/// the same totals as above (the han items stay han, the fu items fu).
#[test]
fn a_house_file_may_list_the_units_in_another_order() {
    let reordered = Variant::from_text(
        "reordered.toml",
        "[variant]\nid = \"reordered\"\nextends = \"riichi\"\n[score]\nunits = [\"fu\", \"yakuman\", \"han\"]\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let hands = [RED_FIVE, FOUR_HAN_THIRTY_FU, THIRTEEN_HAN, BIG_FOUR_WINDS];
    assert_eq!(
        hands.map(|h| total(&reordered, h)),
        [7700, 7700, 32000, 64000]
    );
}
