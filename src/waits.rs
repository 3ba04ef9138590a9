//! Waits: the tiles that would complete a hand, and how the winning tile fitted.
//!
//! In: a validated [`Hand`]. Out: [`Waits`]: every tile that completes the hand as it stood
//! before its winning tile (for a non-winner, as it stands), whether the winning tile was the
//! only possible one, and whether it fished the eyes.
//!
//! A tile the player already holds four of cannot come and is no wait. A wait is *dead* when
//! every copy not in the player's hand is visible (in `seen`): the winning tile was the only
//! possible one when every other wait was dead.

use crate::arrange::{Arrangement, ComponentShapes, component_shapes, honour_shape, reads_as};
use crate::hand::Hand;
use crate::set::SetKind;
use crate::suit_table;
use crate::tiles::{Tile, TileCounts, TileSet};

/// The waits of a hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Waits {
    /// Every tile that completes the hand in the standard shape.
    pub tiles: TileSet,
    /// The waits of which a copy may still come (not all held or seen).
    pub live: TileSet,
    /// Winner: the winning tile was the only live wait. Others: the hand waits on exactly
    /// one live tile.
    pub only_possible: bool,
    /// Winner: the winning tile completed the pair after four sets were complete.
    pub fishing_the_eyes: bool,
}

/// The waits of a hand (see the module docs).
pub fn waits(hand: &Hand) -> Waits {
    let waiting = hand.waiting_tiles();
    let sets = hand.sets_needed();
    let held = hand.held_before_win();
    let tiles = completing_tiles(&waiting, sets, &held);
    let mut live = TileSet::default();
    for tile in tiles.iter() {
        if held.get(tile) + hand.seen.get(tile) < 4 {
            live.insert(tile);
        }
    }
    let (only_possible, fishing_the_eyes) = match hand.win {
        Some(win) => {
            let others_dead = live.iter().all(|t| t == win.tile);
            let mut before_pair = waiting;
            let fished = before_pair.remove(win.tile) && reads_as(&before_pair, sets, false);
            (tiles.contains(win.tile) && others_dead, fished)
        }
        None => (live.len() == 1, false),
    };
    Waits {
        tiles,
        live,
        only_possible,
        fishing_the_eyes,
    }
}

/// True when the winner's winning tile was the only live tile that completed the hand (see
/// [`Waits::only_possible`]); the same answer as [`waits`], sooner: it stops at the first
/// other live tile that completes the hand.
pub fn only_possible(hand: &Hand) -> bool {
    only_possible_held(hand, &hand.own_tiles())
}

/// [`only_possible`] of a hand whose own tiles are `own`.
fn only_possible_held(hand: &Hand, own: &TileCounts) -> bool {
    let Some(win) = hand.win else {
        return false;
    };
    let waiting = hand.waiting_tiles();
    let mut held = *own;
    held.remove(win.tile);
    let Some(completer) = Completer::new(&waiting, hand.sets_needed()) else {
        return false;
    };
    let live = |t: Tile| held.get(t) + hand.seen.get(t) < 4;
    held.get(win.tile) < 4
        && completer.completes(win.tile)
        && completer
            .candidates()
            .iter()
            .all(|t| t == win.tile || !live(t) || !completer.completes(t))
}

/// [`only_possible`] of a winner whose own tiles are `own` ([`Hand::own_tiles`], which the
/// caller has already) and whose standard arrangements are `arrangements` (as
/// [`crate::arrange::arrangements`] gives them). One of them often shows another live tile
/// that completes the hand, and then the waits are not worked out: the winning tile at an
/// end of a chow, or in a pung beside a pair of another tile.
pub fn only_possible_in(hand: &Hand, own: &TileCounts, arrangements: &[Arrangement]) -> bool {
    debug_assert_eq!(*own, hand.own_tiles(), "the hand's own tiles");
    let answer = !arrangements
        .iter()
        .any(|a| another_winning_tile(hand, own, a))
        && only_possible_held(hand, own);
    debug_assert_eq!(
        answer,
        only_possible(hand),
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
    let (Some(win), Some(set)) = (hand.win, a.winning()) else {
        return false;
    };
    // As in `only_possible`: a copy may still come (the tile is not the winning one, so
    // its own copies are those held before the win).
    let live = |t: Tile| own.get(t) + hand.seen.get(t) < 4;
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

/// Every tile that makes `waiting` (with `sets` sets still to make) complete, leaving out
/// tiles of which `held` already has four.
pub fn completing_tiles(waiting: &TileCounts, sets: usize, held: &TileCounts) -> TileSet {
    let mut found = TileSet::default();
    let Some(completer) = Completer::new(waiting, sets) else {
        return found;
    };
    for tile in completer.candidates().iter() {
        if held.get(tile) < 4 && completer.completes(tile) {
            found.insert(tile);
        }
    }
    if cfg!(debug_assertions) {
        for tile in candidates(waiting).iter().filter(|&t| held.get(t) < 4) {
            debug_assert!(
                completer.candidates().contains(tile) || !completer.completes(tile),
                "a tile left out of the candidates completes the hand"
            );
        }
    }
    found
}

/// Tells whether one more tile completes some waiting tiles.
struct Completer<'w> {
    counts: &'w [u8; Tile::COUNT],
    /// How the components of the waiting tiles read.
    base: ComponentShapes,
    /// The suit table key of each suit's counts.
    keys: [usize; 3],
    /// The tiles that may complete the hand (see [`Completer::candidates`]).
    candidates: TileSet,
}

impl<'w> Completer<'w> {
    /// For `waiting` with `sets` sets still to make; `None` when no single tile can complete
    /// it (the count is wrong).
    fn new(waiting: &'w TileCounts, sets: usize) -> Option<Completer<'w>> {
        if waiting.total() + 1 != sets * 3 + 2 {
            return None;
        }
        let counts = waiting.as_array();
        let keys = [0, 1, 2].map(|suit| suit_table::key(&counts[suit * 9..suit * 9 + 9]));
        // A tile changes only its own component (its suit, or the honour itself), so it
        // completes the hand only by mending the one component that does not read; when
        // every component reads, two of them read with a pair, and the tile must turn one
        // of those pairs into a set.
        let mut base = ComponentShapes {
            unreadable: 0,
            with_pair: 0,
        };
        let (mut unreadable, mut with_pair) = (TileSet::default(), TileSet::default());
        let mut component = |shape: u8, tiles: TileSet| {
            base.add(shape, 1);
            if shape == 0 {
                unreadable = unreadable.or(tiles);
            } else if shape == suit_table::SETS_AND_PAIR {
                with_pair = with_pair.or(tiles);
            }
        };
        for (suit, &key) in keys.iter().enumerate() {
            component(suit_table::shape_of_key(key), TileSet::of_suit(suit));
        }
        // Each honour is a component; all seven are classed in one pass of bit tests.
        let (mut lone, mut paired) = (0, 0);
        for (i, &n) in counts[27..].iter().enumerate() {
            let shape = honour_shape(n);
            lone |= u64::from(shape == 0) << i;
            paired |= u64::from(shape == suit_table::SETS_AND_PAIR) << i;
        }
        base.unreadable += lone.count_ones() as usize;
        base.with_pair += paired.count_ones() as usize;
        unreadable = unreadable.or(TileSet::honours(lone));
        with_pair = with_pair.or(TileSet::honours(paired));
        debug_assert_eq!(
            (base.unreadable, base.with_pair),
            {
                let b = component_shapes(counts);
                (b.unreadable, b.with_pair)
            },
            "the components' shapes"
        );
        let mendable = match base.unreadable {
            0 => with_pair,
            1 => unreadable,
            _ => TileSet::default(),
        };
        Some(Completer {
            counts,
            base,
            keys,
            candidates: candidates(waiting).and(mendable),
        })
    }

    /// The tiles that may complete the hand: those that can join a set or pair with a held
    /// tile (see [`candidates`]), in the components that adding one tile can mend. Any
    /// other tile leaves some component unread.
    fn candidates(&self) -> TileSet {
        self.candidates
    }

    /// Whether the waiting tiles and `tile` read as complete. Only the component of the
    /// added tile changes.
    fn completes(&self, tile: Tile) -> bool {
        let (before, after) = if tile.is_suited() {
            let suit = tile.index() / 9;
            let key = self.keys[suit];
            let shifted = key + suit_table::step(tile.index() % 9);
            (
                suit_table::shape_of_key(key),
                suit_table::shape_of_key(shifted),
            )
        } else {
            let n = self.counts[tile.index()];
            (honour_shape(n), honour_shape(n + 1))
        };
        let mut shapes = self.base;
        shapes.add(before, -1);
        shapes.add(after, 1);
        shapes.unreadable == 0 && shapes.with_pair == 1
    }
}

/// The tiles that can join a set or pair with a held tile: the held tiles themselves and,
/// in the suits, their neighbours up to two steps away. No other tile can complete a hand.
fn candidates(counts: &TileCounts) -> TileSet {
    TileSet::held(counts).with_neighbours()
}
