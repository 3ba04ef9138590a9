//! Every malformed hand file in `tests/hands/invalid/` is rejected with diagnostics whose
//! spans lie inside the file; the rendered diagnostics are snapshots.

mod common;

use mjrules::hand::parse_hand;

#[test]
fn every_invalid_hand_is_rejected_with_located_problems() {
    let files = common::files_in("hands/invalid", "toml");
    assert!(
        files.len() >= 20,
        "the issue asks for at least 20 malformed hands"
    );
    let mut accepted = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let name = common::display_name(path);
        let Err(error) = parse_hand(&name, &text) else {
            accepted.push(name);
            continue;
        };
        assert!(
            !error.problems().is_empty(),
            "{name}: an error without problems"
        );
        for problem in error.problems() {
            assert!(
                problem.span.end <= text.len()
                    && problem.span.start <= problem.span.end
                    && text.is_char_boundary(problem.span.start)
                    && text.is_char_boundary(problem.span.end),
                "{name}: span {:?} of `{}` lies outside the file",
                problem.span,
                problem.message
            );
        }
        common::with_snapshots(path, || {
            insta::assert_snapshot!(
                format!("invalid_hand__{}", common::stem(path)),
                common::render_plain(&error)
            );
        });
    }
    assert!(
        accepted.is_empty(),
        "accepted malformed hands: {accepted:?}"
    );
}
