//! Arrangements: every way to read a hand as sets.
//!
//! In: a validated [`Hand`]. Out: its [`Arrangement`]s. For the winner, each arrangement is
//! the declared sets plus a reading of the concealed tiles as the missing sets and one pair,
//! together with the set the winning tile completed (a set completed by a claimed discard
//! counts as exposed). For the other players, each arrangement groups the concealed tiles
//! into pungs, pairs and lone tiles. Special shapes (thirteen orphans, seven pairs…) are not
//! arrangements: variants state them as predicates over the tile counts. A variant's
//! [`Block`]s are: a winner's reading may take one of a block's ways whole from the concealed
//! tiles, in place of some of its sets, and read the rest as usual.
//!
//! The search works on tile-count vectors, lowest tile first, so that each distinct reading
//! is produced once and nothing is allocated per step.

use arrayvec::ArrayVec;

use crate::hand::{Hand, Win};
use crate::set::{Exposure, Set, SetKind};
use crate::suit_table;
use crate::tiles::{Tile, TileCounts, TileSet};

/// The most sets an arrangement can hold: 13 lone tiles of a non-winner plus a declared set.
pub const MAX_SETS: usize = 14;

/// One reading of a hand.
#[derive(PartialEq, Eq, Debug, Default)]
pub struct Arrangement {
    /// Declared sets first, in the order of the hand file, then the concealed groups,
    /// lowest tile first.
    pub sets: ArrayVec<Set, MAX_SETS>,
    /// The index in `sets` of the set that the winning tile completed (winners only; none
    /// when it completed the block).
    pub winning_set: Option<usize>,
    /// The block the reading took, if any: its tiles are in none of `sets`.
    pub block: Option<BlockUse>,
}

/// Tiles a reading may take together as one unit, in place of `sets` sets: a variant's
/// `[[blocks]]` (MCR's knitted straight, 147 258 369 in three suits), in any of its ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The tiles of each way to make it, each of `3 × sets` tiles.
    pub ways: Vec<TileCounts>,
    /// How many sets it stands for.
    pub sets: usize,
}

/// The block a reading took: its index among the variant's blocks, and which of its ways.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BlockUse {
    /// The block, by index.
    pub block: u8,
    /// The way, by index among the block's.
    pub way: u8,
}

impl BlockUse {
    /// The block's bit, as the facts of a reading hold it.
    pub fn bit(self) -> u64 {
        1 << self.block
    }
}

impl Clone for Arrangement {
    /// Copies the sets in one block (`ArrayVec`'s own clone copies them one by one).
    fn clone(&self) -> Arrangement {
        let mut sets = ArrayVec::new();
        sets.try_extend_from_slice(&self.sets)
            .expect("the same capacity");
        Arrangement {
            sets,
            winning_set: self.winning_set,
            block: self.block,
        }
    }
}

impl Arrangement {
    /// The set the winning tile completed.
    pub fn winning(&self) -> Option<Set> {
        self.winning_set.map(|i| self.sets[i])
    }

    /// True when the winning tile completed the pair ("fishing the eyes"): the other four
    /// sets were complete before it came.
    pub fn fishing_the_eyes(&self) -> bool {
        self.winning().is_some_and(|s| s.kind == SetKind::Pair)
    }

    /// The bit of the block the reading took (0 for none).
    pub fn block_bits(&self) -> u64 {
        self.block.map_or(0, BlockUse::bit)
    }
}

/// Which of the tiles a non-winner holds three or four alike are also read as pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Groupings {
    /// These tiles are read every way: three alike as a pung, or as a pair and a lone tile;
    /// four alike as a pung and a lone tile, or as two pairs. The others only as a pung
    /// (and a lone tile): for a variant in which that provably scores best for them (see
    /// the plan's groupings proof, `plan/groupings.rs`).
    pub regrouped: TileSet,
}

impl Groupings {
    /// Every tile read every way.
    pub fn every() -> Groupings {
        Groupings {
            regrouped: TileSet::all(),
        }
    }
}

/// Every arrangement of a hand (see the module docs), with no blocks. A winning hand with no
/// standard reading has none.
pub fn arrangements(hand: &Hand) -> Vec<Arrangement> {
    let mut out = Vec::new();
    arrange_into(hand, Groupings::every(), &[], &mut out);
    out
}

/// Like [`arrangements`], but appends to `out`, so that a caller scoring many hands can
/// reuse one buffer; a non-winner's tiles held alike are grouped as `groupings` says, and a
/// winner's readings may take one of `blocks` (after the readings without).
pub fn arrange_into(
    hand: &Hand,
    groupings: Groupings,
    blocks: &[Block],
    out: &mut Vec<Arrangement>,
) {
    let mut base = Arrangement::default();
    for meld in hand.melds() {
        base.sets.push(*meld);
    }
    let mut left = Left::of(hand.concealed());
    let mut groups: ArrayVec<(SetKind, Tile), MAX_SETS> = ArrayVec::new();
    match hand.win() {
        Some(win) => {
            let needed = hand.sets_needed();
            if hand.concealed().total() != needed * 3 + 2 {
                return;
            }
            complete_readings(&mut left, 0, 0, needed, true, &mut groups, &mut |groups| {
                push_winning(&base, groups, &win, out);
            });
            for (b, block) in blocks.iter().enumerate().filter(|(_, b)| b.sets <= needed) {
                for (w, way) in block.ways.iter().enumerate() {
                    let Some(rest) = hand.concealed().less(way) else {
                        continue;
                    };
                    let mut left = Left::of(&rest);
                    let mut base = base.clone();
                    base.block = Some(BlockUse {
                        block: b as u8,
                        way: w as u8,
                    });
                    let sets = needed - block.sets;
                    complete_readings(&mut left, 0, 0, sets, true, &mut groups, &mut |groups| {
                        // The winning tile may have completed the block (unless the hand
                        // says which set it completed).
                        if way.get(win.tile) > 0 && win.completes.is_none() {
                            out.push(with_groups(&base, groups));
                        }
                        push_winning(&base, groups, &win, out);
                    });
                }
            }
        }
        None => {
            let declared = base.sets.len();
            if only_grouping(hand.concealed(), groupings, &mut base) {
                out.push(base);
                return;
            }
            base.sets.truncate(declared);
            partial_readings(&mut left, 0, groupings, &mut groups, &mut |groups| {
                out.push(with_groups(&base, groups));
            })
        }
    }
}

/// Adds to `arrangement` the one grouping of a non-winner's concealed tiles `counts`, when
/// `groupings` regroups none of the tiles held three or four alike (for a variant whose
/// groupings are all proved, always): the first grouping [`partial_readings`] finds, built
/// without its search. False, with `arrangement` partly filled, when some tile has more
/// groupings.
fn only_grouping(counts: &TileCounts, groupings: Groupings, arrangement: &mut Arrangement) -> bool {
    for tile in TileSet::held(counts).iter() {
        let &[kinds] = ways_to_group(tile, counts.get(tile), groupings) else {
            return false;
        };
        for &kind in kinds {
            arrangement.sets.push(Set::concealed(kind, tile));
        }
    }
    true
}

/// `base` with the concealed `groups` after its sets.
fn with_groups(base: &Arrangement, groups: &[(SetKind, Tile)]) -> Arrangement {
    let mut arrangement = base.clone();
    arrangement.sets.extend(
        groups
            .iter()
            .map(|&(kind, tile)| Set::concealed(kind, tile)),
    );
    arrangement
}

/// Adds one arrangement per distinct group that the winning tile can have completed.
fn push_winning(
    base: &Arrangement,
    groups: &[(SetKind, Tile)],
    win: &Win,
    out: &mut Vec<Arrangement>,
) {
    let (winning_tile, claimed, completes) = (win.tile, win.from.is_claimed(), win.completes);
    let template = with_groups(base, groups);
    for (g, &(kind, tile)) in groups.iter().enumerate() {
        let set = Set::concealed(kind, tile);
        // Two identical groups give the same arrangement: keep the first.
        if !set.contains(winning_tile)
            || groups[..g].contains(&(kind, tile))
            || completes.is_some_and(|c| c != (kind, tile))
        {
            continue;
        }
        let index = base.sets.len() + g;
        let mut arrangement = template.clone();
        if claimed {
            arrangement.sets[index].exposure = Exposure::Exposed;
        }
        arrangement.winning_set = Some(index);
        out.push(arrangement);
    }
}

/// The tiles a search has still to read: their counts, and the tiles held as bits, so
/// that the next held tile is found without a scan.
struct Left {
    counts: [u8; Tile::COUNT],
    /// Bit i set when `counts[i]` is not zero.
    held: u64,
}

impl Left {
    fn of(counts: &TileCounts) -> Left {
        Left {
            counts: *counts.as_array(),
            held: TileSet::held(counts).bits(),
        }
    }

    /// Takes `n` copies of tile `i`.
    fn take(&mut self, i: usize, n: u8) {
        self.counts[i] -= n;
        if self.counts[i] == 0 {
            self.held &= !(1 << i);
        }
    }

    /// Puts back `n` copies of tile `i`.
    fn put(&mut self, i: usize, n: u8) {
        self.counts[i] += n;
        self.held |= 1 << i;
    }

    /// The first tile at or after `from` that is still held.
    fn next_held(&self, from: usize) -> Option<usize> {
        let rest = self.held >> from << from;
        (rest != 0).then(|| rest.trailing_zeros() as usize)
    }

    /// True when a chow can start at tile index `i`.
    fn chow_fits(&self, i: usize) -> bool {
        i < 27 && i % 9 <= 6 && self.counts[i + 1] > 0 && self.counts[i + 2] > 0
    }
}

/// Calls `emit` with every reading of `counts` as exactly `sets` chows or pungs and (when
/// `pair` is true) one pair. The lowest held tile must start a group, and the groups that
/// start on one tile are taken in the order pung, chows, pair, so each reading is found
/// once. `first` is the least step allowed next on tile `from`: 0 pung, 1 chow, 2 pair.
fn complete_readings(
    left: &mut Left,
    from: usize,
    first: u8,
    sets: usize,
    pair: bool,
    groups: &mut ArrayVec<(SetKind, Tile), MAX_SETS>,
    emit: &mut impl FnMut(&[(SetKind, Tile)]),
) {
    let Some(i) = left.next_held(from) else {
        if sets == 0 && !pair {
            emit(groups);
        }
        return;
    };
    let first = if i == from { first } else { 0 };
    let tile = Tile::from_index(i).expect("index in range");
    // Only go on while the rest of this tile's suit can still be read (with the pair if it
    // is still to come): the search then never walks into a dead end for long.
    let readable = |left: &Left, pair: bool| {
        if i >= 27 {
            return true;
        }
        let start = i / 9 * 9;
        let shape = suit_table::shape(&left.counts[start..start + 9]);
        shape == suit_table::SETS || (pair && shape == suit_table::SETS_AND_PAIR)
    };
    if first == 0 && sets > 0 && left.counts[i] >= 3 {
        left.take(i, 3);
        if readable(left, pair) {
            groups.push((SetKind::Pung, tile));
            complete_readings(left, i, 1, sets - 1, pair, groups, emit);
            groups.pop();
        }
        left.put(i, 3);
    }
    if first <= 1 && sets > 0 && left.chow_fits(i) {
        (i..i + 3).for_each(|t| left.take(t, 1));
        if readable(left, pair) {
            groups.push((SetKind::Chow, tile));
            complete_readings(left, i, 1, sets - 1, pair, groups, emit);
            groups.pop();
        }
        (i..i + 3).for_each(|t| left.put(t, 1));
    }
    if pair && left.counts[i] >= 2 {
        left.take(i, 2);
        if readable(left, false) {
            groups.push((SetKind::Pair, tile));
            complete_readings(left, i, 2, sets, false, groups, emit);
            groups.pop();
        }
        left.put(i, 2);
    }
}

/// Calls `emit` with every grouping of a non-winner's concealed tiles into pungs, pairs and
/// lone tiles where no tile is left alone that could have joined its copies: two copies
/// make a pair; three a pung, or a pair and a lone tile; four a pung and a lone tile, or
/// two pairs (for a tile that `groupings` does not regroup, the pung only: the first of
/// each, so the first grouping called is the same either way). An undeclared fourth copy is
/// not a kong.
fn partial_readings(
    left: &mut Left,
    from: usize,
    groupings: Groupings,
    groups: &mut ArrayVec<(SetKind, Tile), MAX_SETS>,
    emit: &mut impl FnMut(&[(SetKind, Tile)]),
) {
    let Some(i) = left.next_held(from) else {
        emit(groups);
        return;
    };
    let tile = Tile::from_index(i).expect("index in range");
    let n = left.counts[i];
    left.take(i, n);
    for option in ways_to_group(tile, n, groupings) {
        let depth = groups.len();
        groups.extend(option.iter().map(|&kind| (kind, tile)));
        partial_readings(left, i + 1, groupings, groups, emit);
        groups.truncate(depth);
    }
    left.put(i, n);
}

/// The ways a non-winner may group the `n` copies (1 to 4) they hold of `tile`, as
/// [`partial_readings`] reads them: the first (a lone tile, a pair, a pung, a pung and a
/// lone tile) always, the others (a pair and a lone tile, two pairs) only for a tile that
/// `groupings` regroups.
fn ways_to_group(tile: Tile, n: u8, groupings: Groupings) -> &'static [&'static [SetKind]] {
    let ways: &'static [&'static [SetKind]] = match n {
        1 => &[&[SetKind::Single]],
        2 => &[&[SetKind::Pair]],
        3 => &[&[SetKind::Pung], &[SetKind::Pair, SetKind::Single]],
        _ => &[
            &[SetKind::Pung, SetKind::Single],
            &[SetKind::Pair, SetKind::Pair],
        ],
    };
    if groupings.regrouped.contains(tile) {
        ways
    } else {
        &ways[..1]
    }
}

/// True when `counts` reads as exactly `sets` chows or pungs plus one pair (when `pair`)
/// or plus nothing: the standard complete shape, or the shape before the eyes are fished.
/// A few table look-ups: see [`suit_table`].
pub(crate) fn reads_as(counts: &TileCounts, sets: usize, pair: bool) -> bool {
    let pair_tiles = if pair { 2 } else { 0 };
    if counts.total() != sets * 3 + pair_tiles {
        return false;
    }
    let shapes = component_shapes(counts.as_array());
    shapes.unreadable == 0 && shapes.with_pair == usize::from(pair)
}

/// How the components of a hand read: each suit is one component, each honour another.
/// Every component reads as sets only or as sets and a pair (never both: the number of
/// tiles decides), or not at all.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ComponentShapes {
    /// Components that read neither way.
    pub unreadable: usize,
    /// Components that read as sets and a pair.
    pub with_pair: usize,
}

impl ComponentShapes {
    /// Counts one component of shape `shape`.
    pub fn add(&mut self, shape: u8, sign: isize) {
        let n = |count: &mut usize| *count = count.wrapping_add_signed(sign);
        if shape == 0 {
            n(&mut self.unreadable);
        } else if shape == suit_table::SETS_AND_PAIR {
            n(&mut self.with_pair);
        }
    }
}

/// The shape of one honour tile's count.
pub(crate) fn honour_shape(count: u8) -> u8 {
    match count {
        0 | 3 => suit_table::SETS,
        2 => suit_table::SETS_AND_PAIR,
        _ => 0,
    }
}

/// The shapes of all components of `counts`.
pub(crate) fn component_shapes(c: &[u8; Tile::COUNT]) -> ComponentShapes {
    let mut shapes = ComponentShapes {
        unreadable: 0,
        with_pair: 0,
    };
    for suit in 0..3 {
        shapes.add(suit_table::shape(&c[suit * 9..suit * 9 + 9]), 1);
    }
    for &n in &c[27..] {
        shapes.add(honour_shape(n), 1);
    }
    shapes
}
