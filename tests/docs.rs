//! The documentation stays true to the code: the reference tables of
//! `docs/rule-language.md` are the ones the built-in table produces. With
//! `MJRULES_UPDATE_DOCS=1` the test rewrites them instead.

mod common;

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

/// The Kajongg section of a variant page: the agreement and every listed difference.
fn kajongg_section(id: &str) -> String {
    let differences = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/kajongg-differences.tsv"
    ))
    .unwrap();
    let rows: Vec<Vec<&str>> = differences
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.splitn(3, '\t').collect::<Vec<_>>())
        .filter(|f| f[1] == id)
        .collect();
    let mut out = format!(
        "\n## Kajongg's cases\n\nKajongg's 198 scoring cases (`tests/data/kajongg-cases.tsv`) are scored under `{id}` by\n`tests/kajongg.rs`: {} agree with Kajongg's total; each other one is listed here with its\nreason (the test fails on a difference not listed, and on a listed case that agrees).\n\n| case | reason |\n|---|---|\n",
        198 - rows.len()
    );
    for f in rows {
        out.push_str(&format!("| {} | {} |\n", f[0], f[2].replace('|', "\\|")));
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
