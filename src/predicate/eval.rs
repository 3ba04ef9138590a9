//! Evaluating a compiled expression against the facts of one reading of a hand.
//!
//! In: a [`Compiled`] tree, the [`Facts`] of a reading and the element being looked at.
//! Out: an integer (booleans are 0 and 1). No allocation, no strings.

use super::compiled::{Collection, Compiled, ElemInt, HandInt, Mask, arith, compare};
use super::facts::{Elem, Facts, suits};

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

/// What an element counts for in `count(c, …)`: a tile its copies, anything else one.
fn weight(c: Collection, e: &Elem) -> i64 {
    if c == Collection::Tiles {
        i64::from(e.copies)
    } else {
        1
    }
}
