//! Evaluating a compiled expression against the facts of one reading of a hand.
//!
//! In: a [`Compiled`] tree, the [`Facts`] of a reading, the element being looked at, and the
//! elements named by the quantifiers around the node (`any(a, b in sets, …)`). Out: an
//! integer (booleans are 0 and 1). No allocation, no strings.

use super::compiled::{Compiled, ElemInt, HandInt, Mask, PaymentInt, arith, compare, unary};
use super::facts::{Deferred, Elem, Facts, elem, suits};
use super::groups::{Conjunct, Quantified};

impl Compiled {
    /// The value of the expression for `facts`, looking at `current`.
    pub fn eval(&self, facts: &Facts<'_>, current: Elem) -> i64 {
        self.eval_in(facts, current, &[])
    }

    /// The expression as a condition. The shapes most conditions fold into (a mask test,
    /// a constant) are tested here without a call.
    #[inline]
    pub fn holds(&self, facts: &Facts<'_>, current: Elem) -> bool {
        self.holds_in(facts, current, &[])
    }

    /// The expression as a number, with constants read without a call.
    #[inline]
    pub fn value(&self, facts: &Facts<'_>, current: Elem) -> i64 {
        self.value_in(facts, current, &[])
    }

    /// [`Compiled::holds`] with the named elements `named` in scope.
    #[inline]
    fn holds_in(&self, facts: &Facts<'_>, current: Elem, named: &[Elem]) -> bool {
        match self {
            Compiled::ElemMask(m) => m.test(current.flags),
            Compiled::HandMask(m) => m.test(facts.flags),
            Compiled::Const(v) => *v != 0,
            _ => self.eval_in(facts, current, named) != 0,
        }
    }

    /// [`Compiled::value`] with the named elements `named` in scope.
    #[inline]
    fn value_in(&self, facts: &Facts<'_>, current: Elem, named: &[Elem]) -> i64 {
        match self {
            Compiled::Const(v) => *v,
            _ => self.eval_in(facts, current, named),
        }
    }

    /// [`Compiled::eval`] with the named elements `named` in scope.
    pub(crate) fn eval_in(&self, facts: &Facts<'_>, current: Elem, named: &[Elem]) -> i64 {
        let holds = |c: &Compiled| c.holds_in(facts, current, named);
        let value = |c: &Compiled| c.value_in(facts, current, named);
        match self {
            Compiled::Const(v) => *v,
            Compiled::HandInt(HandInt::WinningTile) => facts.winning_tile,
            Compiled::HandInt(HandInt::WinningTileSeen) => facts.winning_tile_seen,
            Compiled::HandInt(HandInt::RedFives) => facts.red_fives,
            Compiled::HandInt(HandInt::WaitCount) => facts.wait_count.map_or(0, Deferred::get),
            Compiled::HandMask(m) => i64::from(m.test(facts.flags)),
            Compiled::ElemMask(m) => i64::from(m.test(current.flags)),
            Compiled::ElemInt(ElemInt::Copies) => i64::from(current.copies),
            Compiled::ElemInt(ElemInt::Number) => i64::from(current.number),
            Compiled::ElemInt(ElemInt::Tile) => i64::from(current.tile),
            Compiled::ElemInt(ElemInt::NumberCopies) => i64::from(current.same_number),
            Compiled::ElemInt(ElemInt::Suit) => suit_number(current.flags),
            Compiled::PaymentInt(PaymentInt::Score) => facts.payment.score,
            Compiled::PaymentInt(PaymentInt::Counters) => facts.payment.counters,
            Compiled::PaymentInt(PaymentInt::Deposits) => facts.payment.deposits,
            Compiled::Not(a) => i64::from(!holds(a)),
            Compiled::Neg(a) => value(a).saturating_neg(),
            Compiled::And(a, b) => i64::from(holds(a) && holds(b)),
            Compiled::Or(a, b) => i64::from(holds(a) || holds(b)),
            Compiled::Cmp(op, a, b) => i64::from(compare(*op, value(a), value(b))),
            Compiled::Arith(op, a, b) => arith(*op, value(a), value(b)),
            // A flag test on each element, the commonest condition of a count, `any` or
            // `all`, is tested on every element without a branch on its outcome: the few
            // elements cost less than a mispredicted jump.
            Compiled::Count(c, cond) => match **cond {
                Compiled::ElemMask(m) => facts
                    .elements(*c)
                    .iter()
                    .map(|e| i64::from(m.test(e.flags)) * weight(e))
                    .sum(),
                _ => facts
                    .elements(*c)
                    .iter()
                    .filter(|e| cond.holds_in(facts, **e, named))
                    .map(weight)
                    .sum(),
            },
            Compiled::Any(c, cond) => i64::from(match **cond {
                Compiled::ElemMask(m) => facts
                    .elements(*c)
                    .iter()
                    .fold(false, |any, e| any | m.test(e.flags)),
                _ => facts
                    .elements(*c)
                    .iter()
                    .any(|e| cond.holds_in(facts, *e, named)),
            }),
            Compiled::All(c, cond) => i64::from(match **cond {
                Compiled::ElemMask(m) => facts
                    .elements(*c)
                    .iter()
                    .fold(true, |all, e| all & m.test(e.flags)),
                _ => facts
                    .elements(*c)
                    .iter()
                    .all(|e| cond.holds_in(facts, *e, named)),
            }),
            Compiled::Suits(c) => {
                let flags = facts.elements(*c).iter().fold(0, |or, e| or | e.flags);
                i64::from(suits(flags))
            }
            Compiled::Kinds => facts.tiles().len() as i64,
            Compiled::Shape(i) => i64::from(facts.shapes & (1 << i) != 0),
            Compiled::Block(i) => i64::from(facts.blocks & (1 << i) != 0),
            Compiled::Calling(i) => i64::from(facts.calling.contains(&(*i as usize))),
            Compiled::Sum(tag) => facts.results.sum(*tag as usize),
            Compiled::Best(tag) => facts.results.best(*tag as usize),
            Compiled::Fired(item) => i64::from(facts.results.fired(*item as usize)),
            Compiled::Value(v) => facts.results.value(*v as usize),
            Compiled::If(abc) => {
                let [c, a, b] = &**abc;
                if holds(c) { value(a) } else { value(b) }
            }
            Compiled::Unary(op, a) => unary(*op, value(a)),
            // The checker gives a slot only to a name in scope, below `named.len()`.
            Compiled::Named(slot, a) => a.value_in(facts, named[usize::from(*slot)], named),
            Compiled::Tuples(t) => Quantified::of(t).value(facts, current, named),
        }
    }
}

impl Conjunct for Compiled {
    #[inline]
    fn holds_in(&self, facts: &Facts<'_>, current: Elem, named: &[Elem]) -> bool {
        Compiled::holds_in(self, facts, current, named)
    }

    fn mask(&self) -> Option<Mask> {
        match self {
            Compiled::Named(_, a) => match **a {
                Compiled::ElemMask(m) => Some(m),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The suit of an element's flags as a number: 1 characters, 2 dots, 3 bamboo, else 0.
pub(crate) fn suit_number(flags: u64) -> i64 {
    if flags & elem::CHARACTERS != 0 {
        1
    } else if flags & elem::DOTS != 0 {
        2
    } else if flags & elem::BAMBOO != 0 {
        3
    } else {
        0
    }
}

/// What an element counts for in `count(c, …)`: its copies, which are a tile's held (or
/// shown) and 1 for any other element (a set, a bonus tile, an indicator), so that no
/// count asks which collection it looks through.
#[inline]
pub(crate) fn weight(e: &Elem) -> i64 {
    i64::from(e.copies)
}
