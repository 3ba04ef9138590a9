//! Differences between two variants, rule by rule: what one has that the other lacks, and what
//! both have but differently (value, condition, whose, what it looks at, parameters, payment
//! rules).
//!
//! In: two loaded variants (after `extends`, so a house rule is compared with what it really
//! plays). Out: a list of [`Change`]s, as text or JSON.

use serde_json::{Value, json};

use std::collections::HashMap;

use crate::rules::{BlockDef, Definition, Item, Liable, Located, Source, ValueSource};

/// What kind of difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeKind {
    /// Only the second variant has it.
    Added,
    /// Only the first variant has it.
    Removed,
    /// Both have it, differently.
    Changed,
}

/// One difference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// Added, removed or changed.
    pub kind: ChangeKind,
    /// What: `item`, `param`, `shape`, `requirement`, `faan-table`, `variant`.
    pub what: String,
    /// Its id or name.
    pub id: String,
    /// The field that changed (empty for an addition or removal).
    pub field: String,
    /// The first variant's value (empty when added).
    pub from: String,
    /// The second variant's value (empty when removed).
    pub to: String,
}

fn added(what: &str, id: &str, detail: String) -> Change {
    Change {
        kind: ChangeKind::Added,
        what: what.into(),
        id: id.into(),
        field: String::new(),
        from: String::new(),
        to: detail,
    }
}

fn removed(what: &str, id: &str, detail: String) -> Change {
    Change {
        kind: ChangeKind::Removed,
        what: what.into(),
        id: id.into(),
        field: String::new(),
        from: detail,
        to: String::new(),
    }
}

fn changed(what: &str, id: &str, field: &str, from: String, to: String) -> Change {
    Change {
        kind: ChangeKind::Changed,
        what: what.into(),
        id: id.into(),
        field: field.into(),
        from,
        to,
    }
}

fn value_text(item: &Item) -> String {
    let value = item
        .value
        .as_ref()
        .map_or("—".to_string(), |v| v.value.text());
    if item.own_points_doubled {
        crate::rules::own_points_doubled_text(value)
    } else {
        value
    }
}

/// An item of a variant whose units are the second.
type ItemOf<'a> = (&'a Item, &'a [Located<String>]);

fn item_fields((item, units): &ItemOf<'_>) -> Vec<(&'static str, String)> {
    vec![
        ("kind", item.kind.table(units).to_string()),
        ("value", value_text(item)),
        (
            "when",
            item.when
                .as_ref()
                .map_or("always".to_string(), |w| w.text.clone()),
        ),
        ("who", item.who.word().to_string()),
        ("for-each", item.for_each_text().to_string()),
        ("replaces", ids(&item.replaces)),
        ("replaces-within", ids(&item.replaces_within)),
        (
            "combination",
            item.combination
                .as_ref()
                .map_or(String::new(), |c| c.value.clone()),
        ),
        ("with-limit-hand", item.with_limit_hand.to_string()),
        ("unsupported", item.unsupported.clone().unwrap_or_default()),
    ]
}

/// Ids as written, joined.
fn ids(list: &[Located<String>]) -> String {
    list.iter()
        .map(|r| r.value.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every difference from `a` to `b`.
pub fn diff(a: &Definition, b: &Definition) -> Vec<Change> {
    let mut out = Vec::new();
    if a.style != b.style {
        out.push(changed(
            "variant",
            "style",
            "style",
            a.style.name().into(),
            b.style.name().into(),
        ));
    }
    by_id(
        &mut out,
        "param",
        &a.params,
        &b.params,
        |p| &p.name.value,
        |p| vec![("value", p.value_text())],
        |p| p.value_text(),
    );
    by_id(
        &mut out,
        "item",
        &items_of(a),
        &items_of(b),
        |(i, _)| &i.id.value,
        item_fields,
        summary,
    );
    for (what, xs, ys) in [
        ("shape", &a.shapes, &b.shapes),
        ("requirement", &a.requirements, &b.requirements),
    ] {
        by_id(
            &mut out,
            what,
            xs,
            ys,
            |c| &c.id.value,
            |c| vec![("when", c.when.text.clone())],
            |c| c.when.text.clone(),
        );
    }
    by_id(
        &mut out,
        "refusal",
        &a.refusals,
        &b.refusals,
        |r| &r.id.value,
        |r| {
            vec![
                ("when", r.when.text.clone()),
                ("at", r.at.value.clone()),
                ("message", r.message.clone()),
            ]
        },
        |r| r.when.text.clone(),
    );
    by_id(
        &mut out,
        "block",
        &a.blocks,
        &b.blocks,
        |b| &b.id.value,
        |b| vec![("tiles", b.ways_text())],
        BlockDef::ways_text,
    );
    let joined = |names: &[String]| names.join(", ");
    let texts = |list: &[Source]| list.iter().map(|s| s.text.clone()).collect::<Vec<_>>();
    let names = |list: &[Located<String>]| list.iter().map(|u| u.value.clone()).collect::<Vec<_>>();
    for (field, x, y) in [
        ("units", joined(&names(&a.units)), joined(&names(&b.units))),
        (
            "prefer",
            joined(&texts(&a.prefer)),
            joined(&texts(&b.prefer)),
        ),
    ] {
        if x != y {
            out.push(changed("score", field, field, x, y));
        }
    }
    by_id(
        &mut out,
        "value",
        &a.values,
        &b.values,
        |v| &v.id.value,
        |v| vec![("value", v.value.value.text())],
        |v| v.value.value.text(),
    );
    by_id(
        &mut out,
        "tier",
        &a.tiers,
        &b.tiers,
        |t| &t.id.value,
        |t| {
            vec![
                ("of", t.of.value.clone()),
                ("when", t.when.text.clone()),
                ("value", t.value.value.text()),
            ]
        },
        |t| {
            format!(
                "{} = {} when {}",
                t.of.value,
                t.value.value.text(),
                t.when.text
            )
        },
    );
    let (pa, pb) = (&a.payments, &b.payments);
    let cap = |c: &Option<crate::rules::Located<ValueSource>>| match c.as_ref().map(|v| &v.value) {
        Some(ValueSource::Int(n)) => n.to_string(),
        Some(ValueSource::Expr(e)) => e.text.clone(),
        None => "none".to_string(),
    };
    let expression = |e: &Option<crate::rules::Source>| {
        e.as_ref()
            .map_or("none".to_string(), |e| e.text.trim().to_string())
    };
    for (field, x, y) in [
        (
            "losers-settle",
            pa.losers_settle.to_string(),
            pb.losers_settle.to_string(),
        ),
        ("amount", expression(&pa.amount), expression(&pb.amount)),
        ("pot", expression(&pa.pot), expression(&pb.pot)),
        ("cap", cap(&pa.cap), cap(&pb.cap)),
        ("dealer-cap", cap(&pa.dealer_cap), cap(&pb.dealer_cap)),
    ] {
        if x != y {
            out.push(changed("payments", field, field, x, y));
        }
    }
    for ((field, x), (_, y)) in a.game.described().into_iter().zip(b.game.described()) {
        if x != y {
            out.push(changed("game", field, field, x, y));
        }
    }
    for (xs, ys) in [
        (&pa.doubles, &pb.doubles),
        (&pa.liabilities, &pb.liabilities),
    ] {
        by_id(
            &mut out,
            "payment rule",
            xs,
            ys,
            |r| &r.id.value,
            |r| {
                let liable = r.liable.map_or("none", Liable::word);
                vec![("when", r.when.text.clone()), ("liable", liable.into())]
            },
            |r| r.when.text.clone(),
        );
    }
    if a.faan_table != b.faan_table {
        let rows = |t: &[(i64, i64)]| {
            t.iter()
                .map(|(f, p)| format!("{f}→{p}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        out.push(changed(
            "faan-table",
            "rows",
            "rows",
            rows(&a.faan_table),
            rows(&b.faan_table),
        ));
    }
    out
}

/// The differences of two lists of rules known by id: one removed or added (shown by
/// `shown`), or changed, once for each of its `fields` that differs. Each list is looked up
/// by id, so that long lists cost their length.
fn by_id<T>(
    out: &mut Vec<Change>,
    what: &str,
    xs: &[T],
    ys: &[T],
    id: impl Fn(&T) -> &String,
    fields: impl Fn(&T) -> Vec<(&'static str, String)>,
    shown: impl Fn(&T) -> String,
) {
    let index = |list: &[T]| -> HashMap<String, usize> {
        let mut index = HashMap::with_capacity(list.len());
        for (at, rule) in list.iter().enumerate() {
            // The first of two with one id, as a search from the start would find.
            index.entry(id(rule).clone()).or_insert(at);
        }
        index
    };
    let (in_x, in_y) = (index(xs), index(ys));
    for x in xs {
        match in_y.get(id(x)) {
            None => out.push(removed(what, id(x), shown(x))),
            Some(&y) => {
                for ((field, from), (_, to)) in fields(x).into_iter().zip(fields(&ys[y])) {
                    if from != to {
                        out.push(changed(what, id(x), field, from, to));
                    }
                }
            }
        }
    }
    for y in ys {
        if !in_x.contains_key(id(y)) {
            out.push(added(what, id(y), shown(y)));
        }
    }
}

/// The items of `v`, each with the variant's units.
fn items_of(v: &Definition) -> Vec<ItemOf<'_>> {
    v.items.iter().map(|i| (i, &v.units[..])).collect()
}

fn summary((item, units): &ItemOf<'_>) -> String {
    format!(
        "{} {} when {}",
        item.kind.table(units),
        value_text(item),
        item.when.as_ref().map_or("always", |w| w.text.as_str())
    )
}

/// The differences as text, one per line.
pub fn text(a: &str, b: &str, changes: &[Change]) -> String {
    let mut out = format!(
        "{a} → {b}: {} difference{}\n",
        changes.len(),
        if changes.len() == 1 { "" } else { "s" }
    );
    for c in changes {
        out.push_str(&match c.kind {
            ChangeKind::Added => format!("+ {} {}: {}\n", c.what, c.id, c.to),
            ChangeKind::Removed => format!("- {} {}: {}\n", c.what, c.id, c.from),
            ChangeKind::Changed => {
                format!("~ {} {}: {} {} → {}\n", c.what, c.id, c.field, c.from, c.to)
            }
        });
    }
    out
}

/// The differences as JSON.
pub fn json(changes: &[Change]) -> Value {
    Value::Array(
        changes
            .iter()
            .map(|c| {
                let kind = match c.kind {
                    ChangeKind::Added => "added",
                    ChangeKind::Removed => "removed",
                    ChangeKind::Changed => "changed",
                };
                json!({"change": kind, "what": c.what, "id": c.id, "field": c.field, "from": c.from, "to": c.to})
            })
            .collect(),
    )
}
