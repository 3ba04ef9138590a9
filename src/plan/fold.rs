//! Folding a checked condition into fewer, wider tests: what a condition means is
//! unchanged, it is only evaluated in fewer steps (and a gate can read more of it).
//!
//! In: a [`Compiled`] tree from the checker. Out: the same condition with conjunctions,
//! disjunctions and negations of flag tests merged into one [`Mask`] where they make one
//! (`pung and simple and not exposed`, `pair and (dragon or own_wind)`), also those of one
//! named element in a quantifier over named elements (`a.chow and a.simple`), and `count(c,
//! x) == 0` read as `not any(c, x)`.

use crate::predicate::compiled::{Cmp as Op, Compiled, Mask, Tuples};

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
            (a, b) => Cmp(op, Box::new(a), Box::new(b)),
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

/// The conjunction of two tests, when it is one test: at most two distinct groups of
/// `any` bits between them, and no bit both required and forbidden (a mask keeps `all`
/// and `none` apart, which [`Mask::test`] relies on).
fn and(this: Mask, other: Mask) -> Option<Mask> {
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

/// The disjunction of two tests, when it is one test: each is a bit or one of some bits.
fn or(this: Mask, other: Mask) -> Option<Mask> {
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

/// The negation of a test, when it is one test: not (a bit), not (one of bits).
fn not(this: Mask) -> Option<Mask> {
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

    fn set_condition(text: &str) -> Compiled {
        fold(test_condition(text, Scope::Set))
    }

    #[test]
    fn the_flag_tests_of_one_name_fold_into_one() {
        // a.chow and a.simple are one test of a; b.chow, and the test of both names, stay.
        let c = fold(test_condition(
            "any(a, b in sets, a.chow and b.chow and a.simple and a.suit == b.suit)",
            Scope::Hand,
        ));
        let Compiled::Tuples(t) = &c else {
            panic!("{c:?}");
        };
        assert_eq!(t.conjuncts.len(), 3, "{c:?}");
        assert_eq!(t.alone, [true, true, false]);
        let Compiled::Named(0, a) = &t.conjuncts[0].1 else {
            panic!("{c:?}");
        };
        assert_eq!(
            **a,
            Compiled::ElemMask(Mask {
                all: elem::CHOW | elem::SIMPLE,
                ..Mask::default()
            })
        );
        // A name's flag required and forbidden stays two tests.
        let c = fold(test_condition(
            "any(a, b in sets, a.chow and not a.chow and b.pung)",
            Scope::Hand,
        ));
        let Compiled::Tuples(t) = &c else {
            panic!("{c:?}");
        };
        assert_eq!(t.conjuncts.len(), 3, "{c:?}");
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
