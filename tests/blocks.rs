//! Blocks in the reading search, on hands worked by hand under `tests/variants/blocks.toml`
//! (BMJA with a block of nine knitted tiles, 147m 258p 369s or 147p 258s 369m, worth 10
//! points in a reading that takes it and 2 more when the hand waited on one tile only, and 1
//! to a player who did not go out and calls for it).

use mjrules::Variant;
use mjrules::hand::parse_hand;
use mjrules::tiles::TileStyle;
use mjrules::waits::waits_in;
use serde_json::Value;

fn variant() -> Variant {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/variants/blocks.toml");
    Variant::load(path, &[]).unwrap()
}

/// The card of `hand` as JSON, and the hand's waits under the variant, as text.
fn scored(hand: &str) -> (Value, String) {
    let variant = variant();
    let hand = parse_hand("hand.toml", hand).unwrap();
    let card = variant.score(&hand);
    let waits = waits_in(&hand, &variant);
    let waits = mjrules::tiles::format_tiles(waits.tiles.iter(), TileStyle::Ascii);
    (mjrules::render::score_json(&card, TileStyle::Ascii), waits)
}

fn counted(card: &Value) -> Vec<&str> {
    card["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect()
}

#[test]
fn a_hand_completed_in_the_block_reads_with_it() {
    // 147m 258p 36s waiting on 9s (the only tile: 123s 55z are a set and a pair already), won
    // with it: no standard reading (147m is no set); the block, 123s and 55z. The 9s completed
    // the block, so no set is the winning one. Both block items count.
    let (card, waits) = scored(
        r#"
seat = "south"
prevailing = "east"
concealed = "147m 258p 369s 123s 55z"
[win]
tile = "9s"
from = "wall"
"#,
    );
    assert_eq!(waits, "9s");
    assert_eq!(card["valid"], true, "{card}");
    assert_eq!(
        card["arrangement"],
        serde_json::json!([
            "block `knitted` 147m 258p 369s",
            "123s concealed",
            "55z concealed"
        ])
    );
    let ids = counted(&card);
    assert!(
        ids.contains(&"knitted") && ids.contains(&"knitted-only-wait"),
        "{ids:?}"
    );
}

#[test]
fn the_winning_tile_may_complete_a_set_beside_the_block() {
    // 147p 258s 369m 12s 55z, won with 3s: the block (its second way), 123s completed by the
    // 3s (an edge wait: 12s waits on 3s alone), 55z. Waits: 3s only.
    let (card, waits) = scored(
        r#"
seat = "south"
prevailing = "east"
concealed = "369m 147p 258s 123s 55z"
[win]
tile = "3s"
from = "wall"
"#,
    );
    assert_eq!(waits, "3s");
    assert_eq!(
        card["arrangement"],
        serde_json::json!([
            "block `knitted` 369m 147p 258s",
            "123s concealed",
            "55z concealed"
        ])
    );
    let ids = counted(&card);
    assert!(
        ids.contains(&"knitted") && ids.contains(&"knitted-only-wait"),
        "{ids:?}"
    );
}

#[test]
fn two_waits_are_not_one() {
    // 147m 258p 369s 45s 11s waits on 3s and 6s (a two-sided chow wait beside the block), so
    // when it is won with 6s the hand waited on two tiles: 10 points for the block, not 2
    // more.
    let (card, waits) = scored(
        r#"
seat = "south"
prevailing = "east"
concealed = "147m 258p 369s 456s 11s"
[win]
tile = "6s"
from = "wall"
"#,
    );
    assert_eq!(waits, "36s");
    let ids = counted(&card);
    assert!(
        ids.contains(&"knitted") && !ids.contains(&"knitted-only-wait"),
        "{ids:?}"
    );
}

#[test]
fn without_every_tile_of_a_way_there_is_no_block() {
    // Won with 8s, the tiles hold 368s where the block needs 369s: no way of the block is
    // among them, and no standard reading either: not a Mah-Jong. The hand as it stood
    // (147m 258p 36s 123s 55z) waited on 9s, which completes the block.
    let (card, waits) = scored(
        r#"
seat = "south"
prevailing = "east"
concealed = "147m 258p 368s 123s 55z"
[win]
tile = "8s"
from = "wall"
"#,
    );
    assert_eq!(card["valid"], false, "{card}");
    assert_eq!(waits, "9s");
}

#[test]
fn a_declared_set_stands_beside_the_block() {
    // A declared East pung, then 147m 258p 369s and 5z before the win, won with 5z: the block
    // stands for the three sets still needed, and 55z is the pair (the only tile waited on),
    // exposed as a set completed by a discard is.
    let (card, waits) = scored(
        r#"
seat = "south"
prevailing = "east"
concealed = "147m 258p 369s 55z"
melds = ["111z exposed"]
[win]
tile = "5z"
from = "discard"
discarder = "west"
"#,
    );
    assert_eq!(waits, "5z");
    assert_eq!(
        card["arrangement"],
        serde_json::json!([
            "block `knitted` 147m 258p 369s",
            "111z exposed",
            "55z exposed"
        ])
    );
    let ids = counted(&card);
    assert!(
        ids.contains(&"knitted") && ids.contains(&"knitted-only-wait"),
        "{ids:?}"
    );
}

#[test]
fn a_player_who_did_not_go_out_calls_for_the_block() {
    // 147m 258p 36s 123s 55z, not out: a 9s would complete the block, so the hand calls for
    // it (1 point); with 37s in place of 36s no tile would, and it does not. The fast
    // scorer tries every tile for a variant with blocks, as the reference scorer does.
    let variant = variant();
    for (concealed, calls) in [
        ("147m 258p 36s 123s 55z", true),
        ("147m 258p 37s 123s 55z", false),
    ] {
        let hand = parse_hand(
            "hand.toml",
            &format!("seat = \"south\"\nprevailing = \"east\"\nconcealed = \"{concealed}\"\n"),
        )
        .unwrap();
        let card = variant.score(&hand);
        assert_eq!(
            card,
            mjrules::score::reference::score(variant.rules(), &hand)
        );
        let json = mjrules::render::score_json(&card, TileStyle::Ascii);
        assert_eq!(
            counted(&json).contains(&"calling-knitted"),
            calls,
            "{concealed}: {json}"
        );
    }
}
