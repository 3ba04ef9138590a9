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

/// Every hand of the riichi reference data (red fives, `riichi`, `double-riichi`, `ippatsu`,
/// `dora` and `ura-dora`, every way of winning) is read, and written back as a corpus line
/// and as a hand file reads as the same hand; the line is written with the keys the data
/// file uses, so that nothing is lost.
#[test]
fn riichi_hands_read_and_write_back() {
    let path = format!(
        "{}/tests/data/riichi-oracle.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut red = 0;
    for (n, line) in text.lines().enumerate() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let hand_line = record["hand"].to_string();
        let hand = mjrules::corpus::read_line(hand_line.as_bytes())
            .unwrap_or_else(|e| panic!("line {}: {e:?}", n + 1));
        red += hand.red_fives_held();
        let again =
            mjrules::corpus::read_line(mjrules::hand::write::to_json(&hand).as_bytes()).unwrap();
        assert_eq!(again, hand, "line {}", n + 1);
        let toml = mjrules::hand::write::to_toml(&hand);
        assert_eq!(
            parse_hand("written", &toml).unwrap(),
            hand,
            "line {}",
            n + 1
        );
        // Each indicator and red five of the line is kept.
        for key in ["dora", "ura-dora"] {
            let written = record["hand"][key].as_str().unwrap_or("");
            let count = |s: &str| s.bytes().filter(u8::is_ascii_digit).count();
            let shown = if key == "dora" {
                hand.indicators().len()
            } else {
                hand.hidden_indicators().len()
            };
            assert_eq!(count(written), shown, "line {}: {key}", n + 1);
        }
    }
    assert!(red > 1000, "{red} red fives held in the data");
}
