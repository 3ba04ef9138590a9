//! Every invalid variant file in `tests/variants/invalid/` is refused with all its problems,
//! each inside its file; the rendered diagnostics are snapshots.

mod common;

use mjrules::Variant;
use mjrules::rules::LoadError;

#[test]
fn every_invalid_variant_is_refused_with_located_problems() {
    let files = common::files_in("variants/invalid", "toml");
    assert!(
        files.len() >= 30,
        "the issue asks for at least 30 invalid variant files"
    );
    let mut accepted = Vec::new();
    for path in &files {
        let spec = common::display_name(path);
        // Paths relative to the crate, so that snapshots do not depend on the checkout.
        let previous = std::env::current_dir().unwrap();
        std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
        let result = Variant::load(&spec, &[]);
        std::env::set_current_dir(previous).unwrap();
        let rendered = match result {
            Ok(_) => {
                accepted.push(spec);
                continue;
            }
            Err(LoadError::Files(errors)) => {
                let mut out = String::new();
                for error in &errors {
                    assert!(!error.problems().is_empty());
                    for p in error.problems() {
                        let text = error.text();
                        assert!(
                            p.span.start <= p.span.end
                                && p.span.end <= text.len()
                                && text.is_char_boundary(p.span.start)
                                && text.is_char_boundary(p.span.end),
                            "{spec}: span {:?} of `{}` lies outside its file",
                            p.span,
                            p.message
                        );
                    }
                    out.push_str(&common::render_plain(error));
                }
                out
            }
            // As the command line says it.
            Err(other) => format!("error: {other}\n"),
        };
        common::with_snapshots(path, || {
            insta::assert_snapshot!(format!("invalid_variant__{}", common::stem(path)), rendered);
        });
    }
    assert!(
        accepted.is_empty(),
        "accepted invalid variants: {accepted:?}"
    );
}
