//! The predicate language: parsing, checking and evaluating the conditions of variant files.
//!
//! In: the text of one expression (from a `when` or `value` string of a variant file).
//! Out, in three stages: an [`ast::Expr`] with byte spans ([`parse()`]); a checked
//! [`Compiled`] tree whose names and calls are resolved against one table of built-ins
//! ([`builtins`]) and whose parameters are folded in ([`check`]); and its value for the
//! [`facts`] of one reading of a hand ([`eval`]). Evaluation does no parsing, string
//! comparison or allocation.
//!
//! The modules depend on each other in one direction: `ast` ← `parse`; `compiled` and
//! `facts` (the tree, and what it reads) ← `builtins` ← `check`; `compiled`, `facts` ←
//! `groups` (how a quantifier over named elements is looked through) ← `eval`.

pub mod ast;
pub mod builtins;
pub mod check;
pub mod compiled;
pub mod eval;
pub mod facts;
pub(crate) mod groups;
pub mod parse;
pub(crate) mod steps;
pub(crate) mod symmetry;

pub use compiled::{Compiled, Scope, Type};
pub use parse::{MAX_LEVELS, parse};
