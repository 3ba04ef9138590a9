//! The checker and compiler: resolves every name, function, parameter and shape of an
//! expression, checks types and arity, and gives a [`Compiled`] tree, or every problem
//! found, each with its span in the expression text.

use std::ops::Range;

use super::ast::{BinOp, Expr, ExprKind};
use super::names::{self, ElemInt, Fact, HandInt};
use crate::diagnostic::{Diagnostic, did_you_mean};

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
    fn noun(self) -> &'static str {
        match self {
            Type::Bool => "a condition (true or false)",
            Type::Int => "a number",
            Type::Tile => "a tile",
            Type::Str => "a quoted name",
            Type::Collection => "a collection",
        }
    }
}

/// The value of a parameter, as the checker sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamValue {
    /// A number.
    Int(i64),
    /// Explicitly no value (`"none"`, e.g. a limit the text does not give).
    None,
}

/// What the checker knows besides the built-ins: the variant's parameters and shapes.
pub struct Env<'a> {
    /// The variant's parameters, by name.
    pub params: &'a [(String, ParamValue)],
    /// The ids of the variant's special shapes; `shape('id')` compiles to the index.
    pub shapes: &'a [String],
    /// The ids of the variant's items; `calling('id')` compiles to the index.
    pub items: &'a [String],
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

    /// The conjunction of two tests, when it is one test: at most two distinct groups of
    /// `any` bits between them, and no bit both required and forbidden (a mask keeps `all`
    /// and `none` apart, which [`Mask::test`] relies on).
    fn and(self, other: Mask) -> Option<Mask> {
        let (all, none) = (self.all | other.all, self.none | other.none);
        if all & none != 0 {
            return None;
        }
        let mut groups = [0u64; 2];
        let mut n = 0;
        for g in [self.any, self.any2, other.any, other.any2] {
            if g != 0 && !groups[..n].contains(&g) {
                *groups.get_mut(n)? = g;
                n += 1;
            }
        }
        Some(Mask {
            all,
            none,
            any: groups[0],
            any2: groups[1],
        })
    }

    /// The disjunction of two tests, when it is one test: each is a bit or one of some bits.
    fn or(self, other: Mask) -> Option<Mask> {
        let bits = |m: Mask| match m {
            Mask {
                all,
                none: 0,
                any: 0,
                any2: 0,
            } if all.count_ones() == 1 => Some(all),
            Mask {
                all: 0,
                none: 0,
                any,
                any2: 0,
            } if any != 0 => Some(any),
            _ => None,
        };
        Some(Mask::of(bits(self)? | bits(other)?))
    }

    /// The negation of a test, when it is one test: not (a bit), not (one of bits).
    fn not(self) -> Option<Mask> {
        match self {
            Mask {
                all,
                none: 0,
                any: 0,
                any2: 0,
            } if all.count_ones() == 1 => Some(Mask {
                none: all,
                ..Mask::default()
            }),
            Mask {
                all: 0,
                none: 0,
                any,
                any2: 0,
            } => Some(Mask {
                none: any,
                ..Mask::default()
            }),
            _ => None,
        }
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

/// Checks `expr` in `scope` and compiles it, expecting a value of type `expected`; or every
/// problem found, with its span in the expression text.
pub fn compile(
    expr: &Expr,
    scope: Scope,
    expected: Type,
    env: &Env<'_>,
) -> Result<Compiled, Vec<Diagnostic>> {
    let mut checker = Checker {
        env,
        errors: Vec::new(),
    };
    let result = checker.expr(expr, scope);
    if let Some((_, ty)) = &result
        && *ty != expected
    {
        checker.errors.push(
            Diagnostic::new(
                expr.span.clone(),
                format!("this expression must be {}", expected.noun()),
                format!("this is {}", ty.noun()),
            )
            .with_optional_help(match (expected, ty) {
                (Type::Bool, Type::Int) => Some("compare it: `… >= 1`".into()),
                _ => None,
            }),
        );
    }
    match result {
        Some((compiled, _)) if checker.errors.is_empty() => Ok(fold(compiled)),
        _ => Err(checker.errors),
    }
}

struct Checker<'a> {
    env: &'a Env<'a>,
    errors: Vec<Diagnostic>,
}

impl Checker<'_> {
    fn error(&mut self, span: Range<usize>, message: String, label: &str, help: Option<String>) {
        self.errors
            .push(Diagnostic::new(span, message, label).with_optional_help(help));
    }

    /// Checks one node; `None` after reporting a problem in it.
    fn expr(&mut self, expr: &Expr, scope: Scope) -> Option<(Compiled, Type)> {
        let span = expr.span.clone();
        match &expr.kind {
            ExprKind::Int(n) => Some((Compiled::Const(*n), Type::Int)),
            ExprKind::Bool(b) => Some((Compiled::Const(i64::from(*b)), Type::Bool)),
            ExprKind::Tile(t) => Some((Compiled::Const(t.index() as i64), Type::Tile)),
            ExprKind::Str(_) => {
                self.error(
                    span,
                    "a quoted name can only name a shape: `shape('…')`".into(),
                    "quoted name here",
                    None,
                );
                None
            }
            ExprKind::Name(name) => self.name(name, span, scope),
            ExprKind::Param(name) => self.param(name, span),
            ExprKind::Not(inner) => {
                let c = self.typed(inner, scope, Type::Bool, "`not` needs a condition")?;
                Some((Compiled::Not(Box::new(c)), Type::Bool))
            }
            ExprKind::Neg(inner) => {
                let c = self.typed(inner, scope, Type::Int, "`-` needs a number")?;
                Some((Compiled::Neg(Box::new(c)), Type::Int))
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, scope),
            ExprKind::Call(name, name_span, args) => self.call(name, name_span.clone(), args, span),
        }
    }

    /// Checks a node that must have type `ty`.
    fn typed(&mut self, expr: &Expr, scope: Scope, ty: Type, why: &str) -> Option<Compiled> {
        let (c, found) = self.expr(expr, scope)?;
        if found != ty {
            self.error(
                expr.span.clone(),
                format!("{why}; this is {}", found.noun()),
                &format!("expected {}", ty.noun()),
                None,
            );
            return None;
        }
        Some(c)
    }

    fn name(&mut self, name: &str, span: Range<usize>, scope: Scope) -> Option<(Compiled, Type)> {
        if let Some(def) = names::lookup(name) {
            let valid = def.scopes.contains(&Scope::Hand) || def.scopes.contains(&scope);
            if !valid && def.scopes[0] == Scope::Payment {
                self.error(
                    span,
                    format!(
                        "`{name}` describes a payment, but here the expression looks at {}",
                        scope.noun()
                    ),
                    "not available here",
                    Some("payment names are for the conditions of `[[payments.doubles]]`".into()),
                );
                return None;
            }
            if !valid {
                let wanted = def.scopes[0];
                let help = format!(
                    "look at each {}: `count({}, {name})`, `any({}, {name})` or `for-each = \"{}\"`",
                    wanted
                        .noun()
                        .trim_start_matches("a ")
                        .trim_start_matches("an "),
                    wanted.collection(),
                    wanted.collection(),
                    match wanted {
                        Scope::Set => "set",
                        Scope::Tile => "tile",
                        _ => "bonus",
                    }
                );
                self.error(
                    span,
                    format!(
                        "`{name}` describes {}, but here the expression looks at {}",
                        wanted.noun(),
                        scope.noun()
                    ),
                    "not available here",
                    Some(help),
                );
                return None;
            }
            let compiled = match def.fact {
                Fact::HandFlag(m) => Compiled::HandMask(Mask::of(m)),
                Fact::HandInt(i) => Compiled::HandInt(i),
                Fact::ElemFlag(m) => Compiled::ElemMask(Mask::of(m)),
                Fact::ElemInt(i) => Compiled::ElemInt(i),
            };
            return Some((compiled, def.ty));
        }
        if names::collection(name).is_some() {
            self.error(
                span,
                format!("`{name}` is a collection; it can only be looked through"),
                "a collection",
                Some(format!(
                    "write `count({name}, …)`, `any({name}, …)` or `all({name}, …)`"
                )),
            );
            return None;
        }
        let known = names::NAMES
            .iter()
            .filter(|n| n.scopes.contains(&Scope::Hand) || n.scopes.contains(&scope))
            .map(|n| n.name);
        let help = did_you_mean(name, known).map(|s| format!("did you mean `{s}`?"));
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            self.error(
                span,
                format!("`{name}` is not a tile"),
                "not a tile",
                Some("suits run from 1 to 9 (`m`, `p`, `s`), honours from `1z` to `7z`".into()),
            );
            return None;
        }
        self.error(
            span,
            format!("unknown name `{name}`"),
            "not a known fact",
            help.or_else(|| Some("the names are listed in docs/rule-language.md".into())),
        );
        None
    }

    fn param(&mut self, name: &str, span: Range<usize>) -> Option<(Compiled, Type)> {
        match self.env.params.iter().find(|(n, _)| n == name) {
            Some((_, ParamValue::Int(v))) => Some((Compiled::Const(*v), Type::Int)),
            Some((_, ParamValue::None)) => {
                self.error(
                    span,
                    format!("`${name}` is \"none\" in this variant, not a number"),
                    "no value",
                    Some(format!("give `{name}` a number in `[params]`")),
                );
                None
            }
            None => {
                let help = did_you_mean(name, self.env.params.iter().map(|(n, _)| n.as_str()))
                    .map(|s| format!("did you mean `${s}`?"))
                    .or_else(|| Some("parameters are declared in `[params]`".into()));
                self.error(
                    span,
                    format!("unknown parameter `${name}`"),
                    "not in `[params]`",
                    help,
                );
                None
            }
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, scope: Scope) -> Option<(Compiled, Type)> {
        let left = self.expr(a, scope);
        let right = self.expr(b, scope);
        let ((ca, ta), (cb, tb)) = (left?, right?);
        let (ca, cb) = (Box::new(ca), Box::new(cb));
        let mismatch = |this: &mut Self, wanted: &str| {
            this.error(
                a.span.start..b.span.end,
                format!(
                    "`{}` {wanted}; here it has {} and {}",
                    op.symbol(),
                    ta.noun(),
                    tb.noun()
                ),
                "types do not fit",
                None,
            );
        };
        match op {
            BinOp::And | BinOp::Or => {
                if ta != Type::Bool || tb != Type::Bool {
                    mismatch(self, "needs conditions on both sides");
                    return None;
                }
                let node = if op == BinOp::And {
                    Compiled::And(ca, cb)
                } else {
                    Compiled::Or(ca, cb)
                };
                Some((node, Type::Bool))
            }
            BinOp::Eq | BinOp::Ne => {
                if ta != tb || !matches!(ta, Type::Int | Type::Tile | Type::Bool) {
                    mismatch(self, "compares two numbers, two tiles or two conditions");
                    return None;
                }
                let cmp = if op == BinOp::Eq { Cmp::Eq } else { Cmp::Ne };
                Some((Compiled::Cmp(cmp, ca, cb), Type::Bool))
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                if ta != Type::Int || tb != Type::Int {
                    mismatch(self, "compares two numbers");
                    return None;
                }
                let cmp = match op {
                    BinOp::Lt => Cmp::Lt,
                    BinOp::Le => Cmp::Le,
                    BinOp::Gt => Cmp::Gt,
                    _ => Cmp::Ge,
                };
                Some((Compiled::Cmp(cmp, ca, cb), Type::Bool))
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div => {
                if ta != Type::Int || tb != Type::Int {
                    mismatch(self, "works on two numbers");
                    return None;
                }
                let arith = match op {
                    BinOp::Add => Arith::Add,
                    BinOp::Sub => Arith::Sub,
                    BinOp::Mul => Arith::Mul,
                    _ => Arith::Div,
                };
                Some((Compiled::Arith(arith, ca, cb), Type::Int))
            }
        }
    }

    fn call(
        &mut self,
        name: &str,
        name_span: Range<usize>,
        args: &[Expr],
        span: Range<usize>,
    ) -> Option<(Compiled, Type)> {
        let Some(function) = names::FUNCTIONS.iter().find(|f| f.name == name) else {
            let help = did_you_mean(name, names::FUNCTIONS.iter().map(|f| f.name))
                .map(|s| format!("did you mean `{s}`?"))
                .unwrap_or_else(|| {
                    let all: Vec<&str> = names::FUNCTIONS.iter().map(|f| f.name).collect();
                    format!("the functions are {}", all.join(", "))
                });
            self.error(
                name_span,
                format!("unknown function `{name}`"),
                "not a function",
                Some(help),
            );
            return None;
        };
        let arity_ok = match name {
            "count" => matches!(args.len(), 1 | 2),
            "any" | "all" => args.len() == 2,
            _ => args.len() == 1,
        };
        if !arity_ok {
            self.error(
                span,
                format!(
                    "`{name}` takes {}, not {} argument{}",
                    function.signature,
                    args.len(),
                    if args.len() == 1 { "" } else { "s" }
                ),
                "wrong number of arguments",
                Some(function.doc.to_string()),
            );
            return None;
        }
        if name == "shape" {
            return self.shape(&args[0]);
        }
        if name == "calling" {
            return self.calling(&args[0]);
        }
        let (collection, inner_scope) = self.collection(&args[0])?;
        match name {
            "suits" => return Some((Compiled::Suits(collection), Type::Int)),
            "kinds" => {
                if collection != Collection::Tiles {
                    self.error(
                        args[0].span.clone(),
                        "`kinds` counts distinct tiles: `kinds(tiles)`".into(),
                        "expected `tiles`",
                        None,
                    );
                    return None;
                }
                return Some((Compiled::Kinds, Type::Int));
            }
            _ => {}
        }
        let condition = match args.get(1) {
            Some(arg) => Box::new(self.typed(
                arg,
                inner_scope,
                Type::Bool,
                &format!("the condition of `{name}` must be true or false"),
            )?),
            None => Box::new(Compiled::Const(1)),
        };
        Some(match name {
            "count" => (Compiled::Count(collection, condition), Type::Int),
            "any" => (Compiled::Any(collection, condition), Type::Bool),
            _ => (Compiled::All(collection, condition), Type::Bool),
        })
    }

    fn collection(&mut self, arg: &Expr) -> Option<(Collection, Scope)> {
        let found = match &arg.kind {
            ExprKind::Name(n) => names::collection(n),
            _ => None,
        };
        let Some(scope) = found else {
            self.error(
                arg.span.clone(),
                "expected a collection: `sets`, `tiles` or `bonus`".into(),
                "not a collection",
                None,
            );
            return None;
        };
        let collection = match scope {
            Scope::Set => Collection::Sets,
            Scope::Tile => Collection::Tiles,
            _ => Collection::Bonus,
        };
        Some((collection, scope))
    }

    fn calling(&mut self, arg: &Expr) -> Option<(Compiled, Type)> {
        let ExprKind::Str(id) = &arg.kind else {
            self.error(
                arg.span.clone(),
                "`calling` takes the id of an item in quotes: `calling('gates-of-heaven')`".into(),
                "expected a quoted id",
                None,
            );
            return None;
        };
        match self.env.items.iter().position(|s| s == id) {
            Some(i) => Some((Compiled::Calling(i as u32), Type::Bool)),
            None => {
                let help = did_you_mean(id, self.env.items.iter().map(String::as_str))
                    .map(|s| format!("did you mean `{s}`?"))
                    .or_else(|| Some("`calling` names an item of this variant".into()));
                self.error(
                    arg.span.clone(),
                    format!("unknown item `{id}`"),
                    "not an item of this variant",
                    help,
                );
                None
            }
        }
    }

    fn shape(&mut self, arg: &Expr) -> Option<(Compiled, Type)> {
        let ExprKind::Str(id) = &arg.kind else {
            self.error(
                arg.span.clone(),
                "`shape` takes the id of a shape in quotes: `shape('thirteen-orphans')`".into(),
                "expected a quoted id",
                None,
            );
            return None;
        };
        match self.env.shapes.iter().position(|s| s == id) {
            Some(i) => Some((Compiled::Shape(i as u32), Type::Bool)),
            None => {
                let help = did_you_mean(id, self.env.shapes.iter().map(String::as_str))
                    .map(|s| format!("did you mean `{s}`?"))
                    .or_else(|| Some("shapes are declared with `[[shapes]]`".into()));
                self.error(
                    arg.span.clone(),
                    format!("unknown shape `{id}`"),
                    "not a shape of this variant",
                    help,
                );
                None
            }
        }
    }
}

/// Folds constant sub-expressions (parameters are constants by now), and conjunctions,
/// disjunctions and negations of flag tests into one [`Mask`] where they make one.
fn fold(node: Compiled) -> Compiled {
    use Compiled::*;
    match node {
        Not(a) => match fold(*a) {
            Const(v) => Const(i64::from(v == 0)),
            HandMask(m) if m.not().is_some() => HandMask(m.not().expect("checked")),
            ElemMask(m) if m.not().is_some() => ElemMask(m.not().expect("checked")),
            a => Not(Box::new(a)),
        },
        Neg(a) => match fold(*a) {
            Const(v) => Const(v.saturating_neg()),
            a => Neg(Box::new(a)),
        },
        Arith(op, a, b) => match (fold(*a), fold(*b)) {
            (Const(x), Const(y)) => Const(super::eval::arith(op, x, y)),
            (a, b) => Arith(op, Box::new(a), Box::new(b)),
        },
        Cmp(op, a, b) => match (fold(*a), fold(*b)) {
            (Const(x), Const(y)) => Const(i64::from(super::eval::compare(op, x, y))),
            // `count(c, x) == 0` is `not any(c, x)`, which can often be read from aggregates.
            (Count(c, x), Const(0)) if op == self::Cmp::Eq => Not(Box::new(Any(c, x))),
            (a, b) => Cmp(op, Box::new(a), Box::new(b)),
        },
        And(a, b) => match (fold(*a), fold(*b)) {
            (HandMask(x), HandMask(y)) if x.and(y).is_some() => {
                HandMask(x.and(y).expect("checked"))
            }
            (ElemMask(x), ElemMask(y)) if x.and(y).is_some() => {
                ElemMask(x.and(y).expect("checked"))
            }
            (a, b) => And(Box::new(a), Box::new(b)),
        },
        Or(a, b) => match (fold(*a), fold(*b)) {
            (HandMask(x), HandMask(y)) if x.or(y).is_some() => HandMask(x.or(y).expect("checked")),
            (ElemMask(x), ElemMask(y)) if x.or(y).is_some() => ElemMask(x.or(y).expect("checked")),
            (a, b) => Or(Box::new(a), Box::new(b)),
        },
        Count(c, a) => Count(c, Box::new(fold(*a))),
        Any(c, a) => Any(c, Box::new(fold(*a))),
        All(c, a) => All(c, Box::new(fold(*a))),
        other => other,
    }
}

/// `text` compiled as a condition in `scope`, with no parameters, shapes or items to name
/// (for tests; panics on a mistake).
#[cfg(test)]
pub(crate) fn test_condition(text: &str, scope: Scope) -> Compiled {
    let env = Env {
        params: &[],
        shapes: &[],
        items: &[],
    };
    compile(&super::parse(text).unwrap(), scope, Type::Bool, &env).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::predicate::eval::{Elem, Facts};
    use crate::predicate::names::elem;

    fn set_condition(text: &str) -> Compiled {
        test_condition(text, Scope::Set)
    }

    #[test]
    fn a_flag_both_required_and_forbidden_is_not_one_mask() {
        // `Mask::test` reads `all` and `none` with one comparison, which would pass a pung
        // here: the conjunction stays two tests, and no set meets it.
        let c = set_condition("pung and dragon and not pung");
        assert!(!matches!(c, Compiled::ElemMask(_)), "{c:?}");
        let facts = Facts::new(0, -1, 0, &[], &[], &[]);
        let pung = Elem {
            flags: elem::PUNG | elem::DRAGON,
            ..Elem::default()
        };
        assert!(!c.holds(&facts, pung));
        assert!(set_condition("pung and dragon").holds(&facts, pung));
    }

    #[test]
    fn flag_tests_fold_into_one_mask_where_they_make_one() {
        let mask = |all, none, any| {
            Compiled::ElemMask(Mask {
                all,
                none,
                any,
                any2: 0,
            })
        };
        assert_eq!(
            set_condition("pung and simple and not exposed"),
            mask(elem::PUNG | elem::SIMPLE, elem::EXPOSED, 0)
        );
        // A disjunction of bits is one test, and joins a conjunction with no other `any`.
        let Compiled::ElemMask(m) = set_condition("pair and (dragon or own_wind)") else {
            panic!("not one mask");
        };
        assert_eq!((m.all, m.none), (elem::PAIR, 0));
        assert_eq!(
            m.any & (elem::DRAGON | elem::OWN_WIND),
            elem::DRAGON | elem::OWN_WIND
        );
        assert_eq!(set_condition("dragon or dragon"), mask(elem::DRAGON, 0, 0));
        // Two disjunctions are one test, three are two.
        let Compiled::ElemMask(m) = set_condition("(pung or kong) and (concealed or claimed)")
        else {
            panic!("not one mask");
        };
        assert_eq!(
            (m.any, m.any2),
            (elem::PUNG | elem::KONG, elem::CONCEALED | elem::CLAIMED)
        );
        // A disjunction with a negation, three disjunctions, a number: more than one test.
        for text in [
            "(pung or kong) and (concealed or claimed) and (dragon or wind)",
            "dragon or not exposed",
            "dragon or number == 1",
        ] {
            assert!(
                matches!(set_condition(text), Compiled::And(..) | Compiled::Or(..)),
                "{text}"
            );
        }
    }
}
