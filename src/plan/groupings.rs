//! Which groupings of a non-winner's tiles need reading.
//!
//! A player who did not go out has his concealed tiles read every way that groups tiles held
//! alike ([`crate::arrange`]): three alike as a pung, or as a pair and a lone tile; four alike
//! as a pung and a lone tile, or as two pairs; and the best reading is kept. In most
//! rulebooks the pungs always score best, and the other readings are wasted work.
//!
//! In: the items a variant scores for the players who did not go out, and a tile. Out: `Ok`
//! when this module proves that, for every hand, regrouping a pung of that tile as a pair and
//! a lone tile, or a pung and a lone tile as two pairs, never raises the score (total, then
//! points or faan, then doubles: the order in which readings are compared); otherwise the
//! first item that stops the proof, and why. [`groupings`] gathers the tiles not proved: only
//! they are read every way ([`Groupings`]). A proof that fails costs speed, never a score.
//!
//! Why the pungs then give the same score card: the reading with every pung is the first one
//! read, a later reading replaces the best only when it scores strictly more, and any other
//! reading becomes it by undoing its regroupings one at a time, none of which raises the
//! score.
//!
//! The proof is a sign analysis (`Change`): how the value of each expression can move when
//! one regrouping is undone, whatever the other sets are. A non-winner's readings share every
//! hand fact (none of those that depend on the reading, like `complete`, is ever set for him),
//! so only what looks at the sets can move. A `count`, `any` or `all` over the sets moves by
//! what its condition says of the regrouped sets, which is worked out on the tile's pung, pair
//! and lone tile, for every seat and prevailing wind, with the hand's facts left open (a
//! `Range` of values). What each item gives the pungs more (or less) is then added up, for
//! points, doubles and faan apart: an item looking at each set by its value on the regrouped
//! sets, any other item by its sign only. Each sum must be at least 0; besides, points must
//! never be negative (doubles multiply them), and an item that replaces others must apply
//! alike in both readings; an item of a `formula` variant's own unit must give both alike, as
//! the variant's formula may score more of a unit lower. When a limit hand may apply to a non-winner (a calling hand), it
//! and the items that count on top of it must be the same in both readings: a limit hand is
//! kept over an equal total of more points, so its reading must not change.
//!
//! Where a sum may fall below 0 only because of items on the whole hand worth a constant
//! (Czech's little three dragons, which a dragon pair may make where the pung does not),
//! those items are weighed together (`Proof::weigh`): every count, `any` and `all` over the
//! sets they read takes each value it may have over the other sets (a count of dragon pungs
//! besides the regrouped dragon is at most 2), the regrouped sets add what they give in each
//! reading, and the items are evaluated on both. Big three dragons then makes up, on the
//! pungs, for the little three dragons the pair makes. The weighing stops after `WEIGHINGS`
//! evaluations a regrouping (the tiles are then read every way), so that any file loads at
//! once.

use std::sync::LazyLock;

use arrayvec::ArrayVec;

use super::PlanItem;
use crate::arrange::{Groupings, MAX_SETS};
use crate::predicate::Compiled;
use crate::predicate::compiled::{Arith, Cmp, Collection};
use crate::predicate::facts::Elem;
use crate::rules::{ForEach, ItemKind};
use crate::score::facts::{set_elem, tile_flags};
use crate::set::{Exposure, Set, SetKind};
use crate::tiles::{Tile, TileSet, Wind};

mod range;

use range::{Range, range, range_with};

/// Why the pungs of a tile could not be proved to score best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocker {
    /// The item, as an index into the variant's items.
    pub item: usize,
    /// What the item does that the proof cannot rule out.
    pub why: &'static str,
}

/// The groupings a variant whose non-winners score `items` must read: every grouping of the
/// tiles whose pungs are not proved to score best, the pungs only of the others.
pub fn groupings(items: &[PlanItem]) -> Groupings {
    let regrouped = unproved(items)
        .iter()
        .fold(TileSet::default(), |all, (tiles, _)| all.or(*tiles));
    Groupings { regrouped }
}

/// The tiles whose pungs are not proved to score best for a non-winner scored by `items`,
/// gathered by what stopped the proof.
pub fn unproved(items: &[PlanItem]) -> Vec<(TileSet, Blocker)> {
    let mut out: Vec<(TileSet, Blocker)> = Vec::new();
    for tile in Tile::all() {
        if let Err(blocker) = prove(items, tile) {
            match out.iter_mut().find(|(_, b)| *b == blocker) {
                Some((tiles, _)) => tiles.insert(tile),
                None => {
                    let mut tiles = TileSet::default();
                    tiles.insert(tile);
                    out.push((tiles, blocker));
                }
            }
        }
    }
    out
}

/// Proves that reading `tile` held three or four alike as a pung (and a lone tile) scores
/// best for a non-winner scored by `items`, whatever else he holds and wherever he sits (see
/// the module docs); or gives the first item that stops the proof.
pub fn prove(items: &[PlanItem], tile: Tile) -> Result<(), Blocker> {
    let proof = Proof::new(tile);
    let limit_hands = items
        .iter()
        .any(|i| i.item.kind == ItemKind::LimitHand && may_hold(i));
    // The items some item replaces, sorted.
    let mut replaced_items: Vec<usize> =
        items.iter().flat_map(|i| i.item.replaces.clone()).collect();
    replaced_items.sort_unstable();
    // What each item gives the pungs more than the other grouping, by regrouping.
    let mut counted: Vec<Counted> = Vec::new();
    for item in items {
        let blocked = |why| {
            Err(Blocker {
                item: item.item.index,
                why,
            })
        };
        if item.item.kind == ItemKind::LimitHand && !may_hold(item) {
            continue;
        }
        if item.item.kind == ItemKind::Points && least_value(item) < 0 {
            return blocked("its points may be negative");
        }
        if item.item.instanced && may_hold(item) {
            return blocked("a set-level exclusion reads its matches");
        }
        if item.item.for_each == ForEach::Group && may_hold(item) {
            // How many groups of sets match is not weighed.
            return blocked("it counts each group of sets that matches");
        }
        if !item.item.replaces.is_empty() && proof.applies(item) != Change::Same {
            return blocked("it replaces other items, and may apply to one grouping only");
        }
        let mut gains = proof.gains(item);
        let replaced = replaced_items.binary_search(&item.item.index).is_ok();
        if replaced {
            // An item that another replaces may count in neither reading.
            for g in &mut gains {
                *g = g.hull(Range::exactly(0));
            }
        }
        let same = gains.iter().all(|g| *g == Range::exactly(0));
        if limit_hands && item.item.kind == ItemKind::LimitHand {
            // A limit hand is kept over an equal total with more points: it must apply, and
            // be worth the same, in every reading.
            if !same || proof.applies(item) != Change::Same {
                return blocked("a limit hand that may apply to one grouping and not another");
            }
            continue;
        }
        if limit_hands && item.item.with_limit_hand && !same {
            // So must what counts on top of it (see `combine` in `evaluate`).
            return blocked("it counts on top of a limit hand, and may give one grouping more");
        }
        if matches!(item.item.kind, ItemKind::Unit(_)) && !same {
            // A `formula` variant's score is its own expression of the units: more of a
            // unit may score less.
            return blocked(
                "its unit goes into the variant's own formula, which may score less for more",
            );
        }
        let slot = match item.item.kind {
            ItemKind::Points => 0,
            ItemKind::Doubles => 1,
            _ => 2,
        };
        // An item on the whole hand worth a constant can be weighed against others that
        // read the same counts of sets (see `Proof::weigh`).
        let weighable = match (&item.item.value, item.item.for_each) {
            (Compiled::Const(k), ForEach::Hand) if !replaced => Some(*k),
            _ => None,
        };
        counted.push(Counted {
            item,
            slot,
            gains,
            weighable,
        });
    }
    // The most sets each count weighed may find besides the regrouped ones, once worked out.
    let mut most: Vec<(&Compiled, i64)> = Vec::new();
    for (j, r) in proof.regroupings.iter().enumerate() {
        if let Err(slot) = proof.weigh(r, j, &counted, &mut most) {
            let least = counted
                .iter()
                .filter(|c| c.slot == slot && c.gains[j].lo < 0)
                .min_by_key(|c| c.gains[j].lo)
                .map_or(0, |c| c.item.item.index);
            return Err(Blocker {
                item: least,
                why: "it may give another grouping more than the other items give the pungs",
            });
        }
    }
    Ok(())
}

/// The most evaluations of items [`Proof::weigh`] does for one regrouping.
const WEIGHINGS: u64 = 1 << 16;

/// An item that counts for a non-winner, with what it gives the pungs more than the other
/// grouping, for each regrouping.
struct Counted<'a> {
    item: &'a PlanItem,
    /// Points 0, doubles 1, faan 2.
    slot: usize,
    gains: Vec<Range>,
    /// Its value, when it looks at the whole hand, is worth a constant, and no item replaces
    /// it.
    weighable: Option<i64>,
}

/// How a value may move when a regrouping is undone: from its value on the pair and lone
/// tile (or the two pairs) to its value on the pung (and lone tile). Booleans are 0 and 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    /// It never moves.
    Same,
    /// It may only rise.
    Up,
    /// It may only fall.
    Down,
    /// It may move either way.
    Either,
}

impl Change {
    /// The move of a sum, and of anything that rises with both parts (`and`, `or`).
    fn plus(self, other: Change) -> Change {
        match (self, other) {
            (Change::Same, c) | (c, Change::Same) => c,
            (a, b) if a == b => a,
            _ => Change::Either,
        }
    }

    /// The move of the negation.
    fn neg(self) -> Change {
        match self {
            Change::Up => Change::Down,
            Change::Down => Change::Up,
            c => c,
        }
    }

    /// The move of the value multiplied by `k` (or divided by it: integer division by a
    /// constant keeps the order, or reverses it when `k` is negative).
    fn times(self, k: i64) -> Change {
        match k.signum() {
            0 => Change::Same,
            1 => self,
            _ => self.neg(),
        }
    }

    /// The values a move of this kind may have.
    fn range(self) -> Range {
        match self {
            Change::Same => Range::exactly(0),
            Change::Up => Range {
                lo: 0,
                hi: i64::MAX,
            },
            Change::Down => Range {
                lo: i64::MIN,
                hi: 0,
            },
            Change::Either => Range::ANY,
        }
    }

    /// The move whose size lies between `lo` and `hi`.
    fn between(lo: i64, hi: i64) -> Change {
        Change::of(lo >= 0, hi <= 0)
    }

    /// The move of a condition that can only rise (`up`), only fall (`down`), both or
    /// neither.
    fn of(up: bool, down: bool) -> Change {
        match (up, down) {
            (true, true) => Change::Same,
            (true, false) => Change::Up,
            (false, true) => Change::Down,
            (false, false) => Change::Either,
        }
    }
}

/// The flags of every tile, for each seat and prevailing wind.
static CONTEXTS: LazyLock<Vec<[u64; Tile::COUNT]>> = LazyLock::new(|| {
    Wind::ALL
        .iter()
        .flat_map(|&seat| Wind::ALL.map(|prevailing| (seat, prevailing)))
        .map(|(seat, prevailing)| {
            std::array::from_fn(|i| {
                let tile = Tile::from_index(i).expect("an index below COUNT");
                tile_flags(tile, seat, prevailing)
            })
        })
        .collect()
});

/// The flags of every tile for the seats and prevailing winds that give `tile` different
/// flags (one for a suited tile or a dragon, four for a wind: own or not, prevailing or not).
fn contexts_of(tile: Tile) -> impl Iterator<Item = &'static [u64; Tile::COUNT]> {
    let i = tile.index();
    CONTEXTS
        .iter()
        .enumerate()
        .filter(move |(k, flags)| !CONTEXTS[..*k].iter().any(|f| f[i] == flags[i]))
        .map(|(_, flags)| flags)
}

/// One regrouping of the tiles held alike: the sets of the pungs' reading that it removes,
/// and those it puts in their place.
struct Regrouping {
    pungs: ArrayVec<Elem, 2>,
    other: ArrayVec<Elem, 2>,
}

impl Regrouping {
    /// What the pungs' sets give more than the other sets, each set giving `f` of it.
    fn gain(&self, f: impl Fn(Elem) -> Range) -> Range {
        let sum = |sets: &[Elem]| {
            sets.iter()
                .fold(Range::exactly(0), |acc, &e| acc.plus(f(e)))
        };
        sum(&self.pungs).minus(sum(&self.other))
    }
}

/// The regroupings of one tile, for every seat and prevailing wind that gives it different
/// flags (a wind's say whether it is the player's own or the prevailing wind).
struct Proof {
    tile: Tile,
    regroupings: Vec<Regrouping>,
}

impl Proof {
    fn new(tile: Tile) -> Proof {
        let mut regroupings = Vec::new();
        for flags in contexts_of(tile) {
            let set = |kind| set_elem(Set::concealed(kind, tile), false, flags);
            let (pung, pair, single) =
                (set(SetKind::Pung), set(SetKind::Pair), set(SetKind::Single));
            for (pungs, other) in [
                (&[pung][..], [pair, single]),
                (&[pung, single][..], [pair, pair]),
            ] {
                regroupings.push(Regrouping {
                    pungs: pungs.iter().copied().collect(),
                    other: other.into(),
                });
            }
        }
        Proof { tile, regroupings }
    }

    /// What the item gives the pungs' reading more than the other reading (points, doubles,
    /// faan or a limit hand's value), at least and at most, for each regrouping.
    fn gains(&self, item: &PlanItem) -> Vec<Range> {
        let (when, value) = (&item.condition.when, &item.item.value);
        let (when_moves, value_moves) = (self.change(when), self.change(value));
        if item.item.for_each != ForEach::Set {
            // Each element (the hand, a tile, a bonus tile) is the same in both readings and
            // counts `value` when `when` holds of it.
            let gain = match value {
                Compiled::Const(k) => when_moves.times(*k),
                _ if when_moves == Change::Same => value_moves,
                _ => Change::Either,
            };
            return vec![gain.range(); self.regroupings.len()];
        }
        // The other sets count alike in both readings when neither the condition nor the
        // value looks at more than the set and what the readings share.
        if when_moves != Change::Same || value_moves != Change::Same {
            return vec![Range::ANY; self.regroupings.len()];
        }
        let counted = |e: Elem| match range(when, Some(e)).truth() {
            (false, _) => range(value, Some(e)),
            (true, false) => Range::exactly(0),
            (true, true) => range(value, Some(e)).hull(Range::exactly(0)),
        };
        self.regroupings.iter().map(|r| r.gain(counted)).collect()
    }

    /// Whether what the items give the pungs' reading more than the other reading of `r`
    /// (the `j`th regrouping) adds up to 0 or more, in points, doubles and faan; or the first
    /// of these (0, 1, 2) that may not.
    ///
    /// When the gains do not add up on their own, the items on the whole hand that lose are
    /// weighed together, for every value the counts of sets they read may have over the other
    /// sets. Little three dragons, which a dragon pair may make, is then weighed against big
    /// three dragons, which the pung then makes, since both read the count of dragon pungs.
    fn weigh<'c>(
        &self,
        r: &Regrouping,
        j: usize,
        counted: &[Counted<'c>],
        most: &mut Vec<(&'c Compiled, i64)>,
    ) -> Result<(), usize> {
        let mut sums = [0i64; 3];
        for c in counted {
            sums[c.slot] = sums[c.slot].saturating_add(c.gains[j].lo);
        }
        let Some(failing) = sums.iter().position(|&s| s < 0) else {
            return Ok(());
        };
        let mut fixed = [0i64; 3];
        let mut weighed = Vec::new();
        for c in counted {
            match c.weighable {
                Some(k) if c.gains[j].lo < 0 => weighed.push((&c.item.condition.when, k, c.slot)),
                _ => fixed[c.slot] = fixed[c.slot].saturating_add(c.gains[j].lo),
            }
        }
        if let Some(slot) = fixed.iter().position(|&f| f == i64::MIN) {
            return Err(slot);
        }
        if weighed.is_empty() {
            return Err(failing);
        }
        let mut reads: Vec<Read> = Vec::new();
        for (when, ..) in &weighed {
            if !self.reads_in(when, r, &mut reads, most) {
                return Err(failing);
            }
        }
        // Every value of the reads over the other sets, as an odometer; the items are
        // evaluated on each at most `WEIGHINGS` times in all, so that a file of many such
        // items still loads at once (it is then read every way).
        let weighings = reads.iter().try_fold(weighed.len() as u64, |n, read| {
            n.checked_mul(read.most as u64 + 1)
        });
        if weighings.is_none_or(|n| n > WEIGHINGS) {
            return Err(failing);
        }
        let mut base = vec![0i64; reads.len()];
        loop {
            let mut sums = fixed;
            for &(when, k, slot) in &weighed {
                let side = |pungs: bool| {
                    let value = |c: &Compiled| {
                        let i = reads.iter().position(|read| read.node == c)?;
                        Some(Range::exactly(reads[i].value(base[i], pungs)))
                    };
                    let (may_be_false, may_be_true) =
                        range_with(when, Some(Elem::default()), &value).truth();
                    Range::of_bool(may_be_false, may_be_true)
                };
                let moved = side(true).minus(side(false));
                let gain = [moved.lo.saturating_mul(k), moved.hi.saturating_mul(k)];
                sums[slot] = sums[slot].saturating_add(gain[0].min(gain[1]));
            }
            if let Some(slot) = sums.iter().position(|&s| s < 0) {
                return Err(slot);
            }
            let Some(i) = base.iter().zip(&reads).position(|(b, read)| *b < read.most) else {
                return Ok(());
            };
            base[i] += 1;
            base[..i].fill(0);
        }
    }

    /// Adds to `reads` the counts, `any` and `all` over the sets in `c` (not inside one
    /// another), with what the sets of `r` add to each; false when one cannot be weighed: its
    /// condition looks beyond the set, or is not settled on the regrouped sets.
    fn reads_in<'c>(
        &self,
        c: &'c Compiled,
        r: &Regrouping,
        reads: &mut Vec<Read<'c>>,
        most: &mut Vec<(&'c Compiled, i64)>,
    ) -> bool {
        let (aggregate, cond) = match c {
            Compiled::Count(Collection::Sets, cond) => (Aggregate::Count, cond),
            Compiled::Any(Collection::Sets, cond) => (Aggregate::Any, cond),
            Compiled::All(Collection::Sets, cond) => (Aggregate::All, cond),
            Compiled::Count(_, _) | Compiled::Any(_, _) | Compiled::All(_, _) => {
                return self.change(c) == Change::Same;
            }
            Compiled::Not(a) | Compiled::Neg(a) => return self.reads_in(a, r, reads, most),
            Compiled::If(..) | Compiled::Unary(..) | Compiled::Named(..) | Compiled::Tuples(..) => {
                return self.change(c) == Change::Same;
            }
            Compiled::And(a, b)
            | Compiled::Or(a, b)
            | Compiled::Cmp(_, a, b)
            | Compiled::Arith(_, a, b) => {
                return self.reads_in(a, r, reads, most) && self.reads_in(b, r, reads, most);
            }
            _ => return true,
        };
        if self.change(cond) != Change::Same {
            return false;
        }
        let settled = |sets: &[Elem]| -> Option<Vec<bool>> {
            sets.iter()
                .map(|&e| match range(cond, Some(e)).truth() {
                    (true, true) => None,
                    (_, holds) => Some(holds),
                })
                .collect()
        };
        let (Some(pungs), Some(other)) = (settled(&r.pungs), settled(&r.other)) else {
            return false;
        };
        let fold = |holds: Vec<bool>| match aggregate {
            Aggregate::Count => holds.iter().filter(|&&h| h).count() as i64,
            Aggregate::Any => i64::from(holds.contains(&true)),
            Aggregate::All => i64::from(!holds.contains(&false)),
        };
        if !reads.iter().any(|read| read.node == c) {
            reads.push(Read {
                node: c,
                aggregate,
                most: match aggregate {
                    Aggregate::Count => match most.iter().find(|(node, _)| *node == &**cond) {
                        Some(&(_, n)) => n,
                        None => {
                            let n = self.most_sets(cond);
                            most.push((cond, n));
                            n
                        }
                    },
                    Aggregate::Any | Aggregate::All => 1,
                },
                pungs: fold(pungs),
                other: fold(other),
            });
        }
        true
    }

    /// The most sets of a non-winner that `cond` may hold of, besides the regrouped ones: for
    /// each other tile, the most of its sets that can be held together (a pung or kong and a
    /// lone tile, two pairs, a pair and a lone tile), or every set when `cond` may hold of a
    /// chow (chows overlap, and one may hold a copy of the regrouped tile).
    fn most_sets(&self, cond: &Compiled) -> i64 {
        let most = MAX_SETS as i64;
        let mut total = 0i64;
        for tile in Tile::all() {
            let may_hold = |kind: SetKind| {
                contexts_of(tile).any(|flags| {
                    [Exposure::Concealed, Exposure::Exposed, Exposure::Claimed]
                        .into_iter()
                        .flat_map(|exposure| [false, true].map(|declared| (exposure, declared)))
                        .any(|(exposure, declared)| {
                            let set = Set {
                                kind,
                                tile,
                                exposure,
                                declared,
                                from: None,
                            };
                            range(cond, Some(set_elem(set, false, flags))).truth().1
                        })
                })
            };
            // A chow may hold a fourth copy of the regrouped tile.
            if tile.is_suited() && tile.number() <= 7 && may_hold(SetKind::Chow) {
                return most;
            }
            if tile == self.tile {
                // Its other copies are all regrouped.
                continue;
            }
            let [pung, kong, pair, single] =
                [SetKind::Pung, SetKind::Kong, SetKind::Pair, SetKind::Single]
                    .map(|k| i64::from(may_hold(k)));
            total += (pung + single).max(2 * pair).max(pair + single).max(kong);
        }
        total.min(most)
    }

    /// How whether the item applies (matches at least once) may move.
    fn applies(&self, item: &PlanItem) -> Change {
        let when = &item.condition.when;
        match item.item.for_each {
            ForEach::Set => self.over_sets(when, Aggregate::Any),
            _ => self.change(when),
        }
    }

    /// How `c` may move, the element it looks at being the same in both readings.
    fn change(&self, c: &Compiled) -> Change {
        match c {
            // (`suits`: a pung has the suit of the pair and lone tile it replaces.)
            Compiled::Const(_)
            | Compiled::HandMask(_)
            | Compiled::HandInt(_)
            | Compiled::PaymentInt(_)
            | Compiled::ElemMask(_)
            | Compiled::ElemInt(_)
            | Compiled::Suits(_)
            | Compiled::Kinds
            | Compiled::Shape(_)
            | Compiled::Block(_)
            | Compiled::Calling(_) => Change::Same,
            // What the other items gave may move either way with the grouping.
            Compiled::Sum(_) | Compiled::Best(_) | Compiled::Fired(_) | Compiled::Value(_) => {
                Change::Either
            }
            Compiled::Not(a) | Compiled::Neg(a) => self.change(a).neg(),
            Compiled::And(a, b) | Compiled::Or(a, b) => self.change(a).plus(self.change(b)),
            Compiled::Cmp(op, a, b) => {
                let (a, b) = (self.change(a), self.change(b));
                match op {
                    Cmp::Lt | Cmp::Le => a.neg().plus(b),
                    Cmp::Gt | Cmp::Ge => a.plus(b.neg()),
                    Cmp::Eq | Cmp::Ne if a == Change::Same && b == Change::Same => Change::Same,
                    Cmp::Eq | Cmp::Ne => Change::Either,
                }
            }
            Compiled::Arith(op, a, b) => match (op, &**a, &**b) {
                (Arith::Add, _, _) => self.change(a).plus(self.change(b)),
                (Arith::Sub, _, _) => self.change(a).plus(self.change(b).neg()),
                (Arith::Mul, Compiled::Const(k), x)
                | (Arith::Mul | Arith::Div, x, Compiled::Const(k)) => self.change(x).times(*k),
                _ if self.change(a) == Change::Same && self.change(b) == Change::Same => {
                    Change::Same
                }
                _ => Change::Either,
            },
            Compiled::Count(Collection::Sets, cond) => self.over_sets(cond, Aggregate::Count),
            Compiled::Any(Collection::Sets, cond) => self.over_sets(cond, Aggregate::Any),
            Compiled::All(Collection::Sets, cond) => self.over_sets(cond, Aggregate::All),
            // Tiles and bonus tiles are the same in both readings; counting, `any` and `all`
            // rise with the condition.
            Compiled::Count(_, cond) | Compiled::Any(_, cond) | Compiled::All(_, cond) => {
                self.change(cond)
            }
            Compiled::If(abc) if abc.iter().all(|x| self.change(x) == Change::Same) => Change::Same,
            Compiled::Unary(_, a) if self.change(a) == Change::Same => Change::Same,
            Compiled::If(_) | Compiled::Unary(..) => Change::Either,
            // A named element of the tiles or bonus tiles is the same in both readings.
            Compiled::Named(_, a) => self.change(a),
            // Groups of sets differ between the readings; groups of tiles and bonus tiles do
            // not, and their conditions decide alike when they read nothing that moves.
            Compiled::Tuples(t)
                if t.collection != Collection::Sets
                    && t.conjuncts
                        .iter()
                        .all(|(_, c)| self.change(c) == Change::Same) =>
            {
                Change::Same
            }
            Compiled::Tuples(_) => Change::Either,
        }
    }

    /// How `aggregate` of `cond` over the sets may move: the sets the readings share count
    /// alike when `cond` looks only at the set and at what the readings share.
    fn over_sets(&self, cond: &Compiled, aggregate: Aggregate) -> Change {
        if self.change(cond) != Change::Same {
            return Change::Either;
        }
        let truth = |e: &Elem| range(cond, Some(*e)).truth();
        let may_be_true = |sets: &[Elem]| sets.iter().any(|e| truth(e).1);
        let surely_true = |sets: &[Elem]| sets.iter().any(|e| !truth(e).0);
        let all_may_be_true = |sets: &[Elem]| sets.iter().all(|e| truth(e).1);
        let all_surely_true = |sets: &[Elem]| sets.iter().all(|e| !truth(e).0);
        self.over_regroupings(|r| match aggregate {
            Aggregate::Count => {
                let gain = r.gain(|e| Range::of_bool(truth(&e).0, truth(&e).1));
                Change::between(gain.lo, gain.hi)
            }
            // Rises when some other set holding means some pung-reading set holds.
            Aggregate::Any => Change::of(
                !may_be_true(&r.other) || surely_true(&r.pungs),
                !may_be_true(&r.pungs) || surely_true(&r.other),
            ),
            Aggregate::All => Change::of(
                !all_may_be_true(&r.other) || all_surely_true(&r.pungs),
                !all_may_be_true(&r.pungs) || all_surely_true(&r.other),
            ),
        })
    }

    /// The move over every regrouping, each moving as `each` says.
    fn over_regroupings(&self, each: impl Fn(&Regrouping) -> Change) -> Change {
        let mut total = Change::Same;
        for r in &self.regroupings {
            total = total.plus(each(r));
            if total == Change::Either {
                break;
            }
        }
        total
    }
}

/// A count, `any` or `all` over the sets, weighed by [`Proof::weigh`].
struct Read<'c> {
    node: &'c Compiled,
    aggregate: Aggregate,
    /// The most it may be over the sets other than the regrouped ones.
    most: i64,
    /// What the regrouped sets of the pungs' reading, and of the other, give it.
    pungs: i64,
    other: i64,
}

impl Read<'_> {
    /// Its value in a reading (the pungs' or the other), `base` being its value over the
    /// other sets.
    fn value(&self, base: i64, pungs: bool) -> i64 {
        let own = if pungs { self.pungs } else { self.other };
        match self.aggregate {
            Aggregate::Count => base + own,
            Aggregate::Any => base | own,
            Aggregate::All => base & own,
        }
    }
}

/// True unless the item surely does not apply to a player who did not go out.
fn may_hold(item: &PlanItem) -> bool {
    let elem = (item.item.for_each == ForEach::Hand).then(Elem::default);
    range(&item.condition.when, elem).truth().1
}

/// The least the item's value may be, on any element.
fn least_value(item: &PlanItem) -> i64 {
    let elem = (item.item.for_each == ForEach::Hand).then(Elem::default);
    range(&item.item.value, elem).lo
}

/// What is asked of the sets.
#[derive(Clone, Copy)]
enum Aggregate {
    Count,
    Any,
    All,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_add_up_as_signs() {
        use Change::*;
        assert_eq!(Same.plus(Up), Up);
        assert_eq!(Up.plus(Up), Up);
        assert_eq!(Up.plus(Down), Either);
        assert_eq!(Up.times(-2), Down);
        assert_eq!(Down.times(0), Same);
        assert_eq!(Change::between(0, 3), Up);
        assert_eq!(Change::between(-1, 0), Down);
    }
}
