//! Checking a variant: compiles every condition and value, resolves every id, and reports
//! every problem at once, each pointing into the file it came from (and inside the
//! expression string, where the problem is in an expression).

use std::collections::HashMap;

use super::groupings::groupings;
use super::{CompiledItem, ForEach, ItemKind, Source, Style, ValueSource, Variant, Who};
use crate::arrange::Groupings;
use crate::diagnostic::{Diagnostic, InputError, did_you_mean};
use crate::predicate::check::{Env, ParamValue, compile};
use crate::predicate::compiled::{Collection, ElemInt};
use crate::predicate::facts::hand;
use crate::predicate::gate::{GateTable, Gated};
use crate::predicate::{Compiled, Scope, Type, parse};

/// Payment rules, checked and compiled.
#[derive(Clone, Debug, Default)]
pub struct CompiledPayments {
    /// The players who did not go out pay each other the difference of their scores.
    pub losers_settle: bool,
    /// The most one payment may be.
    pub cap: Option<i64>,
    /// The most one payment to or from East may be.
    pub dealer_cap: Option<i64>,
    /// East keeps the deal after a drawn deal.
    pub dealer_keeps_on_draw: bool,
    /// Conditions on one payment (payment scope); each that holds doubles it.
    pub doubles: Vec<Compiled>,
    /// Conditions on the winner's hand, and who then pays for all.
    pub liabilities: Vec<(Gated, super::Liable)>,
}

/// A checked variant, ready to score with.
#[derive(Clone, Debug)]
pub struct CompiledVariant {
    /// The variant as written.
    pub variant: Variant,
    /// Its supported items, in order.
    pub items: Vec<CompiledItem>,
    /// The items that apply to the winner, and those that apply to the others.
    pub by_player: [PlayerItems; 2],
    /// Its special shapes' conditions, in order, with their gates.
    pub shapes: Vec<Gated>,
    /// Its requirements' conditions, in order.
    pub requirements: Vec<Gated>,
    /// The score cap (points-and-doubles), if any.
    pub limit: Option<i64>,
    /// The least faan to win (faan).
    pub min_faan: i64,
    /// The faan cap (faan).
    pub max_faan: Option<i64>,
    /// Some condition asks whether the winning tile was the only possible one, so the
    /// waits must be computed.
    pub needs_waits: bool,
    /// Some condition reads `number_copies`, so the tiles' counts per number must be
    /// computed.
    pub needs_number_copies: bool,
    /// The items some `calling('id')` asks about (those that are supported): for a player
    /// who did not go out, each is tried against every tile that could come.
    pub calling_targets: Vec<CompiledItem>,
    /// How the players pay after a deal.
    pub payments: CompiledPayments,
    /// Which groupings of a non-winner's tiles held alike are read: the pungs only when they
    /// are proved to score best ([`super::groupings`]).
    pub groupings: Groupings,
}

impl CompiledVariant {
    /// The variant's id.
    pub fn id(&self) -> &str {
        &self.variant.id
    }

    /// The base points of `faan` in the variant's faan table: the row with the most faan not
    /// above it (0 below the first row).
    pub fn base_points(&self, faan: i64) -> i64 {
        self.variant
            .faan_table
            .iter()
            .rev()
            .find(|(least, _)| *least <= faan)
            .map_or(0, |&(_, base)| base)
    }
}

/// The items that apply to one player (the winner, or one of the others).
#[derive(Clone, Debug)]
pub struct PlayerItems {
    /// The items, grouped by what they look at: the order scoring walks them in.
    pub items: Vec<CompiledItem>,
    /// Their gates, in the same order.
    pub gates: GateTable,
}

/// The most special shapes a variant may have.
pub const MAX_SHAPES: usize = 64;

/// Checks and compiles a loaded variant.
pub fn check(variant: Variant) -> Result<CompiledVariant, Vec<InputError>> {
    let mut problems: Vec<Vec<Diagnostic>> = vec![Vec::new(); variant.files.len().max(1)];
    let params: Vec<(String, ParamValue)> = variant
        .params
        .iter()
        .map(|p| (p.name.value.clone(), p.value))
        .collect();
    let shape_ids: Vec<String> = variant.shapes.iter().map(|s| s.id.value.clone()).collect();
    let item_ids: Vec<String> = variant.items.iter().map(|i| i.id.value.clone()).collect();
    let env = Env {
        items: &item_ids,
        params: &params,
        shapes: &shape_ids,
    };

    // The shapes a hand forms are one bit each in a 64-bit word.
    if let Some(shape) = variant.shapes.get(MAX_SHAPES) {
        problems[shape.id.file].push(
            Diagnostic::new(
                shape.id.span.clone(),
                format!("more than {MAX_SHAPES} special shapes"),
                "one too many",
            )
            .with_help(format!(
                "a variant may have at most {MAX_SHAPES} `[[shapes]]`, extended files included"
            )),
        );
    }
    let mut compile_conditions = |list: &[super::Condition], what: &str| {
        let mut seen: HashMap<&str, ()> = HashMap::new();
        let mut out = Vec::new();
        for condition in list {
            if seen.insert(&condition.id.value, ()).is_some() {
                problems[condition.id.file].push(Diagnostic::new(
                    condition.id.span.clone(),
                    format!("a second {what} with the id `{}`", condition.id.value),
                    "duplicate id",
                ));
            }
            if let Some(c) = compile_source(
                &condition.when,
                Scope::Hand,
                Type::Bool,
                &env,
                &mut problems,
            ) {
                out.push(Gated::new(c, None));
            }
        }
        out
    };
    let shapes = compile_conditions(&variant.shapes, "shape");
    let requirements = compile_conditions(&variant.requirements, "requirement");

    let mut ids: HashMap<&str, usize> = HashMap::new();
    for (index, item) in variant.items.iter().enumerate() {
        if ids.insert(&item.id.value, index).is_some() {
            problems[item.id.file].push(
                Diagnostic::new(item.id.span.clone(), format!("a second item with the id `{}`", item.id.value), "duplicate id")
                    .with_help("ids are unique within a variant; a house file replaces a base item by using its id"),
            );
        }
        let fits = match variant.style {
            Style::PointsAndDoubles => item.kind != ItemKind::Faan,
            Style::Faan => matches!(item.kind, ItemKind::Faan | ItemKind::LimitHand),
        };
        if !fits {
            problems[item.id.file].push(Diagnostic::new(
                item.id.span.clone(),
                format!(
                    "a `{}` variant has no `[[{}]]` items",
                    variant.style.name(),
                    item.kind.table()
                ),
                "wrong kind of item for this style",
            ));
        }
    }

    let mut items = Vec::new();
    for (index, item) in variant.items.iter().enumerate() {
        let mut replaces = Vec::new();
        for r in &item.replaces {
            match ids.get(r.value.as_str()) {
                Some(&i) if i == index => problems[r.file].push(Diagnostic::new(
                    r.span.clone(),
                    "an item cannot replace itself",
                    "its own id",
                )),
                Some(&i) => replaces.push(i),
                None => {
                    let help = did_you_mean(&r.value, ids.keys().copied())
                        .map(|s| format!("did you mean `{s}`?"))
                        .unwrap_or_else(|| "`replaces` names ids of items of this variant".into());
                    problems[r.file].push(
                        Diagnostic::new(
                            r.span.clone(),
                            format!("`replaces` names an unknown item `{}`", r.value),
                            "unknown id",
                        )
                        .with_help(help),
                    );
                }
            }
        }
        if item.unsupported.is_some() {
            continue;
        }
        let scope = match item.for_each {
            ForEach::Hand => Scope::Hand,
            ForEach::Set => Scope::Set,
            ForEach::Tile => Scope::Tile,
            ForEach::Bonus => Scope::Bonus,
        };
        let when = match &item.when {
            Some(source) => compile_source(source, scope, Type::Bool, &env, &mut problems),
            None => Some(Compiled::Const(1)),
        };
        let value = match item.value.as_ref().map(|v| &v.value) {
            Some(ValueSource::Int(n)) => Some(Compiled::Const(*n)),
            Some(ValueSource::Expr(source)) => {
                compile_source(source, scope, Type::Int, &env, &mut problems)
            }
            None => None,
        };
        if let (Some(when), Some(value)) = (when, value) {
            let each = match item.for_each {
                ForEach::Hand => None,
                ForEach::Set => Some(Collection::Sets),
                ForEach::Tile => Some(Collection::Tiles),
                ForEach::Bonus => Some(Collection::Bonus),
            };
            let condition = Gated::new(when, each);
            let set_test = match (item.for_each, &condition.rest, &value) {
                (ForEach::Set, Compiled::ElemMask(mask), Compiled::Const(v)) => Some((*mask, *v)),
                _ => None,
            };
            items.push(CompiledItem {
                index,
                kind: item.kind,
                for_each: item.for_each,
                who: item.who,
                with_limit_hand: item.with_limit_hand,
                condition,
                value,
                replaces,
                set_test,
            });
        }
    }

    let payments = compile_payments(&variant, &env, &mut problems);

    let int_param = |name: &str| match variant.param(name) {
        Some(ParamValue::Int(n)) => Some(n),
        _ => None,
    };
    let mut require_param = |name: &str, why: &str| {
        if variant.param(name).is_none() {
            problems[0].push(
                Diagnostic::new(
                    0..0,
                    format!(
                        "a `{}` variant needs the parameter `{name}`",
                        variant.style.name()
                    ),
                    "missing parameter",
                )
                .with_help(format!(
                    "{why}; add it to `[params]` (\"none\" where the text gives no value)"
                )),
            );
        }
    };
    match variant.style {
        Style::PointsAndDoubles => require_param("limit", "it caps the score"),
        Style::Faan => {
            require_param("min-faan", "it is the least faan to win");
            require_param("max-faan", "it caps the faan");
            if variant.faan_table.is_empty() {
                problems[0].push(
                    Diagnostic::new(
                        0..0,
                        "a `faan` variant needs a `[faan-table]`",
                        "no faan table",
                    )
                    .with_help("add `[faan-table]` with `rows = [[least faan, base points], …]`"),
                );
            }
        }
    }

    let errors: Vec<InputError> = variant
        .files
        .iter()
        .zip(problems)
        .filter(|(_, p)| !p.is_empty())
        .map(|(f, p)| InputError::new(&f.name, &f.text, p))
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    // Every expression evaluated on a hand's facts.
    let expressions = || {
        items
            .iter()
            .flat_map(|i| [&i.condition.when, &i.value])
            .chain(shapes.iter().chain(&requirements).map(|c| &c.when))
            .chain(payments.liabilities.iter().map(|(c, _)| &c.when))
    };
    let needs_waits = expressions().any(|c| {
        mentions(c, &|c| {
            matches!(c, Compiled::HandMask(m)
                if (m.all | m.none | m.any | m.any2) & hand::ONLY_POSSIBLE != 0)
        })
    });
    let needs_number_copies = expressions().any(|c| {
        mentions(c, &|c| {
            matches!(c, Compiled::ElemInt(ElemInt::NumberCopies))
        })
    });
    let plan = |winner: bool| {
        let mut list: Vec<CompiledItem> = items
            .iter()
            .filter(|i| match i.who {
                Who::All => true,
                Who::Winner => winner,
                Who::Others => !winner,
            })
            .cloned()
            .collect();
        list.sort_by_key(|i| i.for_each as u8);
        PlayerItems {
            gates: GateTable::new(&list.iter().map(|i| *i.condition.gate).collect::<Vec<_>>()),
            items: list,
        }
    };
    let mut called = Vec::new();
    for c in items
        .iter()
        .flat_map(|i| [&i.condition.when, &i.value])
        .chain(shapes.iter().chain(&requirements).map(|c| &c.when))
    {
        collect_calling(c, &mut called);
    }
    // An unsupported item is never scored, so never called for.
    let calling_targets = called
        .iter()
        .filter_map(|&index| items.iter().find(|i| i.index == index))
        .cloned()
        .collect();
    let by_player = [plan(true), plan(false)];
    Ok(CompiledVariant {
        payments,
        calling_targets,
        groupings: groupings(&by_player[1].items),
        by_player,
        limit: int_param("limit"),
        min_faan: int_param("min-faan").unwrap_or(0),
        max_faan: int_param("max-faan"),
        needs_waits,
        needs_number_copies,
        items,
        shapes,
        requirements,
        variant,
    })
}

/// Parses and compiles one expression, adding its problems (placed in the file) to the
/// problems of its file.
fn compile_source(
    source: &Source,
    scope: Scope,
    ty: Type,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> Option<Compiled> {
    let file_problems = &mut problems[source.file];
    let place = |span| source.sub_span(span);
    let compiled = parse(&source.text)
        .map_err(|e| vec![e])
        .and_then(|expr| compile(&expr, scope, ty, env));
    match compiled {
        Ok(c) => Some(c),
        Err(errors) => {
            file_problems.extend(errors.into_iter().map(|e| e.moved(place)));
            None
        }
    }
}

/// Checks and compiles the payment rules; caps must be constant.
fn compile_payments(
    variant: &Variant,
    env: &Env<'_>,
    problems: &mut [Vec<Diagnostic>],
) -> CompiledPayments {
    let p = &variant.payments;
    let mut cap = |value: &Option<super::Located<ValueSource>>| -> Option<i64> {
        let located = value.as_ref()?;
        match &located.value {
            ValueSource::Int(n) => Some(*n),
            ValueSource::Expr(source) => {
                match compile_source(source, Scope::Hand, Type::Int, env, problems)? {
                    Compiled::Const(n) => Some(n),
                    _ => {
                        problems[located.file].push(Diagnostic::new(
                            located.span.clone(),
                            "a cap is a number: it may use parameters, not facts of a hand",
                            "not a constant",
                        ));
                        None
                    }
                }
            }
        }
    };
    let cap_value = cap(&p.cap);
    let dealer_cap = cap(&p.dealer_cap);
    let mut seen: HashMap<&str, ()> = HashMap::new();
    for rule in p.doubles.iter().chain(p.liabilities.iter()) {
        if seen.insert(&rule.id.value, ()).is_some() {
            problems[rule.id.file].push(Diagnostic::new(
                rule.id.span.clone(),
                format!("a second payment rule with the id `{}`", rule.id.value),
                "duplicate id",
            ));
        }
    }
    let doubles = p
        .doubles
        .iter()
        .filter_map(|r| compile_source(&r.when, Scope::Payment, Type::Bool, env, problems))
        .collect();
    let liabilities = p
        .liabilities
        .iter()
        .filter_map(|r| {
            let c = compile_source(&r.when, Scope::Hand, Type::Bool, env, problems)?;
            Some((Gated::new(c, None), r.liable?))
        })
        .collect();
    CompiledPayments {
        losers_settle: p.losers_settle,
        cap: cap_value,
        dealer_cap,
        dealer_keeps_on_draw: p.dealer_keeps_on_draw,
        doubles,
        liabilities,
    }
}

/// Adds the items that `calling(…)` in `c` asks about.
fn collect_calling(c: &Compiled, out: &mut Vec<usize>) {
    match c {
        Compiled::Calling(i) if !out.contains(&(*i as usize)) => out.push(*i as usize),
        Compiled::Not(a) | Compiled::Neg(a) => collect_calling(a, out),
        Compiled::And(a, b)
        | Compiled::Or(a, b)
        | Compiled::Cmp(_, a, b)
        | Compiled::Arith(_, a, b) => {
            collect_calling(a, out);
            collect_calling(b, out);
        }
        Compiled::Count(_, a) | Compiled::Any(_, a) | Compiled::All(_, a) => {
            collect_calling(a, out)
        }
        _ => {}
    }
}

/// True when `found` is true of the expression or of some expression within it.
fn mentions(c: &Compiled, found: &impl Fn(&Compiled) -> bool) -> bool {
    found(c)
        || match c {
            Compiled::Not(a) | Compiled::Neg(a) => mentions(a, found),
            Compiled::And(a, b)
            | Compiled::Or(a, b)
            | Compiled::Cmp(_, a, b)
            | Compiled::Arith(_, a, b) => mentions(a, found) || mentions(b, found),
            Compiled::Count(_, a) | Compiled::Any(_, a) | Compiled::All(_, a) => mentions(a, found),
            _ => false,
        }
}
