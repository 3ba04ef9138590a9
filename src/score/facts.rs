//! The facts of a hand and of one reading of it, as the predicates read them.
//!
//! In: a [`Hand`] and, for a reading, its [`Arrangement`]. Out: the hand's flags (how it was
//! won, who holds it), each element's [`Elem`] (a tile with its copies, a set, a bonus tile:
//! the flags of [`elem`] it has, its number and tile), and the flags a reading adds
//! (complete, fishing the eyes, a concealed hand).

use arrayvec::ArrayVec;

use crate::arrange::{Arrangement, MAX_SETS};
use crate::hand::{Hand, MAX_INDICATORS, Part, WinSource};
use crate::predicate::facts::{Elem, Facts, elem, hand as hf};
use crate::set::{Exposure, Set, SetKind};
use crate::tiles::{BonusKind, BonusTile, Dragon, Tile, TileCounts, TileSet, Wind};

/// The flags of one tile for this player: its classes, and whether it is the player's own
/// wind or the prevailing wind.
#[inline]
pub fn tile_flags(tile: Tile, seat: Wind, prevailing: Wind) -> u64 {
    let mut f = TILE_CLASSES[tile.index()];
    if let Some(w) = tile.as_wind() {
        if w == seat {
            f |= elem::OWN_WIND;
        }
        if w == prevailing {
            f |= elem::PREVAILING_WIND;
        }
    }
    f
}

/// The flags of each tile (by index) that do not depend on the player.
pub(crate) const TILE_CLASSES: [u64; Tile::COUNT] = {
    let mut classes = [0; Tile::COUNT];
    let mut i = 0;
    while i < Tile::COUNT {
        if let Some(tile) = Tile::from_index(i) {
            classes[i] = tile_class(tile);
        }
        i += 1;
    }
    classes
};

/// The number of an element whose (first) tile is `tile`: the tile's in a suit, 0 for an
/// honour.
pub(crate) const fn elem_number(tile: Tile) -> u8 {
    if tile.is_suited() { tile.number() } else { 0 }
}

/// The flags of a tile that do not depend on the player.
const fn tile_class(tile: Tile) -> u64 {
    let mut f = 0;
    f |= if tile.is_major() {
        elem::MAJOR
    } else {
        elem::SIMPLE
    };
    if tile.is_terminal() {
        f |= elem::TERMINAL;
    }
    if tile.is_green() {
        f |= elem::GREEN;
    }
    f |= elem::number(elem_number(tile));
    if tile.is_suited() {
        f |= elem::SUITED
            | match tile.index() / 9 {
                0 => elem::CHARACTERS,
                1 => elem::DOTS,
                _ => elem::BAMBOO,
            };
    } else {
        f |= elem::HONOUR;
    }
    if let Some(w) = tile.as_wind() {
        f |= elem::WIND | wind_flag(w);
    }
    if let Some(d) = tile.as_dragon() {
        f |= elem::DRAGON
            | match d {
                Dragon::White => elem::WHITE,
                Dragon::Green => elem::GREEN_DRAGON,
                Dragon::Red => elem::RED,
            };
    }
    f
}

const fn wind_flag(w: Wind) -> u64 {
    match w {
        Wind::East => elem::EAST,
        Wind::South => elem::SOUTH,
        Wind::West => elem::WEST,
        Wind::North => elem::NORTH,
    }
}

/// The facts of a tile the player holds `copies` of.
#[inline]
pub fn tile_elem(tile: Tile, copies: u8, seat: Wind, prevailing: Wind) -> Elem {
    Elem {
        flags: tile_flags(tile, seat, prevailing),
        copies,
        number: elem_number(tile),
        tile: tile.index() as i8,
        same_number: 0,
    }
}

/// The facts of one set: its kind and exposure, and the tile classes that all its tiles
/// share (`flags` holds the flags of every tile the player holds).
// Always inlined: it is called for each set of each reading, and is a few instructions.
#[inline(always)]
pub fn set_elem(set: Set, winning: bool, flags: &[u64; Tile::COUNT]) -> Elem {
    // The classes all its tiles share: a chow's three tiles differ, the others' are one.
    let i = set.tile.index();
    let step = usize::from(set.kind == SetKind::Chow);
    let shared = flags[i] & flags[i + step] & flags[i + 2 * step];
    let number = elem_number(set.tile);
    // A chow's tiles have three numbers: the set has its first (a pung's tiles have its own).
    let mut f = shared
        | elem::number(number)
        | KIND_FLAGS[set.kind as usize]
        | EXPOSURE_FLAGS[set.exposure as usize];
    if set.declared {
        f |= elem::DECLARED;
    }
    if winning {
        f |= elem::WINNING;
    }
    Elem {
        flags: f,
        copies: 1,
        number,
        tile: set.tile.index() as i8,
        same_number: 0,
    }
}

/// The flags of each kind of set, by its discriminant.
const KIND_FLAGS: [u64; 5] = {
    let mut flags = [0; 5];
    flags[SetKind::Chow as usize] = elem::CHOW;
    flags[SetKind::Pung as usize] = elem::PUNG | elem::PUNG_OR_KONG;
    flags[SetKind::Kong as usize] = elem::KONG | elem::PUNG_OR_KONG;
    flags[SetKind::Pair as usize] = elem::PAIR;
    flags[SetKind::Single as usize] = elem::SINGLE;
    flags
};

/// The flags of each exposure of a set, by its discriminant.
const EXPOSURE_FLAGS: [u64; 3] = {
    let mut flags = [0; 3];
    flags[Exposure::Concealed as usize] = elem::CONCEALED;
    flags[Exposure::Exposed as usize] = elem::EXPOSED;
    flags[Exposure::Claimed as usize] = elem::EXPOSED | elem::CLAIMED;
    flags
};

/// The facts of a bonus tile of the player in seat `seat`.
#[inline]
pub fn bonus_elem(b: BonusTile, seat: Wind) -> Elem {
    let mut f = match b.kind {
        BonusKind::Flower => elem::FLOWER,
        BonusKind::Season => elem::SEASON,
    } | wind_flag(b.wind)
        | elem::number(0);
    if b.wind == seat {
        // `own_wind` reads one bit in every collection, so that a gate can require it.
        f |= elem::OWN | elem::OWN_WIND;
    }
    Elem {
        flags: f,
        copies: 1,
        number: 0,
        tile: -1,
        same_number: 0,
    }
}

/// The elements of a player's tiles and bonus tiles, which every reading of the hand shares.
#[derive(Clone, Debug)]
pub struct HandElems {
    /// Each distinct tile the player holds, with its copies; its copies of the same number in
    /// all suits when `number_copies` was asked for.
    pub tiles: ArrayVec<Elem, { Tile::COUNT }>,
    /// The flags of each tile held, by index (0 for tiles not held).
    pub tile_flags: [u64; Tile::COUNT],
    /// The bonus tiles.
    pub bonus: ArrayVec<Elem, { BonusTile::COUNT }>,
    /// The indicator tiles shown, each once.
    pub indicators: ArrayVec<Elem, MAX_INDICATORS>,
    /// The indicator tiles under them, each once.
    pub hidden_indicators: ArrayVec<Elem, MAX_INDICATORS>,
    /// Each distinct tile the hand shows, with its copies shown, for a refusal: filled by
    /// [`Self::fill_shown`] and read through [`refusal_facts`].
    pub shown: ArrayVec<Elem, { Tile::COUNT }>,
}

impl Default for HandElems {
    fn default() -> Self {
        HandElems {
            tiles: ArrayVec::new(),
            tile_flags: [0; Tile::COUNT],
            bonus: ArrayVec::new(),
            indicators: ArrayVec::new(),
            hidden_indicators: ArrayVec::new(),
            shown: ArrayVec::new(),
        }
    }
}

impl HandElems {
    /// Fills the elements of `hand`, whose own tiles are `own`; the copies of each number
    /// only when `number_copies` (no condition reads them otherwise).
    #[inline]
    pub fn fill(&mut self, hand: &Hand, own: &TileCounts, number_copies: bool) {
        self.tiles.clear();
        self.tile_flags = [0; Tile::COUNT];
        let mut by_number = [0u8; 10];
        for tile in TileSet::held(own).iter() {
            let e = tile_elem(tile, own.get(tile), hand.seat(), hand.prevailing());
            self.tile_flags[tile.index()] = e.flags;
            by_number[usize::from(e.number)] += e.copies;
            self.tiles.push(e);
        }
        if number_copies {
            for e in self.tiles.iter_mut().filter(|e| e.number > 0) {
                e.same_number = by_number[usize::from(e.number)];
            }
        }
        self.bonus.clear();
        self.bonus
            .extend(hand.bonus().iter().map(|&b| bonus_elem(b, hand.seat())));
        // Most hands have no indicator: a plain loop costs them nothing.
        let indicator = |t: Tile| tile_elem(t, 1, hand.seat(), hand.prevailing());
        self.indicators.clear();
        for &t in hand.indicators() {
            self.indicators.push(indicator(t));
        }
        self.hidden_indicators.clear();
        for &t in hand.hidden_indicators() {
            self.hidden_indicators.push(indicator(t));
        }
        // Most hands have no red five either: they make no call.
        if !hand.red_fives().is_empty() {
            self.mark_red_fives(hand);
        }
    }

    /// Marks the red fives of `hand` among its tiles held and its indicators.
    #[cold]
    fn mark_red_fives(&mut self, hand: &Hand) {
        for &(tile, part) in hand.red_fives() {
            let red = match part {
                Part::Concealed | Part::Meld(_) => {
                    self.tiles.iter_mut().find(|e| e.tile == tile.index() as i8)
                }
                Part::Indicator(i) => self.indicators.get_mut(i),
                Part::HiddenIndicator(i) => self.hidden_indicators.get_mut(i),
                Part::Seen => None,
            };
            if let Some(e) = red {
                e.flags |= elem::RED_FIVE;
            }
        }
    }

    /// Fills the tiles the hand shows, counted in `counts` ([`shown_counts`]), each once
    /// with its copies in all, red where any copy is written red.
    pub fn fill_shown(&mut self, hand: &Hand, counts: &TileCounts) {
        let shown = &mut self.shown;
        shown.clear();
        for tile in TileSet::held(counts).iter() {
            let mut e = tile_elem(tile, counts.get(tile), hand.seat(), hand.prevailing());
            if hand.red_fives().iter().any(|&(red, _)| red == tile) {
                e.flags |= elem::RED_FIVE;
            }
            shown.push(e);
        }
    }

    /// The facts of the hand before a reading is chosen: its tiles, bonus tiles and
    /// indicators.
    #[inline]
    pub fn facts(&self) -> Facts<'_> {
        Facts::of_hand(&self.tiles, &self.bonus)
            .with_indicators(&self.indicators, &self.hidden_indicators)
    }
}

/// The facts of `hand`, whose elements and tiles shown are `elems`, as a refusal reads
/// them: before any reading, with the tiles shown.
pub fn refusal_facts<'e>(hand: &Hand, elems: &'e HandElems) -> Facts<'e> {
    hand_facts(hand, elems, hand_flags(hand)).with_shown(&elems.shown)
}

/// The copies of each tile that `hand` shows: those it holds (`own`), those seen elsewhere
/// and the indicators, shown and hidden.
pub fn shown_counts(hand: &Hand, own: &TileCounts) -> TileCounts {
    let mut counts = *own;
    counts.add_all(hand.seen());
    for &t in hand.indicators().iter().chain(hand.hidden_indicators()) {
        counts.add(t);
    }
    counts
}

/// The copies of `tile` that `hand`, whose own tiles are `own`, shows (as [`shown_counts`]
/// counts them).
#[inline]
pub fn shown_copies(hand: &Hand, own: &TileCounts, tile: Tile) -> usize {
    // Two plain loops: the indicators are a few tiles, which a chain of the two slices
    // walks several times slower.
    let mut n = usize::from(own.get(tile)) + usize::from(hand.seen().get(tile));
    for indicators in [hand.indicators(), hand.hidden_indicators()] {
        for &t in indicators {
            n += usize::from(t == tile);
        }
    }
    n
}

/// Fills `sets` with the facts of one standard reading's sets, and gives the hand's flags
/// for it: `base_flags` and what the reading adds (complete, the shape of the wait when the
/// player went out with `win`, concealed).
#[inline]
pub fn reading(
    arrangement: &Arrangement,
    win: Option<Tile>,
    base_flags: u64,
    tile_flags: &[u64; Tile::COUNT],
    sets: &mut ArrayVec<Elem, MAX_SETS>,
) -> u64 {
    let mut flags = base_flags;
    if let Some(tile) = win {
        flags |= hf::COMPLETE;
        if let Some(set) = arrangement.winning() {
            flags |= wait_shape(set, tile);
        }
    }
    if arrangement.sets.iter().all(|s| s.counts_as_concealed()) {
        flags |= hf::CONCEALED_HAND;
    }
    sets.clear();
    for (k, set) in arrangement.sets.iter().enumerate() {
        sets.push(set_elem(
            *set,
            arrangement.winning_set == Some(k),
            tile_flags,
        ));
    }
    flags
}

/// The flag of the wait that `tile` completed as `set`: a pair is fishing the eyes (the
/// single wait), a pung the dual pung wait, a chow a closed wait in its middle, an edge wait
/// at the inner end of 1-2-3 or 7-8-9, and otherwise a two-sided wait.
#[inline]
fn wait_shape(set: Set, tile: Tile) -> u64 {
    match set.kind {
        SetKind::Pair => hf::FISHING_THE_EYES,
        SetKind::Pung => hf::DUAL_PUNG_WAIT,
        SetKind::Chow => {
            let first = set.tile.number();
            match tile.number() - first {
                1 => hf::CLOSED_WAIT,
                2 if first == 1 => hf::EDGE_WAIT,
                0 if first == 7 => hf::EDGE_WAIT,
                _ => hf::TWO_SIDED_WAIT,
            }
        }
        // No winning tile completes a kong or a lone tile.
        SetKind::Kong | SetKind::Single => 0,
    }
}

/// The facts of `hand`, whose elements are `elems`, before a reading is chosen: its flags
/// (`base_flags`, which no reading changes, and whether its declared sets are all concealed),
/// its winning tile and the copies of it seen, its red fives. The caller adds the wait count
/// and the special shapes, when they are read.
#[inline]
pub fn hand_facts<'e>(hand: &Hand, elems: &'e HandElems, base_flags: u64) -> Facts<'e> {
    let mut facts = elems.facts();
    facts.flags = base_flags | concealed_flag(hand);
    facts.winning_tile = hand.win().map_or(-1, |w| w.tile.index() as i64);
    facts.winning_tile_seen = hand.win().map_or(0, |w| i64::from(hand.seen().get(w.tile)));
    facts.red_fives = hand.red_fives_held() as i64;
    facts
}

/// The concealed-hand flag of a hand read as a special shape: all its sets are declared
/// concealed and the winning tile was not claimed.
pub fn concealed_flag(hand: &Hand) -> u64 {
    let claimed = hand.win().is_some_and(|w| w.from.is_claimed());
    if !claimed && hand.melds().iter().all(|m| m.counts_as_concealed()) {
        hf::CONCEALED_HAND
    } else {
        0
    }
}

/// The hand's flags that do not depend on the arrangement, but for `only_possible`.
pub fn hand_flags(hand: &Hand) -> u64 {
    let mut flags = 0;
    if hand.seat() == Wind::East {
        flags |= hf::DEALER;
    }
    if hand.original_call() {
        flags |= hf::ORIGINAL_CALL;
    }
    if hand.declared_ready() {
        flags |= hf::DECLARED_READY;
    }
    if hand.one_go_around() {
        flags |= hf::ONE_GO_AROUND;
    }
    let Some(win) = hand.win() else {
        return flags;
    };
    flags |= hf::WINNER;
    flags |= match win.from {
        WinSource::Wall => hf::FROM_WALL | hf::SELF_DRAWN,
        WinSource::Loose => hf::FROM_LOOSE | hf::SELF_DRAWN,
        WinSource::Discard => hf::FROM_DISCARD,
        WinSource::RobbedKong => hf::ROBBED_KONG,
    };
    if win.last {
        flags |= hf::LAST_TILE;
        flags |= match win.from {
            WinSource::Wall | WinSource::Loose => hf::LAST_FROM_WALL,
            _ => hf::LAST_DISCARD,
        };
    }
    if win.heavenly {
        flags |= hf::HEAVENLY;
    }
    if win.kong_on_kong {
        flags |= hf::KONG_ON_KONG;
    }
    if win.late {
        flags |= hf::LATE;
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tile `n` of characters.
    fn m(n: usize) -> Tile {
        Tile::from_index(n - 1).unwrap()
    }

    #[test]
    fn where_the_winning_tile_sits_names_the_wait() {
        let chow = |n| Set::concealed(SetKind::Chow, m(n));
        // 1-2-3: the 1 (2-3 waited on 1 or 4), the 2 (the middle), the 3 (1-2 waits on 3
        // alone).
        assert_eq!(wait_shape(chow(1), m(1)), hf::TWO_SIDED_WAIT);
        assert_eq!(wait_shape(chow(1), m(2)), hf::CLOSED_WAIT);
        assert_eq!(wait_shape(chow(1), m(3)), hf::EDGE_WAIT);
        // 7-8-9 mirrors it.
        assert_eq!(wait_shape(chow(7), m(7)), hf::EDGE_WAIT);
        assert_eq!(wait_shape(chow(7), m(8)), hf::CLOSED_WAIT);
        assert_eq!(wait_shape(chow(7), m(9)), hf::TWO_SIDED_WAIT);
        // Away from the ends, both ends are two-sided: 4-5-6 on 4 or 6.
        assert_eq!(wait_shape(chow(4), m(4)), hf::TWO_SIDED_WAIT);
        assert_eq!(wait_shape(chow(4), m(5)), hf::CLOSED_WAIT);
        assert_eq!(wait_shape(chow(4), m(6)), hf::TWO_SIDED_WAIT);
        // The 2 of 2-3-4 and the 8 of 6-7-8 are not edges.
        assert_eq!(wait_shape(chow(2), m(2)), hf::TWO_SIDED_WAIT);
        assert_eq!(wait_shape(chow(6), m(8)), hf::TWO_SIDED_WAIT);
        assert_eq!(
            wait_shape(Set::concealed(SetKind::Pair, m(5)), m(5)),
            hf::FISHING_THE_EYES
        );
        assert_eq!(
            wait_shape(Set::concealed(SetKind::Pung, m(5)), m(5)),
            hf::DUAL_PUNG_WAIT
        );
    }
}
