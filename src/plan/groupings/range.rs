//! The values an expression may take for a player who did not go out.
//!
//! In: a compiled expression, and the element it looks at (or none known). Out: the lowest
//! and highest values it may take ([`Range`]), whatever else the player holds: facts of the
//! element are read exactly, facts of the hand are left open (but for the hand flags a
//! non-winner never has), and a count, `any` or `all` may be given a value.

use crate::predicate::Compiled;
use crate::predicate::compiled::{Arith, Cmp, Mask, Quantifier, arith, unary};
use crate::predicate::facts::{Elem, Facts, hand};
use crate::tiles::Tile;

/// The values an expression may take, lowest and highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Range {
    pub lo: i64,
    pub hi: i64,
}

impl Range {
    pub(super) const ANY: Range = Range {
        lo: i64::MIN,
        hi: i64::MAX,
    };
    pub(super) const BOOL: Range = Range { lo: 0, hi: 1 };

    pub(super) fn exactly(v: i64) -> Range {
        Range { lo: v, hi: v }
    }

    pub(super) fn of_bool(can_be_false: bool, can_be_true: bool) -> Range {
        Range {
            lo: i64::from(!can_be_false),
            hi: i64::from(can_be_true),
        }
    }

    /// Whether the value, as a condition (not 0), may be false and may be true.
    pub(super) fn truth(self) -> (bool, bool) {
        let surely_true = self.lo > 0 || self.hi < 0;
        let surely_false = self.lo == 0 && self.hi == 0;
        (!surely_true, !surely_false)
    }

    /// The range of the sum.
    pub(super) fn plus(self, other: Range) -> Range {
        Range {
            lo: self.lo.saturating_add(other.lo),
            hi: self.hi.saturating_add(other.hi),
        }
    }

    /// The range of the difference.
    pub(super) fn minus(self, other: Range) -> Range {
        Range {
            lo: self.lo.saturating_sub(other.hi),
            hi: self.hi.saturating_sub(other.lo),
        }
    }

    /// The smallest range holding both.
    pub(super) fn hull(self, other: Range) -> Range {
        Range {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }
}

/// The hand flags a player who did not go out may have: the others are never set for him.
const NON_WINNER_FLAGS: u64 = hand::DEALER | hand::ORIGINAL_CALL | hand::CONCEALED_HAND;

/// The values `c` may take for a player who did not go out, looking at `elem` (or at an
/// element not known, when `None`), whatever the rest of his hand.
pub(super) fn range(c: &Compiled, elem: Option<Elem>) -> Range {
    range_with(c, elem, &|_| None)
}

/// Like [`range`], with the values that `known` gives of some counts, `any` and `all`.
pub(super) fn range_with(
    c: &Compiled,
    elem: Option<Elem>,
    known: &dyn Fn(&Compiled) -> Option<Range>,
) -> Range {
    let range = |c: &Compiled, elem: Option<Elem>| range_with(c, elem, known);
    let exact_on_elem = |c: &Compiled| {
        elem.map(|e| {
            let facts = Facts::default();
            Range::exactly(c.eval(&facts, e))
        })
    };
    match c {
        Compiled::Const(v) => Range::exactly(*v),
        Compiled::HandMask(m) => hand_mask(*m),
        Compiled::ElemMask(_) => exact_on_elem(c).unwrap_or(Range::BOOL),
        Compiled::ElemInt(_) => exact_on_elem(c).unwrap_or(Range::ANY),
        Compiled::HandInt(_) | Compiled::PaymentInt(_) => Range::ANY,
        Compiled::Not(a) => {
            let (f, t) = range(a, elem).truth();
            Range::of_bool(t, f)
        }
        Compiled::Neg(a) => {
            let r = range(a, elem);
            Range {
                lo: r.hi.saturating_neg(),
                hi: r.lo.saturating_neg(),
            }
        }
        Compiled::And(a, b) => {
            let ((af, at), (bf, bt)) = (range(a, elem).truth(), range(b, elem).truth());
            Range::of_bool(af || bf, at && bt)
        }
        Compiled::Or(a, b) => {
            let ((af, at), (bf, bt)) = (range(a, elem).truth(), range(b, elem).truth());
            Range::of_bool(af && bf, at || bt)
        }
        Compiled::Cmp(op, a, b) => compare(*op, range(a, elem), range(b, elem)),
        Compiled::Arith(op, a, b) => {
            let (a, b) = (range(a, elem), range(b, elem));
            match op {
                Arith::Add => Range {
                    lo: a.lo.saturating_add(b.lo),
                    hi: a.hi.saturating_add(b.hi),
                },
                Arith::Sub => Range {
                    lo: a.lo.saturating_sub(b.hi),
                    hi: a.hi.saturating_sub(b.lo),
                },
                Arith::Mul => {
                    let corners = [a.lo, a.hi].map(|x| [b.lo, b.hi].map(|y| x.saturating_mul(y)));
                    let corners = corners.as_flattened();
                    Range {
                        lo: corners.iter().copied().min().unwrap_or(0),
                        hi: corners.iter().copied().max().unwrap_or(0),
                    }
                }
                Arith::Min => Range {
                    lo: a.lo.min(b.lo),
                    hi: a.hi.min(b.hi),
                },
                Arith::Max => Range {
                    lo: a.lo.max(b.lo),
                    hi: a.hi.max(b.hi),
                },
                // Rounding up to a multiple of k adds at most k - 1.
                Arith::RoundUp if b.lo == b.hi && b.lo > 0 => Range {
                    lo: a.lo,
                    hi: a.hi.saturating_add(b.lo - 1),
                },
                Arith::Div | Arith::RoundUp | Arith::Pow | Arith::Mod
                    if a.lo == a.hi && b.lo == b.hi =>
                {
                    Range::exactly(arith(*op, a.lo, b.lo))
                }
                // A remainder is below the divisor's size.
                Arith::Mod if b.lo == b.hi && b.lo != 0 && b.lo != i64::MIN => Range {
                    lo: 0,
                    hi: b.lo.abs() - 1,
                },
                Arith::Div | Arith::RoundUp | Arith::Pow | Arith::Mod => Range::ANY,
            }
        }
        Compiled::If(abc) => {
            let [c, a, b] = &**abc;
            match range(c, elem).truth() {
                (true, true) => range(a, elem).hull(range(b, elem)),
                (false, _) => range(a, elem),
                (_, false) => range(b, elem),
            }
        }
        Compiled::Unary(op, a) => match range(a, elem) {
            r if r.lo == r.hi => Range::exactly(unary(*op, r.lo)),
            _ => Range::ANY,
        },
        // The named elements are not known here.
        Compiled::Named(..) => Range::ANY,
        Compiled::Tuples(t) => match t.quantifier {
            Quantifier::Count => Range {
                lo: 0,
                hi: i64::MAX,
            },
            Quantifier::Any | Quantifier::All => Range::BOOL,
        },
        Compiled::Count(..) => known(c).unwrap_or(Range {
            lo: 0,
            hi: i64::MAX,
        }),
        Compiled::Any(..) | Compiled::All(..) => known(c).unwrap_or(Range::BOOL),
        Compiled::Shape(_) | Compiled::Block(_) | Compiled::Calling(_) | Compiled::Fired(_) => {
            Range::BOOL
        }
        Compiled::Sum(_) | Compiled::Best(_) | Compiled::Value(_) => Range::ANY,
        Compiled::Suits(_) => Range { lo: 0, hi: 3 },
        Compiled::Kinds => Range {
            lo: 0,
            hi: Tile::COUNT as i64,
        },
    }
}

/// The values a test of a non-winner's hand flags may take.
fn hand_mask(m: Mask) -> Range {
    // Every combination of the flags he may have (three bits: eight combinations).
    let mut subset = 0u64;
    let (mut can_be_false, mut can_be_true) = (false, false);
    loop {
        if m.test(subset) {
            can_be_true = true;
        } else {
            can_be_false = true;
        }
        subset = subset.wrapping_sub(NON_WINNER_FLAGS) & NON_WINNER_FLAGS;
        if subset == 0 {
            break;
        }
    }
    Range::of_bool(can_be_false, can_be_true)
}

/// The values a comparison of values in `a` and `b` may take.
fn compare(op: Cmp, a: Range, b: Range) -> Range {
    let (surely, surely_not) = match op {
        Cmp::Lt => (a.hi < b.lo, a.lo >= b.hi),
        Cmp::Le => (a.hi <= b.lo, a.lo > b.hi),
        Cmp::Gt => (a.lo > b.hi, a.hi <= b.lo),
        Cmp::Ge => (a.lo >= b.hi, a.hi < b.lo),
        Cmp::Eq | Cmp::Ne => {
            let equal = a.lo == a.hi && b.lo == b.hi && a.lo == b.lo;
            let apart = a.hi < b.lo || b.hi < a.lo;
            if op == Cmp::Eq {
                (equal, apart)
            } else {
                (apart, equal)
            }
        }
    };
    Range::of_bool(!surely, !surely_not)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_non_winner_has_only_three_hand_flags() {
        let mask = |all, none| Mask {
            all,
            none,
            ..Mask::default()
        };
        // `winner` is never set for him; `not complete` always holds; `dealer and
        // original_call` may or may not.
        assert_eq!(hand_mask(mask(hand::WINNER, 0)), Range::exactly(0));
        assert_eq!(hand_mask(mask(0, hand::COMPLETE)), Range::exactly(1));
        assert_eq!(
            hand_mask(mask(hand::DEALER | hand::ORIGINAL_CALL, 0)),
            Range::BOOL
        );
        assert_eq!(
            hand_mask(mask(hand::DEALER | hand::LATE, 0)),
            Range::exactly(0)
        );
    }

    #[test]
    fn comparisons_of_ranges_are_sure_only_when_the_ranges_say_so() {
        let r = |lo, hi| Range { lo, hi };
        assert_eq!(compare(Cmp::Lt, r(0, 2), r(3, 5)), Range::exactly(1));
        assert_eq!(compare(Cmp::Lt, r(0, 3), r(3, 5)), Range::BOOL);
        assert_eq!(compare(Cmp::Ge, r(0, 3), r(4, 5)), Range::exactly(0));
        assert_eq!(compare(Cmp::Eq, r(2, 2), r(2, 2)), Range::exactly(1));
        assert_eq!(compare(Cmp::Eq, r(2, 3), r(2, 2)), Range::BOOL);
        assert_eq!(compare(Cmp::Ne, r(0, 1), r(2, 2)), Range::exactly(1));
    }
}
