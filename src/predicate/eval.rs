//! Evaluating a compiled expression against the facts of one arrangement.
//!
//! In: a [`Compiled`] tree, the [`Facts`] of an arrangement and the element being looked
//! at. Out: an integer (booleans are 0 and 1). No allocation, no strings.

use super::compile::{Arith, Cmp, Collection, Compiled};
use super::names::{ElemInt, HandInt, elem};

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
}

/// The facts about one arrangement of a hand.
#[derive(Clone, Copy, Debug)]
pub struct Facts<'a> {
    /// Bits of [`super::names::hand`].
    pub flags: u64,
    /// The winning tile's index, or -1.
    pub winning_tile: i64,
    /// Bit i set when the hand forms special shape i.
    pub shapes: u64,
    /// The arrangement's sets.
    pub sets: &'a [Elem],
    /// The player's distinct tiles.
    pub tiles: &'a [Elem],
    /// The bonus tiles.
    pub bonus: &'a [Elem],
}

impl Facts<'_> {
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
            Compiled::HandFlag(mask) => i64::from(facts.flags & mask != 0),
            Compiled::HandInt(HandInt::WinningTile) => facts.winning_tile,
            Compiled::ElemFlag(mask) => i64::from(current.flags & mask != 0),
            Compiled::ElemInt(ElemInt::Copies) => i64::from(current.copies),
            Compiled::ElemInt(ElemInt::Number) => i64::from(current.number),
            Compiled::ElemInt(ElemInt::Tile) => i64::from(current.tile),
            Compiled::Not(a) => i64::from(a.eval(facts, current) == 0),
            Compiled::Neg(a) => a.eval(facts, current).saturating_neg(),
            Compiled::And(a, b) => {
                i64::from(a.eval(facts, current) != 0 && b.eval(facts, current) != 0)
            }
            Compiled::Or(a, b) => {
                i64::from(a.eval(facts, current) != 0 || b.eval(facts, current) != 0)
            }
            Compiled::Cmp(op, a, b) => {
                i64::from(compare(*op, a.eval(facts, current), b.eval(facts, current)))
            }
            Compiled::Arith(op, a, b) => arith(*op, a.eval(facts, current), b.eval(facts, current)),
            Compiled::Count(c, cond) => {
                let weigh = |e: &Elem| {
                    if *c == Collection::Tiles {
                        i64::from(e.copies)
                    } else {
                        1
                    }
                };
                facts
                    .elements(*c)
                    .iter()
                    .filter(|e| cond.eval(facts, **e) != 0)
                    .map(weigh)
                    .sum()
            }
            Compiled::Any(c, cond) => {
                i64::from(facts.elements(*c).iter().any(|e| cond.eval(facts, *e) != 0))
            }
            Compiled::All(c, cond) => {
                i64::from(facts.elements(*c).iter().all(|e| cond.eval(facts, *e) != 0))
            }
            Compiled::Suits(c) => {
                let used = facts.elements(*c).iter().fold(0, |acc, e| acc | e.flags);
                [elem::CHARACTERS, elem::DOTS, elem::BAMBOO]
                    .iter()
                    .filter(|&&s| used & s != 0)
                    .count() as i64
            }
            Compiled::Kinds => facts.tiles.len() as i64,
            Compiled::Shape(i) => i64::from(facts.shapes & (1 << i) != 0),
        }
    }

    /// The expression as a condition.
    pub fn holds(&self, facts: &Facts<'_>, current: Elem) -> bool {
        self.eval(facts, current) != 0
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
