//! The gallery of tricky hands in `tests/hands/gallery/`: their arrangements and waits as
//! snapshots, and the facts worked out by hand in each file's comment as assertions.

mod common;

use mjrules::arrange::arrangements;
use mjrules::hand::{Hand, parse_hand};
use mjrules::render;
use mjrules::tiles::{TileStyle, format_tiles};
use mjrules::waits::waits;

fn load(name: &str) -> Hand {
    let path = format!(
        "{}/tests/hands/gallery/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    parse_hand(&path, &text).unwrap_or_else(|e| panic!("{}", common::render_plain(&e)))
}

fn wait_list(hand: &Hand) -> String {
    format_tiles(waits(hand).tiles.iter(), TileStyle::Ascii)
}

#[test]
fn gallery_snapshots() {
    for path in common::files_in("hands/gallery", "toml") {
        let text = std::fs::read_to_string(&path).unwrap();
        let hand = parse_hand(&common::display_name(&path), &text)
            .unwrap_or_else(|e| panic!("{}", common::render_plain(&e)));
        let found = arrangements(&hand);
        let w = waits(&hand);
        let report = format!(
            "## Hand\n{text}\n## Arrangements\n{}\n## Waits\n{}",
            render::arrangements_text(&found, hand.is_winner(), TileStyle::Ascii),
            render::waits_text(&w, hand.is_winner(), TileStyle::Ascii),
        );
        common::with_snapshots(&path, || {
            insta::assert_snapshot!(format!("gallery__{}", common::stem(&path)), report);
        });
    }
}

#[test]
fn pure_suit_reads_as_pungs_or_chows() {
    // 111222333m: three pungs, or three 123m chows. The drawn 3m completes the 333m pung
    // in the first reading, and one of the (identical) 123m chows in the second: two
    // arrangements.
    let hand = load("pure-suit-many-readings");
    assert_eq!(arrangements(&hand).len(), 2);
}

#[test]
fn six_to_nine_fishes_the_eyes_with_either_end() {
    let hand = load("six-seven-eight-nine-and-pair");
    assert_eq!(wait_list(&hand), "69p");
    let w = waits(&hand);
    assert!(w.fishing_the_eyes);
    // Two tiles could complete it, neither is dead: not the only possible tile.
    assert!(!w.only_possible);
    // With 6789p + 9p the only reading is 678p + 99p, and the winning 9p is in the pair.
    let found = arrangements(&hand);
    assert_eq!(found.len(), 1);
    assert!(found[0].fishing_the_eyes());
}

#[test]
fn nine_gates_waits_on_all_nine() {
    let hand = load("nine-gates");
    assert_eq!(wait_list(&hand), "123456789m");
}

#[test]
fn edge_wait_is_the_only_possible_tile() {
    let hand = load("edge-wait");
    assert_eq!(wait_list(&hand), "3m");
    let w = waits(&hand);
    assert!(w.only_possible && !w.fishing_the_eyes);
}

#[test]
fn a_wait_whose_copies_are_all_seen_is_dead() {
    let hand = load("two-sided-wait-dead-end");
    let w = waits(&hand);
    assert_eq!(format_tiles(w.tiles.iter(), TileStyle::Ascii), "36p");
    assert_eq!(format_tiles(w.live.iter(), TileStyle::Ascii), "3p");
    assert!(w.only_possible);
}

#[test]
fn a_claimed_tile_makes_its_pung_exposed() {
    let hand = load("claimed-last-tile-completes-pung");
    let found = arrangements(&hand);
    assert_eq!(found.len(), 1);
    let won = found[0].winning().unwrap();
    assert_eq!(won.to_string(), "222m exposed");
}

#[test]
fn thirteen_orphans_has_no_standard_reading() {
    let hand = load("thirteen-orphans");
    assert!(arrangements(&hand).is_empty());
    assert!(waits(&hand).tiles.is_empty());
}

#[test]
fn a_non_winner_groups_pungs_and_pairs() {
    // 5555p: pung + lone 5p, or two pairs; 777z pung or pair + lone; 11z pair; 2s, 9m lone.
    let hand = load("non-winner");
    assert_eq!(arrangements(&hand).len(), 4);
}

#[test]
fn the_discard_sits_in_each_distinct_set_it_can_complete() {
    // 222333444s 55s (+ 123m declared): 222/333/444 + 55; 234 ×3 + 55; 22 + 234 + 345 ×2.
    // The discarded 4s completes 444s, or one of the identical 234s, or the 234s or one of
    // the identical 345s of the third reading: four arrangements.
    let hand = load("pungs-or-chows");
    let found = arrangements(&hand);
    assert_eq!(found.len(), 4);
    assert!(
        found
            .iter()
            .all(|a| a.winning().unwrap().scores_as_exposed())
    );
}
