//! The checked form of an expression: every name resolved to a fact, every call to a
//! built-in function, every parameter to its value; and what its operators mean.
//!
//! In: nothing (the checker builds it, [`super::check`]). Out: the [`Compiled`] tree, its
//! types and scopes, and the arithmetic and comparisons it is evaluated with
//! ([`super::eval`]).

/// What an expression looks at: the hand, or one element of a collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// The hand as a whole.
    Hand,
    /// One set of the arrangement.
    Set,
    /// One distinct playing tile.
    Tile,
    /// One bonus tile.
    Bonus,
    /// One payment between two players, after a deal (payment rules).
    Payment,
}

impl Scope {
    /// The word used in messages.
    pub fn noun(self) -> &'static str {
        match self {
            Scope::Hand => "the hand",
            Scope::Set => "a set",
            Scope::Tile => "a tile",
            Scope::Bonus => "a bonus tile",
            Scope::Payment => "a payment",
        }
    }

    /// The collection whose elements this scope looks at.
    pub fn collection(self) -> &'static str {
        match self {
            Scope::Hand => "",
            Scope::Set => "sets",
            Scope::Tile => "tiles",
            Scope::Bonus => "bonus",
            Scope::Payment => "",
        }
    }
}

/// The type of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// `true` or `false`.
    Bool,
    /// An integer.
    Int,
    /// A tile.
    Tile,
    /// A quoted string (only as the argument of `shape`).
    Str,
    /// A collection (only as the first argument of `count`, `any`, `all`, `suits`, `kinds`).
    Collection,
}

impl Type {
    pub(crate) fn noun(self) -> &'static str {
        match self {
            Type::Bool => "a condition (true or false)",
            Type::Int => "a number",
            Type::Tile => "a tile",
            Type::Str => "a quoted name",
            Type::Collection => "a collection",
        }
    }
}

/// Integer facts about the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandInt {
    /// The winning tile (a tile value), or none.
    WinningTile,
    /// How many copies of the winning tile the hand file says were seen elsewhere.
    WinningTileSeen,
}

/// Integer facts about an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemInt {
    /// How many copies of this tile the player holds (tiles).
    Copies,
    /// The number of the (first) tile: 1–9 in the suits, 0 for honours and bonus tiles.
    Number,
    /// The tile itself (tiles, and pungs, kongs and pairs): a tile value.
    Tile,
    /// How many tiles of the same number the player holds in all three suits (tiles; 0 for
    /// honours): knitting is `number_copies == 2 * copies` for every tile.
    NumberCopies,
}

/// A collection as the evaluator sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Collection {
    /// The arrangement's sets.
    Sets,
    /// The player's distinct tiles.
    Tiles,
    /// The bonus tiles.
    Bonus,
}

impl Collection {
    /// As written.
    pub fn name(self) -> &'static str {
        match self {
            Collection::Sets => "sets",
            Collection::Tiles => "tiles",
            Collection::Bonus => "bonus",
        }
    }

    /// Its slot in the per-collection arrays of the facts (`any`, `every`).
    pub const fn slot(self) -> usize {
        match self {
            Collection::Sets => 0,
            Collection::Tiles => 1,
            Collection::Bonus => 2,
        }
    }
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
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
}

/// Arithmetic operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
}

/// A test of a flag word: every bit of `all` set, every bit of `none` clear, and (unless
/// `any` is 0) some bit of `any` set. Names are masks, and conjunctions, disjunctions and
/// negations of masks fold into one where they can, so that `pung and simple and not
/// exposed` and `pair and (dragon or own_wind)` are single tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Mask {
    /// Bits that must be set.
    pub all: u64,
    /// Bits that must be clear.
    pub none: u64,
    /// Bits of which one must be set (0: no such requirement).
    pub any: u64,
    /// A second group of bits of which one must be set (0: none), so that `(pung or kong)
    /// and (concealed or claimed)` is one test too.
    pub any2: u64,
}

impl Mask {
    /// The test for a name: its one bit set, or one of its bits.
    pub fn of(bits: u64) -> Mask {
        if bits.count_ones() == 1 {
            Mask {
                all: bits,
                ..Mask::default()
            }
        } else {
            Mask {
                any: bits,
                ..Mask::default()
            }
        }
    }

    /// True when `flags` pass the test.
    #[inline]
    pub fn test(self, flags: u64) -> bool {
        // `all` and `none` are disjoint: one comparison checks both.
        flags & (self.all | self.none) == self.all
            && (self.any == 0 || flags & self.any != 0)
            && (self.any2 == 0 || flags & self.any2 != 0)
    }
}

/// A compiled expression: names resolved to facts, parameters folded in.
#[derive(Clone, Debug, PartialEq)]
pub enum Compiled {
    /// A constant (booleans are 0 and 1, tiles their index).
    Const(i64),
    /// A test of the hand's flags.
    HandMask(Mask),
    /// An integer fact about the hand.
    HandInt(HandInt),
    /// A test of the current element's flags.
    ElemMask(Mask),
    /// An integer fact about the current element.
    ElemInt(ElemInt),
    /// Boolean negation.
    Not(Box<Compiled>),
    /// Arithmetic negation.
    Neg(Box<Compiled>),
    /// Short-circuit `and`.
    And(Box<Compiled>, Box<Compiled>),
    /// Short-circuit `or`.
    Or(Box<Compiled>, Box<Compiled>),
    /// A comparison.
    Cmp(Cmp, Box<Compiled>, Box<Compiled>),
    /// Arithmetic (saturating; division by zero gives 0).
    Arith(Arith, Box<Compiled>, Box<Compiled>),
    /// Elements meeting the condition (tiles with their copies).
    Count(Collection, Box<Compiled>),
    /// Some element meets the condition.
    Any(Collection, Box<Compiled>),
    /// Every element meets the condition.
    All(Collection, Box<Compiled>),
    /// How many suits the elements use.
    Suits(Collection),
    /// How many distinct tiles.
    Kinds,
    /// The hand forms the special shape with this index.
    Shape(u32),
    /// The player did not go out, and one more tile would make the item with this index
    /// apply.
    Calling(u32),
}

impl Compiled {
    /// Calls `f` on this node and on every node below it.
    pub fn visit(&self, f: &mut impl FnMut(&Compiled)) {
        f(self);
        match self {
            Compiled::Not(a) | Compiled::Neg(a) => a.visit(f),
            Compiled::And(a, b)
            | Compiled::Or(a, b)
            | Compiled::Cmp(_, a, b)
            | Compiled::Arith(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Compiled::Count(_, a) | Compiled::Any(_, a) | Compiled::All(_, a) => a.visit(f),
            _ => {}
        }
    }

    /// True when this node or one below it is one that `found` looks for.
    pub fn mentions(&self, found: impl Fn(&Compiled) -> bool) -> bool {
        let mut seen = false;
        self.visit(&mut |c| seen |= found(c));
        seen
    }
}

/// Applies a comparison.
pub fn compare(op: Cmp, x: i64, y: i64) -> bool {
    match op {
        Cmp::Eq => x == y,
        Cmp::Ne => x != y,
        Cmp::Lt => x < y,
        Cmp::Le => x <= y,
        Cmp::Gt => x > y,
        Cmp::Ge => x >= y,
    }
}

/// Applies arithmetic, saturating; division by zero gives 0.
pub fn arith(op: Arith, x: i64, y: i64) -> i64 {
    match op {
        Arith::Add => x.saturating_add(y),
        Arith::Sub => x.saturating_sub(y),
        Arith::Mul => x.saturating_mul(y),
        // The one quotient too large, the most negative number over -1, saturates too.
        Arith::Div if y == 0 => 0,
        Arith::Div => x.saturating_div(y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_saturates_and_division_by_zero_gives_zero() {
        assert_eq!(arith(Arith::Div, i64::MIN, -1), i64::MAX);
        assert_eq!(arith(Arith::Div, 7, 0), 0);
        // Integer division rounds toward zero.
        assert_eq!(arith(Arith::Div, -7, 2), -3);
        assert_eq!(arith(Arith::Add, i64::MAX, 1), i64::MAX);
        assert_eq!(arith(Arith::Sub, i64::MIN, 1), i64::MIN);
        assert_eq!(arith(Arith::Mul, i64::MIN, 2), i64::MIN);
    }
}
