//! Scoring, as the rulebook means it: a variant's items applied to every reading of a hand,
//! the best reading kept.
//!
//! In: a variant's checked [`Rules`] and a [`Hand`]. Out: a [`ScoreCard`]: the points,
//! doubles or faan (or a `formula` variant's own values), the limit hand or tier if one was
//! scored, the total, and the trace of every item that counted (how many times, for how
//! much, which sets), for the reading that scores best.
//!
//! The meaning is spelt out here, plainly: the facts of a hand and of each reading
//! (`facts`), what the items give on one reading and which replace which (`items`), how
//! the numbers combine into a score (`combine`, or `formula` for a variant that says how
//! itself), and the whole of it, every reading and
//! every item, in [`reference`](mod@reference). The fast scorer ([`crate::plan`]) gives the same cards by
//! shortcuts, and is tested against this one.
//!
//! [`Rules`]: crate::rules::Rules
//! [`Hand`]: crate::hand::Hand

pub(crate) mod combine;
pub(crate) mod facts;
pub(crate) mod formula;
pub(crate) mod items;
pub mod reference;
pub(crate) mod selection;

pub use selection::Unkept;

use crate::arrange::Arrangement;
use crate::rules::check::MAX_PREFER;
use crate::rules::{Cite, CompiledItem, ItemKind, Rules};

/// One item that counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fired {
    /// Index of the item in the variant's items.
    pub item: usize,
    /// How many times it matched (sets, tiles with copies, bonus tiles, or once).
    pub times: u32,
    /// What it contributed: points, doubles, faan, or the limit hand's value.
    pub amount: i64,
    /// Which sets of the arrangement it matched (bit i for set i).
    pub sets: u32,
    /// What the item gives.
    pub kind: ItemKind,
    /// The item still counts on top of a limit hand.
    pub with_limit_hand: bool,
}

impl Fired {
    /// `item` before it has matched anything.
    pub fn none(item: &CompiledItem) -> Fired {
        Fired {
            item: item.index,
            times: 0,
            amount: 0,
            sets: 0,
            kind: item.kind,
            with_limit_hand: item.with_limit_hand,
        }
    }
}

/// One match of an item that a set-level exclusion reads (`replaces-within`): the sets it
/// used and what it gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instance {
    /// Index of the item in the variant's items.
    pub item: usize,
    /// The sets of the arrangement it used (bit i for set i).
    pub sets: u32,
    /// What it gave.
    pub amount: i64,
}

/// A match of an item that counted, then dropped by an exclusion: the card says why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dropped {
    /// The match.
    pub instance: Instance,
    /// What dropped it.
    pub by: Exclusion,
}

/// Why a match was dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exclusion {
    /// It lay within the sets of a match of this item, whose `replaces-within` names it.
    Within(usize),
    /// The combination of this index (in the variant's) did not keep it, for this reason.
    Combination(usize, Unkept),
}

/// The score of one hand under one variant: the numbers, and the trace of every item that
/// counted.
#[derive(Clone, Debug)]
pub struct ScoreCard<'r> {
    /// The variant's rules.
    rules: &'r Rules,
    /// The player went out.
    pub winner: bool,
    /// The numbers of the score.
    pub totals: Totals,
    /// The items that counted, in the order of the variant file.
    pub fired: Vec<Fired>,
    /// The arrangement scored (none for a special shape or an incomplete winning hand).
    pub arrangement: Option<Arrangement>,
    /// The special shape the hand was read as, as an index into the variant's shapes.
    pub shape: Option<usize>,
    /// The bonus tiles the hand holds that scored nothing because the variant has no rule
    /// that looks at bonus tiles (0 when it has one).
    pub unscored_bonus: usize,
    /// The values of the score of the reading kept (a `formula` variant's), in the order of
    /// the variant's values.
    pub values: Vec<i64>,
    /// The matches of items that counted in the reading kept and were then dropped by an
    /// exclusion, in the order they were dropped.
    pub dropped: Vec<Dropped>,
}

/// One item that counted on a card, with what the variant file says of it.
#[derive(Clone, Copy, Debug)]
pub struct CardItem<'r> {
    /// Its id.
    pub id: &'r str,
    /// What it gives.
    pub kind: ItemKind,
    /// What it contributed: points, doubles, faan, or the limit hand's value.
    pub amount: i64,
    /// How many times it matched.
    pub times: u32,
    /// The passage it encodes.
    pub cite: &'r Cite,
    /// It counted in the score (a limit hand that lost to the points is listed, not
    /// counted).
    pub counted: bool,
}

impl<'r> ScoreCard<'r> {
    /// The rules the hand was scored under.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The variant's id.
    pub fn variant(&self) -> &'r str {
        self.rules.id()
    }

    /// The final score.
    pub fn total(&self) -> i64 {
        self.totals.total
    }

    /// The items that counted, in the order of the variant file.
    pub fn items(&self) -> impl ExactSizeIterator<Item = CardItem<'r>> + '_ {
        self.fired.iter().map(|f| {
            let item = &self.rules.definition.items[f.item];
            CardItem {
                id: &item.id.value,
                kind: f.kind,
                amount: f.amount,
                times: f.times,
                cite: &item.cite,
                counted: f.kind != ItemKind::LimitHand
                    || self.totals.faan.is_some()
                    || self.totals.limit_hand == Some(f.item),
            }
        })
    }

    /// The item with this id, if it counted.
    pub fn item(&self, id: &str) -> Option<CardItem<'r>> {
        self.items().find(|i| i.id == id)
    }

    /// The id of the limit hand scored, or of the tier the score reached, if any.
    pub fn limit_hand(&self) -> Option<&'r str> {
        let definition = &self.rules.definition;
        match (self.totals.limit_hand, self.totals.tier) {
            (Some(i), _) => Some(&definition.items[i].id.value),
            (None, Some(t)) => Some(&definition.tiers[usize::from(t)].id.value),
            (None, None) => None,
        }
    }

    /// The values of the score (a `formula` variant's), each with its name, in order: none
    /// when no reading of the hand was scored.
    pub fn values(&self) -> impl Iterator<Item = (&'r str, i64)> + '_ {
        let names = self.rules.definition.values.iter();
        names
            .map(|v| v.id.value.as_str())
            .zip(self.values.iter().copied())
    }
}

/// Two cards are the same when they score the same hand alike under the same variant (by
/// id).
impl PartialEq for ScoreCard<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.variant() == other.variant()
            && self.winner == other.winner
            && self.totals == other.totals
            && self.fired == other.fired
            && self.arrangement == other.arrangement
            && self.shape == other.shape
            && self.unscored_bonus == other.unscored_bonus
            && self.values == other.values
            && self.dropped == other.dropped
    }
}

impl Eq for ScoreCard<'_> {}

/// The numbers of a score, without the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Totals {
    /// For the winner: the hand is complete and meets the variant's minimum. Always true
    /// for the others.
    pub valid: bool,
    /// Base points (points-and-doubles; on a limit hand, the points counted on top).
    pub points: i64,
    /// Doubles (points-and-doubles; on a limit hand, the doubles of the points on top).
    pub doubles: i64,
    /// Faan after the cap (faan variants).
    pub faan: Option<i64>,
    /// The limit hand scored, as an item index.
    pub limit_hand: Option<usize>,
    /// The tier a value of the score was raised or lowered to (a `formula` variant's), as an
    /// index into the variant's tiers; the last, when tiers of several values held.
    pub tier: Option<u16>,
    /// The final score.
    pub total: i64,
    /// For a winner whose best reading is not a valid Mah-Jong: the first requirement it
    /// does not meet, as an index into the variant's requirements.
    pub unmet: Option<usize>,
    /// For a winner: the first liability of the variant's payment rules that the hand
    /// meets (someone then pays for all), as an index.
    pub liability: Option<usize>,
    /// The first of the variant's refusals that the hand meets, as an index: it is no hand
    /// of this variant, and is not scored. (A `u8`, so that the totals, copied between
    /// readings, stay the size they were: a variant has at most 255 refusals.)
    pub refused: Option<u8>,
}

/// The values of a reading's tie-breaks (`[score] prefer`), 0 past those the variant has.
pub type Prefer = [i64; MAX_PREFER];

/// How two readings' scores compare: see [`Totals::key`].
pub type Key = (bool, i64, Prefer, i64, i64);

impl Totals {
    /// The score is a limit: a limit hand, or a tier of a `formula` variant.
    pub fn at_limit(&self) -> bool {
        self.limit_hand.is_some() || self.tier.is_some()
    }

    /// Orders the scores of readings whose tie-breaks are `prefer`: valid first, then total,
    /// then the tie-breaks, then points or faan, then doubles.
    pub fn key(&self, prefer: Prefer) -> Key {
        (
            self.valid,
            self.total,
            prefer,
            self.faan.unwrap_or(self.points),
            self.doubles,
        )
    }

    /// True when these totals, with the tie-breaks `prefer`, are better than `other`'s
    /// ([`Self::key`]); the tie-breaks are compared only on an equal total.
    #[inline]
    pub fn beats(&self, prefer: &Prefer, other: &(Totals, Prefer)) -> bool {
        let (b, b_prefer) = other;
        match (self.valid, self.total).cmp(&(b.valid, b.total)) {
            std::cmp::Ordering::Equal => self.key(*prefer) > b.key(*b_prefer),
            order => order == std::cmp::Ordering::Greater,
        }
    }
}

/// What the best score was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// A standard reading: its index among the hand's arrangements.
    Arrangement(usize),
    /// A special shape: its index among the variant's shapes.
    Shape(usize),
    /// No reading (a winning hand that is not complete).
    None,
}
