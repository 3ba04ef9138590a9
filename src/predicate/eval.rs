//! Evaluating a compiled expression against the facts of one reading of a hand.
//!
//! In: a [`Compiled`] tree, the [`Facts`] of a reading, the element being looked at, and the
//! elements named by the quantifiers around the node (`any(a, b in sets, …)`). Out: an
//! integer (booleans are 0 and 1). No allocation, no strings.

use super::compiled::{
    Collection, Compiled, ElemInt, HandInt, MAX_BOUND, MAX_NAMED, PaymentInt, Quantifier, Tuples,
    arith, compare, unary,
};
use super::facts::{Deferred, Elem, Facts, elem, suits};

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
    fn eval_in(&self, facts: &Facts<'_>, current: Elem, named: &[Elem]) -> i64 {
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
                    .map(|e| i64::from(m.test(e.flags)) * weight(*c, e))
                    .sum(),
                _ => facts
                    .elements(*c)
                    .iter()
                    .filter(|e| cond.holds_in(facts, **e, named))
                    .map(|e| weight(*c, e))
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
            Compiled::Tuples(t) if t.arity == 1 => one_named(t, facts, current, named),
            Compiled::Tuples(t) => Groups::new(t, facts, current, named).quantify(),
        }
    }
}

/// A quantifier that names one element (`any(i in indicators, next(i.tile) == tile)`):
/// each group is one element, in one order, so none is formed and nothing narrowed.
fn one_named(t: &Tuples, facts: &Facts<'_>, current: Elem, outer: &[Elem]) -> i64 {
    let mut named = in_scope(outer);
    let slot = usize::from(t.first);
    let mut meets = facts.elements(t.collection).iter().map(|e| {
        named[slot] = *e;
        let named = &named[..=slot];
        (t.conjuncts.iter()).all(|(_, c)| c.holds_in(facts, current, named))
    });
    match t.quantifier {
        Quantifier::Any => i64::from(meets.any(|m| m)),
        Quantifier::All => i64::from(meets.all(|m| m)),
        Quantifier::Count => meets.filter(|&m| m).count() as i64,
    }
}

/// The named elements in scope inside a quantifier: those of the quantifiers around it
/// (`outer`), then room for its own.
fn in_scope(outer: &[Elem]) -> [Elem; MAX_BOUND] {
    let mut named = [Elem::default(); MAX_BOUND];
    named[..outer.len()].copy_from_slice(outer);
    named
}

/// The suit of an element's flags as a number: 1 characters, 2 dots, 3 bamboo, else 0.
fn suit_number(flags: u64) -> i64 {
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

/// What an element counts for in `count(c, …)`: a tile its copies, anything else one.
fn weight(c: Collection, e: &Elem) -> i64 {
    if c == Collection::Tiles {
        i64::from(e.copies)
    } else {
        1
    }
}

/// The groups of a quantifier over named elements, being looked through: each group of
/// `arity` distinct elements of the collection (by position, in increasing order), tried
/// with its elements given to the names in every order until one meets the condition.
struct Groups<'t, 'f> {
    tuples: &'t Tuples,
    facts: &'t Facts<'f>,
    current: Elem,
    elements: &'f [Elem],
    /// The named elements in scope: those of the quantifiers around, then this one's.
    named: [Elem; MAX_BOUND],
    /// The positions of the group being tried.
    group: [usize; MAX_NAMED],
    /// For each name, a bit per element it may take (by the conjuncts that read it alone).
    may: [u64; MAX_NAMED],
    /// The elements some name may take: the only ones a matching group holds.
    useful: u64,
    /// `may` and `useful` are worked out, so that the conjuncts that read one name alone
    /// hold of every element a name is given.
    narrowed: bool,
}

impl<'t, 'f> Groups<'t, 'f> {
    fn new(tuples: &'t Tuples, facts: &'t Facts<'f>, current: Elem, outer: &[Elem]) -> Self {
        Groups {
            tuples,
            facts,
            current,
            elements: facts.elements(tuples.collection),
            named: in_scope(outer),
            group: [0; MAX_NAMED],
            may: [u64::MAX; MAX_NAMED],
            useful: u64::MAX,
            narrowed: false,
        }
    }

    /// Works out which elements each name may take, by the conjuncts that read it alone;
    /// false when fewer elements than names may take any, so that no group matches.
    fn narrow(&mut self) -> bool {
        let arity = usize::from(self.tuples.arity);
        let (first, elements) = (usize::from(self.tuples.first), self.elements);
        self.useful = 0;
        for k in 0..arity {
            let slot = first + k;
            let mut may = 0u64;
            for (i, e) in elements.iter().enumerate() {
                self.named[slot] = *e;
                let named = &self.named[..slot + 1];
                let holds = (self.tuples.conjuncts.iter().zip(&self.tuples.alone))
                    .filter(|((waits_for, _), alone)| **alone && usize::from(*waits_for) == k)
                    .all(|((_, c), _)| c.holds_in(self.facts, self.current, named));
                may |= u64::from(holds) << i;
            }
            self.may[k] = may;
            self.useful |= may;
        }
        self.narrowed = true;
        self.useful.count_ones() as usize >= arity
    }

    /// The quantifier's value: the groups that match, some group matches, or every group
    /// does.
    fn quantify(mut self) -> i64 {
        let arity = usize::from(self.tuples.arity);
        let (mut total, mut matched) = (0i64, 0i64);
        let quantifier = self.tuples.quantifier;
        // A group holding an element no name may take does not match: where only the
        // groups that match count (not for `all`), those are not formed.
        if quantifier != Quantifier::All && self.elements.len() <= 64 {
            if !self.narrow() {
                return 0;
            }
            // For `any`, one group in one order is enough: the names are given distinct
            // elements one after the other, each among those it may take.
            if quantifier == Quantifier::Any {
                return i64::from(self.some_assignment(0, 0));
            }
        }
        self.each_group(0, 0, &mut |groups| {
            total += 1;
            if groups.some_order(0, 0) {
                matched += 1;
                return quantifier != Quantifier::Any;
            }
            quantifier != Quantifier::All
        });
        debug_assert!(arity <= MAX_NAMED);
        match quantifier {
            Quantifier::Count => matched,
            Quantifier::Any => i64::from(matched > 0),
            Quantifier::All => i64::from(matched == total),
        }
    }

    /// Calls `visit` on each group whose first `filled` positions are chosen, the next
    /// from position `from` on; stops, returning false, when `visit` says to.
    fn each_group(
        &mut self,
        filled: usize,
        from: usize,
        visit: &mut impl FnMut(&mut Self) -> bool,
    ) -> bool {
        if filled == usize::from(self.tuples.arity) {
            return visit(self);
        }
        for position in from..self.elements.len() {
            if position < 64 && self.useful & (1 << position) == 0 {
                continue;
            }
            self.group[filled] = position;
            if !self.each_group(filled + 1, position + 1, visit) {
                return false;
            }
        }
        true
    }

    /// True when the names from `given` on can be given distinct elements, other than those
    /// of `used` (a bit per position) and each among those it may take, that meet the
    /// condition; each conjunct is tested as soon as the last name it reads is given. Only
    /// once the elements are narrowed (so no more than 64).
    fn some_assignment(&mut self, given: usize, used: u64) -> bool {
        if given == usize::from(self.tuples.arity) {
            return true;
        }
        let slot = usize::from(self.tuples.first) + given;
        let mut free = self.may[given] & !used;
        while free != 0 {
            let position = free.trailing_zeros() as usize;
            free &= free - 1;
            self.named[slot] = self.elements[position];
            if self.meets_conjuncts_of(given, slot)
                && self.some_assignment(given + 1, used | 1 << position)
            {
                return true;
            }
        }
        false
    }

    /// True when the conjuncts that wait for the name `given`, now in slot `slot`, hold
    /// (those that read it alone are known to once the elements are narrowed).
    fn meets_conjuncts_of(&self, given: usize, slot: usize) -> bool {
        let named = &self.named[..slot + 1];
        (self.tuples.conjuncts.iter().zip(&self.tuples.alone))
            .filter(|((waits_for, _), alone)| {
                usize::from(*waits_for) == given && !(self.narrowed && **alone)
            })
            .all(|((_, c), _)| c.holds_in(self.facts, self.current, named))
    }

    /// True when the group's elements, given to the names from `given` on in some order of
    /// those not yet `used` (a bit per member), meet the condition; each conjunct is tested
    /// as soon as the last name it reads is given.
    fn some_order(&mut self, given: usize, used: u32) -> bool {
        let arity = usize::from(self.tuples.arity);
        if given == arity {
            return true;
        }
        let slot = usize::from(self.tuples.first) + given;
        for member in 0..arity {
            let position = self.group[member];
            if used & (1 << member) != 0
                || (position < 64 && self.may[given] & (1 << position) == 0)
            {
                continue;
            }
            self.named[slot] = self.elements[self.group[member]];
            if self.meets_conjuncts_of(given, slot)
                && self.some_order(given + 1, used | (1 << member))
            {
                return true;
            }
        }
        false
    }
}
