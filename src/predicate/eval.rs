//! Evaluating a compiled expression against the facts of one reading of a hand.
//!
//! In: a [`Compiled`] tree, the [`Facts`] of a reading and the element being looked at.
//! Out: an integer (booleans are 0 and 1). No allocation, no strings.

use super::compiled::{Collection, Compiled, ElemInt, HandInt, arith, compare};
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
            Compiled::Cmp(op, a, b) => i64::from(compare(
                *op,
                a.value(facts, current),
                b.value(facts, current),
            )),
            Compiled::Arith(op, a, b) => {
                arith(*op, a.value(facts, current), b.value(facts, current))
            }
            // A flag test on each element, the commonest condition of a count, `any` or
            // `all`, is tested on every element without a branch on its outcome: the few
            // elements cost less than a mispredicted jump.
            Compiled::Count(c, cond) => match **cond {
                Compiled::ElemMask(m) => facts
                    .elements(*c)
                    .iter()
                    .map(|e| i64::from(m.test(e.flags)) * weight(*c, e))
                    .sum(),
                _ => facts
                    .elements(*c)
                    .iter()
                    .filter(|e| cond.holds(facts, **e))
                    .map(|e| weight(*c, e))
                    .sum(),
            },
            Compiled::Any(c, cond) => i64::from(match **cond {
                Compiled::ElemMask(m) => facts
                    .elements(*c)
                    .iter()
                    .fold(false, |any, e| any | m.test(e.flags)),
                _ => facts.elements(*c).iter().any(|e| cond.holds(facts, *e)),
            }),
            Compiled::All(c, cond) => i64::from(match **cond {
                Compiled::ElemMask(m) => facts
                    .elements(*c)
                    .iter()
                    .fold(true, |all, e| all & m.test(e.flags)),
                _ => facts.elements(*c).iter().all(|e| cond.holds(facts, *e)),
            }),
            Compiled::Suits(c) => {
                let flags = facts.elements(*c).iter().fold(0, |or, e| or | e.flags);
                i64::from(suits(flags))
            }
            Compiled::Kinds => facts.tiles().len() as i64,
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
