//! A test of the audit itself: each built-in variant is mutated, one change at a time, and
//! the audit of the mutated file must fail at the place of the change.
//!
//! The mutations, for every item of the variant's own file that cites its own text:
//! - **value**: its value (or its `doubles`) one more;
//! - **removed**: the item taken out (and out of the `replaces` lists that name it);
//! - **moved**: its citation replaced by that of the next item citing another passage.
//!
//! "At the place" means: a changed value fails the item's own entry; a removed item leaves a
//! sentence or a value of its passage unaccounted for; a moved citation fails the item's
//! entry or leaves its passage unaccounted for. Items whose value is a parameter's (checked
//! at the parameter) are not given a changed value. A mutated file the checker refuses
//! (an item another rule names, removed) is caught before any audit. The figures are
//! printed (`cargo test --test audit_mutations -- --nocapture`).

mod common;

use std::path::Path;

use mjrules::Variant;
use mjrules::audit::{Report, audit};
use toml::{Table, Value};

const LISTS: [&str; 4] = ["points", "doubles", "faan", "limit-hands"];

/// The items of a file: (list, index, id, source cited).
fn items(file: &Table) -> Vec<(&'static str, usize, String, String)> {
    let mut out = Vec::new();
    for list in LISTS {
        let Some(Value::Array(items)) = file.get(list) else {
            continue;
        };
        for (k, item) in items.iter().enumerate() {
            let id = item["id"].as_str().unwrap().to_string();
            let source = item
                .get("cite")
                .and_then(|c| c.get("source"))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            out.push((list, k, id, source));
        }
    }
    out
}

fn item_mut<'t>(file: &'t mut Table, list: &str, k: usize) -> &'t mut Table {
    file.get_mut(list)
        .and_then(Value::as_array_mut)
        .and_then(|a| a.get_mut(k))
        .and_then(Value::as_table_mut)
        .unwrap()
}

/// The lines (0-based) of the passage an item's entry found, and of the number tied to it.
fn place(report: &Report, id: &str) -> Vec<usize> {
    let Some(e) = report
        .entries
        .iter()
        .find(|e| e.what == "item" && e.id == id)
    else {
        return Vec::new();
    };
    let mut lines: Vec<usize> = e
        .passage
        .as_ref()
        .map_or(Vec::new(), |p| (p.first..=p.last).collect());
    lines.extend(e.tied.as_ref().map(|t| t.line));
    lines
}

/// Whether the report fails at the item `id` or at one of `lines`.
fn fails_at(report: &Report, id: &str, lines: &[usize]) -> bool {
    // The item's own entry, or an entry whose passage shares its lines (a worked example
    // that no longer scores as the text says).
    let entry = report.entries.iter().any(|e| {
        e.status.failed()
            && ((e.what == "item" && e.id == id)
                || e.passage
                    .as_ref()
                    .is_some_and(|p| lines.iter().any(|l| (p.first..=p.last).contains(l))))
    });
    let unit = report.uncovered.iter().any(|p| lines.contains(&p.first))
        || report.untied.iter().any(|(_, p)| lines.contains(&p.first));
    entry || unit
}

#[test]
fn every_mutation_of_a_builtin_file_fails_its_audit_where_it_was_made() {
    let Some(dir) = common::seeds() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut made, mut missed, mut refused) = (0, Vec::new(), Vec::new());
    for (id, number) in common::AUDITED {
        let (name, text) = common::seed(&dir, number).unwrap();
        let original = std::fs::read_to_string(root.join(format!("rules/{id}.toml"))).unwrap();
        let file: Table = original.parse().unwrap();
        let clean = audit(
            &Variant::from_text("clean.toml", &original).unwrap(),
            &name,
            &text,
        );
        assert!(!clean.failed(), "{}", clean.text());
        let own = file["variant"]
            .get("source")
            .and_then(Value::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| clean_source(&clean));
        let items: Vec<_> = items(&file)
            .into_iter()
            .filter(|(_, _, _, source)| *source == own)
            .collect();
        let mut check = |what: &str, item: &str, lines: &[usize], mutated: Table| {
            made += 1;
            let text_of = toml::to_string(&mutated).unwrap();
            match Variant::from_text("mutated.toml", &text_of) {
                Ok(v) if fails_at(&audit(&v, &name, &text), item, lines) => {}
                Ok(_) => missed.push(format!("{id}: {what} `{item}`")),
                // An item another rule names: the checker refuses the file before any audit.
                Err(_) => refused.push(format!("{id}: {what} `{item}`")),
            }
        };
        for (n, (list, k, item, _)) in items.iter().enumerate() {
            let lines = place(&clean, item);
            // The value, one more.
            let mut m = file.clone();
            let t = item_mut(&mut m, list, *k);
            let key = if t.contains_key("doubles") {
                "doubles"
            } else {
                "value"
            };
            if let Some(v) = t.get(key).and_then(Value::as_integer) {
                t.insert(key.into(), Value::Integer(v + 1));
                check("value of", item, &lines, m);
            }
            // The item removed, and from the lists that name it.
            let mut m = file.clone();
            m.get_mut(*list)
                .and_then(Value::as_array_mut)
                .unwrap()
                .remove(*k);
            for l in LISTS {
                for other in m
                    .get_mut(l)
                    .and_then(Value::as_array_mut)
                    .into_iter()
                    .flatten()
                {
                    if let Some(Value::Array(r)) = other.get_mut("replaces") {
                        r.retain(|x| x.as_str() != Some(item));
                    }
                }
            }
            check("removed", item, &lines, m);
            // The citation moved to the next item's passage.
            let cite = |i: &(&str, usize, String, String)| file[i.0][i.1]["cite"].clone();
            let mine = cite(&items[n]);
            if let Some(next) = items[n + 1..]
                .iter()
                .chain(&items[..n])
                .map(cite)
                .find(|c| c.get("at") != mine.get("at"))
            {
                let mut m = file.clone();
                item_mut(&mut m, list, *k).insert("cite".into(), next);
                check("moved", item, &lines, m);
            }
        }
    }
    println!(
        "{made} mutations: {} caught by the audit, {} refused by the checker ({}), {} missed",
        made - missed.len() - refused.len(),
        refused.len(),
        refused.join(", "),
        missed.len()
    );
    assert!(missed.is_empty(), "not caught by the audit: {missed:#?}");
}

/// The source the clean report's own entries cite (for a file that inherits it).
fn clean_source(report: &Report) -> String {
    report
        .from_text()
        .0
        .first()
        .map(|e| e.cite.source.clone())
        .unwrap_or_default()
}
