//! Scoring, as the rulebook means it: a variant's items applied to every reading of a hand,
//! the best reading kept.
//!
//! In: a variant's checked [`Rules`] and a [`Hand`]. Out: a [`ScoreCard`]: the points,
//! doubles or faan, the limit hand if one was scored, the total, and the trace of every item
//! that counted (how many times, for how much, which sets), for the reading that scores best.
//!
//! The meaning is spelt out here, plainly: the facts of a hand and of each reading
//! ([`facts`]), what the items give on one reading and which replace which ([`items`]), how
//! the numbers combine into a score ([`combine`]), and the whole of it, every reading and
//! every item, in [`reference`]. The fast scorer ([`crate::plan`]) gives the same cards by
//! shortcuts, and is tested against this one.
//!
//! [`Rules`]: crate::rules::Rules
//! [`Hand`]: crate::hand::Hand

pub mod combine;
pub mod facts;
pub mod items;
pub mod reference;

use crate::arrange::Arrangement;
use crate::rules::ItemKind;

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

/// The score of one hand under one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreCard {
    /// The variant's id.
    pub variant: String,
    /// The player went out.
    pub winner: bool,
    /// The numbers of the score.
    pub totals: Totals,
    /// The items that counted.
    pub fired: Vec<Fired>,
    /// The arrangement scored (none for a special shape or an incomplete winning hand).
    pub arrangement: Option<Arrangement>,
    /// The special shape the hand was read as, as an index into the variant's shapes.
    pub shape: Option<usize>,
}

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
    /// The final score.
    pub total: i64,
    /// For a winner whose best reading is not a valid Mah-Jong: the first requirement it
    /// does not meet, as an index into the variant's requirements.
    pub unmet: Option<usize>,
    /// For a winner: the first liability of the variant's payment rules that the hand
    /// meets (someone then pays for all), as an index.
    pub liability: Option<usize>,
}

impl Totals {
    /// Orders scores: valid first, then total, then points or faan, then doubles.
    pub fn key(&self) -> (bool, i64, i64, i64) {
        (
            self.valid,
            self.total,
            self.faan.unwrap_or(self.points),
            self.doubles,
        )
    }
}

/// What the best score was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A standard reading: its index among the hand's arrangements.
    Arrangement(usize),
    /// A special shape: its index among the variant's shapes.
    Shape(usize),
    /// No reading (a winning hand that is not complete).
    None,
}
