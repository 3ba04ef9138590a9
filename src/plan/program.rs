//! Programs: conditions and values compiled to closures, which the fast scorer calls instead
//! of walking the expression tree.
//!
//! In: a [`Compiled`] tree (folded by the plan). Out: a [`Test`] (a condition) or a [`Num`]
//! (a number): a closure over the closures of its operands, with the operator, the constants
//! and the kind of each operand chosen once, when the program is made, rather than matched
//! at every node of every evaluation. The operands that are one fact (a number of the
//! element looked at or of a named one, a fact of the hand, a result, a constant) are read
//! inside the closure that uses them, without a call of their own. A program gives what the
//! tree gives on the same facts ([`Compiled::eval`]); with the plan's `programs` shortcut
//! off, a program only walks the tree.

use std::sync::Arc;

use crate::predicate::compiled::{
    Arith, Cmp, Collection, Compiled, ElemInt, HandInt, MAX_NAMED, Mask, PaymentInt, Quantifier,
    Tuples, Unary, arith, compare, unary,
};
use crate::predicate::eval::{suit_number, weight};
use crate::predicate::facts::{Deferred, Elem, Facts, suits};
use crate::predicate::groups::{AloneMasks, Conjunct, Quantified, Span, spans};
use crate::predicate::steps::Steps;
use crate::rules::CompiledItem;
use crate::score::items::{count_groups, count_plainly, instances_plainly};
use crate::score::{Fired, Instance};

/// What a program is: a function of the facts of a reading, the element looked at and the
/// elements named by the quantifiers around it.
type Body<T> = dyn for<'f> Fn(&Facts<'f>, Elem, &[Elem]) -> T + Send + Sync;

/// A condition, compiled: the commonest (a constant, a test of the flags of the hand or of
/// the element looked at) read in place, the others a closure.
#[derive(Clone)]
pub(crate) enum Test {
    Const(bool),
    HandMask(Mask),
    ElemMask(Mask),
    Program(Arc<Body<bool>>),
}

/// A number, compiled: a constant read in place, anything else a closure.
#[derive(Clone)]
pub(crate) enum Num {
    Const(i64),
    Program(Arc<Body<i64>>),
}

impl Test {
    /// The condition `c`: compiled when `compile`, else walking its tree.
    pub fn new(c: &Compiled, compile: bool) -> Test {
        match *c {
            _ if !compile => {
                let tree = c.clone();
                Test::Program(test(move |f, e, n| Conjunct::holds_in(&tree, f, e, n)))
            }
            Compiled::Const(v) => Test::Const(v != 0),
            Compiled::HandMask(m) => Test::HandMask(m),
            Compiled::ElemMask(m) => Test::ElemMask(m),
            _ => Test::Program(condition(c)),
        }
    }

    /// Whether the condition holds for `facts`, looking at `current`.
    #[inline]
    pub fn holds(&self, facts: &Facts<'_>, current: Elem) -> bool {
        match self {
            Test::Const(v) => *v,
            Test::HandMask(m) => m.test(facts.flags),
            Test::ElemMask(m) => m.test(current.flags),
            Test::Program(body) => body(facts, current, &[]),
        }
    }
}

impl Num {
    /// The number `c`: compiled when `compile`, else walking its tree.
    pub fn new(c: &Compiled, compile: bool) -> Num {
        match c {
            _ if !compile => {
                let tree = c.clone();
                Num::Program(num(move |f, e, n| tree.eval_in(f, e, n)))
            }
            &Compiled::Const(v) => Num::Const(v),
            _ => Num::Program(value(c)),
        }
    }

    /// The number for `facts`, looking at `current`.
    #[inline]
    pub fn value(&self, facts: &Facts<'_>, current: Elem) -> i64 {
        match self {
            Num::Const(v) => *v,
            Num::Program(body) => body(facts, current, &[]),
        }
    }
}

impl std::fmt::Debug for Test {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Test(…)")
    }
}

impl std::fmt::Debug for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Num(…)")
    }
}

/// A compiled condition inside a program: a closure, called.
type Cond = Arc<Body<bool>>;

/// A compiled number inside a program.
type Int = Arc<Body<i64>>;

fn test(body: impl for<'f> Fn(&Facts<'f>, Elem, &[Elem]) -> bool + Send + Sync + 'static) -> Cond {
    Arc::new(body)
}

fn num(body: impl for<'f> Fn(&Facts<'f>, Elem, &[Elem]) -> i64 + Send + Sync + 'static) -> Int {
    Arc::new(body)
}

/// A conjunct of a quantifier over named elements, compiled, with the test of flags it is
/// when it is one ([`Conjunct::mask`]).
struct Conj(Cond, Option<Mask>);

impl Conjunct for Conj {
    #[inline]
    fn holds_in(&self, facts: &Facts<'_>, current: Elem, named: &[Elem]) -> bool {
        (self.0)(facts, current, named)
    }

    #[inline]
    fn mask(&self) -> Option<Mask> {
        self.1
    }
}

/// An operand read without a call: one fact, or a constant.
#[derive(Clone, Copy, Debug)]
pub(super) enum Leaf {
    /// A constant.
    Const(i64),
    /// A number of the element looked at.
    Current(ElemInt),
    /// A number of the element named in this slot.
    Named(usize, ElemInt),
    /// A number of the element named in this slot, plus a constant (`a.number + 1`,
    /// `b.number - 3`); a small one, so that a leaf stays two words.
    NamedPlus(u8, ElemInt, i32),
    /// The tile after the tile of the element named in this slot (`next(i.tile)`).
    NextNamed(usize),
    /// A number of the hand.
    Hand(HandInt),
    /// The sum of the items with the tag of this index.
    Sum(usize),
    /// The value of the score of this index.
    Value(usize),
}

impl Leaf {
    /// `c` as a leaf, when it is one.
    fn of(c: &Compiled) -> Option<Leaf> {
        Some(match c {
            &Compiled::Const(v) => Leaf::Const(v),
            &Compiled::ElemInt(i) => Leaf::Current(i),
            Compiled::Named(slot, a) => match **a {
                Compiled::ElemInt(i) => Leaf::Named(usize::from(*slot), i),
                _ => return None,
            },
            Compiled::Arith(op @ (Arith::Add | Arith::Sub), a, b) => {
                let named = |c: &Compiled| match c {
                    Compiled::Named(slot, a) => match **a {
                        Compiled::ElemInt(i) => Some((*slot, i)),
                        _ => None,
                    },
                    _ => None,
                };
                let (slot, i, k) = match (named(a), &**b, &**a, named(b)) {
                    (Some((slot, i)), &Compiled::Const(k), _, _) => match op {
                        Arith::Add => (slot, i, k),
                        _ => (slot, i, k.checked_neg()?),
                    },
                    (_, _, &Compiled::Const(k), Some((slot, i))) if *op == Arith::Add => {
                        (slot, i, k)
                    }
                    _ => return None,
                };
                // A number of an element is small: with a constant that fits 32 bits the
                // sum cannot saturate, and `a - k` is `a + (-k)`.
                Leaf::NamedPlus(slot, i, i32::try_from(k).ok()?)
            }
            Compiled::Unary(Unary::NextTile, a) => match &**a {
                Compiled::Named(slot, a) if **a == Compiled::ElemInt(ElemInt::Tile) => {
                    Leaf::NextNamed(usize::from(*slot))
                }
                _ => return None,
            },
            &Compiled::HandInt(h) => Leaf::Hand(h),
            &Compiled::Sum(tag) => Leaf::Sum(tag as usize),
            &Compiled::Value(v) => Leaf::Value(v as usize),
            _ => return None,
        })
    }

    /// True when the leaf reads no named element.
    fn reads_no_name(self) -> bool {
        !matches!(
            self,
            Leaf::Named(..) | Leaf::NamedPlus(..) | Leaf::NextNamed(_)
        )
    }

    #[inline(always)]
    fn read(self, facts: &Facts<'_>, current: Elem, named: &[Elem]) -> i64 {
        match self {
            Leaf::Const(v) => v,
            Leaf::Current(i) => elem_int(i, current),
            Leaf::Named(slot, i) => elem_int(i, named[slot]),
            Leaf::NamedPlus(slot, i, k) => elem_int(i, named[usize::from(slot)]) + i64::from(k),
            Leaf::NextNamed(slot) => unary(Unary::NextTile, i64::from(named[slot].tile)),
            Leaf::Hand(HandInt::WinningTile) => facts.winning_tile,
            Leaf::Hand(HandInt::WinningTileSeen) => facts.winning_tile_seen,
            Leaf::Hand(HandInt::RedFives) => facts.red_fives,
            Leaf::Hand(HandInt::WaitCount) => facts.wait_count.map_or(0, Deferred::get),
            Leaf::Sum(tag) => facts.results.sum(tag),
            Leaf::Value(v) => facts.results.value(v),
        }
    }
}

/// A number of an element.
#[inline(always)]
fn elem_int(i: ElemInt, e: Elem) -> i64 {
    match i {
        ElemInt::Copies => i64::from(e.copies),
        ElemInt::Number => i64::from(e.number),
        ElemInt::Tile => i64::from(e.tile),
        ElemInt::NumberCopies => i64::from(e.same_number),
        ElemInt::Suit => suit_number(e.flags),
    }
}

/// An operand: a leaf read in place, or a program called.
#[derive(Clone)]
enum Operand {
    Leaf(Leaf),
    Call(Int),
}

impl Operand {
    fn of(c: &Compiled) -> Operand {
        Leaf::of(c).map_or_else(|| Operand::Call(value(c)), Operand::Leaf)
    }

    #[inline(always)]
    fn read(&self, facts: &Facts<'_>, current: Elem, named: &[Elem]) -> i64 {
        match self {
            Operand::Leaf(leaf) => leaf.read(facts, current, named),
            Operand::Call(program) => program(facts, current, named),
        }
    }
}

/// The two sides of an `and` or an `or`, the one that may work out the wait count last.
/// The language has no side effects, and every expression a value, so either order gives
/// the same value; but the wait count, worked out when first read, costs more than all the
/// rest of a reading (each tile is tried against the hand), and a side tested first often
/// settles the condition without it (`wait_count == 1 and edge_wait`).
fn costly_last<'c>(a: &'c Compiled, b: &'c Compiled) -> (&'c Compiled, &'c Compiled) {
    if reads_wait_count(a) && !reads_wait_count(b) {
        (b, a)
    } else {
        (a, b)
    }
}

/// True when `c` reads the wait count.
fn reads_wait_count(c: &Compiled) -> bool {
    let mut reads = false;
    c.visit(&mut |node| reads |= matches!(node, Compiled::HandInt(HandInt::WaitCount)));
    reads
}

/// `c` as a condition.
fn condition(c: &Compiled) -> Cond {
    match c {
        &Compiled::Const(v) => test(move |_, _, _| v != 0),
        &Compiled::HandMask(m) => test(move |f, _, _| m.test(f.flags)),
        &Compiled::ElemMask(m) => test(move |_, e, _| m.test(e.flags)),
        Compiled::Not(a) => {
            let a = condition(a);
            test(move |f, e, n| !a(f, e, n))
        }
        Compiled::And(a, b) => {
            let (a, b) = costly_last(a, b);
            let (a, b) = (condition(a), condition(b));
            test(move |f, e, n| a(f, e, n) && b(f, e, n))
        }
        Compiled::Or(a, b) => {
            let (a, b) = costly_last(a, b);
            let (a, b) = (condition(a), condition(b));
            test(move |f, e, n| a(f, e, n) || b(f, e, n))
        }
        // Two conditions compared (`(a.suit == b.suit) != (…)`): as conditions, not as
        // numbers made of them.
        Compiled::Cmp(op @ (Cmp::Eq | Cmp::Ne), a, b) if is_condition(a) && is_condition(b) => {
            let (a, b) = (condition(a), condition(b));
            match op {
                Cmp::Eq => test(move |f, e, n| a(f, e, n) == b(f, e, n)),
                _ => test(move |f, e, n| a(f, e, n) != b(f, e, n)),
            }
        }
        Compiled::Cmp(op, a, b) => {
            if let Some(c) = counted_and_compared(*op, a, b) {
                return c;
            }
            let (x, y) = (Operand::of(a), Operand::of(b));
            if let (Operand::Leaf(x), Operand::Leaf(y)) = (&x, &y)
                && let Some(c) = named_pair(*op, *x, *y)
            {
                return c;
            }
            match Linear::difference(a, b) {
                Some(linear) => linear.compared(*op),
                None => comparison(*op, x, y),
            }
        }
        Compiled::Any(collection, cond) => some_or_every(Quantifier::Any, *collection, cond),
        Compiled::All(collection, cond) => some_or_every(Quantifier::All, *collection, cond),
        &Compiled::Shape(i) => test(move |f, _, _| f.shapes & (1 << i) != 0),
        &Compiled::Block(i) => test(move |f, _, _| f.blocks & (1 << i) != 0),
        &Compiled::Calling(i) => {
            let i = i as usize;
            test(move |f, _, _| f.calling.contains(&i))
        }
        &Compiled::Fired(i) => {
            let i = i as usize;
            test(move |f, _, _| f.results.fired(i))
        }
        Compiled::If(abc) => {
            let [c, a, b] = &**abc;
            let (c, a, b) = (condition(c), condition(a), condition(b));
            test(
                move |f, e, n| {
                    if c(f, e, n) { a(f, e, n) } else { b(f, e, n) }
                },
            )
        }
        Compiled::Named(slot, a) => {
            let slot = usize::from(*slot);
            if let Compiled::ElemMask(m) = **a {
                return test(move |_, _, n| m.test(n[slot].flags));
            }
            let a = condition(a);
            test(move |f, _, n| a(f, n[slot], n))
        }
        Compiled::Tuples(t) => {
            if let Some(l) = Lookup::of(t) {
                return test(move |f, e, n| l.value(f, e, n) != 0);
            }
            let q = quantified(t);
            test(move |f, e, n| q.value(f, e, n) != 0)
        }
        // A number, as a condition: not 0.
        _ => {
            debug_assert!(!is_condition(c), "a condition left to the numbers");
            let v = value(c);
            test(move |f, e, n| v(f, e, n) != 0)
        }
    }
}

/// A count of the elements that pass one test of flags compared with a constant
/// (`count(sets, pung_or_kong and not exposed) == 3`), in one call: the elements tested in
/// place and the count compared, where the tree makes a call for the count and one for the
/// comparison.
fn counted_and_compared(op: Cmp, a: &Compiled, b: &Compiled) -> Option<Cond> {
    let (count, op, k) = match (a, b) {
        (count @ Compiled::Count(..), &Compiled::Const(k)) => (count, op, k),
        (&Compiled::Const(k), count @ Compiled::Count(..)) => (count, op.mirrored(), k),
        _ => return None,
    };
    let Compiled::Count(c, cond) = count else {
        return None;
    };
    let (Compiled::ElemMask(m), c) = (&**cond, *c) else {
        return None;
    };
    let (m, within) = (*m, Within::of(op, k));
    Some(test(move |f, _, _| {
        let counted = (f.elements(c).iter())
            .map(|e| i64::from(m.test(e.flags)) * weight(e))
            .sum();
        within.holds(counted)
    }))
}

/// `any(c, cond)` (`quantifier` [`Quantifier::Any`]) or `all(c, cond)`: each element tested
/// in place, without a call, where `cond` is one test of its flags, a few joined by `or`
/// and `and` ([`some_of_masks`]), comparisons of one of its small numbers ([`Values`]) or
/// one comparison with a fact that does not read it ([`Lookup::unnamed`]); else `cond`
/// called on each.
fn some_or_every(quantifier: Quantifier, c: Collection, cond: &Compiled) -> Cond {
    let any = quantifier == Quantifier::Any;
    // The quantifier over the elements of `c`, each tested by `$holds`.
    macro_rules! over {
        ($holds:expr) => {{
            let holds = $holds;
            if any {
                test(move |f, _, n| f.elements(c).iter().any(|e| holds(f, e, n)))
            } else {
                test(move |f, _, n| f.elements(c).iter().all(|e| holds(f, e, n)))
            }
        }};
    }
    if let Compiled::ElemMask(m) = *cond {
        // Without a branch for each element: most such sets are a few elements.
        return if any {
            test(move |f, _, _| (f.elements(c).iter()).fold(false, |any, e| any | m.test(e.flags)))
        } else {
            test(move |f, _, _| (f.elements(c).iter()).fold(true, |all, e| all & m.test(e.flags)))
        };
    }
    if let Some(masks) = some_of_masks(cond) {
        return over!(move |_: &Facts<'_>, e: &Elem, _: &[Elem]| {
            masks.iter().any(|m| m.test(e.flags))
        });
    }
    if let Some(values) = Values::of(cond) {
        return over!(move |_: &Facts<'_>, e: &Elem, _: &[Elem]| values.hold(*e));
    }
    if let Some((masks, values)) = masks_and_values(cond) {
        return over!(move |_: &Facts<'_>, e: &Elem, _: &[Elem]| {
            masks.iter().any(|m| m.test(e.flags)) && values.hold(*e)
        });
    }
    if let Some(l) = Lookup::unnamed(quantifier, c, cond) {
        return test(move |f, e, n| l.value(f, e, n) != 0);
    }
    let cond = condition(cond);
    over!(move |f: &Facts<'_>, e: &Elem, n: &[Elem]| cond(f, *e, n))
}

/// A condition of the element looked at made of comparisons of one of its small numbers
/// with constants, joined by `or`, `and` and `not` (`copies == 2 or copies == 4`): the
/// values of the number for which it holds, as bits, so that an element is tested with one
/// shift instead of a call for each comparison.
#[derive(Clone, Copy)]
struct Values {
    number: ElemInt,
    /// Bit v set when the condition holds of an element whose number is v.
    holding: u64,
}

impl Values {
    /// `c` as values of a number, when it is such a condition of a number whose values
    /// are all below 64: an element's copies, the copies of its number, its number.
    fn of(c: &Compiled) -> Option<Values> {
        let both = |a: &Compiled, b: &Compiled, join: fn(u64, u64) -> u64| {
            let (a, b) = (Values::of(a)?, Values::of(b)?);
            (a.number == b.number).then(|| Values {
                number: a.number,
                holding: join(a.holding, b.holding),
            })
        };
        match c {
            Compiled::Or(a, b) => both(a, b, |a, b| a | b),
            Compiled::And(a, b) => both(a, b, |a, b| a & b),
            Compiled::Not(a) => Values::of(a).map(|v| Values {
                holding: !v.holding,
                ..v
            }),
            Compiled::Cmp(op, a, b) => {
                let (number, op, k) = match (&**a, &**b) {
                    (&Compiled::ElemInt(i), &Compiled::Const(k)) => (i, *op, k),
                    (&Compiled::Const(k), &Compiled::ElemInt(i)) => (i, op.mirrored(), k),
                    _ => return None,
                };
                matches!(
                    number,
                    ElemInt::Copies | ElemInt::NumberCopies | ElemInt::Number
                )
                .then(|| Values {
                    number,
                    holding: (0..64)
                        .filter(|&v| compare(op, v, k))
                        .fold(0, |bits, v| bits | 1 << v),
                })
            }
            _ => None,
        }
    }

    /// Whether the condition holds of `e`.
    #[inline(always)]
    fn hold(self, e: Elem) -> bool {
        // The numbers read are below 64 (an element holds at most four copies of a tile,
        // sixteen of a number, and numbers run to 9).
        self.holding >> (elem_int(self.number, e) as u64 & 63) & 1 != 0
    }
}

/// The most tests of flags a condition of an element is read as, one of them to hold
/// ([`some_of_masks`]).
pub(crate) const MOST_MASKS: usize = 4;

/// `c`, a condition of the element looked at made of tests of its flags joined by `or` and
/// `and` (`major or chow and (number == 1 or number == 7)`), as tests of which one must hold
/// (`major`, `chow and number == 1`, `chow and number == 7`), when it is at most
/// [`MOST_MASKS`] of them and each `and` makes one test: an element's flags are then read
/// without a call. `None` for anything else.
pub(crate) fn some_of_masks(c: &Compiled) -> Option<arrayvec::ArrayVec<Mask, MOST_MASKS>> {
    let mut masks = arrayvec::ArrayVec::new();
    match c {
        Compiled::ElemMask(m) => masks.push(*m),
        Compiled::Or(a, b) => {
            let (a, b) = (some_of_masks(a)?, some_of_masks(b)?);
            masks.try_extend_from_slice(&a).ok()?;
            masks.try_extend_from_slice(&b).ok()?;
        }
        Compiled::And(a, b) => {
            let (a, b) = (some_of_masks(a)?, some_of_masks(b)?);
            for x in &a {
                for y in &b {
                    masks.try_push(super::fold::and(*x, *y)?).ok()?;
                }
            }
        }
        _ => return None,
    }
    Some(masks)
}

/// A condition of the element looked at that joins by `and` tests of its flags
/// ([`some_of_masks`]) and comparisons of one of its small numbers ([`Values`]), in any
/// order (`number == 5 and copies == 4 and not red_five`): the tests of flags, one of which
/// must hold, and the values.
fn masks_and_values(c: &Compiled) -> Option<(arrayvec::ArrayVec<Mask, MOST_MASKS>, Values)> {
    let mut masks = arrayvec::ArrayVec::<Mask, MOST_MASKS>::new();
    masks.push(Mask::of(0));
    let mut values: Option<Values> = None;
    for conjunct in c.conjuncts() {
        if let Some(more) = some_of_masks(conjunct) {
            let mut joined = arrayvec::ArrayVec::new();
            for x in &masks {
                for y in &more {
                    joined.try_push(super::fold::and(*x, *y)?).ok()?;
                }
            }
            masks = joined;
        } else {
            let v = Values::of(conjunct)?;
            values = Some(match values {
                None => v,
                Some(w) if w.number == v.number => Values {
                    number: v.number,
                    holding: v.holding & w.holding,
                },
                Some(_) => return None,
            });
        }
    }
    Some((masks, values?))
}

/// True when `c` is a condition (its value 0 or 1) whatever its operands: what [`value`]
/// makes a number of, as [`condition`] makes a condition of the others. A constant, `if`,
/// a named element's fact and a quantifier over named elements, which may be either, are
/// each made by both as they are.
fn is_condition(c: &Compiled) -> bool {
    match c {
        Compiled::HandMask(_)
        | Compiled::ElemMask(_)
        | Compiled::Not(_)
        | Compiled::And(..)
        | Compiled::Or(..)
        | Compiled::Cmp(..)
        | Compiled::Any(..)
        | Compiled::All(..)
        | Compiled::Shape(_)
        | Compiled::Block(_)
        | Compiled::Calling(_)
        | Compiled::Fired(_) => true,
        Compiled::Const(_)
        | Compiled::If(_)
        | Compiled::Named(..)
        | Compiled::Tuples(_)
        | Compiled::HandInt(_)
        | Compiled::ElemInt(_)
        | Compiled::PaymentInt(_)
        | Compiled::Neg(_)
        | Compiled::Arith(..)
        | Compiled::Count(..)
        | Compiled::Suits(_)
        | Compiled::Kinds
        | Compiled::Sum(_)
        | Compiled::Best(_)
        | Compiled::Value(_)
        | Compiled::Unary(..) => false,
    }
}

/// `c` as a number.
fn value(c: &Compiled) -> Int {
    match c {
        _ if let Some(leaf) = Leaf::of(c) => num(move |f, e, n| leaf.read(f, e, n)),
        Compiled::PaymentInt(PaymentInt::Score) => num(|f, _, _| f.payment.score),
        Compiled::PaymentInt(PaymentInt::Counters) => num(|f, _, _| f.payment.counters),
        Compiled::PaymentInt(PaymentInt::Deposits) => num(|f, _, _| f.payment.deposits),
        Compiled::Neg(a) => {
            let a = Operand::of(a);
            num(move |f, e, n| a.read(f, e, n).saturating_neg())
        }
        Compiled::Arith(op, a, b) => arithmetic(*op, Operand::of(a), Operand::of(b)),
        Compiled::Count(collection, cond) => {
            let c = *collection;
            // `count(tiles)`: every element, with its weight (none, for a condition that is
            // false).
            match **cond {
                Compiled::Const(0) => return num(|_, _, _| 0),
                Compiled::Const(_) => {
                    return num(move |f, _, _| f.elements(c).iter().map(weight).sum());
                }
                _ => {}
            }
            if let Compiled::ElemMask(m) = **cond {
                return num(move |f, _, _| {
                    (f.elements(c).iter())
                        .map(|e| i64::from(m.test(e.flags)) * weight(e))
                        .sum()
                });
            }
            if let Some(l) = Lookup::unnamed(Quantifier::Count, c, cond) {
                return num(move |f, e, n| l.value(f, e, n));
            }
            let cond = condition(cond);
            num(move |f, _, n| {
                (f.elements(c).iter())
                    .filter(|e| cond(f, **e, n))
                    .map(weight)
                    .sum()
            })
        }
        &Compiled::Suits(c) => num(move |f, _, _| {
            let flags = f.elements(c).iter().fold(0, |or, e| or | e.flags);
            i64::from(suits(flags))
        }),
        Compiled::Kinds => num(|f, _, _| f.tiles().len() as i64),
        &Compiled::Best(tag) => {
            let tag = tag as usize;
            num(move |f, _, _| f.results.best(tag))
        }
        Compiled::If(abc) => {
            let [c, a, b] = &**abc;
            let (c, a, b) = (condition(c), Operand::of(a), Operand::of(b));
            num(move |f, e, n| {
                if c(f, e, n) {
                    a.read(f, e, n)
                } else {
                    b.read(f, e, n)
                }
            })
        }
        Compiled::Unary(Unary::Abs, a) => {
            let a = Operand::of(a);
            num(move |f, e, n| a.read(f, e, n).saturating_abs())
        }
        Compiled::Unary(Unary::NextTile, a) => {
            let a = Operand::of(a);
            num(move |f, e, n| unary(Unary::NextTile, a.read(f, e, n)))
        }
        Compiled::Named(slot, a) => {
            let (slot, a) = (usize::from(*slot), value(a));
            num(move |f, _, n| a(f, n[slot], n))
        }
        Compiled::Tuples(t) => {
            if let Some(l) = Lookup::of(t) {
                return num(move |f, e, n| l.value(f, e, n));
            }
            let q = quantified(t);
            num(move |f, e, n| q.value(f, e, n))
        }
        // Leaves, read above; the tree would give the same.
        Compiled::Const(_)
        | Compiled::HandInt(_)
        | Compiled::ElemInt(_)
        | Compiled::Sum(_)
        | Compiled::Value(_) => {
            let tree = c.clone();
            num(move |f, e, n| tree.eval_in(f, e, n))
        }
        // A condition, as a number: 0 or 1.
        _ => {
            debug_assert!(is_condition(c), "a number left to the conditions");
            let t = condition(c);
            num(move |f, e, n| i64::from(t(f, e, n)))
        }
    }
}

/// A comparison, made for its operator, so that the operator is not matched again on each
/// evaluation.
fn comparison(op: Cmp, a: Operand, b: Operand) -> Cond {
    macro_rules! with {
        ($op:tt) => {
            test(move |f, e, n| a.read(f, e, n) $op b.read(f, e, n))
        };
    }
    match op {
        Cmp::Eq => with!(==),
        Cmp::Ne => with!(!=),
        Cmp::Lt => with!(<),
        Cmp::Le => with!(<=),
        Cmp::Gt => with!(>),
        Cmp::Ge => with!(>=),
    }
}

/// `$with!(read, op)` for the number `$number` of named elements (`read`, a closure that
/// reads it of an element) and the comparison `$op` (`op`, its operator): a closure made
/// for each pair, so that neither is matched while scoring. `$with` is a macro of the
/// caller's, which makes the condition.
macro_rules! by_number_and_op {
    ($number:expr, $op:expr, $with:ident) => {
        match $number {
            ElemInt::Copies => by_number_and_op!(@op $op, $with, |e: Elem| i64::from(e.copies)),
            ElemInt::Number => by_number_and_op!(@op $op, $with, |e: Elem| i64::from(e.number)),
            ElemInt::Tile => by_number_and_op!(@op $op, $with, |e: Elem| i64::from(e.tile)),
            ElemInt::NumberCopies => {
                by_number_and_op!(@op $op, $with, |e: Elem| i64::from(e.same_number))
            }
            ElemInt::Suit => by_number_and_op!(@op $op, $with, |e: Elem| suit_number(e.flags)),
        }
    };
    (@op $op:expr, $with:ident, $read:expr) => {
        match $op {
            Cmp::Eq => $with!($read, ==),
            Cmp::Ne => $with!($read, !=),
            Cmp::Lt => $with!($read, <),
            Cmp::Le => $with!($read, <=),
            Cmp::Gt => $with!($read, >),
            Cmp::Ge => $with!($read, >=),
        }
    };
}

/// A comparison of a number of a named element with the same number of another named
/// element or with a constant, each side plus a constant (`a.suit == b.suit`, `a.number + 1
/// == b.number`, `a.number == 1`: the commonest conjuncts of relations), made for its
/// operator and its number, so that neither the kinds of the operands nor the number is
/// matched on each evaluation.
fn named_pair(op: Cmp, a: Leaf, b: Leaf) -> Option<Cond> {
    let named = |leaf| match leaf {
        Leaf::Named(slot, i) => Some((slot, i, 0)),
        Leaf::NamedPlus(slot, i, k) => Some((usize::from(slot), i, i64::from(k))),
        _ => None,
    };
    // The numbers of elements are small: `a + j op b + k` is `a op b + (k - j)`, and
    // `a + j op k` is `a op k - j` (a constant beside a named element fits 32 bits).
    enum Other {
        Named(usize, i64),
        Const(i64),
    }
    let (x, i, j, other, op) = match (named(a), named(b), a, b) {
        (Some((x, i, j)), Some((y, i2, k)), _, _) if i == i2 => (x, i, j, Other::Named(y, k), op),
        (Some((x, i, j)), None, _, Leaf::Const(k)) => (x, i, j, Other::Const(k), op),
        (None, Some((x, i, j)), Leaf::Const(k), _) => (x, i, j, Other::Const(k), op.mirrored()),
        _ => return None,
    };
    macro_rules! with {
        ($read:expr, $op:tt) => {
            match other {
                Other::Named(y, k) => {
                    let k = k - j;
                    test(move |_, _, n| $read(n[x]) $op $read(n[y]) + k)
                }
                Other::Const(k) => {
                    let k = k.saturating_sub(j);
                    test(move |_, _, n| $read(n[x]) $op k)
                }
            }
        };
    }
    Some(by_number_and_op!(i, op, with))
}

/// A sum of one number of named elements, each times a small whole number, plus a constant:
/// what is left of a comparison of sums and differences of named elements' numbers once
/// one side is taken from the other (`b.number - a.number == c.number - b.number` is
/// `2 b - a - c == 0`), compared with 0 in one call, where the tree makes a call of each
/// operation. The numbers of elements are small, the coefficients and the constant bounded:
/// nothing saturates, and the comparison gives what the tree gives.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Linear {
    /// The number read of each named element.
    number: ElemInt,
    /// The named elements' slots and coefficients; the first `len` are used.
    terms: [(usize, i64); MAX_NAMED],
    len: usize,
    constant: i64,
}

impl Linear {
    /// The largest coefficient and constant kept: far from saturating any sum of them.
    const MOST: i64 = 1 << 20;

    /// True when `v` is a coefficient or constant kept.
    fn small(v: i64) -> bool {
        (-Linear::MOST..=Linear::MOST).contains(&v)
    }

    /// `a - b` as a sum, when both sides are sums of one number of named elements and
    /// constants, and it names two elements or more (a comparison of one named element's
    /// number is [`named_pair`]'s).
    fn difference(a: &Compiled, b: &Compiled) -> Option<Linear> {
        let d = Linear::of(a)?.plus(Linear::of(b)?, -1)?;
        (d.len >= 2).then_some(d)
    }

    /// `c` as a sum.
    fn of(c: &Compiled) -> Option<Linear> {
        let none = |number| Linear {
            number,
            terms: [(0, 0); MAX_NAMED],
            len: 0,
            constant: 0,
        };
        match c {
            &Compiled::Const(k) => Linear::small(k).then(|| Linear {
                constant: k,
                ..none(ElemInt::Number)
            }),
            Compiled::Named(slot, a) => match **a {
                Compiled::ElemInt(number) => {
                    let mut terms = [(0, 0); MAX_NAMED];
                    terms[0] = (usize::from(*slot), 1);
                    Some(Linear {
                        terms,
                        len: 1,
                        ..none(number)
                    })
                }
                _ => None,
            },
            Compiled::Arith(Arith::Add, a, b) => Linear::of(a)?.plus(Linear::of(b)?, 1),
            Compiled::Arith(Arith::Sub, a, b) => Linear::of(a)?.plus(Linear::of(b)?, -1),
            Compiled::Arith(Arith::Mul, a, b) => match (&**a, &**b) {
                (&Compiled::Const(k), x) | (x, &Compiled::Const(k)) => {
                    none(ElemInt::Number).plus(Linear::of(x)?, k)
                }
                _ => None,
            },
            Compiled::Neg(a) => none(ElemInt::Number).plus(Linear::of(a)?, -1),
            _ => None,
        }
    }

    /// This sum plus `k` times `other`, when both read the same number (or either none)
    /// and the coefficients stay small.
    fn plus(self, other: Linear, k: i64) -> Option<Linear> {
        let bounded = |v: i64| Linear::small(v).then_some(v);
        let k = bounded(k)?;
        let number = match (self.len, other.len) {
            (0, _) => other.number,
            (_, 0) => self.number,
            _ if self.number == other.number => self.number,
            _ => return None,
        };
        let mut sum = Linear {
            number,
            constant: bounded(self.constant + k * other.constant)?,
            ..self
        };
        for &(slot, c) in &other.terms[..other.len] {
            match sum.terms[..sum.len].iter().position(|t| t.0 == slot) {
                Some(i) => sum.terms[i].1 = bounded(sum.terms[i].1 + k * c)?,
                None => {
                    *sum.terms.get_mut(sum.len)? = (slot, bounded(k * c)?);
                    sum.len += 1;
                }
            }
        }
        // A name whose coefficients cancel is not read.
        let mut kept = 0;
        for i in 0..sum.len {
            if sum.terms[i].1 != 0 {
                sum.terms[kept] = sum.terms[i];
                kept += 1;
            }
        }
        sum.len = kept;
        Some(sum)
    }

    /// The condition that this sum compares by `op` with 0.
    fn compared(self, op: Cmp) -> Cond {
        let Linear {
            number,
            terms,
            len,
            constant,
        } = self;
        macro_rules! with {
            ($read:expr, $op:tt) => {
                test(move |_, _, n| {
                    let sum = (terms[..len].iter()).fold(constant, |s, &(slot, c)| {
                        s + c * $read(n[slot])
                    });
                    sum $op 0
                })
            };
        }
        by_number_and_op!(number, op, with)
    }
}

/// Arithmetic, made for its operator.
fn arithmetic(op: Arith, a: Operand, b: Operand) -> Int {
    macro_rules! with {
        ($op:expr) => {
            num(move |f, e, n| arith($op, a.read(f, e, n), b.read(f, e, n)))
        };
    }
    match op {
        Arith::Add => with!(Arith::Add),
        Arith::Sub => with!(Arith::Sub),
        Arith::Mul => with!(Arith::Mul),
        Arith::Div => with!(Arith::Div),
        Arith::Min => with!(Arith::Min),
        Arith::Max => with!(Arith::Max),
        Arith::RoundUp => with!(Arith::RoundUp),
        Arith::Pow => with!(Arith::Pow),
        Arith::Mod => with!(Arith::Mod),
    }
}

/// A quantifier naming one element whose condition is one comparison of a number of that
/// element with a number that reads no named element (`any(i in indicators, next(i.tile) ==
/// tile)`, `count(t in tiles, t.number < number)`), or a quantifier naming none whose
/// condition compares a number of the element looked at with one that does not read it
/// (`count(tiles, tile == winning_tile)`): the other side read once, then each element's
/// number read from the element itself and compared, with no scope of names built and no
/// call for each element. It gives what [`Quantified::value`] gives, or the quantifier's
/// tree.
#[derive(Clone, Copy)]
pub(super) struct Lookup {
    quantifier: Quantifier,
    pub collection: Collection,
    /// The comparison, with the named element's number on its left.
    pub op: Cmp,
    pub named: OfNamed,
    pub other: Leaf,
    /// A count weighs each element as a count of its collection does
    /// ([`crate::predicate::eval::weight`]: tiles with their copies), not once: a quantifier
    /// naming no element.
    weighted: bool,
}

/// A number of the element a quantifier names, read from the element.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum OfNamed {
    Int(ElemInt),
    Plus(ElemInt, i32),
    NextTile,
}

impl OfNamed {
    /// The leaf as a number of the element in `slot`, when it reads that element and no
    /// other.
    fn of(leaf: Leaf, slot: usize) -> Option<OfNamed> {
        match leaf {
            Leaf::Named(s, i) if s == slot => Some(OfNamed::Int(i)),
            Leaf::NamedPlus(s, i, k) if usize::from(s) == slot => Some(OfNamed::Plus(i, k)),
            Leaf::NextNamed(s) if s == slot => Some(OfNamed::NextTile),
            _ => None,
        }
    }

    #[inline(always)]
    pub fn read(self, e: Elem) -> i64 {
        match self {
            OfNamed::Int(i) => elem_int(i, e),
            OfNamed::Plus(i, k) => elem_int(i, e) + i64::from(k),
            OfNamed::NextTile => unary(Unary::NextTile, i64::from(e.tile)),
        }
    }
}

impl Lookup {
    /// `t` as a lookup, when it is one.
    pub fn of(t: &Tuples) -> Option<Lookup> {
        let [(_, Compiled::Cmp(op, a, b))] = t.conjuncts.as_slice() else {
            return None;
        };
        if t.arity != 1 {
            return None;
        }
        let slot = usize::from(t.first);
        let (a, b) = (Leaf::of(a)?, Leaf::of(b)?);
        let (named, other, op) = match (OfNamed::of(a, slot), OfNamed::of(b, slot)) {
            (Some(named), None) if b.reads_no_name() => (named, b, *op),
            (None, Some(named)) if a.reads_no_name() => (named, a, op.mirrored()),
            _ => return None,
        };
        Some(Lookup {
            quantifier: t.quantifier,
            collection: t.collection,
            op,
            named,
            other,
            weighted: false,
        })
    }

    /// `quantifier(collection, cond)`, naming no element, as a lookup, when it is one: `cond`
    /// compares a number of the element looked at with a leaf that does not read it.
    fn unnamed(quantifier: Quantifier, collection: Collection, cond: &Compiled) -> Option<Lookup> {
        let Compiled::Cmp(op, a, b) = cond else {
            return None;
        };
        let (a, b) = (Leaf::of(a)?, Leaf::of(b)?);
        let (named, other, op) = match (a, b) {
            (Leaf::Current(i), b) if !matches!(b, Leaf::Current(_)) => (i, b, *op),
            (a, Leaf::Current(i)) if !matches!(a, Leaf::Current(_)) => (i, a, op.mirrored()),
            _ => return None,
        };
        Some(Lookup {
            quantifier,
            collection,
            op,
            named: OfNamed::Int(named),
            other,
            weighted: true,
        })
    }

    #[inline(always)]
    fn value(&self, facts: &Facts<'_>, current: Elem, named: &[Elem]) -> i64 {
        let other = self.other.read(facts, current, named);
        let elements = facts.elements(self.collection);
        // The tiles held are distinct: one at most is a given tile, and the search stops
        // there (`count(tiles, tile == winning_tile)`).
        if self.collection == Collection::Tiles
            && self.named == OfNamed::Int(ElemInt::Tile)
            && self.op == Cmp::Eq
            && self.quantifier != Quantifier::All
        {
            let found = elements.iter().find(|e| i64::from(e.tile) == other);
            return match (found, self.quantifier) {
                (None, _) => 0,
                (Some(e), Quantifier::Count) if self.weighted => weight(e),
                (Some(_), _) => 1,
            };
        }
        let within = Within::of(self.op, other);
        // The element's number chosen once, not for each element: each arm is a loop that
        // reads one field.
        match self.named {
            OfNamed::Int(ElemInt::Tile) => {
                self.quantify(elements, within, |e| elem_int(ElemInt::Tile, e))
            }
            OfNamed::Int(ElemInt::Number) => {
                self.quantify(elements, within, |e| elem_int(ElemInt::Number, e))
            }
            OfNamed::Int(ElemInt::Copies) => {
                self.quantify(elements, within, |e| elem_int(ElemInt::Copies, e))
            }
            named => self.quantify(elements, within, |e| named.read(e)),
        }
    }

    /// The quantifier over `elements`, each meeting the comparison when its number `read`
    /// is `within` its bounds.
    #[inline(always)]
    fn quantify(&self, elements: &[Elem], within: Within, read: impl Fn(Elem) -> i64) -> i64 {
        let meets = |e: &Elem| within.holds(read(*e));
        match self.quantifier {
            Quantifier::Any => i64::from(elements.iter().any(meets)),
            Quantifier::All => i64::from(elements.iter().all(meets)),
            Quantifier::Count if self.weighted => {
                (elements.iter()).filter(|e| meets(e)).map(weight).sum()
            }
            Quantifier::Count => elements.iter().filter(|e| meets(e)).count() as i64,
        }
    }
}

/// A comparison with a number `v` as the numbers it holds for: those from `low` to
/// `low + span` (wrapping), or those outside them. Every operator is one such test, so that
/// a loop over elements tests each with a subtraction and a comparison rather than a match
/// on the operator.
#[derive(Clone, Copy)]
struct Within {
    low: i64,
    span: u64,
    outside: bool,
}

impl Within {
    #[inline(always)]
    fn of(op: Cmp, v: i64) -> Within {
        // From `v` up to the largest number, and from the least up to `v`.
        let (from_v, up_to_v) = ((v, i64::MAX.abs_diff(v)), (i64::MIN, v.abs_diff(i64::MIN)));
        let ((low, span), outside) = match op {
            Cmp::Eq => ((v, 0), false),
            Cmp::Ne => ((v, 0), true),
            Cmp::Ge => (from_v, false),
            Cmp::Lt => (from_v, true),
            Cmp::Le => (up_to_v, false),
            Cmp::Gt => (up_to_v, true),
        };
        Within { low, span, outside }
    }

    #[inline(always)]
    fn holds(self, x: i64) -> bool {
        (x.wrapping_sub(self.low) as u64 <= self.span) != self.outside
    }
}

/// A quantifier over named elements whose conjuncts are programs.
fn quantified(t: &Tuples) -> QuantifiedProgram {
    let spans = spans(&t.conjuncts, &t.alone);
    QuantifiedProgram {
        quantifier: t.quantifier,
        collection: t.collection,
        first: t.first,
        arity: t.arity,
        conjuncts: (t.conjuncts.iter())
            .map(|(name, c)| (*name, Conj(condition(c), c.mask())))
            .collect(),
        spans,
        symmetric: t.symmetric,
        steps: Steps::of(t.conjuncts.iter().map(|(_, c)| c), t.first, t.arity),
        alone: AloneMasks::of(&t.conjuncts, &spans, t.arity),
    }
}

/// [`Tuples`] with its conjuncts compiled.
pub(crate) struct QuantifiedProgram {
    quantifier: Quantifier,
    collection: Collection,
    first: u8,
    arity: u8,
    conjuncts: Vec<(u8, Conj)>,
    spans: [Span; MAX_NAMED],
    symmetric: bool,
    steps: Steps,
    alone: Option<AloneMasks>,
}

impl QuantifiedProgram {
    /// As the generic quantifier sees it.
    #[inline]
    fn quantified(&self) -> Quantified<'_, Conj> {
        Quantified {
            quantifier: self.quantifier,
            collection: self.collection,
            first: self.first,
            arity: self.arity,
            conjuncts: &self.conjuncts,
            spans: self.spans,
            symmetric: self.symmetric,
            steps: self.steps,
            alone: self.alone.as_ref(),
        }
    }

    #[inline]
    fn value(&self, facts: &Facts<'_>, current: Elem, named: &[Elem]) -> i64 {
        self.quantified().value(facts, current, named)
    }
}

/// An item over groups of named elements (`for-each = "a, b in sets"`), as the scorer counts
/// it: the groups that match its condition, and its value on each.
#[derive(Clone)]
pub(crate) enum GroupProgram {
    /// Walking the item's trees, as the reference scorer does (the `programs` shortcut off).
    Tree,
    /// Compiled.
    Program(Arc<QuantifiedProgram>, Int),
}

impl std::fmt::Debug for GroupProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GroupProgram(…)")
    }
}

impl GroupProgram {
    /// The item whose condition is `when` (some group matches: a quantifier over named
    /// elements) and value `value`, read on each group; compiled when `compile`. `None` for
    /// a condition that names no elements. The item counted must be the one with this
    /// condition and value.
    pub fn new(when: &Compiled, value: &Compiled, compile: bool) -> Option<GroupProgram> {
        let Compiled::Tuples(t) = when else {
            return None;
        };
        Some(if compile {
            GroupProgram::Program(Arc::new(quantified(t)), self::value(value))
        } else {
            GroupProgram::Tree
        })
    }

    /// How the item counts on the reading `facts`, as [`GroupProgram::count`] says, its
    /// matches (each group that matches, with its sets and value) kept in `out`; for an
    /// item over groups of sets.
    pub fn count_keeping(
        &self,
        item: &CompiledItem,
        facts: &Facts<'_>,
        out: &mut Vec<Instance>,
    ) -> Fired {
        let first = out.len();
        match self {
            GroupProgram::Tree => instances_plainly(item, facts, out),
            GroupProgram::Program(q, value) => {
                let current = Elem::default();
                q.quantified()
                    .each_match(facts, current, &[], &mut |named, sets| {
                        out.push(Instance {
                            item: item.index,
                            // A reading has fewer than 32 sets.
                            sets: sets as u32,
                            amount: value(facts, current, named),
                        })
                    })
            }
        }
        let mut hit = Fired::none(item);
        for found in &out[first..] {
            hit.times += 1;
            hit.amount = hit.amount.saturating_add(found.amount);
            hit.sets |= found.sets;
        }
        debug_assert_eq!(hit, self.count(item, facts), "the matches kept");
        hit
    }

    /// How the item counts on the reading `facts`: once for each group that matches.
    pub fn count(&self, item: &CompiledItem, facts: &Facts<'_>) -> Fired {
        match self {
            GroupProgram::Tree => count_plainly(item, facts),
            GroupProgram::Program(q, value) => {
                let current = Elem::default();
                count_groups(
                    item,
                    q.collection,
                    |visit| q.quantified().each_match(facts, current, &[], visit),
                    |named| value(facts, current, named),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::test_condition;
    use crate::predicate::Scope;
    use crate::predicate::facts::{Results, elem, hand};

    /// A few random elements: flags from those the conditions below read, numbers, tiles.
    fn elements(seed: &mut u64, most: usize) -> Vec<Elem> {
        let mut next = move || {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *seed >> 33
        };
        let bits = [
            elem::CHOW,
            elem::PUNG | elem::PUNG_OR_KONG,
            elem::PAIR,
            elem::EXPOSED,
            elem::DECLARED,
            elem::SIMPLE,
            elem::DRAGON,
            elem::CHARACTERS | elem::SUITED,
            elem::DOTS | elem::SUITED,
            elem::BAMBOO | elem::SUITED,
        ];
        let n = next() as usize % (most + 1);
        (0..n)
            .map(|_| {
                let number = (next() % 3 + 1) as u8;
                Elem {
                    // Every element has the flag of its number (`elem::NUMBERS`).
                    flags: bits
                        .iter()
                        .filter(|_| next() % 3 == 0)
                        .fold(elem::number(number), |f, b| f | b),
                    copies: (next() % 4 + 1) as u8,
                    number,
                    tile: (next() % 34) as i8,
                    same_number: (next() % 5) as u8,
                }
            })
            .collect()
    }

    #[test]
    fn a_comparison_as_bounds_holds_where_the_operator_does() {
        // Every operator against numbers at the ends of the range and around them: the
        // bounds must not wrap where `v - 1` or `v + 1` would overflow.
        let edges = [
            i64::MIN,
            i64::MIN + 1,
            -5,
            -1,
            0,
            1,
            4,
            5,
            i64::MAX - 1,
            i64::MAX,
        ];
        for op in [Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge] {
            for v in edges {
                let within = Within::of(op, v);
                for x in edges {
                    assert_eq!(within.holds(x), compare(op, x, v), "{x} {op:?} {v}");
                }
            }
        }
    }

    #[test]
    fn a_program_gives_what_its_tree_gives() {
        // Every kind of node: flags, numbers, logic, comparisons, arithmetic, quantifiers
        // over collections and over named elements (one name and several), results.
        let conditions = [
            "self_drawn and not dealer or declared_ready",
            "count(sets, pung) + 1 > 2 and any(tiles, simple)",
            "all(sets, chow or pair) or suits(tiles) == 1",
            "count(tiles, copies >= 2) == 4 or kinds(tiles) == 7",
            "any(sets, number == 2 and chow) and not all(tiles, dragon)",
            "count(sets, pung and (dragon or simple)) >= 1",
            "max(count(sets, chow), 2) - min(red_fives, 1) * 3 == 2",
            "round_up(count(tiles) * 7, 10) / 10 >= 3 and pow(2, count(sets)) > 4",
            "abs(0 - count(sets, pung)) < 2",
            "if(self_drawn, count(sets), 1) != -count(tiles, simple)",
            "any(i in indicators, next(i.tile) == 5p)",
            "count(i in indicators, i.number >= 3) == 1",
            "all(i in indicators, i.suit == 2) and count(tiles, number_copies == 2) > 0",
            "any(a, b in sets, a.chow and b.chow and a.tile == b.tile)",
            "count(a, b in sets, a.pung and b.pung and a.number == b.number) >= 1",
            "count(a, b in sets, a.chow and a.number + 1 == b.number) >= 1",
            "any(a, b in sets, b.number - 1 == a.number and 2 + a.number > b.number + 0)",
            "any(a, b in sets, a.number - 9223372036854775807 < b.number - 2)",
            "any(a, b, c in sets, b.number - a.number == c.number - b.number \
             and (b.number - a.number == 1 or b.number - a.number == 2))",
            "count(a, b, c in sets, 2 * (c.number - a.number) >= -b.number + a.number * 3 - 1) >= 2",
            "any(a, b in sets, a.suit - b.suit != b.number - a.number and a.suit + b.suit > 2)",
            "any(a, b in tiles, a.copies + b.copies - 3 > 0 and a.number - b.number == 1)",
            "any(a, b in sets, -(a.number - b.number) == 2 and b.number - a.number + 0 * a.number >= 1)",
            "any(a, b, c in sets, a.pung_or_kong and b.pung_or_kong and c.pung_or_kong \
             and a.number == b.number and b.number == c.number and a.suit != b.suit \
             and b.suit != c.suit and a.suit != c.suit)",
            "all(a, b in sets, a.number != b.number or a.suit == b.suit)",
            "any(s in sets, any(t in tiles, t.tile == s.tile and t.copies > 1))",
            "winning_tile == 5p or winning_tile_seen < 3 and red_fives == 1",
            // Quantifiers naming no element over one comparison (read as lookups), tiles
            // counted with their copies, the other side a fact of the hand or of a name.
            "count(tiles, tile == winning_tile) >= 2",
            "all(tiles, copies != red_fives) and any(sets, number < red_fives)",
            "any(s in sets, count(tiles, number == s.number) >= 4)",
            "count(sets, 1 == number) + count(tiles, red_fives > copies) >= 3",
            // Conditions of an element made of a few tests of its flags, one to hold.
            "all(sets, pung or chow and (number == 1 or number == 3))",
            "any(tiles, dragon or simple and number == 2) and not all(sets, pair or exposed)",
            // Comparisons of one small number of the element, read as the values that hold.
            "all(tiles, copies == 2 or copies == 4) or any(tiles, not (copies <= 1 or number_copies >= 3))",
            "any(sets, number == 3 and not number == 2 or 1 > number)",
            "count(tiles) + count(sets) >= 14 and count(bonus) < 2",
            // Counts of elements passing one test of flags compared with a constant, either
            // side (tiles weighed by their copies).
            "count(sets, pung and not exposed) == 2 or 3 <= count(tiles, simple)",
            "count(sets, chow) < 2 and 1 != count(tiles, dragon)",
        ];
        let mut seed = 2026;
        let results = Results {
            sums: vec![3],
            bests: vec![2],
            fired: vec![0b101],
            values: vec![40],
        };
        for text in conditions {
            let tree = test_condition(text, Scope::Hand);
            let program = Test::new(&tree, true);
            let mut outcomes = [0; 2];
            for _ in 0..400 {
                let (sets, mut tiles) = (elements(&mut seed, 5), elements(&mut seed, 14));
                // A hand's tiles held are distinct (as `HandElems::fill` makes them).
                let mut held = 0u64;
                tiles.retain(|e| {
                    let new = held & 1 << e.tile == 0;
                    held |= 1 << e.tile;
                    new
                });
                let (indicators, bonus) = (elements(&mut seed, 3), elements(&mut seed, 2));
                let flags = [hand::SELF_DRAWN, hand::DEALER, hand::DECLARED_READY]
                    .into_iter()
                    .filter(|_| elements(&mut seed, 1).len() == 1)
                    .fold(0, |f, b| f | b);
                let mut facts = Facts::of_hand(&tiles, &bonus)
                    .with_indicators(&indicators, &[])
                    .with_sets(flags, &sets)
                    .with_results(&results);
                facts.red_fives = (seed % 3) as i64;
                facts.winning_tile = (seed % 40) as i64 - 5;
                let e = Elem::default();
                let holds = tree.holds(&facts, e);
                assert_eq!(program.holds(&facts, e), holds, "{text}\n{facts:?}");
                outcomes[usize::from(holds)] += 1;
            }
            // Each condition both holds and fails on some of the facts tried.
            assert!(outcomes[0] > 0 && outcomes[1] > 0, "{text}: {outcomes:?}");
        }
        // A condition as a number: 1 when it holds.
        let value = Num::new(
            &test_condition("count(sets, pung) + 2 == 3", Scope::Hand),
            true,
        );
        // A set counts once: its copies are 1, as every set's are.
        let sets = [Elem {
            flags: elem::PUNG,
            copies: 1,
            ..Elem::default()
        }];
        let facts = Facts::default().with_sets(0, &sets);
        assert_eq!(value.value(&facts, Elem::default()), 1);
    }

    #[test]
    fn the_wait_count_is_worked_out_only_where_the_rest_does_not_settle_a_condition() {
        use std::cell::Cell;
        // The wait count read first, in an `and`, in an `or`, and inside an `if` (as MCR's
        // tie-break reads it); the other side settles each on the facts where it is false
        // (`and`) or true (`or`).
        let cases = [
            ("wait_count == 1 and self_drawn", false),
            ("wait_count == 2 or self_drawn", true),
            ("if(wait_count == 1 and self_drawn, 3, 0) == 3", false),
            (
                "(wait_count >= 1 and wait_count <= 3) and not dealer and self_drawn",
                false,
            ),
        ];
        for (text, settled_when_self_drawn) in cases {
            let program = Test::new(&test_condition(text, Scope::Hand), true);
            for (flags, wait_count) in [(0, 1), (hand::SELF_DRAWN, 1), (hand::SELF_DRAWN, 2)] {
                let worked_out = Cell::new(0);
                let work = || {
                    worked_out.set(worked_out.get() + 1);
                    wait_count
                };
                let (deferred, for_tree) = (Deferred::new(&work), Deferred::new(&work));
                let mut facts = Facts::default().with_sets(flags, &[]);
                facts.wait_count = Some(&deferred);
                let holds = program.holds(&facts, Elem::default());
                let by_program = worked_out.get();
                // The value is the tree's, whatever the order the program tests in.
                facts.wait_count = Some(&for_tree);
                let tree = test_condition(text, Scope::Hand);
                assert_eq!(holds, tree.holds(&facts, Elem::default()), "{text}");
                let settled = (flags != 0) == settled_when_self_drawn;
                assert_eq!(by_program, usize::from(!settled), "{text}, {flags}");
            }
        }
    }
}
