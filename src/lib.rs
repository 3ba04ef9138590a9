//! mjrules scores Mahjong hands from rulebooks written as data.
//!
//! A variant's scoring table is one TOML file, its conditions short expressions in a small
//! predicate language; a house rule is a small file that extends a built-in variant. Load a
//! variant ([`Variant`]), read a hand ([`hand`]), score it, and read the card: every item
//! that counted, with the passage of the source text it encodes.
//!
//! ```
//! use mjrules::Variant;
//! use mjrules::hand::parse_hand;
//!
//! // A club's house rule: BMJA with a limit of 300 and no double for dragon pungs.
//! let variant = Variant::from_text(
//!     "our-club.toml",
//!     r#"
//! [variant]
//! id = "our-club"
//! extends = "bmja"
//! remove = ["pung-dragon"]
//! [params]
//! limit = 300
//! "#,
//! )?;
//! let hand = parse_hand(
//!     "hand.toml",
//!     r#"
//! seat = "south"
//! prevailing = "east"
//! concealed = "222m 345p 666s 99s"
//! melds = ["777z"]
//! bonus = ["2f", "2y"]
//! [win]
//! tile = "4p"
//! from = "discard"
//! "#,
//! )?;
//! let card = variant.score(&hand);
//! // Worked from BMJA's text 003: concealed pungs of 2m and 6s 4 points each, the exposed
//! // red dragon pung 4, two bonus tiles 4 each, going out 20: 40 points. Doubled for the
//! // own flower and the own season (the dragon pung's double is removed): 160, under 300.
//! assert_eq!(card.total(), 160);
//! let flower = card.item("own-flower").expect("South holds flower 2");
//! assert_eq!((flower.amount, flower.cite.source.as_str()), (1, "003"));
//! assert!(card.item("pung-dragon").is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The way of a hand: a reader ([`hand`], [`corpus`]) builds a legal [`hand::Hand`]; the
//! [`score`] module says what a score is (the facts of each reading, the items, how they
//! combine), and [`score::reference`] scores the plain way; a [`Variant`] scores fast with
//! its [`plan`], giving the same cards. Around them: [`compare`], [`settle`], [`audit`],
//! [`diff`], and the renderings of [`render`].
#![warn(missing_docs)]

pub mod arrange;
pub mod audit;
pub mod chart;
pub mod compare;
pub mod corpus;
pub mod diagnostic;
pub mod diff;
pub(crate) mod document;
pub mod game;
pub mod hand;
pub(crate) mod markdown;
pub mod plan;
pub mod predicate;
pub mod random;
pub mod render;
pub mod rules;
pub mod score;
pub mod set;
pub mod settle;
pub mod stats;
pub(crate) mod suit_table;
pub mod tiles;
mod variant;
pub mod waits;
pub mod words;

pub use document::{MAX_INPUT, read_bounded};
pub use plan::{Scorer, Tricks};
pub use score::ScoreCard;
pub use variant::Variant;
