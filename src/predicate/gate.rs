//! Gates: necessary conditions of a compiled condition, cheap to test before evaluating it.
//!
//! In: a [`Compiled`] condition and the collection it is evaluated on (or the hand). Out: a
//! [`Gate`], bit masks over the hand's flags and over each collection's aggregate flags (the
//! or and the and of its elements' flags, which [`Facts`] holds). When a gate is shut the
//! condition is false, for the hand and for every element: most conditions of a hand are
//! settled by a few bit tests instead of a walk of the tree.
//!
//! The masks are read from the conjuncts at the top of the condition only (`complete and …`,
//! a mask on the element looked at, `any(c, …)`, `all(c, …)`, `not any(c, …)`); anything
//! else leaves the gate open.

use super::compile::{Collection, Compiled, Mask};
use super::eval::Facts;

/// See the module docs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gate {
    /// Bits the hand's flags must all have.
    pub hand: u64,
    /// Bits the hand's flags must not have.
    pub hand_none: u64,
    /// Per collection (sets, tiles, bonus): bits that some element has, each of them.
    pub some: [u64; 3],
    /// Per collection: bits that every element has.
    pub every: [u64; 3],
    /// Per collection: bits that no element has.
    pub none: [u64; 3],
}

impl Gate {
    /// The gate of `condition`, evaluated on each element of `each`, or on the hand.
    pub fn of(condition: &Compiled, each: Option<Collection>) -> Gate {
        let mut gate = Gate::default();
        gate.add(condition, each);
        gate
    }

    fn add(&mut self, c: &Compiled, each: Option<Collection>) {
        match c {
            Compiled::HandMask(m) => {
                self.hand |= m.all;
                self.hand_none |= m.none;
            }
            Compiled::ElemMask(m) => {
                if let Some(each) = each {
                    self.some[each.slot()] |= m.all;
                }
            }
            Compiled::Any(collection, inner) => {
                for_each_mask(inner, &mut |m| self.some[collection.slot()] |= m.all);
            }
            Compiled::All(collection, inner) => {
                let slot = collection.slot();
                for_each_mask(inner, &mut |m| {
                    self.every[slot] |= m.all;
                    self.none[slot] |= m.none;
                });
            }
            Compiled::Not(inner) => {
                if let Compiled::Any(collection, mask) = &**inner
                    && let Compiled::ElemMask(m) = **mask
                    && m.none == 0
                    && (m.any == 0 && m.all.count_ones() == 1 || m.all == 0)
                {
                    // No element has this bit, or any of these bits.
                    self.none[collection.slot()] |= m.all | m.any;
                }
            }
            Compiled::And(a, b) => {
                self.add(a, each);
                self.add(b, each);
            }
            _ => {}
        }
    }

    /// False when the condition cannot hold on these facts, for the hand or any element.
    #[inline]
    pub fn open(&self, facts: &Facts<'_>) -> bool {
        facts.flags & self.hand == self.hand
            && facts.flags & self.hand_none == 0
            && (0..3).all(|i| {
                facts.any[i] & self.some[i] == self.some[i]
                    && facts.every[i] & self.every[i] == self.every[i]
                    && facts.any[i] & self.none[i] == 0
            })
    }
}

/// Calls `f` on each mask among the top conjuncts of `c`.
fn for_each_mask(c: &Compiled, f: &mut impl FnMut(Mask)) {
    match c {
        Compiled::ElemMask(m) => f(*m),
        Compiled::And(a, b) => {
            for_each_mask(a, f);
            for_each_mask(b, f);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::predicate::compile::{Env, compile};
    use crate::predicate::names::{elem, hand};
    use crate::predicate::{Scope, Type, parse};

    fn gate(text: &str, scope: Scope) -> Gate {
        let env = Env {
            params: &[],
            shapes: &[],
            items: &[],
        };
        let compiled = compile(&parse(text).unwrap(), scope, Type::Bool, &env).unwrap();
        let each = match scope {
            Scope::Set => Some(Collection::Sets),
            Scope::Tile => Some(Collection::Tiles),
            _ => None,
        };
        Gate::of(&compiled, each)
    }

    #[test]
    fn gates_are_read_from_the_top_conjuncts() {
        // The hand must be complete and not an original call; some tile must be an honour.
        let g = gate(
            "complete and not original_call and any(tiles, honour)",
            Scope::Hand,
        );
        assert_eq!(g.hand, hand::COMPLETE);
        assert_eq!(g.hand_none, hand::ORIGINAL_CALL);
        assert_eq!(g.some[1], elem::HONOUR);
        // Every tile major (inside `and` within `all`); no tile an honour.
        let g = gate(
            "all(tiles, major and copies == 2) and not any(tiles, honour)",
            Scope::Hand,
        );
        assert_eq!(g.every[1], elem::MAJOR);
        assert_eq!(g.none[1], elem::HONOUR);
        // A set item: some set must be a pung, and major.
        let g = gate("pung and major and not exposed", Scope::Set);
        assert_eq!(g.some[0], elem::PUNG | elem::MAJOR);
    }

    #[test]
    fn a_disjunction_or_a_count_leaves_the_gate_open() {
        for text in [
            "complete or original_call",
            "count(sets, pung) >= 3",
            "not any(sets, pung and major)",
        ] {
            assert_eq!(gate(text, Scope::Hand), Gate::default(), "{text}");
        }
    }
}
