//! The only possible tile, sooner: the same answer as the waits give, worked out with less.
//!
//! In: a winning hand, its own tiles and its standard arrangements. Out: whether the winning
//! tile was the only possible one ([`Waits::only_possible`]). An arrangement often shows
//! another live tile that completes the hand (the winning tile at an end of a chow, or in a
//! pung beside a pair of another tile), and then the waits are not worked out; otherwise
//! the tiles that may complete the hand are tried until another live one does.

use crate::arrange::Arrangement;
use crate::hand::Hand;
use crate::set::SetKind;
use crate::tiles::{Tile, TileCounts};
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
    let answer = !arrangements
        .iter()
        .any(|a| another_winning_tile(hand, own, a))
        && by_completing(hand, own);
    debug_assert_eq!(
        answer,
        crate::waits::waits(hand).only_possible,
        "an arrangement showed a wrong other winning tile"
    );
    answer
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
