//! Numbers in step: what the conjuncts of a quantifier over named elements say of the
//! names' numbers, so that a search for groups can tell, from the numbers the elements have,
//! that no group matches before trying any.
//!
//! In: a quantifier's conjuncts ([`Tuples::conjuncts`]). Out: [`Steps`], for each name the
//! name its number is tied to and by how much: `a.number + 1 == b.number` ties `b` to `a`
//! one up, `a.tile == b.tile` ties them at one number (an element's number is its first
//! tile's). Only top conjuncts are read (each must hold of a matching group), and only
//! equalities of a name's number, plus or minus constants, with another's, or of two
//! names' tiles. Equal suits (`a.suit == b.suit`) tie names the same way, without steps:
//! the names of one suit need, among the elements they may take, as many of some suit.
//!
//! [`Tuples::conjuncts`]: super::compiled::Tuples::conjuncts

use super::compiled::{Arith, Cmp, Compiled, ElemInt, MAX_NAMED};
use super::eval::suit_number;
use super::facts::{Elem, elem};

/// The numbers of a quantifier's names as its conjuncts tie them (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Steps {
    /// How many names.
    names: u8,
    /// For each name, the first name of those tied to it (itself when none is).
    from: [u8; MAX_NAMED],
    /// For each name, how far its number is above that name's: 0 to 9.
    above: [u8; MAX_NAMED],
    /// Some name is tied to another.
    tied: bool,
    /// The ties cannot all hold: they contradict each other, or ask for numbers more than 9
    /// apart.
    never: bool,
    /// For each name, the first name of those whose suits are tied to its own (`a.suit ==
    /// b.suit`; itself when none is).
    suit_from: [u8; MAX_NAMED],
    /// Some name's suit is tied to another's.
    suits_tied: bool,
    /// Worked out from the ties above, so that a search reads them without a loop over the
    /// names (bit k for name k):
    /// the first names of the groups tied by number (each name's own when none is tied),
    number_groups: u8,
    /// the first names of the groups with two names or more at one offset,
    crowded: u8,
    /// for each name, the names of its group at its offset (itself among them), and for
    /// each group's first name, its names,
    at: [u8; MAX_NAMED],
    members: [u8; MAX_NAMED],
    /// and the same of the groups tied by suit.
    suit_groups: u8,
    suit_members: [u8; MAX_NAMED],
}

impl Steps {
    /// The ties among the `arity` names (from slot `first` on) that `conjuncts` make.
    pub fn of<'c>(
        conjuncts: impl IntoIterator<Item = &'c Compiled>,
        first: u8,
        arity: u8,
    ) -> Steps {
        let arity = usize::from(arity).min(MAX_NAMED);
        // Each name's group as its first name, and its number less that name's.
        let mut from: [usize; MAX_NAMED] = std::array::from_fn(|k| k);
        let mut above = [0i64; MAX_NAMED];
        let mut steps = Steps {
            names: arity as u8,
            suit_from: std::array::from_fn(|k| k as u8),
            ..Steps::default()
        };
        for c in conjuncts {
            if let Some((x, y)) = suits_compared(c, first, Cmp::Eq)
                && x < arity
                && y < arity
            {
                // The two names' groups of one suit become one.
                let (gx, gy) = (steps.suit_from[x], steps.suit_from[y]);
                for g in steps.suit_from.iter_mut().take(arity) {
                    if *g == gy.max(gx) {
                        *g = gy.min(gx);
                    }
                }
                steps.suits_tied |= gx != gy;
                continue;
            }
            let Some((x, y, up)) = tie(c, first) else {
                continue;
            };
            if x >= arity || y >= arity {
                continue;
            }
            // y's number is x's plus `up`.
            steps.tied = true;
            let (gx, gy) = (from[x], from[y]);
            if gx == gy {
                steps.never |= above[y] != above[x].saturating_add(up);
                continue;
            }
            // y's group joins x's: each of its names is as far above y as before.
            let shift = above[x].saturating_add(up).saturating_sub(above[y]);
            for k in 0..arity {
                if from[k] == gy {
                    from[k] = gx;
                    above[k] = above[k].saturating_add(shift);
                }
            }
        }
        for k in 0..arity {
            let group = from[k];
            if group != k {
                continue;
            }
            // The group's lowest number is its base: every offset from 0 to 9.
            let members = (0..arity).filter(|&m| from[m] == group);
            let low = members.clone().map(|m| above[m]).min().unwrap_or(0);
            let high = members.clone().map(|m| above[m]).max().unwrap_or(0);
            steps.never |= high.saturating_sub(low) > 9;
            for m in members {
                steps.from[m] = group as u8;
                steps.above[m] =
                    u8::try_from(above[m].saturating_sub(low).clamp(0, 9)).unwrap_or(9);
            }
        }
        let names = |tie: &dyn Fn(usize) -> bool| {
            (0..arity)
                .filter(|&m| tie(m))
                .fold(0u8, |bits, m| bits | 1 << m)
        };
        for k in 0..arity {
            let (from, above) = (steps.from[k], steps.above[k]);
            steps.at[k] = names(&|m| steps.from[m] == from && steps.above[m] == above);
            if usize::from(from) == k {
                steps.number_groups |= 1 << k;
                steps.members[k] = names(&|m| steps.from[m] == from);
            }
            if steps.at[k].count_ones() > 1 {
                steps.crowded |= 1 << from;
            }
            let suit_from = steps.suit_from[k];
            if usize::from(suit_from) == k {
                steps.suit_groups |= 1 << k;
                steps.suit_members[k] = names(&|m| steps.suit_from[m] == suit_from);
            }
        }
        steps
    }

    /// Whether some group may match whose names are given elements of `elements` among
    /// those each may take (`may`, a bit per position): false when the ties cannot hold, or
    /// when for some group of tied names no number `n` has, for each offset of its names,
    /// as many elements of number `n` plus that offset as names at it, among those these
    /// names may take. (Every element carries the flag of its number, [`elem::NUMBERS`].)
    pub fn may_hold(&self, may: &[u64], elements: &[Elem]) -> bool {
        if self.suits_tied && !self.suits_may_hold(may, elements) {
            return false;
        }
        if !self.tied {
            return true;
        }
        if self.never {
            return false;
        }
        let names = usize::from(self.names).min(may.len());
        let flags = |i: usize| elements.get(i).map_or(0, |e| e.flags);
        // The flags of the numbers each name may take.
        let mut numbers = [0u64; MAX_NAMED];
        for (k, numbers) in numbers.iter_mut().enumerate().take(names) {
            *numbers = positions(may[k]).fold(0, |n, i| n | flags(i) & elem::NUMBERS);
        }
        positions(among(self.number_groups, names)).all(|group| {
            let members = || positions(among(self.members[group], names));
            // The lowest numbers of the group for which each name has a number.
            let mut bases = members().fold(elem::NUMBERS, |bases, m| {
                bases & numbers[m] >> self.above[m]
            });
            if self.crowded & 1 << group == 0 {
                return bases != 0;
            }
            // Names at one offset need as many elements of that number.
            while bases != 0 {
                let base = bases & bases.wrapping_neg();
                bases &= bases - 1;
                let enough = members().all(|m| {
                    let at = among(self.at[m], names);
                    let takes = positions(at).fold(0, |takes, o| takes | may[o]);
                    let of_number = positions(takes)
                        .filter(|&i| flags(i) & base << self.above[m] != 0)
                        .count();
                    of_number >= at.count_ones() as usize
                });
                if enough {
                    return true;
                }
            }
            false
        })
    }

    /// Whether, for each group of names whose suits are tied, some suit has, among the
    /// elements those names may take, one for each name and as many in all as names.
    fn suits_may_hold(&self, may: &[u64], elements: &[Elem]) -> bool {
        let names = usize::from(self.names).min(may.len());
        // The elements of each suit (by its number, 0 for the honours and the rest).
        let mut of_suit = [0u64; 4];
        for (i, e) in elements.iter().enumerate().take(64) {
            of_suit[suit_number(e.flags) as usize] |= 1 << i;
        }
        positions(among(self.suit_groups, names)).all(|group| {
            let members = || positions(among(self.suit_members[group], names));
            let takes = members().fold(0, |takes, m| takes | may[m]);
            let size = among(self.suit_members[group], names).count_ones();
            of_suit.iter().any(|&suit| {
                members().all(|m| may[m] & suit != 0) && (takes & suit).count_ones() >= size
            })
        })
    }

    /// The most names tied to one suit (`a.suit == b.suit and b.suit == c.suit`: 3); 1 when
    /// none are.
    pub fn most_of_one_suit(&self) -> u32 {
        (0..usize::from(self.names))
            .map(|k| self.suit_members[usize::from(self.suit_from[k])].count_ones())
            .max()
            .unwrap_or(1)
    }

    /// The most names tied at one number (`a.number == b.number and b.number ==
    /// c.number`: 3); 1 when none are.
    pub fn most_of_one_number(&self) -> u32 {
        (0..usize::from(self.names))
            .map(|k| self.at[k].count_ones())
            .max()
            .unwrap_or(1)
    }
}

/// The names of `bits` (bit k for name k) among the first `names`: those given elements.
fn among(bits: u8, names: usize) -> u64 {
    u64::from(bits) & ((1 << names) - 1)
}

/// The positions of the set bits of `bits`, lowest first.
fn positions(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// The names (as positions from `first`) whose suits `c` compares by `op` (`a.suit ==
/// b.suit` by [`Cmp::Eq`], `a.suit != b.suit` by [`Cmp::Ne`]).
pub(crate) fn suits_compared(c: &Compiled, first: u8, op: Cmp) -> Option<(usize, usize)> {
    let Compiled::Cmp(found, a, b) = c else {
        return None;
    };
    let suit = |c: &Compiled| match c {
        Compiled::Named(slot, inner) if **inner == Compiled::ElemInt(ElemInt::Suit) => {
            slot.checked_sub(first).map(usize::from)
        }
        _ => None,
    };
    (*found == op).then_some((suit(a)?, suit(b)?))
}

/// The names (as positions from `first`) that `c` ties, and how far the second's number is
/// above the first's: `a.number + 1 == b.number` is (a, b, 1).
fn tie(c: &Compiled, first: u8) -> Option<(usize, usize, i64)> {
    let Compiled::Cmp(Cmp::Eq, a, b) = c else {
        return None;
    };
    // Two names' tiles: equal tiles are of one number.
    let tile = |c: &Compiled| match c {
        Compiled::Named(slot, inner) if **inner == Compiled::ElemInt(ElemInt::Tile) => {
            slot.checked_sub(first).map(usize::from)
        }
        _ => None,
    };
    if let (Some(x), Some(y)) = (tile(a), tile(b)) {
        return Some((x, y, 0));
    }
    // x.number + p == y.number + q: y's number is x's plus p - q.
    let ((x, p), (y, q)) = (number_plus(a, first)?, number_plus(b, first)?);
    Some((x, y, p.checked_sub(q)?))
}

/// The name whose number `c` is, plus or minus constants, and the sum of those.
fn number_plus(c: &Compiled, first: u8) -> Option<(usize, i64)> {
    match c {
        Compiled::Named(slot, inner) if **inner == Compiled::ElemInt(ElemInt::Number) => {
            Some((usize::from(slot.checked_sub(first)?), 0))
        }
        Compiled::Arith(Arith::Add, a, b) => match (&**a, &**b) {
            (e, Compiled::Const(k)) | (Compiled::Const(k), e) => {
                let (name, plus) = number_plus(e, first)?;
                Some((name, plus.checked_add(*k)?))
            }
            _ => None,
        },
        Compiled::Arith(Arith::Sub, a, b) => match &**b {
            Compiled::Const(k) => {
                let (name, plus) = number_plus(a, first)?;
                Some((name, plus.checked_sub(*k)?))
            }
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::predicate::Scope;
    use crate::predicate::check::test_condition;

    /// The steps of the quantifier `text`.
    fn steps(text: &str) -> Steps {
        match test_condition(text, Scope::Hand) {
            Compiled::Tuples(t) => Steps::of(t.conjuncts.iter().map(|(_, c)| c), t.first, t.arity),
            c => panic!("{text}: {c:?}"),
        }
    }

    fn chows(numbers: &[u8]) -> Vec<Elem> {
        numbers
            .iter()
            .map(|&n| Elem {
                flags: elem::CHOW | elem::number(n),
                number: n,
                ..Elem::default()
            })
            .collect()
    }

    #[test]
    fn names_of_one_suit_need_as_many_elements_of_some_suit() {
        let chow = |suit: u64| Elem {
            flags: elem::CHOW | elem::SUITED | suit | elem::number(2),
            number: 2,
            ..Elem::default()
        };
        let (m, p) = (chow(elem::CHARACTERS), chow(elem::DOTS));
        let honour = Elem {
            flags: elem::PUNG | elem::HONOUR | elem::WIND | elem::number(0),
            ..Elem::default()
        };
        let s = steps(
            "any(a, b, c in sets, a.chow and b.chow and c.chow and a.suit == b.suit \
             and c.suit == b.suit)",
        );
        assert!(s.may_hold(&[0b1111; 3], &[m, m, m, p]));
        assert!(!s.may_hold(&[0b1111; 3], &[m, m, p, p]));
        // Among the elements each name may take: three of one suit, but `c` may take none.
        assert!(!s.may_hold(&[0b111, 0b111, 0b1000], &[m, m, m, p]));
        // The honours are of one suit, 0.
        assert!(s.may_hold(&[0b111; 3], &[honour, honour, honour]));
        // Two groups, each of its own suit; a tie by `or` is none.
        let s = steps("any(a, b, c, d in sets, a.suit == b.suit and c.suit == d.suit)");
        assert!(s.may_hold(&[0b1111; 4], &[m, m, p, p]));
        assert!(!s.may_hold(&[0b11, 0b11, 0b1100, 0b1100], &[m, p, m, p]));
        let s = steps("any(a, b in sets, a.suit == b.suit or a.chow)");
        assert!(s.may_hold(&[0b11; 2], &[m, p]));
    }

    #[test]
    fn numbers_tied_in_step_need_elements_of_those_numbers() {
        // Three chows one higher each (MCR's mixed shifted chows, less the suits), written
        // in several ways.
        for text in [
            "any(a, b, c in sets, a.number + 1 == b.number and b.number + 1 == c.number)",
            "any(a, b, c in sets, b.number == a.number + 1 and c.number - 2 == a.number)",
            "any(a, b, c in sets, c.number == 1 + b.number and a.number == b.number - 1)",
        ] {
            let s = steps(text);
            assert!(s.may_hold(&[0b111; 3], &chows(&[2, 3, 4])), "{text}");
            assert!(s.may_hold(&[0b1111; 3], &chows(&[7, 2, 4, 3])), "{text}");
            assert!(!s.may_hold(&[0b111; 3], &chows(&[2, 3, 5])), "{text}");
            // Each name among the elements it may take: here `a` only the 3.
            assert!(
                !s.may_hold(&[0b010, 0b111, 0b111], &chows(&[2, 3, 4])),
                "{text}"
            );
            assert_eq!(s.most_of_one_number(), 1, "{text}");
        }
        // Equal numbers and tiles: one number.
        let s = steps("any(a, b in sets, a.tile == b.tile)");
        assert!(s.may_hold(&[0b11; 2], &chows(&[5, 5])));
        assert!(s.may_hold(&[0b111; 2], &chows(&[6, 5, 5])));
        assert!(!s.may_hold(&[0b11; 2], &chows(&[5, 6])));
        // Two names at one number need two elements of it, not one twice.
        assert!(!s.may_hold(&[0b101, 0b011], &chows(&[5, 6, 7])));
        // Names at one offset and at another: a pung and a chow above two pairs.
        let s = steps("any(a, b, c in sets, a.number == b.number and a.number + 2 == c.number)");
        assert!(s.may_hold(&[0b1111; 3], &chows(&[4, 4, 6, 1])));
        assert!(!s.may_hold(&[0b1111; 3], &chows(&[4, 5, 6, 1])));
        assert!(!s.may_hold(&[0b1111; 3], &chows(&[4, 4, 7, 1])));
        assert_eq!(s.most_of_one_number(), 2);
        assert_eq!(
            steps("any(a, b, c, d in sets, a.number == b.number and c.number == d.number)")
                .most_of_one_number(),
            2
        );
        assert_eq!(
            steps("any(a, b, c in sets, c.number == b.number and a.number == c.number)")
                .most_of_one_number(),
            3
        );
        // Ties that cannot hold: contradictory, or more than 9 apart.
        let s = steps("any(a, b in sets, a.number + 1 == b.number and b.number + 1 == a.number)");
        assert!(!s.may_hold(&[0b11; 2], &chows(&[1, 2])));
        let s = steps("any(a, b in sets, a.number + 10 == b.number)");
        assert!(!s.may_hold(&[0b11; 2], &chows(&[0, 9])));
        // What is no tie: a difference compared with another, an `or`, a product.
        for text in [
            "any(a, b, c in sets, b.number - a.number == c.number - b.number)",
            "any(a, b in sets, a.number + 1 == b.number or a.chow)",
            "any(a, b in sets, a.number * 2 == b.number)",
        ] {
            let s = steps(text);
            assert!(s.may_hold(&[0b11; 3], &chows(&[1, 5])), "{text}");
            assert_eq!(s.most_of_one_number(), 1, "{text}");
        }
    }
}
