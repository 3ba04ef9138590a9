//! The checker: resolves every name, function, parameter and shape of an expression against
//! the table of built-ins and the variant, checks types and arity, and gives a [`Compiled`]
//! tree, or every problem found, each with its span in the expression text.

use std::ops::Range;

use super::ast::{BinOp, Binding, Expr, ExprKind, Named};
use super::builtins::{self, Args, Fact, Function, Param};
use super::compiled::{
    Arith, Cmp, Collection, Compiled, HandInt, MAX_BOUND, MAX_NAMED, Mask, Quantifier, Scope,
    Tuples, Type,
};
use super::facts::hand;
use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::document::quoted_list;

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
    /// The ids of the variant's blocks; `block('id')` compiles to the index.
    pub blocks: &'a [String],
    /// The ids of the variant's items; `calling('id')` and `fired('id')` compile to the
    /// index.
    pub items: &'a [String],
    /// The tags of the variant's items; `sum('tag')` compiles to the index.
    pub tags: &'a [String],
    /// Whether the items' results may be read (`sum`, `best`, `fired`, a unit by name): in
    /// items and requirements, not in shapes (found before any item) nor in payments.
    pub results_known: bool,
    /// The variant's units (a `formula` variant's), each also a tag: a unit's name reads
    /// the sum of its items, as `sum('unit')` does.
    pub units: &'a [String],
    /// The values of the score that may be read here, by index: those worked out before.
    pub values: &'a [String],
    /// Every value of the score, for a message when one is read where it is not known.
    pub all_values: &'a [String],
    /// Whether `shape(…)` and `wait_count` may be asked: not in a shape's own condition, as
    /// the shapes are all found from the tiles at once (none is known while they are), and
    /// the wait count is made of them.
    pub shapes_known: bool,
    /// Whether the facts of a reading may be read (its sets, the shape of its wait, its
    /// special shape, the items' results): not in a refusal's condition, which looks at the
    /// hand as given.
    pub reading_known: bool,
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
        quantifiers: 0,
        named: Vec::new(),
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
        Some((compiled, _)) if checker.errors.is_empty() => Ok(fold_constants(compiled)),
        _ => Err(checker.errors),
    }
}

/// The elements an item looks at together (`for-each = "a, b in sets"`), checked: their
/// names, each with the scope of its element, and the collection.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The names, in order, as written.
    pub binding: Binding,
    /// The collection they are elements of.
    pub collection: Collection,
    /// The scope of its elements.
    pub scope: Scope,
}

impl Group {
    /// The checker of an item's condition or value over the group: its names in scope, and
    /// one quantifier deep (the group is looked through as a quantifier's elements are).
    fn checker<'a>(&self, env: &'a Env<'a>) -> Checker<'a> {
        Checker {
            env,
            errors: Vec::new(),
            quantifiers: 1,
            named: (self.binding.names.iter())
                .map(|n| (n.name.clone(), self.scope))
                .collect(),
        }
    }
}

/// Checks the names of a group and the collection they are elements of; or every problem,
/// with its span in the text of the group.
pub fn check_group(binding: &Binding, env: &Env<'_>) -> Result<Group, Vec<Diagnostic>> {
    let mut checker = Checker {
        env,
        errors: Vec::new(),
        quantifiers: 0,
        named: Vec::new(),
    };
    let count = builtins::function("count").expect("`count` is a built-in");
    match checker.bind(binding, count) {
        Some((_, row)) if checker.errors.is_empty() => Ok(Group {
            binding: binding.clone(),
            collection: row.collection,
            scope: row.scope,
        }),
        _ => Err(checker.errors),
    }
}

/// Checks and compiles the condition of an item over `group`: some group of its elements
/// meets `condition` (read as `any(a, b in sets, CONDITION)`, whose conjuncts say which
/// groups match); or every problem, with its span in the condition's text.
pub fn compile_group_condition(
    group: &Group,
    condition: &Expr,
    env: &Env<'_>,
) -> Result<Compiled, Vec<Diagnostic>> {
    let mut checker = group.checker(env);
    let checked = checker.typed(
        condition,
        Scope::Hand,
        Type::Bool,
        "the condition of an item must be true or false",
    );
    let tuples = checked.and_then(|c| {
        checker.tuples(
            Quantifier::Any,
            group.collection,
            0,
            &group.binding,
            c,
            condition,
        )
    });
    match tuples {
        Some(t) if checker.errors.is_empty() => Ok(Compiled::Tuples(Box::new(t))),
        _ => Err(checker.errors),
    }
}

/// Checks `expr`, read on one group of `group`'s elements (its names in scope), and compiles
/// it, expecting a value of type `expected`; or every problem, with its span in the
/// expression text.
pub fn compile_in_group(
    group: &Group,
    expr: &Expr,
    expected: Type,
    env: &Env<'_>,
) -> Result<Compiled, Vec<Diagnostic>> {
    let mut checker = group.checker(env);
    let checked = checker.typed(
        expr,
        Scope::Hand,
        expected,
        &format!("this expression must be {}", expected.noun()),
    );
    match checked {
        Some(compiled) if checker.errors.is_empty() => Ok(fold_constants(compiled)),
        _ => Err(checker.errors),
    }
}

struct Checker<'a> {
    env: &'a Env<'a>,
    errors: Vec<Diagnostic>,
    /// How many `count`, `any` and `all` the node being checked lies inside.
    quantifiers: usize,
    /// The elements named by the quantifiers around the node, outermost first: each name
    /// with the scope of its element; a name's slot is its position.
    named: Vec<(String, Scope)>,
}

/// How deep `count`, `any` and `all` may nest: each looks at every element for each element
/// of the one around it, so the work of a condition grows as a power of its nesting.
pub const MAX_QUANTIFIERS: usize = 3;

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
            ExprKind::Field(element, fact) => self.field(element, fact),
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
            ExprKind::Call(name, name_span, binding, args) => match binding {
                Some(binding) => self.groups(name, name_span.clone(), binding, args, span, scope),
                None => self.call(name, name_span.clone(), args, span, scope),
            },
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
        if self.named.iter().any(|(n, _)| n == name) {
            self.error(
                span,
                format!("`{name}` names an element; read one of its facts"),
                "an element, not a fact",
                Some(format!("for example `{name}.tile` or `{name}.number`")),
            );
            return None;
        }
        if let Some(i) = self.env.values.iter().position(|v| v == name) {
            return Some((Compiled::Value(i as u32), Type::Int));
        }
        if self.env.units.iter().any(|u| u == name) {
            self.reading_known(&format!("the unit `{name}`"), span.clone())?;
            return self.unit(name, span);
        }
        if self.env.all_values.iter().any(|v| v == name) {
            self.error(
                span,
                format!("the value `{name}` is not worked out yet here"),
                "read too soon",
                Some(
                    "the values are worked out in order once the items have counted: a value \
                     reads those before it, a tier those up to the one it replaces, `prefer` \
                     and payments every one; items, requirements and shapes none"
                        .into(),
                ),
            );
            return None;
        }
        if let Some(def) = builtins::lookup(name) {
            let valid = def.scopes.contains(&Scope::Hand) || def.scopes.contains(&scope);
            if !valid && matches!(def.scopes[0], Scope::Payment | Scope::Deal) {
                let (what, help) = if def.scopes[0] == Scope::Payment {
                    (
                        "a payment",
                        "payment names are for `amount`, `pot` and the conditions of \
                         `[[payments.doubles]]`",
                    )
                } else {
                    (
                        "the table after a deal",
                        "these names are for `dealer-keeps` and `counters` of `[game]`",
                    )
                };
                self.error(
                    span,
                    format!(
                        "`{name}` describes {what}, but here the expression looks at {}",
                        scope.noun()
                    ),
                    "not available here",
                    Some(help.into()),
                );
                return None;
            }
            if !valid {
                let wanted = def.scopes[0];
                // A named element of that kind in scope is what was most likely meant.
                let named = (self.named.iter().rev())
                    .find(|(_, s)| *s == wanted)
                    .map(|(n, _)| n.clone());
                let help = if let Some(n) = named {
                    format!("read it on a named element: `{n}.{name}`")
                } else {
                    format!(
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
                    )
                };
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
            let of_a_reading = match def.fact {
                Fact::HandFlag(m) => m & hand::READING != 0,
                Fact::HandInt(i) => i == HandInt::WaitCount,
                _ => false,
            };
            if of_a_reading {
                self.reading_known(&format!("`{name}`"), span.clone())?;
            }
            if def.fact == Fact::HandInt(HandInt::WaitCount) && !self.env.shapes_known {
                self.error(
                    span,
                    "a shape's condition cannot read `wait_count`".into(),
                    "counted with the shapes",
                    Some(
                        "`wait_count` counts the tiles that complete the hand as four sets and \
                         a pair or as one of the special shapes, so no shape can depend on it"
                            .into(),
                    ),
                );
                return None;
            }
            let compiled = match def.fact {
                Fact::HandFlag(m) => Compiled::HandMask(Mask::of(m)),
                Fact::HandInt(i) => Compiled::HandInt(i),
                Fact::ElemFlag(m) => Compiled::ElemMask(Mask::of(m)),
                Fact::ElemInt(i) => Compiled::ElemInt(i),
                Fact::PaymentInt(i) => Compiled::PaymentInt(i),
            };
            return Some((compiled, def.ty));
        }
        if builtins::collection(name).is_some() {
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
        let known = builtins::NAMES
            .iter()
            .filter(|n| n.scopes.contains(&Scope::Hand) || n.scopes.contains(&scope))
            .map(|n| n.name)
            .chain(self.env.values.iter().map(String::as_str))
            .chain(self.env.units.iter().map(String::as_str));
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

    /// A unit read by name: the sum of its items, where the items' results are known.
    fn unit(&mut self, name: &str, span: Range<usize>) -> Option<(Compiled, Type)> {
        if !self.env.results_known {
            self.error(
                span,
                format!("`{name}` adds up items, which are not counted yet here"),
                "no results here",
                Some(
                    "a unit is read by items, requirements, values and tiers; shapes are found \
                     before any item counts, and payments read the values of the score"
                        .into(),
                ),
            );
            return None;
        }
        let tag = self.env.tags.iter().position(|t| t == name)?;
        Some((Compiled::Sum(tag as u32), Type::Int))
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

    /// The built-in function called `name`, or a report that there is none.
    fn function(&mut self, name: &str, name_span: Range<usize>) -> Option<&'static Function> {
        let Some(function) = builtins::function(name) else {
            let help = did_you_mean(name, builtins::FUNCTIONS.iter().map(|f| f.name))
                .map(|s| format!("did you mean `{s}`?"))
                .unwrap_or_else(|| {
                    let all: Vec<&str> = builtins::FUNCTIONS.iter().map(|f| f.name).collect();
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
        Some(function)
    }

    fn call(
        &mut self,
        name: &str,
        name_span: Range<usize>,
        args: &[Expr],
        span: Range<usize>,
        scope: Scope,
    ) -> Option<(Compiled, Type)> {
        let function = self.function(name, name_span)?;
        if !function.arity().contains(&args.len()) {
            self.error(
                span,
                format!(
                    "`{name}` takes {}, not {} argument{}",
                    function.signature(),
                    args.len(),
                    if args.len() == 1 { "" } else { "s" }
                ),
                "wrong number of arguments",
                Some(function.doc.to_string()),
            );
            return None;
        }
        let mut checked = Args {
            collection: Collection::Sets,
            condition: Compiled::Const(1),
            id: 0,
            values: Vec::new(),
        };
        let mut inner_scope = Scope::Hand;
        let mut result = function.result;
        let mut first_branch: Option<Type> = None;
        let mut failed = false;
        for (param, arg) in function.params.iter().zip(args) {
            match param {
                Param::Collection => {
                    let row = self.collection(function, arg)?;
                    checked.collection = row.collection;
                    inner_scope = row.scope;
                }
                Param::Condition => {
                    checked.condition = self.quantified(name, arg, inner_scope, span.clone())?;
                }
                Param::Shape | Param::Block | Param::Item | Param::ItemResult | Param::Tag
                    if !self.env.reading_known =>
                {
                    self.reading_known(&format!("`{name}`"), span.clone())?;
                }
                Param::Shape => checked.id = self.shape(arg)?,
                Param::Block => checked.id = self.block(arg)?,
                Param::Item => checked.id = self.item(name, arg)?,
                Param::ItemResult => {
                    self.results_known(name, span.clone())?;
                    checked.id = self.item(name, arg)?;
                }
                Param::Tag => {
                    self.results_known(name, span.clone())?;
                    checked.id = self.tag(arg)?;
                }
                Param::Value(ty) => {
                    let why = format!("this argument of `{name}` must be {}", ty.noun());
                    match self.typed(arg, scope, *ty, &why) {
                        Some(c) => checked.values.push(c),
                        None => failed = true,
                    }
                }
                Param::Branch => match self.expr(arg, scope) {
                    Some((c, ty)) => {
                        match first_branch {
                            None if matches!(ty, Type::Str | Type::Collection) => {
                                self.error(
                                    arg.span.clone(),
                                    format!(
                                        "`{name}` chooses between numbers, tiles or conditions"
                                    ),
                                    &format!("this is {}", ty.noun()),
                                    None,
                                );
                                failed = true;
                            }
                            None => first_branch = Some(ty),
                            Some(first) if first != ty => {
                                self.error(
                                    arg.span.clone(),
                                    format!(
                                        "both choices of `{name}` must have one type; the first is {}",
                                        first.noun()
                                    ),
                                    &format!("this is {}", ty.noun()),
                                    None,
                                );
                                failed = true;
                            }
                            Some(_) => {}
                        }
                        result = first_branch.unwrap_or(result);
                        checked.values.push(c);
                    }
                    None => failed = true,
                },
            }
        }
        if failed {
            return None;
        }
        Some(((function.build)(checked), result))
    }

    /// The condition of the quantifier `name` (called at `span`), checked in `scope` one
    /// quantifier deeper; `None` after reporting a problem in it, or that it nests too deep.
    fn quantified(
        &mut self,
        name: &str,
        condition: &Expr,
        scope: Scope,
        span: Range<usize>,
    ) -> Option<Compiled> {
        if self.quantifiers == MAX_QUANTIFIERS {
            self.error(
                span,
                format!("`count`, `any` and `all` may nest at most {MAX_QUANTIFIERS} deep"),
                "one too deep",
                Some(
                    "each looks through its collection for every element of the one around \
                     it; a condition on the element needs no other"
                        .into(),
                ),
            );
            return None;
        }
        self.quantifiers += 1;
        let checked = self.typed(
            condition,
            scope,
            Type::Bool,
            &format!("the condition of `{name}` must be true or false"),
        );
        self.quantifiers -= 1;
        checked
    }

    /// A fact of a named element: `a.number`.
    fn field(&mut self, element: &Named, fact: &Named) -> Option<(Compiled, Type)> {
        let Some(slot) = self.named.iter().rposition(|(n, _)| *n == element.name) else {
            let help = did_you_mean(&element.name, self.named.iter().map(|(n, _)| n.as_str()))
                .map(|s| format!("did you mean `{s}`?"))
                .unwrap_or_else(|| {
                    "name elements in a quantifier around it: `any(a, b in sets, a.tile == b.tile)`"
                        .into()
                });
            self.error(
                element.span.clone(),
                format!("`{}` is not the name of an element here", element.name),
                "not named",
                Some(help),
            );
            return None;
        };
        let scope = self.named[slot].1;
        if let Some(def) = builtins::lookup(&fact.name)
            && def.scopes.contains(&Scope::Hand)
        {
            self.error(
                fact.span.clone(),
                format!("`{}` is a fact of the hand, not of an element", fact.name),
                "a fact of the hand",
                Some(format!("write `{}` alone", fact.name)),
            );
            return None;
        }
        let (compiled, ty) = self.name(&fact.name, fact.span.clone(), scope)?;
        Some((Compiled::Named(slot as u8, Box::new(compiled)), ty))
    }

    /// A quantifier over groups of named elements: `count(a, b in sets, CONDITION)`.
    fn groups(
        &mut self,
        name: &str,
        name_span: Range<usize>,
        binding: &Binding,
        args: &[Expr],
        span: Range<usize>,
        scope: Scope,
    ) -> Option<(Compiled, Type)> {
        let function = self.function(name, name_span.clone())?;
        let Some(quantifier) = function.quantifier else {
            self.error(
                name_span,
                format!("`{name}` cannot name elements; `count`, `any` and `all` can"),
                "names no elements",
                Some(format!("`{name}` is called as {}", function.signature())),
            );
            return None;
        };
        let [condition] = args else {
            self.error(
                span,
                format!(
                    "`{name}` with named elements takes one condition after them: \
                     `{name}(a, b in sets, CONDITION)`"
                ),
                "wrong number of arguments",
                None,
            );
            return None;
        };
        let (first, row) = self.bind(binding, function)?;
        let checked = self.quantified(name, condition, scope, span);
        self.named.truncate(first);
        let tuples = self.tuples(
            quantifier,
            row.collection,
            first,
            binding,
            checked?,
            condition,
        )?;
        let result = match quantifier {
            Quantifier::Count => Type::Int,
            Quantifier::Any | Quantifier::All => Type::Bool,
        };
        Some((Compiled::Tuples(Box::new(tuples)), result))
    }

    /// Checks the names of `binding` and the collection they are elements of, which
    /// `function` must look through, and puts the names in scope; the slot of the first and
    /// the collection, or `None` after reporting a problem.
    fn bind(
        &mut self,
        binding: &Binding,
        function: &Function,
    ) -> Option<(usize, &'static builtins::CollectionRow)> {
        let names = &binding.names;
        let whole = names[0].span.start..binding.collection.span.end;
        if names.len() > MAX_NAMED {
            self.error(
                whole,
                format!("a quantifier may name at most {MAX_NAMED} elements"),
                "too many names",
                None,
            );
            return None;
        }
        if self.named.len() + names.len() > MAX_BOUND {
            self.error(
                whole,
                format!(
                    "at most {MAX_BOUND} named elements may be in scope at once, the \
                     quantifiers around this one included"
                ),
                "too many names",
                None,
            );
            return None;
        }
        let mut fine = true;
        for (k, n) in names.iter().enumerate() {
            let taken = if names[..k].iter().any(|m| m.name == n.name)
                || self.named.iter().any(|(m, _)| *m == n.name)
            {
                Some("it is already the name of an element here".to_string())
            } else if builtins::lookup(&n.name).is_some() || builtins::collection(&n.name).is_some()
            {
                Some("it is a built-in name".to_string())
            } else if ["and", "or", "not", "true", "false", "in"].contains(&n.name.as_str()) {
                Some("it is a word of the language".to_string())
            } else {
                None
            };
            if let Some(why) = taken {
                self.error(
                    n.span.clone(),
                    format!("`{}` cannot name an element: {why}", n.name),
                    "choose another name",
                    Some("short names such as `a`, `b`, `c` read well".into()),
                );
                fine = false;
            }
        }
        let collection_expr = Expr {
            kind: ExprKind::Name(binding.collection.name.clone()),
            span: binding.collection.span.clone(),
        };
        let row = self.collection(function, &collection_expr)?;
        if !fine {
            return None;
        }
        let first = self.named.len();
        self.named
            .extend(names.iter().map(|n| (n.name.clone(), row.scope)));
        Some((first, row))
    }

    /// The quantifier over the names of `binding` (from slot `first`) whose condition,
    /// `condition` as written, is `checked`: its conjuncts, each filed under the last of the
    /// names it reads; `None` after reporting that it does not read every name.
    fn tuples(
        &mut self,
        quantifier: Quantifier,
        collection: Collection,
        first: usize,
        binding: &Binding,
        checked: Compiled,
        condition: &Expr,
    ) -> Option<Tuples> {
        let names = &binding.names;
        let checked = fold_constants(checked);
        // Each conjunct waits for the last of this quantifier's names it reads.
        let mut conjuncts = Vec::new();
        let mut reads = 0u32;
        for c in split_and(checked) {
            let (mut last, mut its) = (0u8, 0u32);
            c.visit(&mut |node| {
                if let Compiled::Named(slot, _) = node
                    && (first..first + names.len()).contains(&usize::from(*slot))
                {
                    let local = *slot - first as u8;
                    last = last.max(local);
                    its |= 1 << local;
                }
            });
            reads |= its;
            // A conjunct that reads one name alone says which elements that name may take.
            conjuncts.push((last, its == 1 << last, c));
        }
        // By the name each waits for; for a name, those that read it alone first (they say
        // which elements it may take, and are the first to fail).
        conjuncts.sort_by_key(|(waits_for, alone, _)| (*waits_for, !*alone));
        let alone = conjuncts.iter().map(|(_, alone, _)| *alone).collect();
        let conjuncts: Vec<(u8, Compiled)> =
            conjuncts.into_iter().map(|(w, _, c)| (w, c)).collect();
        let unread: Vec<&str> = (names.iter().enumerate())
            .filter(|(k, _)| reads & (1 << k) == 0)
            .map(|(_, n)| n.name.as_str())
            .collect();
        if !unread.is_empty() {
            self.error(
                condition.span.clone(),
                format!(
                    "the condition never reads {}",
                    quoted_list(&unread)
                ),
                "does not read every named element",
                Some(format!(
                    "each named element must take part: `{}.tile`, …; to count single elements, name one",
                    unread[0]
                )),
            );
            return None;
        }
        let (first, arity) = (first as u8, names.len() as u8);
        Some(Tuples {
            quantifier,
            collection,
            first,
            arity,
            symmetric: super::symmetry::symmetric(first, arity, &conjuncts),
            conjuncts,
            alone,
        })
    }

    /// The collection `arg` names, which `function` must look through.
    fn collection(
        &mut self,
        function: &Function,
        arg: &Expr,
    ) -> Option<&'static builtins::CollectionRow> {
        let found = match &arg.kind {
            ExprKind::Name(n) => builtins::collection(n),
            _ => None,
        };
        let Some(row) = found else {
            let help = match &arg.kind {
                ExprKind::Name(n) => did_you_mean(n, builtins::COLLECTIONS.iter().map(|c| c.name))
                    .map(|s| format!("did you mean `{s}`?")),
                _ => None,
            };
            self.error(
                arg.span.clone(),
                "expected a collection: `sets`, `tiles` or `bonus`".into(),
                "not a collection",
                help,
            );
            return None;
        };
        // `shown` is compiled as the sets (a refusal's facts hold the tiles shown there), so
        // the two are told apart by name.
        if row.name == "sets" {
            self.reading_known("`sets`", arg.span.clone())?;
        }
        if row.name == "shown" && self.env.reading_known {
            self.error(
                arg.span.clone(),
                "`shown` is read by refusals only".into(),
                "not a collection of a reading",
                Some(
                    "the tiles a hand shows in all are a check of the hand as given \
                     (`[[refusals]]`); an item looks at the tiles held (`tiles`), and \
                     `winning_tile_seen` or `wait_count` count the tiles seen"
                        .into(),
                ),
            );
            return None;
        }
        if !function.collections.contains(&row.collection) {
            let names: Vec<&str> = function.collections.iter().map(|c| c.name()).collect();
            self.error(
                arg.span.clone(),
                format!(
                    "`{}` looks through {}: `{}`",
                    function.name,
                    quoted_list(&names),
                    function.signature()
                ),
                &format!("expected {}", quoted_list(&names)),
                None,
            );
            return None;
        }
        Some(row)
    }

    /// `Some` where the facts of a reading may be read: `what`, at `span`, is one.
    fn reading_known(&mut self, what: &str, span: Range<usize>) -> Option<()> {
        if self.env.reading_known {
            return Some(());
        }
        self.error(
            span,
            format!(
                "{what} belongs to a reading of the hand, and a refusal looks at the hand as given"
            ),
            "not known before the hand is read",
            Some(
                "a refusal reads what the hand says as written: how it was won, its tiles \
                 (`tiles`, `shown`), bonus tiles and indicators; not its sets, its wait, its \
                 shapes nor the items"
                    .into(),
            ),
        );
        None
    }

    /// `Some` when the items' results may be read where `function` is called (at `span`).
    fn results_known(&mut self, function: &str, span: Range<usize>) -> Option<()> {
        if self.env.results_known {
            return Some(());
        }
        self.error(
            span,
            format!("`{function}` reads the items' results, which are not known here"),
            "no results here",
            Some(
                "an item's or a requirement's condition or value may read what the items gave; \
                 a special shape is found before any item counts, and a payment rule reads the \
                 deal"
                    .into(),
            ),
        );
        None
    }

    /// The index of the tag whose quoted name is `arg`.
    fn tag(&mut self, arg: &Expr) -> Option<u32> {
        let tags = self.env.tags;
        let otherwise = if tags.is_empty() {
            "no item of this variant has `tags`".into()
        } else {
            let names: Vec<&str> = tags.iter().map(String::as_str).collect();
            format!("the items' tags are {}", quoted_list(&names))
        };
        self.quoted_name(
            arg,
            tags,
            Quoted {
                usage: "`sum` takes a tag of the items in quotes: `sum('yaku')`".into(),
                expected: "expected a quoted tag",
                unknown: |tag| format!("no item has the tag `{tag}`"),
                label: "not a tag of this variant",
                otherwise,
            },
        )
    }

    /// The index of the item whose quoted id is `arg`, an argument of `function`.
    fn item(&mut self, function: &str, arg: &Expr) -> Option<u32> {
        self.quoted_name(
            arg,
            self.env.items,
            Quoted {
                usage: format!(
                    "`{function}` takes the id of an item in quotes: `{function}('pung-of-dragons')`"
                ),
                expected: "expected a quoted id",
                unknown: |id| format!("unknown item `{id}`"),
                label: "not an item of this variant",
                otherwise: format!("`{function}` names an item of this variant"),
            },
        )
    }

    /// The index of the special shape whose quoted id is `arg`.
    fn shape(&mut self, arg: &Expr) -> Option<u32> {
        if !self.env.shapes_known {
            self.error(
                arg.span.clone(),
                "a shape's condition cannot ask about shapes".into(),
                "not known yet",
                Some(
                    "the shapes are all found from the tiles at once; write the other \
                     shape's condition here instead"
                        .into(),
                ),
            );
            return None;
        }
        self.quoted_name(
            arg,
            self.env.shapes,
            Quoted {
                usage: "`shape` takes the id of a shape in quotes: `shape('thirteen-orphans')`"
                    .into(),
                expected: "expected a quoted id",
                unknown: |id| format!("unknown shape `{id}`"),
                label: "not a shape of this variant",
                otherwise: "shapes are declared with `[[shapes]]`".into(),
            },
        )
    }

    /// The index of the block whose quoted id is `arg`.
    fn block(&mut self, arg: &Expr) -> Option<u32> {
        if !self.env.shapes_known {
            self.error(
                arg.span.clone(),
                "a shape's condition cannot ask about blocks".into(),
                "no reading yet",
                Some(
                    "a shape is found from the tiles alone; a block belongs to a reading \
                     of them, which items and requirements look at"
                        .into(),
                ),
            );
            return None;
        }
        self.quoted_name(
            arg,
            self.env.blocks,
            Quoted {
                usage: "`block` takes the id of a block in quotes: `block('knitted-straight')`"
                    .into(),
                expected: "expected a quoted id",
                unknown: |id| format!("unknown block `{id}`"),
                label: "not a block of this variant",
                otherwise: "blocks are declared with `[[blocks]]`".into(),
            },
        )
    }

    /// The index in `known` of the name quoted as `arg`; a problem worded by `quoted` when
    /// `arg` is no quoted name or not one of them (with the nearest as a suggestion).
    fn quoted_name(&mut self, arg: &Expr, known: &[String], quoted: Quoted) -> Option<u32> {
        let ExprKind::Str(name) = &arg.kind else {
            self.error(arg.span.clone(), quoted.usage, quoted.expected, None);
            return None;
        };
        if let Some(i) = known.iter().position(|k| k == name) {
            return Some(i as u32);
        }
        let help = did_you_mean(name, known.iter().map(String::as_str))
            .map_or(quoted.otherwise, |s| format!("did you mean `{s}`?"));
        self.error(
            arg.span.clone(),
            (quoted.unknown)(name),
            quoted.label,
            Some(help),
        );
        None
    }
}

/// How a problem with a quoted name (of an item, a shape or a tag) is worded.
struct Quoted {
    /// When the argument is not quoted: how to write it.
    usage: String,
    /// Its label then.
    expected: &'static str,
    /// When the name is none of those known: the message, of the name.
    unknown: fn(&str) -> String,
    /// Its label then.
    label: &'static str,
    /// Its help then, when no known name is near.
    otherwise: String,
}

/// Folds constant sub-expressions into their values: parameters are constants by now, so
/// that `$limit / 2` is a number, and a condition a parameter decides is decided.
fn fold_constants(node: Compiled) -> Compiled {
    use Compiled::*;
    match node {
        Not(a) => match fold_constants(*a) {
            Const(v) => Const(i64::from(v == 0)),
            a => Not(Box::new(a)),
        },
        Neg(a) => match fold_constants(*a) {
            Const(v) => Const(v.saturating_neg()),
            a => Neg(Box::new(a)),
        },
        Arith(op, a, b) => match (fold_constants(*a), fold_constants(*b)) {
            (Const(x), Const(y)) => Const(super::compiled::arith(op, x, y)),
            (a, b) => Arith(op, Box::new(a), Box::new(b)),
        },
        Cmp(op, a, b) => match (fold_constants(*a), fold_constants(*b)) {
            (Const(x), Const(y)) => Const(i64::from(super::compiled::compare(op, x, y))),
            (a, b) => Cmp(op, Box::new(a), Box::new(b)),
        },
        // A constant operand decides a conjunction or a disjunction, or leaves it to the other
        // (a condition, 0 or 1 as the whole would be): `$min-faan == 0 or …` under a minimum
        // of 0 reads nothing else.
        And(a, b) => match (fold_constants(*a), fold_constants(*b)) {
            (Const(0), _) | (_, Const(0)) => Const(0),
            (Const(_), c) | (c, Const(_)) => c,
            (a, b) => And(Box::new(a), Box::new(b)),
        },
        Or(a, b) => match (fold_constants(*a), fold_constants(*b)) {
            (Const(x), _) | (_, Const(x)) if x != 0 => Const(1),
            (Const(_), c) | (c, Const(_)) => c,
            (a, b) => Or(Box::new(a), Box::new(b)),
        },
        Count(c, a) => Count(c, Box::new(fold_constants(*a))),
        Any(c, a) => Any(c, Box::new(fold_constants(*a))),
        All(c, a) => All(c, Box::new(fold_constants(*a))),
        If(abc) => {
            let [c, a, b] = *abc;
            match fold_constants(c) {
                Const(v) if v != 0 => fold_constants(a),
                Const(_) => fold_constants(b),
                c => If(Box::new([c, fold_constants(a), fold_constants(b)])),
            }
        }
        Unary(op, a) => match fold_constants(*a) {
            Const(v) => Const(super::compiled::unary(op, v)),
            a => Unary(op, Box::new(a)),
        },
        Named(slot, a) => Named(slot, Box::new(fold_constants(*a))),
        other => other,
    }
}

/// The conjuncts of a condition: the operands of its top-level `and`s, in order.
fn split_and(c: Compiled) -> Vec<Compiled> {
    match c {
        Compiled::And(a, b) => {
            let mut out = split_and(*a);
            out.extend(split_and(*b));
            out
        }
        c => vec![c],
    }
}

/// `text` compiled as a condition in `scope`, with no parameters, shapes or items to name
/// (for tests; panics on a mistake).
#[cfg(test)]
pub(crate) fn test_condition(text: &str, scope: Scope) -> Compiled {
    test_compiled(text, scope, true)
}

/// `text` compiled as a refusal's condition, on the hand as given (for tests; panics on a
/// mistake).
#[cfg(test)]
pub(crate) fn test_refusal(text: &str) -> Compiled {
    test_compiled(text, Scope::Hand, false)
}

/// `text` compiled as a condition in `scope`, with or without a reading to read.
#[cfg(test)]
fn test_compiled(text: &str, scope: Scope, reading_known: bool) -> Compiled {
    let env = Env {
        params: &[],
        shapes: &[],
        blocks: &[],
        items: &[],
        shapes_known: reading_known,
        reading_known,
        tags: &[],
        results_known: reading_known,
        units: &[],
        values: &[],
        all_values: &[],
    };
    compile(&super::parse(text).unwrap(), scope, Type::Bool, &env).unwrap()
}
