//! The documentation stays true to the code: the reference tables of
//! `docs/rule-language.md` are the ones the built-in table produces. With
//! `MJRULES_UPDATE_DOCS=1` the test rewrites them instead.

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
    let tables = mjrules::predicate::names::reference_markdown();
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
