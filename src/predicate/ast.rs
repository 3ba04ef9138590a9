//! The syntax tree of a predicate, with the byte span of every node in the expression text.

use std::ops::Range;

use crate::tiles::Tile;

/// An expression and its span in the expression text.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Its bytes in the expression text.
    pub span: Range<usize>,
}

/// The kinds of expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// A tile literal such as `1p`.
    Tile(Tile),
    /// A string in single quotes.
    Str(String),
    /// The name of a fact.
    Name(String),
    /// A parameter, `$limit` (the name without `$`).
    Param(String),
    /// `not e`.
    Not(Box<Expr>),
    /// `-e`.
    Neg(Box<Expr>),
    /// `a op b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a.number`: a fact of the element named `a` by a quantifier around it.
    Field(Named, Named),
    /// `f(a, b)`: the function's name and span, the elements it names (`f(a, b in sets,
    /// …)`), and the arguments after them.
    Call(String, Range<usize>, Option<Binding>, Vec<Expr>),
}

/// A name with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Named {
    /// As written.
    pub name: String,
    /// Its bytes in the expression text.
    pub span: Range<usize>,
}

/// The elements a quantifier names: `a, b in sets`.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    /// The names, in order.
    pub names: Vec<Named>,
    /// The collection they are elements of.
    pub collection: Named,
}

/// Infix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `or`
    Or,
    /// `and`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (integer division; division by zero gives 0)
    Div,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
        }
    }
}
