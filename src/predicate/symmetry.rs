//! Whether a quantifier over named elements reads its names alike: exchanging any two of
//! them leaves its condition the same (`a.chow and b.chow and a.number == b.number and
//! a.suit != b.suit`). Such a condition holds on a group in every order of its elements
//! or in none, so the group is looked at in one order, its elements by increasing
//! position ([`super::groups`]), which is also the first order by position that the search
//! would otherwise find.
//!
//! In: the conjuncts of a quantifier and the slots of its names. Out: true when, for each
//! exchange of two neighbouring names (which together make every order of them), the
//! conjuncts with the names exchanged are the conjuncts as written, compared in a canonical
//! form: the equalities of one number of two names (`a.number == b.number`) as the groups
//! of names they make equal, so that a chain of them reads as any other chain of the same
//! names; the other conjuncts as texts with the operands of `and`, `or`, `==`, `!=`, `+`,
//! `*`, `min` and `max` in one order, `>` and `>=` written as `<` and `<=`, and whether a
//! number divides a difference of numbers of elements (`mod(a.number - b.number, 3) ==
//! 0`) with the difference in either order, in order.
//! The test is conservative: a condition it cannot put in that form (one that holds
//! another quantifier over named elements) is not taken as symmetric, and the names are
//! then tried in every order.

use super::compiled::{Arith, Cmp, Compiled};

/// True when exchanging any two of the `arity` names in slots `first ..` leaves the
/// `conjuncts` the same (see the module docs); false for a single name, which has nothing
/// to exchange.
pub(crate) fn symmetric(first: u8, arity: u8, conjuncts: &[(u8, Compiled)]) -> bool {
    if arity < 2 {
        return false;
    }
    let Some(written) = canonical_conjuncts(conjuncts, None) else {
        return false;
    };
    (first..first + arity - 1).all(|slot| {
        canonical_conjuncts(conjuncts, Some((slot, slot + 1))).as_ref() == Some(&written)
    })
}

/// Conjuncts in a canonical form: the texts of those that are not equalities of names, and
/// the names the equalities make equal.
type Canonical = (Vec<String>, Vec<EqualNames>);

/// A number the equalities of names compare (its canonical text), and the groups of names
/// (by slot) they make equal in it.
type EqualNames = (String, Vec<Vec<u8>>);

/// The conjuncts in a canonical form, with the names in the slots of `swap` exchanged: the
/// equalities between the same number of two names (`a.number == b.number`) as the groups
/// of names they make equal, each number apart (so that `a.number == b.number and b.number
/// == c.number` is `b.number == c.number and c.number == a.number`); the others as
/// canonical texts, in order. `None` where a conjunct has no canonical form.
fn canonical_conjuncts(conjuncts: &[(u8, Compiled)], swap: Option<(u8, u8)>) -> Option<Canonical> {
    let mut texts = Vec::new();
    // For each number compared, the names made equal, in groups.
    let mut equal: Vec<EqualNames> = Vec::new();
    for (_, c) in conjuncts {
        if let Compiled::Cmp(Cmp::Eq, a, b) = c
            && let (Compiled::Named(x, of_x), Compiled::Named(y, of_y)) = (&**a, &**b)
            && of_x == of_y
            && x != y
        {
            let number = canonical(of_x, None)?;
            let (x, y) = (renamed(*x, swap), renamed(*y, swap));
            let at = match equal.iter().position(|(n, _)| *n == number) {
                Some(at) => at,
                None => {
                    equal.push((number, Vec::new()));
                    equal.len() - 1
                }
            };
            let groups = &mut equal[at].1;
            let mut joined: Vec<u8> = vec![x, y];
            groups.retain(|g| {
                let meets = g.contains(&x) || g.contains(&y);
                if meets {
                    joined.extend(g);
                }
                !meets
            });
            joined.sort_unstable();
            joined.dedup();
            groups.push(joined);
            continue;
        }
        texts.push(canonical(c, swap)?);
    }
    texts.sort_unstable();
    for (_, groups) in &mut equal {
        groups.sort_unstable();
    }
    equal.sort_unstable();
    Some((texts, equal))
}

/// `slot`, or the other slot of `swap` where it is one of them.
fn renamed(slot: u8, swap: Option<(u8, u8)>) -> u8 {
    match swap {
        Some((x, y)) if slot == x => y,
        Some((x, y)) if slot == y => x,
        _ => slot,
    }
}

/// A canonical text of `c` with the names in the slots of `swap` exchanged; `None` for an
/// expression that holds a quantifier over named elements.
fn canonical(c: &Compiled, swap: Option<(u8, u8)>) -> Option<String> {
    let of = |c: &Compiled| canonical(c, swap);
    // Two operands in one order, for an operator whose order does not matter.
    let either = |name: &str, a: &Compiled, b: &Compiled| -> Option<String> {
        let (a, b) = (of(a)?, of(b)?);
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        Some(format!("{name}({a}, {b})"))
    };
    let ordered = |name: &str, a: &Compiled, b: &Compiled| -> Option<String> {
        Some(format!("{name}({}, {})", of(a)?, of(b)?))
    };
    // Whether `k` divides a difference is the same whichever way it is taken.
    if let Compiled::Cmp(op @ (Cmp::Eq | Cmp::Ne), a, b) = c
        && let Some((x, y, k)) = divisible_difference(a, b)
    {
        return Some(format!("divides_{op:?}({}, {})", of(k)?, either("", x, y)?));
    }
    Some(match c {
        Compiled::Named(slot, inner) => format!("named{}({})", renamed(*slot, swap), of(inner)?),
        Compiled::And(a, b) => either("and", a, b)?,
        Compiled::Or(a, b) => either("or", a, b)?,
        Compiled::Cmp(op, a, b) => match op {
            Cmp::Eq => either("eq", a, b)?,
            Cmp::Ne => either("ne", a, b)?,
            Cmp::Lt => ordered("lt", a, b)?,
            Cmp::Le => ordered("le", a, b)?,
            Cmp::Gt => ordered("lt", b, a)?,
            Cmp::Ge => ordered("le", b, a)?,
        },
        Compiled::Arith(op @ (Arith::Add | Arith::Mul | Arith::Min | Arith::Max), a, b) => {
            either(&format!("{op:?}"), a, b)?
        }
        Compiled::Arith(op, a, b) => ordered(&format!("{op:?}"), a, b)?,
        Compiled::Not(a) => format!("not({})", of(a)?),
        Compiled::Neg(a) => format!("neg({})", of(a)?),
        Compiled::Unary(op, a) => format!("{op:?}({})", of(a)?),
        Compiled::If(abc) => {
            let [c, a, b] = &**abc;
            format!("if({}, {}, {})", of(c)?, of(a)?, of(b)?)
        }
        Compiled::Count(collection, a) => format!("count{collection:?}({})", of(a)?),
        Compiled::Any(collection, a) => format!("any{collection:?}({})", of(a)?),
        Compiled::All(collection, a) => format!("all{collection:?}({})", of(a)?),
        Compiled::Tuples(_) => return None,
        Compiled::Const(_)
        | Compiled::HandMask(_)
        | Compiled::HandInt(_)
        | Compiled::ElemMask(_)
        | Compiled::ElemInt(_)
        | Compiled::PaymentInt(_)
        | Compiled::Suits(_)
        | Compiled::Kinds
        | Compiled::Shape(_)
        | Compiled::Block(_)
        | Compiled::Calling(_)
        | Compiled::Sum(_)
        | Compiled::Best(_)
        | Compiled::Fired(_)
        | Compiled::Value(_) => format!("{c:?}"),
    })
}

/// `x`, `y` and `k` of `mod(x - y, k)` compared with 0 (`a` and `b` the two sides), where
/// `x` and `y` are numbers of elements: small, so that `x - y` and `y - x` do not saturate,
/// and `mod(x - y, k) == 0` is `mod(y - x, k) == 0`.
fn divisible_difference<'c>(
    a: &'c Compiled,
    b: &'c Compiled,
) -> Option<(&'c Compiled, &'c Compiled, &'c Compiled)> {
    let remainder = match (a, b) {
        (r, Compiled::Const(0)) | (Compiled::Const(0), r) => r,
        _ => return None,
    };
    let Compiled::Arith(Arith::Mod, difference, k) = remainder else {
        return None;
    };
    let Compiled::Arith(Arith::Sub, x, y) = &**difference else {
        return None;
    };
    let of_element = |c: &Compiled| match c {
        Compiled::Named(_, inner) => matches!(**inner, Compiled::ElemInt(_)),
        c => matches!(c, Compiled::ElemInt(_)),
    };
    (of_element(x) && of_element(y)).then_some((x, y, k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::predicate::Scope;
    use crate::predicate::check::test_condition;
    use crate::predicate::compiled::Tuples;

    /// Whether the quantifier over named elements in the condition `text` reads its
    /// names alike, as the checker found.
    fn reads_alike(text: &str) -> bool {
        let mut found = None;
        test_condition(text, Scope::Hand).visit(&mut |node| {
            if let Compiled::Tuples(t) = node {
                assert_eq!(t.symmetric, symmetric(t.first, t.arity, &t.conjuncts));
                found = Some(t.symmetric);
            }
        });
        found.expect("a quantifier over named elements")
    }

    #[test]
    fn a_condition_that_reads_its_names_alike_is_symmetric() {
        // Mixed Double Chow, Mixed Triple Chow, Big Four Winds, written in any order.
        assert!(reads_alike(
            "any(a, b in sets, a.chow and b.chow and a.number == b.number and a.suit != b.suit)"
        ));
        assert!(reads_alike(
            "count(a, b, c in sets, a.chow and b.chow and c.chow and a.number == b.number \
             and b.number == c.number and a.suit != b.suit and b.suit != c.suit \
             and c.suit != a.suit) == 1"
        ));
        assert!(reads_alike(
            "any(a, b, c, d in sets, a.pung and b.pung and c.pung and d.pung and a.wind \
             and b.wind and c.wind and d.wind)"
        ));
        // `>` is `<` the other way round; `+` and `min` take their operands in any order.
        assert!(reads_alike(
            "any(a, b in sets, (a.number > b.number or b.number > a.number) \
             and min(a.number, b.number) + 1 == 1 + min(b.number, a.number))"
        ));
        // Whether 3 divides a difference of numbers is the same either way round (MCR's
        // knitted tiles).
        assert!(reads_alike(
            "any(a, b in tiles, a.suited and b.suited \
             and (a.suit == b.suit) != (mod(a.number - b.number, 3) == 0))"
        ));
        assert!(reads_alike(
            "any(a, b in tiles, 0 != mod(b.number - a.number, 2) and a.suited and b.suited)"
        ));
    }

    #[test]
    fn a_symmetric_count_looked_at_in_one_order_is_the_count_in_every_order() {
        use crate::predicate::facts::{Elem, Facts, elem};
        let texts = [
            "count(a, b in sets, a.chow and b.chow and a.number == b.number \
             and a.suit != b.suit)",
            "count(a, b, c in sets, a.pung and b.pung and c.pung and a.number == b.number \
             and b.number == c.number)",
            "count(a, b in tiles, a.suited and b.suited and a.suit != b.suit \
             and a.number == b.number)",
            "count(a, b in tiles, a.suited and b.suited \
             and (a.suit == b.suit) != (mod(a.number - b.number, 3) == 0))",
        ];
        let mut seed = 7u64;
        let mut next = move |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let suits = [elem::CHARACTERS, elem::DOTS, elem::BAMBOO];
        for text in texts {
            // Checked as a condition (`count(…) >= 0`), the count taken out of it.
            let condition = test_condition(&format!("{text} >= 0"), Scope::Hand);
            let Compiled::Cmp(_, count, _) = condition else {
                panic!("{text}: not a comparison");
            };
            let Compiled::Tuples(t) = *count else {
                panic!("{text}: not a count over named elements");
            };
            assert!(t.symmetric, "{text}");
            let every_order = Compiled::Tuples(Box::new(Tuples {
                symmetric: false,
                ..(*t).clone()
            }));
            let one_order = Compiled::Tuples(t);
            let mut counted = 0;
            for _ in 0..300 {
                let mut elements = || -> Vec<Elem> {
                    (0..next(9))
                        .map(|_| {
                            let number = next(9) as u8 + 1;
                            Elem {
                                flags: [elem::CHOW, elem::PUNG][next(2) as usize]
                                    | suits[next(3) as usize]
                                    | elem::SUITED
                                    | elem::number(number),
                                number,
                                copies: 1,
                                ..Elem::default()
                            }
                        })
                        .collect()
                };
                let (sets, tiles) = (elements(), elements());
                let facts = Facts::of_hand(&tiles, &[]).with_sets(0, &sets);
                let n = one_order.value(&facts, Elem::default());
                assert_eq!(n, every_order.value(&facts, Elem::default()), "{text}");
                counted += n;
            }
            assert!(counted > 0, "{text}: no group ever matched");
        }
    }

    #[test]
    fn a_condition_that_tells_its_names_apart_is_not() {
        // Pure Shifted Chows: `b` follows `a`.
        assert!(!reads_alike(
            "any(a, b, c in sets, a.chow and b.chow and c.chow and a.suit == b.suit \
             and b.suit == c.suit and a.number + 1 == b.number and b.number + 1 == c.number)"
        ));
        // Alike in `a` and `b`, not in `b` and `c`: every exchange must hold.
        assert!(!reads_alike(
            "any(a, b, c in sets, a.chow and b.chow and c.pung and a.number == b.number)"
        ));
        assert!(!reads_alike(
            "any(a, b in sets, a.number < b.number and a.chow and b.chow)"
        ));
        assert!(!reads_alike("any(a, b in sets, a.number - b.number == 1)"));
        // A remainder other than 0 depends on the order (`mod(1 - 2, 3)` is 2, `mod(2 - 1,
        // 3)` is 1), and a difference of other numbers may saturate.
        assert!(!reads_alike(
            "any(a, b in tiles, mod(a.number - b.number, 3) == 1 and a.suited and b.suited)"
        ));
        assert!(!reads_alike(
            "any(a, b in tiles, mod(a.number * 9 - b.number, 3) == 0 and a.suited and b.suited)"
        ));
        // The same conjunct twice for one name is not the same as once for each.
        assert!(!reads_alike(
            "any(a, b in sets, a.chow and a.chow and b.number > 0)"
        ));
    }
}
