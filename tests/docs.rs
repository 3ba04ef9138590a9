//! The documentation stays true to the code: the reference tables of
//! `docs/rule-language.md` are the ones the built-in table produces.

#[test]
fn rule_language_reference_lists_every_name() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/rule-language.md"
    ))
    .unwrap();
    let tables = mjrules::predicate::names::reference_markdown();
    assert!(
        doc.contains(&tables),
        "docs/rule-language.md is out of date; its tables of names should read:\n{tables}"
    );
}
