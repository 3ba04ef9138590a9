//! Items over the tiles counted from the elements that point at them.
//!
//! In: an item over each tile whose condition, past its gate, is that some element of a
//! collection points at the tile, `any(i in indicators, next(i.tile) == tile)`, beside
//! conditions that read no tile (`sum('yaku') >= 1`), and whose value is how many elements
//! point at it (`count(i in indicators, next(i.tile) == tile)`). Out: the
//! item's count on a reading, worked out from the collection's side: each element looks up
//! the one held tile it points at, instead of each held tile reading the whole collection
//! for the elements that point at it (a dozen tiles, each looking at every indicator and
//! working out the tile after it). What counts is what [`count`] counts; debug builds check.
//!
//! [`count`]: crate::score::items::count

use crate::predicate::compiled::{Cmp, Collection, Compiled, ElemInt, Quantifier, Tuples};
use crate::predicate::facts::{Elem, Facts};
use crate::rules::CompiledItem;
use crate::score::Fired;

use super::program::{Leaf, Lookup, OfNamed, Test};

/// An item over the tiles counted from the elements that point at them (see the module
/// docs).
#[derive(Clone)]
pub(crate) struct Pointing {
    /// The elements that point.
    collection: Collection,
    /// The tile an element points at.
    points_at: OfNamed,
    /// What the condition asks besides, of the hand alone; `None` for nothing.
    hand: Option<Test>,
}

impl std::fmt::Debug for Pointing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Pointing(…)")
    }
}

impl Pointing {
    /// The item whose condition, past its gate, is `rest` and whose value is `value`, when
    /// it is one counted from the elements that point at the tiles; compiled when `compile`.
    pub fn of(rest: &Compiled, value: &Compiled, compile: bool) -> Option<Pointing> {
        let (pointing, hand): (Vec<&Compiled>, Vec<&Compiled>) =
            rest.conjuncts().into_iter().partition(|c| reads_current(c));
        let [Compiled::Tuples(t)] = pointing.as_slice() else {
            return None;
        };
        let (collection, points_at) = pointing_at_the_tile(t, Quantifier::Any)?;
        let Compiled::Tuples(v) = value else {
            return None;
        };
        if pointing_at_the_tile(v, Quantifier::Count) != Some((collection, points_at))
            || v.conjuncts != t.conjuncts
        {
            return None;
        }
        let hand = hand
            .into_iter()
            .cloned()
            .reduce(|a, b| Compiled::And(Box::new(a), Box::new(b)));
        Some(Pointing {
            collection,
            points_at,
            hand: hand.map(|c| Test::new(&c, compile)),
        })
    }

    /// How `item`, this one, counts on the reading `facts`.
    pub fn count(&self, item: &CompiledItem, facts: &Facts<'_>) -> Fired {
        let mut hit = Fired::none(item);
        if let Some(hand) = &self.hand
            && !hand.holds(facts, Elem::default())
        {
            return hit;
        }
        let (pointers, tiles) = (facts.elements(self.collection), facts.tiles());
        for (k, pointer) in pointers.iter().enumerate() {
            let tile = self.points_at.read(*pointer);
            let Some(held) = tiles.iter().find(|t| i64::from(t.tile) == tile) else {
                continue;
            };
            let copies = u32::from(held.copies);
            // A tile counts once, however many point at it; each adds its copies to the value.
            if !(pointers[..k].iter()).any(|p| self.points_at.read(*p) == tile) {
                hit.times += copies;
            }
            hit.amount = (hit.amount).saturating_add(i64::from(copies));
        }
        hit
    }
}

/// The collection and the tile each of its elements points at, when `t` is `quantifier`
/// over one element of a collection whose condition is that the tile it points at is the
/// tile looked at.
fn pointing_at_the_tile(t: &Tuples, quantifier: Quantifier) -> Option<(Collection, OfNamed)> {
    let lookup = Lookup::of(t)?;
    let points_at_a_tile = matches!(
        lookup.named,
        OfNamed::NextTile | OfNamed::Int(ElemInt::Tile)
    );
    (t.quantifier == quantifier
        && lookup.op == Cmp::Eq
        && points_at_a_tile
        && matches!(lookup.other, Leaf::Current(ElemInt::Tile)))
    .then_some((lookup.collection, lookup.named))
}

/// True when `c` reads the element looked at: a fact of it outside a quantifier, which
/// looks at its own elements, and outside a named element's expression.
fn reads_current(c: &Compiled) -> bool {
    match c {
        Compiled::ElemMask(_) | Compiled::ElemInt(_) => true,
        Compiled::Named(..)
        | Compiled::Count(..)
        | Compiled::Any(..)
        | Compiled::All(..)
        | Compiled::Suits(_)
        | Compiled::Kinds => false,
        Compiled::Not(a) | Compiled::Neg(a) | Compiled::Unary(_, a) => reads_current(a),
        Compiled::And(a, b)
        | Compiled::Or(a, b)
        | Compiled::Cmp(_, a, b)
        | Compiled::Arith(_, a, b) => reads_current(a) || reads_current(b),
        Compiled::If(abc) => abc.iter().any(reads_current),
        Compiled::Tuples(t) => t.conjuncts.iter().any(|(_, c)| reads_current(c)),
        Compiled::Const(_)
        | Compiled::HandMask(_)
        | Compiled::HandInt(_)
        | Compiled::PaymentInt(_)
        | Compiled::Shape(_)
        | Compiled::Block(_)
        | Compiled::Calling(_)
        | Compiled::Sum(_)
        | Compiled::Best(_)
        | Compiled::Fired(_)
        | Compiled::Value(_) => false,
    }
}
