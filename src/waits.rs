//! Waits: the tiles that would complete a hand, and how the winning tile fitted.
//!
//! In: a validated [`Hand`]. Out: [`Waits`]: every tile that completes the hand as it stood
//! before its winning tile (for a non-winner, as it stands), whether the winning tile was the
//! only possible one, and whether it fished the eyes.
//!
//! A tile the player already holds four of cannot come and is no wait. A wait is *dead* when
//! every copy not in the player's hand is visible (in `seen`): the winning tile was the only
//! possible one when every other wait was dead.
//!
//! [`waits`] knows the standard shape (four sets and a pair); [`waits_in`] adds the special
//! shapes and the blocks of a variant, and [`wait_count`] counts the tiles that complete a
//! hand by shape alone.

use crate::Variant;
use crate::arrange::{Block, ComponentShapes, component_shapes, honour_shape, reads_as};
use crate::hand::Hand;
use crate::predicate::Compiled;
use crate::predicate::facts::{Elem, Facts};
use crate::score::facts::{HandElems, hand_facts, hand_flags};
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
        if held.get(tile) + hand.seen().get(tile) < 4 {
            live.insert(tile);
        }
    }
    let fishing_the_eyes = hand.win().is_some_and(|win| {
        let mut before_pair = waiting;
        before_pair.remove(win.tile) && reads_as(&before_pair, sets, false)
    });
    Waits {
        tiles,
        live,
        only_possible: only_possible(hand, tiles, live),
        fishing_the_eyes,
    }
}

/// Winner: the winning tile was the only live wait of `tiles`. Others: the hand waits on
/// exactly one live tile.
fn only_possible(hand: &Hand, tiles: TileSet, live: TileSet) -> bool {
    match hand.win() {
        Some(win) => tiles.contains(win.tile) && live.iter().all(|t| t == win.tile),
        None => live.len() == 1,
    }
}

/// The waits of a hand under `variant`: those of the standard shape, and the tiles with which
/// the variant reads the completed hand as one of its special shapes (thirteen orphans
/// waiting on one tile, seven pairs) or with one of its blocks. A winner's hand is completed
/// in place of its winning tile, the way it was won kept.
pub fn waits_in(hand: &Hand, variant: &Variant) -> Waits {
    let mut found = waits(hand);
    let held = hand.held_before_win();
    let rules = variant.rules();
    let tried = shaping(&rules.shapes).and(found.tiles.complement());
    let others = shape_waits(hand, &held, tried, forms_one_of(&rules.shapes)).or(block_waits(
        hand,
        &held,
        &rules.blocks,
    ));
    for tile in others.iter() {
        found.tiles.insert(tile);
        if held.get(tile) + hand.seen().get(tile) < 4 {
            found.live.insert(tile);
        }
    }
    found.only_possible = only_possible(hand, found.tiles, found.live);
    found
}

/// How many distinct tiles complete `hand` as it stood before its winning tile (for a player
/// who did not go out, as it stands), by shape alone: as four sets and a pair, as one of a
/// variant's special `shapes`, or with one of its `blocks`. Copies seen elsewhere do not
/// matter; a tile the player holds four of is no wait.
pub fn wait_count(hand: &Hand, shapes: &[Compiled], blocks: &[Block]) -> usize {
    wait_count_with(hand, blocks, shaping(shapes), forms_one_of(shapes))
}

/// The tiles that may complete a hand as one of `shapes`, by their conditions alone: any,
/// unless there is none.
fn shaping(shapes: &[Compiled]) -> TileSet {
    if shapes.is_empty() {
        TileSet::default()
    } else {
        TileSet::all()
    }
}

/// Whether a completed hand, whose facts before a reading are given, forms one of `shapes`.
fn forms_one_of(shapes: &[Compiled]) -> impl Fn(Tile, &Facts<'_>) -> bool + '_ {
    |_, facts| shapes.iter().any(|s| s.holds(facts, Elem::default()))
}

/// [`wait_count`], where a special shape is looked for only with the tiles of `tried`, and
/// `forms_shape(tile, facts)` says whether the hand completed with `tile`, whose facts before
/// a reading are `facts`, forms one (a caller that knows more of the shapes than their
/// conditions).
pub fn wait_count_with(
    hand: &Hand,
    blocks: &[Block],
    tried: TileSet,
    forms_shape: impl Fn(Tile, &Facts<'_>) -> bool,
) -> usize {
    let held = hand.held_before_win();
    let standard = completing_tiles(&hand.waiting_tiles(), hand.sets_needed(), &held);
    let tried = tried.and(standard.complement());
    standard
        .or(shape_waits(hand, &held, tried, forms_shape))
        .or(block_waits(hand, &held, blocks))
        .len()
}

/// The tiles, other than those `held` (the player's tiles before the win) has four of, that
/// complete `hand` with one of `blocks`: one of its ways among the tiles, the rest the sets
/// still needed and a pair.
fn block_waits(hand: &Hand, held: &TileCounts, blocks: &[Block]) -> TileSet {
    let mut waits = TileSet::default();
    let waiting = hand.waiting_tiles();
    let needed = hand.sets_needed();
    for block in blocks.iter().filter(|b| b.sets <= needed) {
        for way in &block.ways {
            // The tiles of the way the hand lacks: one may come, no more.
            let mut lacking = Tile::all().filter(|&t| way.get(t) > waiting.get(t));
            let candidates = match (lacking.next(), lacking.next()) {
                // The hand holds the whole way: the tile must join a set or the pair with
                // what is left of its tiles.
                (None, _) => match waiting.less(way) {
                    Some(rest) => candidates(&rest),
                    None => continue,
                },
                (Some(t), None) if way.get(t) == waiting.get(t) + 1 => TileSet::of(t),
                _ => continue,
            };
            let completes = |tile: Tile| {
                let mut completed = waiting;
                completed.add(tile);
                (completed.less(way)).is_some_and(|rest| reads_as(&rest, needed - block.sets, true))
            };
            for tile in candidates.iter().filter(|&t| held.get(t) < 4) {
                if completes(tile) {
                    waits.insert(tile);
                }
            }
            debug_assert!(
                candidates.complement().iter().all(|t| !completes(t)),
                "a tile left out of a block's candidates completes the hand"
            );
        }
    }
    waits
}

/// The tiles of `tried`, other than those `held` (the player's tiles before the win) has four
/// of, that complete `hand` as a special shape (which only a hand without declared sets
/// forms; `forms_shape` tells), each in place of the winning tile for the player who went
/// out.
fn shape_waits(
    hand: &Hand,
    held: &TileCounts,
    tried: TileSet,
    forms_shape: impl Fn(Tile, &Facts<'_>) -> bool,
) -> TileSet {
    let mut waits = TileSet::default();
    if tried.is_empty() || !hand.melds().is_empty() {
        return waits;
    }
    let mut elems = HandElems::default();
    for tile in tried.iter().filter(|&t| held.get(t) < 4) {
        let completed = hand.completed_with(tile);
        elems.fill(&completed, &completed.own_tiles(), true);
        let facts = hand_facts(&completed, &elems, hand_flags(&completed));
        if forms_shape(tile, &facts) {
            waits.insert(tile);
        }
    }
    waits
}

/// Every tile that makes `waiting` (with `sets` sets still to make) complete, leaving out
/// tiles of which `held` already has four.
pub(crate) fn completing_tiles(waiting: &TileCounts, sets: usize, held: &TileCounts) -> TileSet {
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
pub(crate) struct Completer<'w> {
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
    pub(crate) fn new(waiting: &'w TileCounts, sets: usize) -> Option<Completer<'w>> {
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
    pub(crate) fn candidates(&self) -> TileSet {
        self.candidates
    }

    /// Whether the waiting tiles and `tile` read as complete. Only the component of the
    /// added tile changes.
    pub(crate) fn completes(&self, tile: Tile) -> bool {
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
