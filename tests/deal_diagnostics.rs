//! Bad deal files give diagnostics inside the file, never a panic; the file name says the
//! variant (`variant--case.toml`: a built-in one, or one of `tests/variants/`). Rendered
//! diagnostics are snapshots.

mod common;

use mjrules::Variant;
use mjrules::settle::{parse_deal, settle};

#[test]
fn every_invalid_deal_is_refused_with_located_problems() {
    for path in common::files_in("deals/invalid", "toml") {
        let stem = common::stem(&path);
        let variant_id = stem.split("--").next().unwrap();
        let test_variant = format!(
            "{}/tests/variants/{variant_id}.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        let variant = if std::path::Path::new(&test_variant).exists() {
            Variant::load(&test_variant, &[]).unwrap()
        } else {
            Variant::load(variant_id, &[]).unwrap()
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let name = common::display_name(&path);
        let error = match parse_deal(&name, &text, variant.definition().style) {
            Err(e) => e,
            Ok(deal) => match settle(&variant, &deal) {
                Err(e) => e,
                Ok(s) => panic!("{name} was settled: {s:?}"),
            },
        };
        for p in error.problems() {
            assert!(
                p.span.end <= text.len() && text.is_char_boundary(p.span.start),
                "{name}: {:?}",
                p.span
            );
        }
        common::with_snapshots(&path, || {
            insta::assert_snapshot!(
                format!("invalid_deal__{stem}"),
                common::render_plain(&error)
            );
        });
    }
}
