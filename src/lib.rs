//! mjrules scores Mahjong hands from rulebooks written as data.
//!
//! The pipeline: a hand file is read and validated ([`hand`]), its tiles are read every
//! possible way ([`arrange`]), and the tiles that would complete it are found ([`waits`]).
//!
//! ```
//! let hand = mjrules::hand::parse_hand(
//!     "example.toml",
//!     r#"
//! seat = "south"
//! prevailing = "east"
//! concealed = "222m 345p 666s 99s"
//! melds = ["777z"]
//! [win]
//! tile = "4p"
//! from = "discard"
//! "#,
//! )
//! .unwrap();
//! let arrangements = mjrules::arrange::arrangements(&hand);
//! assert_eq!(arrangements.len(), 1);
//! ```
#![warn(missing_docs)]

pub mod arrange;
pub mod audit;
pub mod chart;
pub mod compare;
pub mod corpus;
pub mod diagnostic;
pub mod diff;
pub mod document;
pub mod hand;
pub mod plan;
pub mod predicate;
pub mod random;
pub mod render;
pub mod rules;
pub mod score;
pub mod set;
pub mod settle;
pub mod stats;
pub mod suit_table;
pub mod tiles;
pub mod variant;
pub mod waits;
pub mod words;

pub use variant::Variant;
