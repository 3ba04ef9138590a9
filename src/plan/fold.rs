//! Folding a checked condition into fewer, wider tests: what a condition means is
//! unchanged, it is only evaluated in fewer steps (and a gate can read more of it).
//!
//! In: a [`Compiled`] tree from the checker. Out: the same condition with conjunctions,
//! disjunctions and negations of flag tests merged into one [`Mask`] where they make one
//! (`pung and simple and not exposed`, `pair and (dragon or own_wind)`), also those of one
//! named element in a quantifier over named elements (`a.chow and a.simple`), an element's
//! number compared with a constant read as a test of its number's flag (`number <= 4`,
//! `a.number == 1`: [`elem::NUMBERS`]), and `count(c, x) == 0` read as `not any(c, x)`.

use crate::predicate::compiled::{Cmp as Op, Compiled, ElemInt, Mask, Tuples, compare};
use crate::predicate::facts::elem;

/// Folds conjunctions, disjunctions and negations of flag tests into one [`Mask`] where they
/// make one, and `count(c, x) == 0` into `not any(c, x)`, which a gate can read.
pub fn fold(node: Compiled) -> Compiled {
    use Compiled::*;
    match node {
        Not(a) => match fold(*a) {
            HandMask(m) if not(m).is_some() => HandMask(not(m).expect("checked")),
            ElemMask(m) if not(m).is_some() => ElemMask(not(m).expect("checked")),
            a => Not(Box::new(a)),
        },
        Neg(a) => Neg(Box::new(fold(*a))),
        Arith(op, a, b) => Arith(op, Box::new(fold(*a)), Box::new(fold(*b))),
        Cmp(op, a, b) => match (fold(*a), fold(*b)) {
            // `count(c, x) == 0` is `not any(c, x)`, which a gate can read.
            (Count(c, x), Const(0)) if op == Op::Eq => Not(Box::new(Any(c, x))),
            (a, b) => number_test(op, &a, &b).unwrap_or_else(|| Cmp(op, Box::new(a), Box::new(b))),
        },
        And(a, b) => match (fold(*a), fold(*b)) {
            (HandMask(x), HandMask(y)) if and(x, y).is_some() => {
                HandMask(and(x, y).expect("checked"))
            }
            (ElemMask(x), ElemMask(y)) if and(x, y).is_some() => {
                ElemMask(and(x, y).expect("checked"))
            }
            (a, b) => And(Box::new(a), Box::new(b)),
        },
        Or(a, b) => match (fold(*a), fold(*b)) {
            (HandMask(x), HandMask(y)) if or(x, y).is_some() => {
                HandMask(or(x, y).expect("checked"))
            }
            (ElemMask(x), ElemMask(y)) if or(x, y).is_some() => {
                ElemMask(or(x, y).expect("checked"))
            }
            (a, b) => Or(Box::new(a), Box::new(b)),
        },
        Tuples(t) => Tuples(Box::new(fold_tuples(*t))),
        Count(c, a) => Count(c, Box::new(fold(*a))),
        Any(c, a) => Any(c, Box::new(fold(*a))),
        All(c, a) => All(c, Box::new(fold(*a))),
        other => other,
    }
}

/// A quantifier over named elements with its conjuncts folded, and the flag tests of one
/// name that read it alone (they come first among its conjuncts) merged into one where they
/// make one.
fn fold_tuples(t: Tuples) -> Tuples {
    let mut conjuncts: Vec<(u8, Compiled)> = Vec::with_capacity(t.conjuncts.len());
    let mut alone: Vec<bool> = Vec::with_capacity(t.alone.len());
    for ((name, c), reads_alone) in t.conjuncts.into_iter().zip(t.alone) {
        let c = fold(c);
        let merged = match (&c, conjuncts.last(), alone.last()) {
            (
                Compiled::Named(slot, inner),
                Some((last_name, Compiled::Named(last_slot, last))),
                Some(true),
            ) if reads_alone && *last_name == name && last_slot == slot => {
                match (&**inner, &**last) {
                    (Compiled::ElemMask(m), Compiled::ElemMask(l)) => and(*l, *m),
                    _ => None,
                }
            }
            _ => None,
        };
        match merged {
            Some(m) => {
                let (_, last) = conjuncts.last_mut().expect("merged with the last");
                if let Compiled::Named(_, inner) = last {
                    **inner = Compiled::ElemMask(m);
                }
            }
            None => {
                conjuncts.push((name, c));
                alone.push(reads_alone);
            }
        }
    }
    // Folding keeps what each conjunct means, and so whether the names are read alike
    // (`symmetric`, found by the checker).
    Tuples {
        conjuncts,
        alone,
        ..t
    }
}

/// `number OP k` or `k OP number`, of the element looked at or of a named one, as a test of
/// the element's number flag: none of the numbers (0 to 9) for which it is false. (Each
/// element has the flag of its number and no other, so the test is the comparison.)
fn number_test(op: Op, a: &Compiled, b: &Compiled) -> Option<Compiled> {
    let (op, number, k) = match (a, b) {
        (number, Compiled::Const(k)) => (op, number, *k),
        (Compiled::Const(k), number) => (op.mirrored(), number, *k),
        _ => return None,
    };
    let none = (0..=9u8)
        .filter(|&n| !compare(op, i64::from(n), k))
        .fold(0, |bits, n| bits | elem::number(n));
    // True or false of every number: a constant, not a mask that tests nothing (or every
    // number flag), which [`not`] and [`or`] do not take.
    let test = match none {
        0 => Compiled::Const(1),
        elem::NUMBERS => Compiled::Const(0),
        none => Compiled::ElemMask(Mask {
            none,
            ..Mask::default()
        }),
    };
    match number {
        Compiled::ElemInt(ElemInt::Number) => Some(test),
        Compiled::Named(slot, inner) if **inner == Compiled::ElemInt(ElemInt::Number) => {
            Some(Compiled::Named(*slot, Box::new(test)))
        }
        _ => None,
    }
}

/// A test of the number flags only: none of some numbers, not all (see [`number_test`]).
fn numbers_only(m: Mask) -> Option<u64> {
    let only = m.all == 0 && m.any == 0 && m.any2 == 0 && m.none & !elem::NUMBERS == 0;
    (only && m.none != 0 && m.none != elem::NUMBERS).then_some(m.none)
}

/// The conjunction of two tests, when it is one test: at most two distinct groups of
/// `any` bits between them, and no bit both required and forbidden (a mask keeps `all`
/// and `none` apart, which [`Mask::test`] relies on).
pub(super) fn and(this: Mask, other: Mask) -> Option<Mask> {
    let (all, none) = (this.all | other.all, this.none | other.none);
    if all & none != 0 {
        return None;
    }
    let mut groups = [0u64; 2];
    let mut n = 0;
    for g in [this.any, this.any2, other.any, other.any2] {
        if g != 0 && !groups[..n].contains(&g) {
            *groups.get_mut(n)? = g;
            n += 1;
        }
    }
    Some(Mask {
        all,
        none,
        any: groups[0],
        any2: groups[1],
    })
}

/// The disjunction of two tests, when it is one test: each is a bit or one of some bits, or
/// each a test of the number flags only (`number == 1 or number == 7`: none of the numbers
/// that neither allows).
fn or(this: Mask, other: Mask) -> Option<Mask> {
    if let (Some(x), Some(y)) = (numbers_only(this), numbers_only(other)) {
        // Every number allowed by one or the other is true of any element: no mask says so.
        return (x & y != 0).then_some(Mask {
            none: x & y,
            ..Mask::default()
        });
    }
    let bits = |m: Mask| match m {
        Mask {
            all,
            none: 0,
            any: 0,
            any2: 0,
        } if all.count_ones() == 1 => Some(all),
        Mask {
            all: 0,
            none: 0,
            any,
            any2: 0,
        } if any != 0 => Some(any),
        _ => None,
    };
    Some(Mask::of(bits(this)? | bits(other)?))
}

/// The negation of a test, when it is one test: not (a bit), not (one of bits), not (a test
/// of the number flags only: none of the other numbers).
fn not(this: Mask) -> Option<Mask> {
    if let Some(none) = numbers_only(this) {
        // Not all numbers (`numbers_only`): some are left.
        return Some(Mask {
            none: elem::NUMBERS & !none,
            ..Mask::default()
        });
    }
    match this {
        Mask {
            all,
            none: 0,
            any: 0,
            any2: 0,
        } if all.count_ones() == 1 => Some(Mask {
            none: all,
            ..Mask::default()
        }),
        Mask {
            all: 0,
            none: 0,
            any,
            any2: 0,
        } => Some(Mask {
            none: any,
            ..Mask::default()
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::predicate::Scope;
    use crate::predicate::check::test_condition;
    use crate::predicate::facts::{Elem, Facts, elem};
    use crate::score::facts::set_elem;
    use crate::set::{Set, SetKind};
    use crate::tiles::Tile;

    fn set_condition(text: &str) -> Compiled {
        fold(test_condition(text, Scope::Set))
    }

    /// The quantifier over named elements that `text`, a condition of the hand, is, folded.
    fn folded_tuples(text: &str) -> Tuples {
        match fold(test_condition(text, Scope::Hand)) {
            Compiled::Tuples(t) => *t,
            c => panic!("{text}: {c:?}"),
        }
    }

    #[test]
    fn a_number_compared_with_a_constant_is_one_test_of_flags_and_means_the_same() {
        // Every operator, both ways round, constants inside, at and beyond the numbers,
        // alone and with `and`, `or` and `not`; on every pung and chow (honours' number is
        // 0), the folded test must give what the comparison gives.
        let mut conditions = Vec::new();
        for op in ["==", "!=", "<", "<=", ">", ">="] {
            for k in [-1, 0, 1, 4, 5, 9, 10] {
                conditions.push(format!("number {op} {k}"));
                conditions.push(format!("{k} {op} number"));
            }
        }
        conditions.extend(
            [
                "suited and number >= 4 and number <= 6",
                "chow and (number == 1 or number == 7)",
                "major or chow and (number == 1 or number == 7)",
                "not (number >= 3 and number <= 5)",
                "not (number <= 4 or number >= 5)",
                "number == 1 and number == 2",
                "not (number == 1 and number == 2)",
                "pung and not (number == 5) and number != 0",
            ]
            .map(String::from),
        );
        let sets: Vec<Elem> = Tile::all()
            .flat_map(|t| {
                let chow = (t.is_suited() && t.number() <= 7).then_some(SetKind::Chow);
                [Some(SetKind::Pung), chow]
                    .into_iter()
                    .flatten()
                    .map(move |kind| Set::concealed(kind, t))
            })
            .map(|set| {
                let flags = std::array::from_fn(|i| {
                    crate::score::facts::tile_flags(
                        Tile::from_index(i).expect("an index below COUNT"),
                        crate::tiles::Wind::East,
                        crate::tiles::Wind::East,
                    )
                });
                set_elem(set, false, &flags)
            })
            .collect();
        let facts = Facts::default();
        for text in &conditions {
            let plain = test_condition(text, Scope::Set);
            let folded = fold(plain.clone());
            for &e in &sets {
                assert_eq!(
                    folded.holds(&facts, e),
                    plain.holds(&facts, e),
                    "{text} on {e:?}"
                );
            }
        }
        // The single comparisons and the ranges are one test each.
        for text in [
            "number <= 4",
            "3 < number",
            "suited and number >= 4 and number <= 6",
        ] {
            let c = set_condition(text);
            assert!(matches!(c, Compiled::ElemMask(_)), "{text}: {c:?}");
        }
        assert_eq!(set_condition("number >= 0"), Compiled::Const(1));
        assert_eq!(set_condition("number > 9"), Compiled::Const(0));
        // So is a named element's, merged with its other flag tests.
        let t = folded_tuples(
            "any(a, b in sets, a.chow and a.number == 1 and b.chow and b.number == 7)",
        );
        assert_eq!(t.conjuncts.len(), 2, "{t:?}");
    }

    #[test]
    fn the_flag_tests_of_one_name_fold_into_one() {
        // a.chow and a.simple are one test of a; b.chow, and the test of both names, stay.
        let t =
            folded_tuples("any(a, b in sets, a.chow and b.chow and a.simple and a.suit == b.suit)");
        assert_eq!(t.conjuncts.len(), 3, "{t:?}");
        assert_eq!(t.alone, [true, true, false]);
        let Compiled::Named(0, a) = &t.conjuncts[0].1 else {
            panic!("{t:?}");
        };
        assert_eq!(
            **a,
            Compiled::ElemMask(Mask {
                all: elem::CHOW | elem::SIMPLE,
                ..Mask::default()
            })
        );
        // A name's flag required and forbidden stays two tests.
        let t = folded_tuples("any(a, b in sets, a.chow and not a.chow and b.pung)");
        assert_eq!(t.conjuncts.len(), 3, "{t:?}");
    }

    #[test]
    fn a_flag_both_required_and_forbidden_is_not_one_mask() {
        // `Mask::test` reads `all` and `none` with one comparison, which would pass a pung
        // here: the conjunction stays two tests, and no set meets it.
        let c = set_condition("pung and dragon and not pung");
        assert!(!matches!(c, Compiled::ElemMask(_)), "{c:?}");
        let facts = Facts::default();
        let pung = Elem {
            flags: elem::PUNG | elem::DRAGON,
            ..Elem::default()
        };
        assert!(!c.holds(&facts, pung));
        assert!(set_condition("pung and dragon").holds(&facts, pung));
    }

    #[test]
    fn flag_tests_fold_into_one_mask_where_they_make_one() {
        let mask = |all, none, any| {
            Compiled::ElemMask(Mask {
                all,
                none,
                any,
                any2: 0,
            })
        };
        assert_eq!(
            set_condition("pung and simple and not exposed"),
            mask(elem::PUNG | elem::SIMPLE, elem::EXPOSED, 0)
        );
        // A disjunction of bits is one test, and joins a conjunction with no other `any`.
        let Compiled::ElemMask(m) = set_condition("pair and (dragon or own_wind)") else {
            panic!("not one mask");
        };
        assert_eq!((m.all, m.none), (elem::PAIR, 0));
        assert_eq!(
            m.any & (elem::DRAGON | elem::OWN_WIND),
            elem::DRAGON | elem::OWN_WIND
        );
        assert_eq!(set_condition("dragon or dragon"), mask(elem::DRAGON, 0, 0));
        // Two disjunctions are one test, three are two.
        let Compiled::ElemMask(m) = set_condition("(pung or kong) and (concealed or claimed)")
        else {
            panic!("not one mask");
        };
        assert_eq!(
            (m.any, m.any2),
            (elem::PUNG | elem::KONG, elem::CONCEALED | elem::CLAIMED)
        );
        // A disjunction with a negation, three disjunctions, a number: more than one test.
        for text in [
            "(pung or kong) and (concealed or claimed) and (dragon or wind)",
            "dragon or not exposed",
            "dragon or number == 1",
        ] {
            assert!(
                matches!(set_condition(text), Compiled::And(..) | Compiled::Or(..)),
                "{text}"
            );
        }
    }
}
