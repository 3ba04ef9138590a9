//! The audit of every built-in variant against the source text it encodes (in
//! `../shared/seeds/`, outside the repository: skipped without them, failing on CI), the
//! slips of the texts it must report, and a house file whose mistakes it must find.

mod common;

use std::path::Path;
use std::process::Command;

use mjrules::Variant;
use mjrules::audit::{Entry, Report, Status, audit};

/// The text numbered `number`: its file name and text; `None` (after saying so) without
/// the texts.
fn source(number: &str) -> Option<(String, String)> {
    let dir = common::seeds()?;
    Some(common::seed(&dir, number).unwrap_or_else(|| panic!("no text {number} in the seeds")))
}

fn audit_builtin(id: &str, number: &str) -> Option<Report> {
    let (name, text) = source(number)?;
    Some(audit(&Variant::load(id, &[]).unwrap(), &name, &text))
}

fn entry<'r>(report: &'r Report, what: &str, id: &str) -> &'r Entry {
    report
        .entries
        .iter()
        .find(|e| e.what == what && e.id == id)
        .unwrap_or_else(|| panic!("`{}` has no {what} `{id}`", report.variant))
}

#[test]
fn every_builtin_variant_audits_clean_and_its_report_is_as_reviewed() {
    for (id, number) in common::AUDITED {
        let Some(report) = audit_builtin(id, number) else {
            return;
        };
        assert!(!report.failed(), "{}", report.text());
        // Every sentence of the text is cited or marked as not scored, and every value of a
        // cited sentence is tied to a rule.
        assert!(
            report.uncovered.is_empty() && report.untied.is_empty(),
            "{id}"
        );
        let c = &report.coverage;
        assert_eq!(c.cited + c.not_scored, c.units, "{id}");
        let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("rules/{id}.toml"));
        common::with_snapshots(&rules, || {
            insta::assert_snapshot!(format!("audit__{id}"), report.text());
        });
    }
}

#[test]
fn every_item_of_a_text_variant_cites_its_own_text() {
    // BMJA's limit hands come from the established BMJA rules, which text 003 does not list
    // (see its variant page); every other item of every variant is checked against its text.
    for (id, number) in common::AUDITED {
        let Some(report) = audit_builtin(id, number) else {
            return;
        };
        for e in report.entries.iter().filter(|e| e.what == "item") {
            if e.status == Status::OtherSource {
                assert_eq!(id, "bmja", "{id} / {} cites {}", e.id, e.cite.source);
                assert_eq!(e.cite.source, "BMJA rules", "{id} / {}", e.id);
            } else {
                assert!(e.passage.is_some(), "{id} / {}", e.id);
            }
        }
    }
}

#[test]
fn the_worked_examples_of_the_texts_are_scored_again() {
    // Text 003, "Example of doubling as applied to a special hand": 516 for North Wind.
    let Some(bmja) = audit_builtin("bmja", "003") else {
        return;
    };
    assert_eq!(
        entry(&bmja, "example", "all-pair-honours-516").status,
        Status::Ok
    );
    // Text 004, simplified table, "Mão 3": East wins 10 faan (8 base points) on West's
    // discard: South and North pay 8 × 2 (East) = 16, West 8 × 2 × 2 (East, discarder) = 32,
    // East receives 64.
    let Some(hk) = audit_builtin("hong-kong", "004") else {
        return;
    };
    let hand3 = entry(&hk, "example", "simplified-hand-3");
    assert_eq!(hand3.status, Status::Ok);
    assert!(hand3.says.contains("[64, -16, -32, -16]"), "{}", hand3.says);
}

#[test]
fn the_slips_of_the_hong_kong_text_are_reported_with_what_the_table_gives() {
    // Traditional table, "Mão 2": North wins 6 faan on South's discard; the heading says 16
    // base points (the table's 4-6 row) but the working uses 32. With 16: East pays 16 × 2
    // (East) = 32, South 16 × 2 (discarder) = 32, West 16; North receives 80.
    let Some(traditional) = audit_builtin("hong-kong-traditional", "004") else {
        return;
    };
    match &entry(&traditional, "example", "traditional-hand-2").status {
        Status::KnownSlip(why) => {
            assert!(why.contains("[-64, -64, -32, 160]"), "{why}");
            assert!(why.contains("[-32, -32, -16, 80]"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    // Canton table: "Uma mão vencedora com 9 faan vale 128 pontos base", but its row 9 says 96.
    let Some(canton) = audit_builtin("hong-kong-canton", "004") else {
        return;
    };
    match &entry(&canton, "example", "canton-9-faan").status {
        Status::KnownSlip(why) => assert!(why.contains("128") && why.contains("96"), "{why}"),
        other => panic!("{other:?}"),
    }
    // A slip is not a failure: the report still passes.
    assert!(!traditional.failed() && !canton.failed());
}

/// A house file over BMJA with four mistakes: a value the text does not give, a citation of
/// a passage that is not there, an example whose total is wrong, and a slip mark on an
/// example that agrees.
const MISTAKEN: &str = r#"
[variant]
id = "mistaken"
name = "Mistaken house rules"
extends = "bmja"

[[points]]
id = "pung-minor-exposed"
description = "exposed pung of minor tiles"
for-each = "set"
when = "pung and simple and exposed"
value = 3
cite = { source = "003", at = "Pungs: Minor tiles", column = "Exposed" }

[[points]]
id = "lucky-sevens"
description = "a pung of sevens"
for-each = "set"
when = "pung and number == 7"
value = 7
cite = { source = "003", at = "Lucky sevens: a pung of sevens scores 7" }

[[examples]]
id = "all-pair-honours-516"
cite = { source = "003", at = "Example of doubling as applied to a special hand: scores 516 points for North Wind" }
hand = { seat = "north", prevailing = "east", concealed = "11m 99m 11p 99p 11z 55z 77z", bonus = ["4f", "2f"], win = { tile = "7z", from = "wall" } }
expect = { total = 600 }

[[examples]]
id = "triple-knitting-532"
cite = { source = "003", at = "Going Mah-Jong with the final discard tile: His score would be" }
hand = { seat = "south", prevailing = "east", concealed = "2467m 2467p 2467s 8m 8p", bonus = ["2f", "3y"], win = { tile = "8p", from = "discard", last = true } }
expect = { total = 532 }
slip = "not a slip at all"
"#;

#[test]
fn a_house_file_with_mistakes_fails_its_audit_at_each_one() {
    let Some((name, text)) = source("003") else {
        return;
    };
    let variant = Variant::from_text("mistaken.toml", MISTAKEN).unwrap();
    let report = audit(&variant, &name, &text);
    // Text 003: "Minor tiles | 2 points | 4 points |", under "Exposed | Concealed | |": the
    // exposed cell says 2.
    match &entry(&report, "item", "pung-minor-exposed").status {
        Status::WrongNumber(found) => assert_eq!(found, "`2 points` (line 25)"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        entry(&report, "item", "lucky-sevens").status,
        Status::NotFound
    );
    match &entry(&report, "example", "all-pair-honours-516").status {
        Status::Disagrees(why) => assert!(why.contains("600") && why.contains("516"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        entry(&report, "example", "triple-knitting-532").status,
        Status::StaleSlip
    );
    assert_eq!(report.failures(), 4, "{}", report.text());
}

#[test]
fn a_variant_is_audited_against_the_part_of_its_text_it_names() {
    let Some((name, text)) = source("kajongg") else {
        return;
    };
    // `dmjl` encodes section 5 of the Kajongg page: its exposed pung is that table's row
    // ("| Meld Rules | Exposed Pung | 2 pts | 2 pts |"), not the notation example of
    // section 1 ("`c1c1c1` exposed pung").
    let dmjl = audit_builtin("dmjl", "kajongg").unwrap();
    let row = entry(&dmjl, "item", "pung-minor-exposed");
    let passage = row.passage.as_ref().unwrap();
    assert!(
        passage.text.contains("| Meld Rules | Exposed Pung | 2 pts"),
        "{passage:?}"
    );
    assert_eq!(row.status, Status::Ok);
    assert!(
        row.tied.as_ref().is_some_and(|t| t.written == "2 pts"),
        "{row:?}"
    );
    // Read whole, the page's 198 cases are scoring lines that nothing cites.
    let whole = r#"
[variant]
id = "whole"
extends = "dmjl"
source = "kajongg"
"#;
    let report = audit(
        &Variant::from_text("whole.toml", whole).unwrap(),
        &name,
        &text,
    );
    assert!(report.uncovered.len() > 198, "{}", report.uncovered.len());
    // A part that is not there is a failure of its own, and the whole text is read.
    let missing = r#"
[variant]
id = "missing"
extends = "dmjl"
source-part = "7. Nothing"
"#;
    let report = audit(
        &Variant::from_text("missing.toml", missing).unwrap(),
        &name,
        &text,
    );
    assert_eq!(entry(&report, "source part", "").status, Status::NotFound);
    assert!(report.failed());
}

#[test]
fn the_audit_command_exits_one_on_a_failing_audit_and_zero_on_a_clean_one() {
    let Some(seeds) = common::seeds() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("mjrules-audit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mistaken.toml");
    std::fs::write(&file, MISTAKEN).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_mjrules"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap()
    };
    // Without `--source`, the text is found in `../shared/seeds/` by the variant's `source`.
    let failing = run(&["audit", file.to_str().unwrap()]);
    let text = String::from_utf8(failing.stdout).unwrap();
    assert_eq!(failing.status.code(), Some(1), "{text}");
    assert!(
        text.starts_with("audit of `mistaken` against ../shared/seeds/003_"),
        "{text}"
    );
    assert!(
        text.contains("FAIL: the citation finds no passage"),
        "{text}"
    );
    let (name, _) = common::seed(&seeds, "003").unwrap();
    let bmja_text = seeds.join(name);
    let clean = run(&[
        "audit",
        "bmja",
        "--source",
        bmja_text.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(clean.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&clean.stdout).unwrap();
    assert_eq!(json["failed"], false);
    assert_eq!(json["failures"], 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_value_passes_only_when_it_is_the_number_the_text_ties_to_its_item() {
    let Some((name, text)) = source("003") else {
        return;
    };
    // Text 003 lists "Having your own Flower" under the doubles for all players, and the line
    // below it names the seats "(1 = East Wind, …, 4 = North Wind)". The value is stated
    // where the list begins: "each player's score is doubled for each of the following
    // conditions", one double. Neither 4 (a number of the next line) nor 5 (no number at all)
    // passes.
    // BMJA's own-flower item with `value`, its citation naming where the list states the
    // value or not.
    let house = |value: i64, value_at: bool| {
        let value_at = if value_at {
            ", value-at = \"Doubling: each player’s score is doubled for each of the following conditions\""
        } else {
            ""
        };
        let file = format!(
            r#"
[variant]
id = "own-flower-house"
extends = "bmja"

[[doubles]]
id = "own-flower"
description = "the player's own flower"
for-each = "bonus"
when = "flower and own"
value = {value}
with-limit-hand = true
cite = {{ source = "003", at = "Doubling for all players: Having your own Flower"{value_at} }}
"#
        );
        audit(
            &Variant::from_text("house.toml", &file).unwrap(),
            &name,
            &text,
        )
    };
    for value in [4, 5] {
        match &entry(&house(value, true), "item", "own-flower").status {
            Status::WrongNumber(found) => assert!(found.starts_with("`doubled`"), "{found}"),
            other => panic!("{value}: {other:?}"),
        }
    }
    // Without the value-at, the row states no number: a failure too.
    let report = house(1, false);
    assert_eq!(
        entry(&report, "item", "own-flower").status,
        Status::NoNumber
    );
}

#[test]
fn rules_citing_another_source_are_listed_apart() {
    // 37 of bmja's entries cite the established BMJA rules, which text 003 does not hold.
    let Some(bmja) = audit_builtin("bmja", "003") else {
        return;
    };
    let (own, other) = bmja.from_text();
    assert_eq!(other.len(), 37);
    assert!(other.iter().all(|e| e.cite.source != "003"));
    assert!(own.iter().all(|e| e.cite.source == "003"));
    let text = bmja.text();
    assert!(text.contains("\nnot from this text:\n"), "{text}");
}

/// A club's rules on top of Czech, citing its own text `club` (the Czech items cite text 000
/// and are listed apart): the audit of `rules` against `text`.
fn club_audit(rules: &str, text: &str) -> Report {
    let file = format!("[variant]\nid = \"club\"\nextends = \"czech\"\nsource = \"club\"\n{rules}");
    audit(
        &Variant::from_text("club.toml", &file).unwrap(),
        "club.txt",
        text,
    )
}

/// A points item of the club's file: for a pair, `value` points, citing `at`.
fn pair_item(id: &str, value: i64, at: &str) -> String {
    format!(
        "\n[[points]]\nid = \"{id}\"\nfor-each = \"set\"\nwhen = \"pair and dragon\"\n\
         value = {value}\ncite = {{ source = \"club\", at = \"{at}\" }}\n"
    )
}

#[test]
fn a_list_of_alternatives_needs_a_rule_for_each() {
    // One sentence, one number, three items: each alternative of the `or` must be cited by
    // its own rule, or the sentence is not accounted for.
    let text = "Pairs\n2 points are scored for a pair of Dragons, for a pair of the prevailing \
                Wind or for a pair of the player's own Wind.\n";
    let dragons = pair_item("dragons", 2, "Pairs: a pair of Dragons");
    let prevailing = pair_item("prevailing", 2, "Pairs: a pair of the prevailing Wind");
    let own = pair_item("own", 2, "Pairs: a pair of the player's own Wind");
    let all = club_audit(&format!("{dragons}{prevailing}{own}"), text);
    assert!(!all.failed(), "{}", all.text());
    // Without the own wind's rule: that alternative is reported.
    let two = club_audit(&format!("{dragons}{prevailing}"), text);
    assert!(two.failed());
    assert_eq!(two.uncovered.len(), 1, "{}", two.text());
    assert_eq!(
        two.uncovered[0].text,
        "or for a pair of the player's own Wind."
    );
    // Without the dragons' rule: the clause that holds the number is not the number alone.
    let two = club_audit(&format!("{prevailing}{own}"), text);
    assert_eq!(
        two.uncovered.first().map(|p| p.text.as_str()),
        Some("2 points are scored for a pair of Dragons,")
    );
}

#[test]
fn two_items_named_by_the_same_words_both_fail() {
    let text = "Pairs\nA pair of Dragons | 2 points |\n";
    let one = pair_item("dragons", 2, "Pairs: A pair of Dragons");
    let other = pair_item("dragons-again", 2, "Pairs: A pair of Dragons");
    let report = club_audit(&format!("{one}{other}"), text);
    assert_eq!(
        entry(&report, "item", "dragons").status,
        Status::SameWords("dragons-again".into())
    );
    assert_eq!(
        entry(&report, "item", "dragons-again").status,
        Status::SameWords("dragons".into())
    );
}

#[test]
fn a_payment_rule_accounts_for_its_words_not_for_the_values_beside_them() {
    // The row gives robbing a kong 1 faan and puts a penalty on the robbed player: a rule
    // for the penalty alone leaves the faan unread.
    let text = "Table\nRobbing a kong | 1 faan | the robbed player pays for all |\n";
    let payment = "\n[[payments.liabilities]]\nid = \"robbed\"\nwhen = \"robbed_kong\"\n\
                   liable = \"discarder\"\n\
                   cite = { source = \"club\", at = \"Table: the robbed player pays for all\" }\n";
    let alone = club_audit(payment, text);
    assert_eq!(alone.untied.len(), 1, "{}", alone.text());
    assert_eq!(alone.untied[0].0.written, "1 faan");
    let item = "\n[[doubles]]\nid = \"robbing\"\nwhen = \"robbed_kong\"\nvalue = 1\n\
                cite = { source = \"club\", at = \"Table: Robbing a kong\" }\n";
    let both = club_audit(&format!("{payment}{item}"), text);
    assert!(both.untied.is_empty(), "{}", both.text());
}
