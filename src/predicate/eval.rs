//! Evaluating a compiled expression against the facts of one arrangement.
//!
//! In: a [`Compiled`] tree, the [`Facts`] of an arrangement and the element being looked
//! at. Out: an integer (booleans are 0 and 1). No allocation, no strings.

use super::compile::{Arith, Cmp, Collection, Compiled, Mask};
use super::names::{ElemInt, HandInt, elem};
use crate::tiles::Tile;

/// The facts about one element: a set, a distinct tile or a bonus tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Elem {
    /// Bits of [`elem`].
    pub flags: u64,
    /// Copies held (tiles); 1 for sets and bonus tiles.
    pub copies: u8,
    /// The number of the (first) tile, 0 for honours and bonus tiles.
    pub number: u8,
    /// The tile index (first tile of a set), or -1 for bonus tiles.
    pub tile: i8,
    /// Tiles: copies held of this number in all suits (0 for honours).
    pub same_number: u8,
}

/// The facts about one arrangement of a hand.
#[derive(Clone, Copy, Debug)]
pub struct Facts<'a> {
    /// Bits of [`super::names::hand`].
    pub flags: u64,
    /// The winning tile's index, or -1.
    pub winning_tile: i64,
    /// How many copies of the winning tile were seen elsewhere.
    pub winning_tile_seen: i64,
    /// Bit i set when the hand forms special shape i.
    pub shapes: u64,
    /// The items that one more tile would make apply (for a player who did not go out, and
    /// only the items some `calling` asks about).
    pub calling: &'a [usize],
    /// The arrangement's sets.
    pub sets: &'a [Elem],
    /// The player's distinct tiles.
    pub tiles: &'a [Elem],
    /// The bonus tiles.
    pub bonus: &'a [Elem],
    /// For sets, tiles and bonus tiles: the flags any element has (bitwise or).
    pub any: [u64; 3],
    /// For sets, tiles and bonus tiles: the flags every element has (bitwise and; all bits
    /// set when there is no element).
    pub every: [u64; 3],
    /// The sizes of the player's tiles, for the gates (see [`tile_sizes`]).
    pub tile_sizes: u64,
    /// For sets, then bonus tiles: the flags that at least two, three and four elements
    /// have, for the gates of counts.
    pub at_least: [[u64; 3]; 2],
}

impl<'a> Facts<'a> {
    /// Facts over these elements, with their aggregate flags computed.
    #[inline]
    pub fn new(
        flags: u64,
        winning_tile: i64,
        shapes: u64,
        sets: &'a [Elem],
        tiles: &'a [Elem],
        bonus: &'a [Elem],
    ) -> Self {
        let (sets_any, sets_every, sets_at_least) = aggregates(sets);
        // No gate counts tiles by element (a count of tiles weighs their copies).
        let (tiles_any, tiles_every) = tiles.iter().fold((0, u64::MAX), |(any, every), t| {
            (any | t.flags, every & t.flags)
        });
        let (bonus_any, bonus_every, bonus_at_least) = aggregates(bonus);
        Facts {
            flags,
            winning_tile,
            winning_tile_seen: 0,
            shapes,
            calling: &[],
            sets,
            tiles,
            bonus,
            any: [sets_any, tiles_any, bonus_any],
            every: [sets_every, tiles_every, bonus_every],
            tile_sizes: tile_sizes(tiles.len(), tiles_any),
            at_least: [sets_at_least, bonus_at_least],
        }
    }
}

impl<'a> Facts<'a> {
    /// These facts for one reading: its hand flags, shapes and sets (the sets' aggregate
    /// flags computed), the rest kept.
    pub fn with_sets(&self, flags: u64, shapes: u64, sets: &'a [Elem]) -> Facts<'a> {
        let (any, every, at_least) = aggregates(sets);
        Facts {
            flags,
            shapes,
            sets,
            any: [any, self.any[1], self.any[2]],
            every: [every, self.every[1], self.every[2]],
            at_least: [at_least, self.at_least[1]],
            ..*self
        }
    }

    fn elements(&self, collection: Collection) -> &[Elem] {
        match collection {
            Collection::Sets => self.sets,
            Collection::Tiles => self.tiles,
            Collection::Bonus => self.bonus,
        }
    }
}

impl Compiled {
    /// The value of the expression for `facts`, looking at `current`.
    pub fn eval(&self, facts: &Facts<'_>, current: Elem) -> i64 {
        match self {
            Compiled::Const(v) => *v,
            Compiled::HandInt(HandInt::WinningTile) => facts.winning_tile,
            Compiled::HandInt(HandInt::WinningTileSeen) => facts.winning_tile_seen,
            Compiled::HandMask(m) => i64::from(m.test(facts.flags)),
            Compiled::ElemMask(m) => i64::from(m.test(current.flags)),
            Compiled::ElemInt(ElemInt::Copies) => i64::from(current.copies),
            Compiled::ElemInt(ElemInt::Number) => i64::from(current.number),
            Compiled::ElemInt(ElemInt::Tile) => i64::from(current.tile),
            Compiled::ElemInt(ElemInt::NumberCopies) => i64::from(current.same_number),
            Compiled::Not(a) => i64::from(!a.holds(facts, current)),
            Compiled::Neg(a) => a.value(facts, current).saturating_neg(),
            Compiled::And(a, b) => i64::from(a.holds(facts, current) && b.holds(facts, current)),
            Compiled::Or(a, b) => i64::from(a.holds(facts, current) || b.holds(facts, current)),
            // The usual comparison, `count(c, flags) == k`, is counted here without a call.
            Compiled::Cmp(op, a, b) => match (&**a, &**b) {
                (Compiled::Count(c, inner), Compiled::Const(k))
                    if let Compiled::ElemMask(m) = **inner =>
                {
                    let count: i64 = facts
                        .elements(*c)
                        .iter()
                        .filter(|e| m.test(e.flags))
                        .map(|e| weight(*c, e))
                        .sum();
                    i64::from(compare(*op, count, *k))
                }
                _ => i64::from(compare(
                    *op,
                    a.value(facts, current),
                    b.value(facts, current),
                )),
            },
            Compiled::Arith(op, a, b) => {
                arith(*op, a.value(facts, current), b.value(facts, current))
            }
            Compiled::Count(c, cond) => facts
                .elements(*c)
                .iter()
                .filter(|e| cond.holds(facts, **e))
                .map(|e| weight(*c, e))
                .sum(),
            // A flag asked of some or every element is read from the aggregates when it can
            // be: one bit (or one of several bits) of some element, all bits of every element.
            Compiled::Any(c, cond) => match **cond {
                Compiled::ElemMask(Mask {
                    all,
                    none: 0,
                    any: 0,
                    any2: 0,
                }) if all.count_ones() == 1 => i64::from(facts.any[c.slot()] & all != 0),
                Compiled::ElemMask(Mask {
                    all: 0,
                    none: 0,
                    any,
                    any2: 0,
                }) => i64::from(facts.any[c.slot()] & any != 0),
                _ => i64::from(facts.elements(*c).iter().any(|e| cond.holds(facts, *e))),
            },
            Compiled::All(c, cond) => match **cond {
                Compiled::ElemMask(Mask {
                    all,
                    none,
                    any: 0,
                    any2: 0,
                }) => {
                    i64::from(facts.every[c.slot()] & all == all && facts.any[c.slot()] & none == 0)
                }
                _ => i64::from(facts.elements(*c).iter().all(|e| cond.holds(facts, *e))),
            },
            Compiled::Suits(c) => i64::from(suits(facts.any[c.slot()])),
            Compiled::Kinds => facts.tiles.len() as i64,
            Compiled::Shape(i) => i64::from(facts.shapes & (1 << i) != 0),
            Compiled::Calling(i) => i64::from(facts.calling.contains(&(*i as usize))),
        }
    }

    /// The expression as a condition. The shapes most conditions fold into (a mask test,
    /// a constant) are tested here without a call.
    #[inline]
    pub fn holds(&self, facts: &Facts<'_>, current: Elem) -> bool {
        match self {
            Compiled::ElemMask(m) => m.test(current.flags),
            Compiled::HandMask(m) => m.test(facts.flags),
            Compiled::Const(v) => *v != 0,
            _ => self.eval(facts, current) != 0,
        }
    }

    /// The expression as a number, with constants read without a call.
    #[inline]
    pub fn value(&self, facts: &Facts<'_>, current: Elem) -> i64 {
        match self {
            Compiled::Const(v) => *v,
            _ => self.eval(facts, current),
        }
    }
}

/// The aggregate flags of `elements`: the flags some element has, those every element has
/// (all bits when there is none), and those at least two, three and four elements have.
#[inline]
fn aggregates(elements: &[Elem]) -> (u64, u64, [u64; 3]) {
    let (mut one, mut two, mut three, mut four) = (0, 0, 0, 0);
    let mut every = u64::MAX;
    for e in elements {
        four |= three & e.flags;
        three |= two & e.flags;
        two |= one & e.flags;
        one |= e.flags;
        every &= e.flags;
    }
    (one, every, [two, three, four])
}

/// The sizes of a player's tiles as bits, for the gates: bit k for `kinds(tiles) == k` (the
/// number of distinct tiles, `kinds`), bit `SUITS_BIT + k` for `suits(tiles) == k` (read
/// from the or of the tiles' flags, `tiles_any`).
pub fn tile_sizes(kinds: usize, tiles_any: u64) -> u64 {
    1 << kinds.min(Tile::COUNT) | 1 << (SUITS_BIT + suits(tiles_any))
}

/// The first bit of [`tile_sizes`]' suit count.
pub const SUITS_BIT: u32 = 40;

/// How many suits the flags name (`suits(c)` of a collection whose flags' or is `flags`).
pub fn suits(flags: u64) -> u32 {
    (flags & (elem::CHARACTERS | elem::DOTS | elem::BAMBOO)).count_ones()
}

/// What an element counts for in `count(c, …)`: a tile its copies, anything else one.
fn weight(c: Collection, e: &Elem) -> i64 {
    if c == Collection::Tiles {
        i64::from(e.copies)
    } else {
        1
    }
}

/// Applies a comparison.
pub fn compare(op: Cmp, x: i64, y: i64) -> bool {
    match op {
        Cmp::Eq => x == y,
        Cmp::Ne => x != y,
        Cmp::Lt => x < y,
        Cmp::Le => x <= y,
        Cmp::Gt => x > y,
        Cmp::Ge => x >= y,
    }
}

/// Applies arithmetic, saturating; division by zero gives 0.
pub fn arith(op: Arith, x: i64, y: i64) -> i64 {
    match op {
        Arith::Add => x.saturating_add(y),
        Arith::Sub => x.saturating_sub(y),
        Arith::Mul => x.saturating_mul(y),
        Arith::Div => x.checked_div(y).unwrap_or(0),
    }
}
