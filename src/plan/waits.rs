//! The waits, sooner: the same answers as [`crate::waits`] gives, worked out with less.
//!
//! In: a winning hand, its own tiles and its standard arrangements. Out: whether the winning
//! tile was the only possible one ([`Waits::only_possible`]). An arrangement often shows
//! another live tile that completes the hand (the winning tile at an end of a chow, or in a
//! pung beside a pair of another tile), and then the waits are not worked out; otherwise
//! the tiles that may complete the hand are tried until another live one does.
//!
//! In: a hand and the plan. Out: its wait count ([`wait_count`]), each special shape tried
//! only with the tiles that may make it form ([`shaping_tiles`]) and tested through its gate
//! and program: a shape whose gate cannot open with one tile more than the hand held before
//! the win forms with none, and one that may forms only with a tile that mends every tile
//! failing its tests of each tile ([`super::gate::Gated::mending_tiles`]).

use arrayvec::ArrayVec;

use super::Plan;
use super::calling::one_tile_more;
use crate::arrange::{Arrangement, Block};
use crate::hand::{Hand, HandParts};
use crate::predicate::facts::Facts;
use crate::rules::MAX_SHAPES;
use crate::score::facts::HandElems;
use crate::set::SetKind;
use crate::tiles::{Tile, TileCounts, TileSet};
use crate::waits::Completer;
#[cfg(doc)]
use crate::waits::Waits;

/// Whether the winning tile of a hand whose own tiles are `own` was the only live tile that
/// completed it, found by trying the tiles that may complete it until another live one
/// does.
fn by_completing(hand: &Hand, own: &TileCounts) -> bool {
    let Some(win) = hand.win() else {
        return false;
    };
    let waiting = hand.waiting_tiles();
    let mut held = *own;
    held.remove(win.tile);
    let Some(completer) = Completer::new(&waiting, hand.sets_needed()) else {
        return false;
    };
    let live = |t: Tile| held.get(t) + hand.seen().get(t) < 4;
    held.get(win.tile) < 4
        && completer.completes(win.tile)
        && completer
            .candidates()
            .iter()
            .all(|t| t == win.tile || !live(t) || !completer.completes(t))
}

/// Whether the winning tile was the only possible one ([`Waits::only_possible`]), for a
/// winner whose own tiles are `own` ([`Hand::own_tiles`], which the caller has already) and
/// whose standard arrangements are `arrangements` (as [`crate::arrange::arrangements`]
/// gives them).
pub fn only_possible(hand: &Hand, own: &TileCounts, arrangements: &[Arrangement]) -> bool {
    debug_assert_eq!(*own, hand.own_tiles(), "the hand's own tiles");
    // A reading that takes a block says nothing of the standard shape's waits.
    let answer = !arrangements
        .iter()
        .any(|a| a.block.is_none() && another_winning_tile(hand, own, a))
        && by_completing(hand, own);
    debug_assert_eq!(
        answer,
        crate::waits::waits(hand).only_possible,
        "an arrangement showed a wrong other winning tile"
    );
    answer
}

/// The wait count of `hand` ([`crate::waits::wait_count`]), each special shape tried only
/// with the tiles that may make it form, through its gate and program (see the module docs).
pub fn wait_count(plan: &Plan, blocks: &[Block], hand: &Hand) -> usize {
    let shaping = shaping_tiles(plan, hand);
    let tried = shaping.iter().fold(TileSet::default(), |all, s| all.or(*s));
    crate::waits::wait_count_with(hand, blocks, tried, |tile, facts| {
        let words = plan.words(&plan.summary(facts));
        (plan.shapes.iter().zip(&shaping)).any(|(s, m)| m.contains(tile) && s.holds(&words, facts))
    })
}

/// For each of the plan's special shapes, the tiles that may complete `hand` as it, in place
/// of its winning tile (see the module docs): a superset of those that do.
fn shaping_tiles(plan: &Plan, hand: &Hand) -> ArrayVec<TileSet, MAX_SHAPES> {
    if plan.shapes.is_empty() || !hand.melds().is_empty() {
        return ArrayVec::new();
    }
    // The hand as it stood, red fives aside (no tile test reads them).
    let before = Hand::new(HandParts {
        concealed: Some(hand.waiting_tiles()),
        win: None,
        red_fives: &[],
        ..hand.parts()
    });
    let Ok(before) = before else {
        return plan.shapes.iter().map(|_| TileSet::all()).collect();
    };
    let mut elems = HandElems::default();
    elems.fill(&before, &before.own_tiles(), true);
    let known = plan.summary(&Facts::of_hand(&elems.tiles, &elems.bonus));
    let words = plan.words(&one_tile_more(known, elems.tiles.len()));
    let tile_facts = Facts::of_hand(&elems.tiles, &[]);
    (plan.shapes.iter())
        .map(|s| {
            if s.gate.may_open_with_one_more_tile(&words, |_| true) {
                s.mending_tiles(&tile_facts, &elems.tiles)
            } else {
                TileSet::default()
            }
        })
        .collect()
}

/// True when arrangement `a` of a winner whose own tiles are `own` shows a live tile other
/// than the winning tile that completes the hand as it stood before: with the winning tile
/// at an end of a chow (as 3 of 345), the tile beyond the other end (6 reads 456); with the
/// winning tile in a pung beside a pair of another tile, that tile (the pung turns pair, the
/// pair pung).
fn another_winning_tile(hand: &Hand, own: &TileCounts, a: &Arrangement) -> bool {
    let (Some(win), Some(set)) = (hand.win(), a.winning()) else {
        return false;
    };
    // As in `by_completing`: a copy may still come (the tile is not the winning one, so
    // its own copies are those held before the win).
    let live = |t: Tile| own.get(t) + hand.seen().get(t) < 4;
    let index = set.tile.index();
    match set.kind {
        SetKind::Chow => {
            let number = set.tile.number();
            let beyond = if win.tile == set.tile && number <= 6 {
                Tile::from_index(index + 3)
            } else if win.tile.index() == index + 2 && number >= 2 {
                Tile::from_index(index - 1)
            } else {
                None
            };
            beyond.is_some_and(live)
        }
        SetKind::Pung => a
            .sets
            .iter()
            .any(|s| s.kind == SetKind::Pair && !s.declared && s.tile != win.tile && live(s.tile)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrange::arrangements;
    use crate::hand::parse_hand;
    use crate::random::HandGenerator;
    use crate::waits::waits;

    /// `only_possible` (which first looks for another winning tile in the arrangements)
    /// against the waits worked out in full.
    fn both_ways(hand: &Hand) -> bool {
        let quick = only_possible(hand, &hand.own_tiles(), &arrangements(hand));
        assert_eq!(quick, waits(hand).only_possible);
        quick
    }

    #[test]
    fn an_arrangement_may_show_another_winning_tile() {
        let hand = |concealed: &str, win: &str, seen: &str| {
            let text = format!(
                "seat = \"west\"\nprevailing = \"east\"\nconcealed = \"{concealed}\"\n\
                 seen = \"{seen}\"\n[win]\ntile = \"{win}\"\nfrom = \"wall\"\n"
            );
            parse_hand("hand.toml", &text).expect("a legal hand")
        };
        // (concealed tiles, winning tile, seen tiles, only possible), worked by hand:
        let cases = [
            // 3m at the low end of 345m: 6m would have made 456m.
            ("345m 123p 456p 789p 11z", "3m", "", false),
            // ... unless every 6m is seen: then 3m was the only possible tile.
            ("345m 123p 456p 789p 11z", "3m", "6666m", true),
            // 5m at the high end of 345m: 2m would have made 234m.
            ("345m 123p 456p 789p 11z", "5m", "", false),
            // A pung of 5m beside a pair of 1z: 1z would have made a pung, 55m the pair.
            ("555m 123p 456p 789p 11z", "5m", "", false),
            // 5m in the middle of 456m: nothing else fits between 4m and 6m.
            ("456m 123p 456p 789p 11z", "5m", "", true),
        ];
        for (concealed, win, seen, only) in cases {
            let hand = hand(concealed, win, seen);
            assert_eq!(both_ways(&hand), only, "{concealed} + {win}");
        }
        // The gallery's hands with edge and closed waits agree too.
        for name in [
            "edge-wait",
            "two-sided-wait-dead-end",
            "six-seven-eight-nine-and-pair",
        ] {
            let path = format!(
                "{}/tests/hands/gallery/{name}.toml",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(&path).expect("a gallery hand");
            both_ways(&parse_hand(&path, &text).expect("a legal hand"));
        }
    }

    #[test]
    fn random_winners_agree_with_the_waits() {
        let mut hands = HandGenerator::new(18);
        let mut only = 0;
        for _ in 0..2_000 {
            only += usize::from(both_ways(&hands.corpus_hand(true)));
        }
        // Both answers occur, so the agreement is not about one of them only.
        assert!(only > 0 && only < 2_000, "{only} of 2000 only possible");
    }
}
