//! The predicate language: parsing, checking and evaluating the conditions of variant files.
//!
//! In: the text of one expression (from a `when` or `value` string of a variant file).
//! Out, in three stages: an [`ast::Expr`] with byte spans ([`parse()`]), a checked and compiled
//! [`compile::Compiled`] node tree whose names are resolved against one table of built-ins
//! ([`names`]) and whose parameters are folded in ([`compile`]), and its value for one
//! arrangement of one hand ([`eval`]), with [`gate`]s that settle most conditions by a few
//! bit tests first. Evaluation does no parsing, string comparison or allocation.

pub mod ast;
pub mod compile;
pub mod elements;
pub mod eval;
pub mod gate;
pub mod names;
pub mod parse;

pub use compile::{Compiled, Scope, Type};
pub use parse::parse;
