//! The documentation stays true to the code: the reference tables of
//! `docs/rule-language.md` are the ones the built-in table produces. With
//! `MJRULES_UPDATE_DOCS=1` the test rewrites them instead.

mod common;

use std::collections::BTreeMap;

use common::kajongg::{self, Follows};

const START: &str = "<!-- names:start";
const END: &str = "<!-- names:end -->";

#[test]
fn rule_language_reference_lists_every_name() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rule-language.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let start = doc
        .find(START)
        .expect("the names section has a start marker");
    let body = start + doc[start..].find('\n').unwrap() + 1;
    let end = doc.find(END).expect("the names section has an end marker");
    let tables = mjrules::predicate::builtins::reference_markdown();
    if std::env::var_os("MJRULES_UPDATE_DOCS").is_some() {
        std::fs::write(path, format!("{}{tables}{}", &doc[..body], &doc[end..])).unwrap();
        return;
    }
    assert_eq!(
        &doc[body..end],
        tables,
        "docs/rule-language.md is out of date: run MJRULES_UPDATE_DOCS=1 cargo test --test docs"
    );
}

/// The Kajongg section of a variant page: how many cases agree, and every listed difference,
/// by the way it goes (the rows that agree through another source grouped by rule).
fn kajongg_section(id: &str) -> String {
    let kajongg: BTreeMap<String, i64> = kajongg::cases()
        .into_iter()
        .map(|c| (c.id, c.totals[id]))
        .collect();
    let rows: Vec<_> = (kajongg::differences().into_iter())
        .filter(|d| d.variant == id)
        .collect();
    let count = |f: fn(&Follows) -> bool| rows.iter().filter(|d| f(&d.follows)).count();
    let text = count(|f| matches!(f, Follows::Text(_)));
    let hand = count(|f| matches!(f, Follows::Hand(_)));
    let other = count(|f| matches!(f, Follows::Kajongg(_)));
    let cell = |s: &str| s.replace('|', "\\|");
    let mut out = format!(
        "\n## Kajongg's cases\n\nKajongg's {} scoring cases (`tests/data/kajongg-cases.tsv`) are scored under `{id}` by\n\
         `tests/kajongg.rs`, against the list in `tests/data/kajongg-differences.tsv`:\n\n\
         - {} agree with Kajongg's total by the variant's own text;\n\
         - {other} agree through a rule the text does not state;\n\
         - {text} differ where mjrules follows the text;\n\
         - {hand} differ where mjrules reads the hand otherwise, or refuses it.\n\n\
         The test fails on any case that does not behave as listed.\n",
        kajongg.len(),
        kajongg.len() - rows.len(),
    );
    let mut table = |title: &str, keep: fn(&Follows) -> Option<String>| {
        let listed: Vec<_> = rows
            .iter()
            .filter_map(|d| Some((d, keep(&d.follows)?)))
            .collect();
        if listed.is_empty() {
            return;
        }
        out.push_str(&format!(
            "\n### {title}\n\n| case | mjrules | Kajongg | reason |\n|---|---|---|---|\n"
        ));
        for (d, total) in listed {
            out.push_str(&format!(
                "| {} | {total} | {} | {} |\n",
                d.id,
                kajongg[&d.id],
                cell(&d.reason)
            ));
        }
    };
    table("Where mjrules follows the text", |f| match f {
        Follows::Text(t) => Some(t.to_string()),
        _ => None,
    });
    table("Where mjrules reads the hand otherwise", |f| match f {
        Follows::Hand(t) => Some(t.map_or("refused".into(), |t| t.to_string())),
        _ => None,
    });
    let mut by_rule: BTreeMap<&str, (Vec<&str>, &str)> = BTreeMap::new();
    for d in &rows {
        if let Follows::Kajongg(rule) = &d.follows {
            let entry = by_rule.entry(rule).or_insert((Vec::new(), &d.reason));
            entry.0.push(&d.id);
        }
    }
    if !by_rule.is_empty() {
        out.push_str(
            "\n### Where mjrules agrees through a rule the text does not state\n\n\
             | rule | cases | reason |\n|---|---|---|\n",
        );
        for (rule, (cases, reason)) in by_rule {
            out.push_str(&format!(
                "| `{rule}` | {} | {} |\n",
                cases.join(" "),
                cell(reason)
            ));
        }
    }
    out
}

#[test]
fn variant_pages_are_generated_from_the_variant_files() {
    let mut stale = Vec::new();
    for id in mjrules::rules::builtin::ids() {
        let variant = mjrules::Variant::load(id, &[]).unwrap();
        let mut page = mjrules::render::variant_markdown(variant.rules());
        if matches!(id, "bmja" | "dmjl") {
            page.push_str(&kajongg_section(id));
        }
        let path = format!("{}/docs/variants/{id}.md", env!("CARGO_MANIFEST_DIR"));
        if std::env::var_os("MJRULES_UPDATE_DOCS").is_some() {
            std::fs::create_dir_all(format!("{}/docs/variants", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
            std::fs::write(&path, &page).unwrap();
            continue;
        }
        if std::fs::read_to_string(&path).ok().as_deref() != Some(page.as_str()) {
            stale.push(path);
        }
    }
    assert!(
        stale.is_empty(),
        "out of date (run MJRULES_UPDATE_DOCS=1 cargo test --test docs): {stale:?}"
    );
}

#[test]
fn audit_reports_are_generated_from_the_variant_files_and_their_texts() {
    let Some(seeds) = common::seeds() else {
        return;
    };
    let root = env!("CARGO_MANIFEST_DIR");
    let mut stale = Vec::new();
    for id in mjrules::rules::builtin::ids() {
        let variant = mjrules::Variant::load(id, &[]).unwrap();
        let Some((name, text)) = variant
            .definition()
            .source
            .as_deref()
            .and_then(|s| common::seed(&seeds, s))
        else {
            continue;
        };
        let report = mjrules::audit::audit(&variant, &name, &text);
        for (ext, page) in [("md", report.markdown()), ("html", report.html())] {
            let path = format!("{root}/docs/audit/{id}.{ext}");
            if std::env::var_os("MJRULES_UPDATE_DOCS").is_some() {
                std::fs::create_dir_all(format!("{root}/docs/audit")).unwrap();
                std::fs::write(&path, &page).unwrap();
            } else if std::fs::read_to_string(&path).ok().as_deref() != Some(page.as_str()) {
                stale.push(path);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "out of date (run MJRULES_UPDATE_DOCS=1 cargo test --test docs): {stale:?}"
    );
}
