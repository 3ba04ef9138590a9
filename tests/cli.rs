//! The `mjrules` binary: outputs, exit codes and diagnostics as a user sees them.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn mjrules(args: &[&str], stdin: Option<&str>) -> Output {
    mjrules_with(args, stdin, &[])
}

/// [`mjrules`] with more variables in its environment.
fn mjrules_with(args: &[&str], stdin: Option<&str>, env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mjrules"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The input is written by a thread of its own while the output is read: the binary
    // writes what it has scored before it has read all of a long input, and a pipe holds
    // only so much, so writing it all first would leave each waiting for the other.
    let input = child.stdin.take().unwrap();
    let text = stdin.unwrap_or_default().to_string();
    let writer = std::thread::spawn(move || {
        let mut input = input;
        let written = input.write_all(text.as_bytes());
        // The binary may stop (on a bad argument) before it reads its input.
        if let Err(e) = written {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
    });
    let output = child.wait_with_output().unwrap();
    writer.join().expect("the input was written");
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn waits_json_follows_the_contract() {
    // The example hand waits on 4p alone (345p chow around a 35p gap), so 4p was the only
    // possible tile; it completed the chow, not the pair.
    let out = mjrules(
        &[
            "waits",
            "examples/hands/south-dragon-pung.toml",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["waits"], serde_json::json!(["4p"]));
    assert_eq!(json["only_possible"], true);
    assert_eq!(json["fishing_the_eyes"], false);
}

#[test]
fn arrange_reads_standard_input() {
    let hand = "seat = \"east\"\nprevailing = \"east\"\nconcealed = \"111222333m 456m 99m\"\n[win]\ntile = \"3m\"\nfrom = \"wall\"\n";
    let out = mjrules(&["arrange", "-", "--format", "json"], Some(hand));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    // Three pungs or three chows (see tests/gallery.rs).
    assert_eq!(json.as_array().unwrap().len(), 2);
}

#[test]
fn unicode_tiles_on_output() {
    let out = mjrules(
        &[
            "waits",
            "examples/hands/south-dragon-pung.toml",
            "--tiles",
            "unicode",
            "--format",
            "json",
        ],
        None,
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["waits"], serde_json::json!(["\u{1F01C}"]));
}

#[test]
fn a_bad_hand_exits_2_with_every_problem() {
    let hand = "seat = \"sout\"\nprevailing = \"east\"\nconcealed = \"123m 8z\"\n";
    let out = mjrules(&["waits", "-"], Some(hand));
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("`sout` is not a wind"), "{err}");
    assert!(err.contains("did you mean `south`?"), "{err}");
    assert!(err.contains("`8z` is not a tile"), "{err}");
    assert!(err.contains("`<stdin>` has 2 problems"), "{err}");
    assert!(
        !err.contains('\u{1b}'),
        "NO_COLOR output has no escape codes"
    );
    assert!(stdout(&out).is_empty());
}

#[test]
fn a_missing_file_exits_2() {
    let out = mjrules(&["arrange", "no/such/hand.toml"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read `no/such/hand.toml`"));
}

#[test]
fn a_bad_command_line_exits_2() {
    let out = mjrules(&["waits", "x.toml", "--format", "yaml"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("invalid value 'yaml'"));
    // The winds on the command line go with `--kajongg` only: a hand file and a corpus name
    // their own, so they are refused rather than ignored.
    let hand = "examples/hands/south-dragon-pung.toml";
    for args in [
        &["score", hand, "--seat", "west"][..],
        &["score", hand, "--prevailing", "west"],
        &["score", "--corpus", "-", "--seat", "west"],
        &[
            "compare",
            "bmja",
            "dmjl",
            "--corpus",
            "-",
            "--prevailing",
            "south",
        ],
        &["waits", "--seat", "west"],
    ] {
        let out = mjrules(args, Some(""));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).starts_with("error: "),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

/// The example hand under BMJA, worked from text 003: 777z exposed pung 4, 222m and 666s
/// concealed minor pungs 4 + 4, 345p chow 0, 99s pair 0, two bonus tiles 4 + 4, going
/// Mah-Jong 20 (won on a discard, so no 2 for the wall): 40 points. Doubles: the dragon
/// pung, South's own flower 2f, South's own season 2y: 3. 40 × 8 = 320, under the limit of
/// 1,000.
const EXAMPLE_BMJA_TOTAL: i64 = 320;

fn total_of(args: &[&str]) -> i64 {
    let out = mjrules(args, None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    json["total"].as_i64().unwrap()
}

#[test]
fn score_uses_bmja_by_default() {
    let total = total_of(&[
        "score",
        "examples/hands/south-dragon-pung.toml",
        "--format",
        "json",
    ]);
    assert_eq!(total, EXAMPLE_BMJA_TOTAL);
}

#[test]
fn a_house_rule_file_changes_the_score_without_a_rebuild() {
    // The house file removes the dragon double (40 × 2^2 = 160) and lowers the limit to
    // 300, which does not bite here.
    let total = total_of(&[
        "score",
        "--variant",
        "examples/house-rules/our-club.toml",
        "examples/hands/south-dragon-pung.toml",
        "--format",
        "json",
    ]);
    assert_eq!(total, 160);
}

#[test]
fn a_house_limit_caps_the_score() {
    // A house file written on the spot: BMJA with a limit of 200 caps 320 at 200.
    let dir = common::scratch("house");
    let file = dir.join("limit-200.toml");
    std::fs::write(
        &file,
        "[variant]\nid = \"low\"\nextends = \"bmja\"\n[params]\nlimit = 200\n",
    )
    .unwrap();
    let total = total_of(&[
        "score",
        "--variant",
        file.to_str().unwrap(),
        "examples/hands/south-dragon-pung.toml",
        "--format",
        "json",
    ]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(total, 200);
}

#[test]
fn a_param_on_the_command_line_overrides_the_file() {
    let total = total_of(&[
        "score",
        "examples/hands/south-dragon-pung.toml",
        "--param",
        "limit=100",
        "--format",
        "json",
    ]);
    assert_eq!(total, 100);
}

#[test]
fn an_unknown_param_or_variant_exits_2() {
    let out = mjrules(
        &[
            "score",
            "examples/hands/south-dragon-pung.toml",
            "--param",
            "limt=100",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("did you mean `limit`?"),
        "{}",
        stderr(&out)
    );
    let out = mjrules(
        &[
            "score",
            "--variant",
            "bmj",
            "examples/hands/south-dragon-pung.toml",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("did you mean `bmja`?"),
        "{}",
        stderr(&out)
    );
    // One parameter set twice: which was meant is not for the program to guess.
    let out = mjrules(
        &[
            "score",
            "examples/hands/south-dragon-pung.toml",
            "--param",
            "limit=500",
            "--param",
            "limit=600",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("`--param limit` is given twice (`500`, then `600`)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn check_exits_0_when_good_1_when_it_finds_problems_2_when_it_cannot_read() {
    let out = mjrules(
        &[
            "check",
            "rules/bmja.toml",
            "examples/house-rules/our-club.toml",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = mjrules(
        &[
            "check",
            "rules/bmja.toml",
            "tests/variants/invalid/many-problems.toml",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("has 3 problems"), "{}", stderr(&out));
    let out = mjrules(
        &[
            "check",
            "tests/variants/invalid/many-problems.toml",
            "no-such-file.toml",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot read `no-such-file.toml`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn check_gives_its_problems_as_json() {
    let out = mjrules(
        &[
            "check",
            "--format",
            "json",
            "tests/variants/invalid/misspelt-param.toml",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), "");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let problem = &report[0]["problems"][0];
    // `limt = 500` is line 6 of the file, from its first column.
    let text = std::fs::read_to_string("tests/variants/invalid/misspelt-param.toml").unwrap();
    let at = text.find("limt =").unwrap();
    assert_eq!(report[0]["ok"], false);
    assert_eq!(problem["line"], 6);
    assert_eq!(problem["column"], 1);
    assert_eq!(problem["span"], serde_json::json!([at, at + 4]));
    assert_eq!(problem["message"], "nothing reads the parameter `limt`");
    assert_eq!(problem["help"], "did you mean `limit`?");
    assert_eq!(problem["severity"], "error");
}

#[test]
fn check_says_which_tiles_a_non_winner_has_read_every_way() {
    // A house rule on Czech that makes a dragon pair worth 10 points, more than a concealed
    // dragon pung's 8: a non-winner's dragons are read every way. Czech itself is proved for
    // every tile: no note.
    let house = "tests/variants/dragon-pair-bonus.toml";
    let out = mjrules(&["check", house, "czech"], None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let notes: Vec<&str> = text.lines().filter(|l| l.starts_with("  note:")).collect();
    assert_eq!(notes.len(), 1, "{text}");
    assert!(notes[0].contains("567z held alike"), "{text}");
    assert!(notes[0].contains("`pair-dragon-bonus`"), "{text}");
    assert!(text.ends_with("czech: ok (czech)\n"), "{text}");
    let out = mjrules(&["check", house, "czech", "--format", "json"], None);
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(report[0]["read_every_way"][0]["tiles"], "567z");
    assert_eq!(report[0]["read_every_way"][0]["item"], "pair-dragon-bonus");
    assert_eq!(report[1]["read_every_way"], serde_json::json!([]));
}

#[test]
fn kajongg_strings_score_and_convert_to_hand_files() {
    // Kajongg's case K-009: West in a North round. Under its DMJL rules Kajongg scores it
    // Win(44, 4), 704, capped at the limit of 500.
    let args = [
        "--kajongg",
        "c1c2c3 wewewe drdrdr dbdb DgDgDg Ldbdbdb",
        "--seat",
        "west",
        "--prevailing",
        "north",
    ];
    let mut score = vec!["score", "--variant", "dmjl", "--format", "json"];
    score.extend(args);
    assert_eq!(total_of(&score), 500);
    let mut hand = vec!["hand"];
    hand.extend(args);
    let out = mjrules(&hand, None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The converted hand file scores the same.
    let converted = stdout(&out);
    assert!(converted.contains("from = \"discard\""), "{converted}");
    let again = mjrules(
        &["score", "--variant", "dmjl", "--format", "json", "-"],
        Some(&converted),
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&again)).unwrap();
    assert_eq!(json["total"], 500);
}

#[test]
fn a_converted_hand_keeps_its_seen_tiles() {
    // The example's `seen = "4p 4p"` (the two 4p another player shows) comes out again, in
    // the converter's spelling.
    let out = mjrules(&["hand", "examples/hands/south-dragon-pung.toml"], None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("seen = \"44p\"\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mjrules"))
        .args(["variants", "--format", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn gen_and_corpus_scoring_through_the_binary() {
    let out = mjrules(
        &["gen", "--seed", "3", "--count", "200", "--winners-only"],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let corpus = stdout(&out);
    assert_eq!(corpus.lines().count(), 200);
    // One JSON line per hand, each with the total of the hand.
    let scored = mjrules(
        &["score", "--corpus", "-", "--format", "json"],
        Some(&corpus),
    );
    assert_eq!(scored.status.code(), Some(0), "{}", stderr(&scored));
    let lines: Vec<serde_json::Value> = stdout(&scored)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 200);
    assert!(
        lines
            .iter()
            .all(|l| l["winner"] == true && l["total"].as_i64().is_some())
    );
    // Each card names its corpus line; blank lines are skipped, not counted as hands.
    let with_blank = corpus.replacen('\n', "\n\n", 1);
    let scored = stdout(&mjrules(
        &["score", "--corpus", "-", "--format", "json"],
        Some(&with_blank),
    ));
    let numbers: Vec<i64> = scored
        .lines()
        .take(3)
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["line"]
                .as_i64()
                .unwrap()
        })
        .collect();
    assert_eq!(numbers, [1, 3, 4]);
    let summary = mjrules(
        &["score", "--corpus", "-", "--format", "summary"],
        Some(&corpus),
    );
    assert!(
        stdout(&summary).starts_with("200 hands under bmja"),
        "{}",
        stdout(&summary)
    );
    // An empty corpus is scored (0 hands), with no figures made up for it.
    let empty = mjrules(&["score", "--corpus", "-", "--format", "summary"], Some(""));
    assert_eq!(empty.status.code(), Some(0));
    let text = stdout(&empty);
    assert!(text.starts_with("0 hands under bmja"), "{text}");
    assert!(
        text.contains("\nno totals: the corpus has no hands\n"),
        "{text}"
    );
    // A bad line is reported at its place (line 2, the column of `sout`), the others are
    // scored, the summary counts it, and the run fails at its end.
    let mut lines = corpus.lines();
    let bad = format!(
        "{}\n{{\"seat\": \"sout\", \"prevailing\": \"east\", \"concealed\": \"1m\"}}\n{}\n",
        lines.next().unwrap(),
        lines.next().unwrap()
    );
    let out = mjrules(&["score", "--corpus", "-"], Some(&bad));
    assert_eq!(out.status.code(), Some(2));
    let text = stdout(&out);
    let scored: Vec<&str> = text.lines().map(|l| l.split(':').next().unwrap()).collect();
    assert_eq!(scored, ["line 1", "line 3"]);
    assert!(stderr(&out).contains("[<stdin>:2:10]"), "{}", stderr(&out));
    assert!(
        stderr(&out)
            .ends_with("error: 1 line of `<stdin>` could not be read, and was not scored\n"),
        "{}",
        stderr(&out)
    );
    let out = mjrules(
        &["score", "--corpus", "-", "--format", "summary"],
        Some(&bad),
    );
    assert!(
        stdout(&out).contains("lines not read 1"),
        "{}",
        stdout(&out)
    );
    // As JSON, the bad line is a line of the output with its problems.
    let out = mjrules(&["score", "--corpus", "-", "--format", "json"], Some(&bad));
    let second: serde_json::Value =
        serde_json::from_str(stdout(&out).lines().nth(1).unwrap()).unwrap();
    assert_eq!(second["line"], 2);
    assert_eq!(second["problems"][0]["line"], 2);
    assert_eq!(second["problems"][0]["column"], 10);
}

#[test]
fn the_speed_line_names_the_threads() {
    // The summary's speed line ends with the number of threads, in the singular for one.
    for (threads, said) in [("1", "(1 thread)\n"), ("2", "(2 threads)\n")] {
        let out = Command::new(env!("CARGO_BIN_EXE_mjrules"))
            .args(["score", "--corpus", "-", "--format", "summary"])
            .env("RAYON_NUM_THREADS", threads)
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs");
        let text = stdout(&out);
        let line = text.lines().find(|l| l.contains("hands per second"));
        assert!(
            line.is_some_and(|l| format!("{l}\n").ends_with(said)),
            "{text}"
        );
    }
}

#[test]
fn a_corpus_longer_than_a_batch_is_scored_in_order_on_one_thread_or_two() {
    // 5,000 lines make two batches or more (a batch is at least 2,048 lines). On one thread
    // each batch is scored before the next is read; on two, each is read while the one
    // before is scored. Either way the results must come out in line order, and a line that
    // is not a hand (line 3,000, in the second batch) be reported and the run go on.
    let corpus = stdout(&mjrules(&["gen", "--seed", "11", "--count", "5000"], None));
    let mut lines: Vec<&str> = corpus.lines().collect();
    lines[2_999] = "not a hand";
    let corpus = lines.join("\n");
    let runs = ["1", "2"].map(|threads| {
        mjrules_with(
            &["score", "--corpus", "-"],
            Some(&corpus),
            &[("RAYON_NUM_THREADS", threads)],
        )
    });
    for out in &runs {
        assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
        assert!(stderr(out).contains("<stdin>:3000:1"), "{}", stderr(out));
        let numbers: Vec<usize> = stdout(out)
            .lines()
            .map(|l| {
                let rest = l.strip_prefix("line ").expect("line N: total");
                rest[..rest.find(':').unwrap()].parse().unwrap()
            })
            .collect();
        let expected: Vec<usize> = (1..=5_000).filter(|&n| n != 3_000).collect();
        assert_eq!(numbers, expected);
    }
    assert_eq!(stdout(&runs[0]), stdout(&runs[1]));
    assert_eq!(stderr(&runs[0]), stderr(&runs[1]));
}

#[test]
fn a_corpus_line_that_is_not_utf8_is_named() {
    let corpus = stdout(&mjrules(&["gen", "--seed", "4", "--count", "2"], None));
    let mut bytes = corpus.into_bytes();
    bytes.extend_from_slice(b"{\"seat\": \"east\xff\"}\n");
    let path = std::env::temp_dir().join(format!("mjrules-not-utf8-{}.jsonl", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    let out = mjrules(&["score", "--corpus", path.to_str().unwrap()], None);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(
        message.contains(", line 3: stream did not contain valid UTF-8"),
        "{message}"
    );
}

#[test]
fn compare_over_a_corpus_writes_a_chart() {
    let corpus = stdout(&mjrules(&["gen", "--seed", "5", "--count", "300"], None));
    let dir = common::scratch("plot");
    let plot = dir.join("chart.svg");
    let out = mjrules(
        &[
            "compare",
            "bmja",
            "dmjl",
            "--corpus",
            "-",
            "--plot",
            plot.to_str().unwrap(),
            "--format",
            "json",
        ],
        Some(&corpus),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["sides"][0]["hands"], 300);
    let svg = std::fs::read_to_string(&plot).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        svg.starts_with("<svg")
            && svg.contains(">bmja<")
            && svg.contains(">dmjl<")
            && svg.contains("share of hands")
    );
}

#[test]
fn mcr_compares_over_a_corpus_with_variants_that_read_other_things() {
    // A corpus with indicators, red fives and ready declarations (riichi's) and special
    // patterns (MCR's knitted tiles among them): mcr reads none of the first, and every hand
    // is scored on both sides.
    let corpus = stdout(&mjrules(
        &[
            "gen",
            "--seed",
            "6",
            "--count",
            "300",
            "--indicators",
            "--special-patterns",
        ],
        None,
    ));
    for other in ["riichi", "bmja"] {
        let out = mjrules(
            &["compare", "mcr", other, "--corpus", "-", "--format", "json"],
            Some(&corpus),
        );
        assert_eq!(out.status.code(), Some(0), "{other}: {}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(json["sides"][0]["hands"], 300, "{other}");
        assert_eq!(json["sides"][1]["hands"], 300, "{other}");
    }
}

#[test]
fn a_chart_that_cannot_be_written_fails_before_scoring_and_a_failed_run_leaves_none() {
    let dir = common::scratch("plot-fail");
    let compare = |plot: &std::path::Path, corpus: &str| {
        mjrules(
            &[
                "compare",
                "bmja",
                "dmjl",
                "--corpus",
                "-",
                "--plot",
                plot.to_str().unwrap(),
            ],
            Some(corpus),
        )
    };
    // A directory that does not exist: refused at once, and no figures printed, although
    // the corpus (one bad line) would have failed later with another message.
    let bad_corpus = "{\"seat\": \"sout\", \"prevailing\": \"east\", \"concealed\": \"1m\"}\n";
    let out = compare(&dir.join("missing").join("chart.svg"), bad_corpus);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: cannot write `"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty());
    // A bad corpus line is reported, and the chart drawn from the other lines (none here).
    let plot = dir.join("chart.svg");
    let out = compare(&plot, bad_corpus);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("[<stdin>:1:10]"), "{}", stderr(&out));
    assert!(plot.exists());
    // A run that fails (its corpus is a folder) leaves a file that was there as it was, and
    // leaves no file where there was none.
    let failing = |plot: &std::path::Path| {
        let args = [
            "compare",
            "bmja",
            "dmjl",
            "--corpus",
            dir.to_str().unwrap(),
            "--plot",
        ];
        let out = mjrules(&[&args[..], &[plot.to_str().unwrap()]].concat(), None);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    };
    std::fs::write(&plot, "an older chart").unwrap();
    failing(&plot);
    assert_eq!(std::fs::read_to_string(&plot).unwrap(), "an older chart");
    let new = dir.join("new.svg");
    failing(&new);
    assert!(!new.exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn several_variants_are_scored_side_by_side() {
    // The contract: `score` with several `--variant` puts them side by side, any number of
    // them, built-in or from paths. Each column's total is the total of that variant alone.
    let hand = "examples/hands/south-dragon-pung.toml";
    let variants = ["bmja", "polish", "rules/hong-kong.toml"];
    let mut args = vec!["score", "--format", "json", hand];
    for v in variants {
        args.extend(["--variant", v]);
    }
    let out = mjrules(&args, None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        json["variants"],
        serde_json::json!(["bmja", "polish", "hong-kong"])
    );
    for (k, v) in variants.iter().enumerate() {
        assert_eq!(
            json["cards"][k]["total"],
            total_of(&["score", "--format", "json", "--variant", v, hand]),
            "{v}"
        );
    }
    // A row per item that counted somewhere, with a value or null per variant.
    let rows = json["rows"].as_array().unwrap();
    let red = rows.iter().find(|r| r["item"] == "red-dragon").unwrap();
    assert_eq!(red["values"], serde_json::json!([null, null, "1 faan"]));
    // As text: the table first (header, then each variant's total), then each card.
    args[2] = "text";
    let text = stdout(&mjrules(&args, None));
    let header: Vec<&str> = text.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(header, ["item", "bmja", "polish", "hong-kong"]);
    let total_row = text.lines().find(|l| l.starts_with("total")).unwrap();
    let totals: Vec<&str> = total_row.split_whitespace().skip(1).take(3).collect();
    let expected: Vec<String> = (0..3)
        .map(|k| json["cards"][k]["total"].to_string())
        .collect();
    assert_eq!(totals, expected, "{total_row}");
    assert!(
        text.contains("British Mah-Jong Association (bmja)\n"),
        "{text}"
    );
}

#[test]
fn compare_options_that_go_with_a_corpus_are_refused_without_one() {
    let hand = "examples/hands/south-dragon-pung.toml";
    for extra in [["--plot", "chart.svg"], ["--format", "summary"]] {
        let mut args = vec!["compare", "bmja", "dmjl", hand];
        args.extend(extra);
        let out = mjrules(&args, None);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(stdout(&out).is_empty(), "{extra:?}");
    }
    // Over a corpus, the summary is the figures and the speed, without the score cards.
    let corpus = stdout(&mjrules(&["gen", "--seed", "8", "--count", "40"], None));
    let out = mjrules(
        &[
            "compare", "bmja", "dmjl", "--corpus", "-", "--format", "summary",
        ],
        Some(&corpus),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("40 hands\n"), "{text}");
    assert!(
        text.contains("\n40 hands under bmja and dmjl in "),
        "{text}"
    );
    assert!(!text.contains("── line"), "{text}");
}

#[test]
fn control_characters_from_input_files_are_escaped_on_output() {
    // A variant named with the escape sequence that turns text red, and a hand whose seat
    // holds one (TOML's `\u001b`) and a raw one (which TOML refuses, quoting the line).
    let dir = common::scratch("escapes");
    let variant = dir.join("red.toml");
    std::fs::write(
        &variant,
        "[variant]\nid = \"red\"\nname = \"x\\u001b[31mred\"\nextends = \"bmja\"\n",
    )
    .unwrap();
    let quoted = dir.join("quoted.toml");
    std::fs::write(
        &quoted,
        "seat = \"\\u001b[31meast\"\nprevailing = \"east\"\n",
    )
    .unwrap();
    let raw = dir.join("raw.toml");
    std::fs::write(&raw, "seat = \"east\u{1b}[31m\"\nprevailing = \"east\"\n").unwrap();
    // A carriage return alone sends the cursor back over the line; one that ends a line
    // (`\r\n`) is a line end.
    let carriage = dir.join("carriage.toml");
    std::fs::write(&carriage, "seat = \"ea\rst\"\r\nprevailing = \"east\"\r\n").unwrap();
    let runs = [
        mjrules(
            &[
                "score",
                "--variant",
                variant.to_str().unwrap(),
                "examples/hands/south-dragon-pung.toml",
            ],
            None,
        ),
        mjrules(&["score", quoted.to_str().unwrap()], None),
        mjrules(&["score", raw.to_str().unwrap()], None),
        mjrules(&["score", carriage.to_str().unwrap()], None),
        // From the command line: our own message, and clap's.
        mjrules(&["doc", "\u{1b}[2J\u{1b}[31mnosuch"], None),
        mjrules(&["score", "--seat", "ea\rst", "--kajongg", "c1c2c3"], None),
        mjrules(&["sc\u{1b}[2Jore"], None),
    ];
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        stdout(&runs[0]).starts_with("x\\u{1b}[31mred (red)"),
        "{}",
        stdout(&runs[0])
    );
    assert!(
        stderr(&runs[1]).contains("`\\u{1b}[31meast` is not a wind"),
        "{}",
        stderr(&runs[1])
    );
    assert!(
        stderr(&runs[4]).contains("unknown variant `\\u{1b}[2J\\u{1b}[31mnosuch`"),
        "{}",
        stderr(&runs[4])
    );
    for out in &runs {
        for text in [stdout(out), stderr(out)] {
            assert!(!text.contains('\u{1b}'), "{text}");
            assert!(!text.replace("\r\n", "\n").contains('\r'), "{text:?}");
        }
    }
    assert!(runs[3..].iter().all(|out| out.status.code() == Some(2)));
}

#[test]
fn each_command_offers_the_formats_it_writes() {
    // `hand --format json` is a corpus line, which reads back as the same hand.
    let out = mjrules(
        &[
            "hand",
            "--kajongg",
            "c1c2c3 wewewe drdrdr dbdb DgDgDg Ldbdbdb",
            "--seat",
            "west",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["seat"], "west");
    let scored = mjrules(&["score", "--corpus", "-"], Some(&stdout(&out)));
    assert_eq!(scored.status.code(), Some(0), "{}", stderr(&scored));
    // A format a command does not write is refused by name, not printed as text.
    for args in [
        &[
            "waits",
            "examples/hands/south-dragon-pung.toml",
            "--format",
            "summary",
        ][..],
        &[
            "arrange",
            "examples/hands/south-dragon-pung.toml",
            "--format",
            "summary",
        ],
        &[
            "hand",
            "examples/hands/south-dragon-pung.toml",
            "--tiles",
            "unicode",
        ],
    ] {
        let out = mjrules(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn waits_count_the_special_shapes_of_the_variant() {
    // Thirteen orphans with the 6z paired and the 7z missing: no standard reading waits on
    // anything, the variant's thirteen-orphans shape waits on 7z alone. The same hand having
    // gone out on 7z: it was the only possible tile.
    let dir = common::scratch("waits");
    let calling = dir.join("calling.toml");
    std::fs::write(
        &calling,
        "seat = \"east\"\nprevailing = \"east\"\nconcealed = \"19m 19p 19s 1234566z\"\n",
    )
    .unwrap();
    let won = dir.join("won.toml");
    std::fs::write(
        &won,
        "seat = \"east\"\nprevailing = \"east\"\nconcealed = \"19m 19p 19s 12345667z\"\n\
         [win]\ntile = \"7z\"\nfrom = \"wall\"\n",
    )
    .unwrap();
    for variant in ["bmja", "hong-kong"] {
        let out = mjrules(
            &[
                "waits",
                calling.to_str().unwrap(),
                "--variant",
                variant,
                "--format",
                "json",
            ],
            None,
        );
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(json["waits"], serde_json::json!(["7z"]), "{variant}");
        assert_eq!(json["only_possible"], true, "{variant}");
    }
    let out = mjrules(&["waits", won.to_str().unwrap(), "--format", "json"], None);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["waits"], serde_json::json!(["7z"]));
    assert_eq!(json["only_possible"], true);
    // The thirteen-sided wait, won on 9m, with the three other 1m seen: 1m still completed
    // the hand by its shape (a wait), but no copy of it could come (not a live one).
    let dead = dir.join("dead.toml");
    std::fs::write(
        &dead,
        "seat = \"east\"\nprevailing = \"east\"\nconcealed = \"19m 19p 19s 1234567z 9m\"\n\
         seen = \"1m 1m 1m\"\n[win]\ntile = \"9m\"\nfrom = \"wall\"\n",
    )
    .unwrap();
    let out = mjrules(&["waits", dead.to_str().unwrap(), "--format", "json"], None);
    std::fs::remove_dir_all(&dir).ok();
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let orphans = [
        "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z",
    ];
    assert_eq!(json["waits"], serde_json::json!(orphans));
    assert_eq!(json["live"], serde_json::json!(orphans[1..]));
    assert_eq!(json["only_possible"], false);
}

#[test]
fn a_limit_hand_card_says_when_the_limit_caps_what_counts_on_top() {
    // Gates of Heaven (1,000) with a bouquet of flowers on top (16 points × 2^2 = 64): the
    // limit caps the whole at 1,000, and the card says so.
    let out = mjrules(
        &[
            "score",
            "--kajongg",
            "RC1C1C1C2C3C4C5C6C7C8C9C9C9C5 fe fs fw fn LC5",
            "--seat",
            "east",
        ],
        None,
    );
    let text = stdout(&out);
    assert!(
        text.contains("limit hand `gates-of-heaven`, plus 16 points × 2^2 on top, capped by the limit (limit 1000)\ntotal 1000\n"),
        "{text}"
    );
}

#[test]
fn with_format_json_a_bad_input_is_reported_as_json() {
    // A hand file with one mistake, and a file that is not there: JSON on standard output,
    // nothing on standard error, exit 2.
    let out = mjrules(
        &[
            "score",
            "tests/hands/invalid/bad-seat.toml",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), "");
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["ok"], false);
    let problem = &json["problems"][0];
    assert_eq!(problem["file"], "tests/hands/invalid/bad-seat.toml");
    assert!(problem["line"].as_u64().is_some() && problem["span"].is_array());
    let out = mjrules(
        &[
            "settle",
            "--variant",
            "bmja",
            "no-such-deal.toml",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(
        json["problems"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("cannot read")
    );
}

#[test]
fn doc_and_gen_write_text_or_json() {
    // `doc --format json`: the rules after `extends` and the file's own parameters. The house
    // file removes one item of bmja and sets the limit to 300.
    let doc = |args: &[&str]| -> serde_json::Value {
        let out = mjrules(args, None);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        serde_json::from_str(&stdout(&out)).unwrap()
    };
    let bmja = doc(&["doc", "bmja", "--format", "json"]);
    let club = doc(&[
        "doc",
        "examples/house-rules/our-club.toml",
        "--format",
        "json",
    ]);
    // Counted from the variant file itself, not from the engine: every item table.
    let file: toml::Table = std::fs::read_to_string("rules/bmja.toml")
        .unwrap()
        .parse()
        .unwrap();
    let in_file: usize = ["points", "doubles", "faan", "limit-hands"]
        .iter()
        .filter_map(|t| file.get(*t).and_then(|v| v.as_array()).map(Vec::len))
        .sum();
    let items = |v: &serde_json::Value| v["items"].as_array().unwrap().len();
    assert_eq!(items(&bmja), in_file);
    assert_eq!(items(&club), in_file - 1);
    assert!(
        club["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["id"] != "pung-dragon")
    );
    let limit = |v: &serde_json::Value| {
        v["params"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "limit")
            .unwrap()["value"]
            .clone()
    };
    assert_eq!(limit(&bmja), 1000);
    assert_eq!(limit(&club), 300);
    assert_eq!(club["extends"], serde_json::json!(["bmja"]));
    // A failure in `--format json` is JSON too.
    let out = mjrules(&["doc", "no-such-variant", "--format", "json"], None);
    assert_eq!(out.status.code(), Some(2));
    let failure: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(failure["ok"], false);

    // `gen --format text` writes the same hands as the corpus, as hand files: each reads back
    // as its corpus line.
    let corpus = stdout(&mjrules(&["gen", "--seed", "3", "--count", "5"], None));
    let files = stdout(&mjrules(
        &["gen", "--seed", "3", "--count", "5", "--format", "text"],
        None,
    ));
    let files: Vec<&str> = files.split("# hand ").skip(1).collect();
    assert_eq!(files.len(), 5);
    for (file, line) in files.iter().zip(corpus.lines()) {
        let file = format!("# hand {file}");
        let out = mjrules(&["hand", "-", "--format", "json"], Some(&file));
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out).trim(), line);
    }
}

#[test]
fn a_card_says_when_the_variant_scores_no_bonus_tiles() {
    // BMJA without its five rules that look at bonus tiles: a flower and a season held score
    // nothing, and the card says why instead of dropping them silently.
    let dir = common::scratch("no-bonus");
    let house = dir.join("no-flowers.toml");
    std::fs::write(
        &house,
        r#"[variant]
id = "no-flowers"
name = "BMJA without flowers"
extends = "bmja"
remove = ["bonus-tile", "own-flower", "own-season", "bouquet-flowers", "bouquet-seasons"]
"#,
    )
    .unwrap();
    let hand = r#"seat = "south"
prevailing = "east"
concealed = "123m 456p 666s 555z 11p"
bonus = ["1f", "2y"]
[win]
tile = "1p"
from = "wall"
"#;
    let house = house.to_str().unwrap();
    let text = stdout(&mjrules(&["score", "-", "--variant", house], Some(hand)));
    assert!(
        text.contains(
            "the hand's 2 bonus tiles scored nothing: this variant has no rule for bonus tiles"
        ),
        "{text}"
    );
    let json = |variant: &str| -> serde_json::Value {
        let out = mjrules(
            &["score", "-", "--variant", variant, "--format", "json"],
            Some(hand),
        );
        serde_json::from_str(&stdout(&out)).unwrap()
    };
    assert_eq!(json(house)["unscored_bonus"], 2);
    // Under bmja the two score (4 points each), and there is no such note.
    assert_eq!(json("bmja")["unscored_bonus"], 0);
    let text = stdout(&mjrules(&["score", "-"], Some(hand)));
    assert!(!text.contains("scored nothing"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_example_of_the_help_runs() {
    // The commands, as the main help lists them.
    let help = stdout(&mjrules(&["--help"], None));
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .lines()
        .skip(1)
        .map_while(|l| l.strip_prefix("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert_eq!(commands.len(), 13, "{help}");
    // The examples run from a folder laid out like the project's (its examples and rules,
    // and the shared texts beside it), so that the files they write land there.
    let root = common::scratch("examples");
    let work = root.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let project = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["examples", "rules"] {
        std::os::unix::fs::symlink(project.join(dir), work.join(dir)).unwrap();
    }
    let seeds = common::seeds();
    if seeds.is_some() {
        std::os::unix::fs::symlink(project.join("../shared"), root.join("shared")).unwrap();
    }
    let binary = std::path::Path::new(env!("CARGO_BIN_EXE_mjrules"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for command in commands {
        let help = stdout(&mjrules(&["help", command], None));
        let examples: Vec<&str> = help
            .split("Examples:\n")
            .nth(1)
            .unwrap_or_else(|| panic!("`mjrules help {command}` has no examples"))
            .lines()
            .filter_map(|l| l.strip_prefix("  "))
            .collect();
        assert!(!examples.is_empty(), "{command}");
        for line in examples {
            assert!(line.starts_with("mjrules "), "{line}");
            if line.contains("audit") && seeds.is_none() {
                continue;
            }
            let out = Command::new("sh")
                .args(["-c", line])
                .current_dir(&work)
                .env("PATH", &path)
                .env("NO_COLOR", "1")
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{line}\n{}", stderr(&out));
            ran += 1;
        }
    }
    assert!(ran >= 20, "{ran}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_game_gives_its_ledger_chart_and_replay_and_refuses_a_bad_one() {
    let dir = common::scratch("game");
    let chart = dir.join("accounts.svg");
    let game = "tests/games/polish-round.toml";
    let out = mjrules(
        &[
            "game",
            game,
            "--format",
            "json",
            "--plot",
            chart.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let ledger: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    // 002 worked by hand in the game file: Bartek ends 1,990 up.
    assert_eq!(ledger["deals"][4]["totals"]["Bartek"], 1990);
    assert!(
        std::fs::read_to_string(&chart)
            .unwrap()
            .contains("<polyline")
    );
    // The JSON ledger, read back from standard input, plays the same game.
    let again = mjrules(&["game", "-", "--format", "json"], Some(&stdout(&out)));
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert_eq!(stdout(&again), stdout(&out));
    // CSV: a header and a row a deal.
    let csv = stdout(&mjrules(&["game", game, "--format", "csv"], None));
    assert_eq!(csv.lines().count(), 6, "{csv}");
    assert!(csv.starts_with("deal,prevailing,dealer,winner,"), "{csv}");
    // A bad game: exit 2, every problem with its place; as JSON where JSON was asked for.
    let bad = mjrules(&["game", "tests/games/invalid/wrong-dealer.toml"], None);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("`Bob` deals here by the rotation, not `Cy`"));
    let bad = mjrules(
        &[
            "game",
            "tests/games/invalid/unknown-player.toml",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(bad.status.code(), Some(2));
    let report: serde_json::Value = serde_json::from_str(&stdout(&bad)).unwrap();
    assert_eq!(report["ok"], false);
    assert_eq!(report["problems"].as_array().unwrap().len(), 2, "{report}");
    // Not a ledger.
    let bad = mjrules(&["game", "-"], Some("{\"deals\": 3}"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("is not a ledger"), "{}", stderr(&bad));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_hand_a_variant_refuses_is_an_error_at_the_key_its_refusal_names() {
    // Four plain fives of characters, won on the wall. Riichi plays with one red five of
    // each suit (`rules/riichi.toml`, refusal `four-plain-fives`), so no riichi hand shows
    // four fives of a suit none of which is red; BMJA has no red fives, and scores it.
    let plain = "seat = \"south\"\nprevailing = \"east\"\nconcealed = \"555m 567m 234p 678s 11z\"\n[win]\ntile = \"1z\"\nfrom = \"wall\"\n";
    let out = mjrules(&["score", "--variant", "riichi", "-"], Some(plain));
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("`riichi` refuses this hand"), "{err}");
    assert!(err.contains("refused by `four-plain-fives`"), "{err}");
    // The diagnostic points at `concealed`, the key the refusal names: line 3, column 13.
    assert!(err.contains("<stdin>:3:13"), "{err}");
    let out = mjrules(&["score", "--variant", "bmja", "-"], Some(plain));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // One of them red: a riichi hand, and the red five counts (aka dora).
    let red = plain.replace("555m", "055m");
    let out = mjrules(
        &["score", "--variant", "riichi", "--format", "json", "-"],
        Some(&red),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("\"aka-dora\""));
    // In a corpus, the line is reported with its place in the line, and the others scored.
    let line = |hand: &str| stdout(&mjrules(&["hand", "--format", "json", "-"], Some(hand)));
    let corpus = format!("{}{}", line(plain), line(&red));
    let score_corpus = |corpus: &str, format: &str| {
        let args = ["score", "--variant", "riichi", "--corpus", "-", "--format"];
        mjrules(&[&args[..], &[format]].concat(), Some(corpus))
    };
    let out = score_corpus(&corpus, "json");
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = (stdout(&out).lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The two lines, then the run's failure.
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0]["problems"][0]["label"],
        "refused by `four-plain-fives`"
    );
    let span = &lines[0]["problems"][0]["span"];
    let (from, to) = (span[0].as_u64().unwrap(), span[1].as_u64().unwrap());
    assert_eq!(
        &corpus[from as usize..to as usize],
        "\"555567m 234p 678s 11z\""
    );
    assert_eq!(lines[1]["valid"], true);
    assert_eq!(lines[2]["ok"], false);
    assert_eq!(
        lines[2]["problems"][0]["message"],
        "1 line of `<stdin>` holds a hand `riichi` refuses, and was not scored"
    );
    // The summary counts the lines refused apart from those that could not be read, and so
    // does the run's failure, a line for each.
    let out = score_corpus(&format!("{corpus}not a hand\n"), "summary");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stdout(&out).contains("lines not read 1; hands refused 1"),
        "{}",
        stdout(&out)
    );
    let err = stderr(&out);
    assert!(
        err.ends_with(
            "error: 1 line of `<stdin>` could not be read, and was not scored\n\
             error: 1 line of `<stdin>` holds a hand `riichi` refuses, and was not scored\n"
        ),
        "{err}"
    );
    // `compare` refuses it too, naming the variant.
    let out = mjrules(&["compare", "riichi", "bmja", "-"], Some(plain));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("`riichi` refuses this hand"));
}

/// Output that cannot be written is an error, never a panic, in every format: to a full
/// device, exit 2 with the reason on standard error; to a reader that has gone before
/// anything is written, a command that succeeds ends quietly (as `mjrules … | head`
/// expects) and one that fails keeps its exit code, with its report on standard error.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_an_error_not_a_panic() {
    let run = |args: &[&str], stdout: Stdio| {
        Command::new(env!("CARGO_BIN_EXE_mjrules"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(Stdio::piped())
            .output()
            .expect("the binary runs")
    };
    let hand = "examples/hands/south-dragon-pung.toml";
    let bad_hand = "tests/hands/invalid/riichi-too-many-indicators.toml";
    let commands: [&[&str]; 6] = [
        &["score", hand],
        &["score", hand, "--format", "json"],
        &["variants", "--format", "json"],
        &["gen", "--seed", "1", "--count", "2000"],
        &["check", "rules/bmja.toml", "--format", "json"],
        &["score", bad_hand, "--format", "json"],
    ];
    for args in commands {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = run(args, Stdio::from(full));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?} to /dev/full: {err}");
        if args[1] != bad_hand {
            assert!(err.contains("cannot write the output"), "{args:?}: {err}");
        } else {
            // The hand's own problem, said where the text formats say it.
            assert!(err.contains("6 indicators"), "{args:?}: {err}");
        }

        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = run(args, Stdio::from(writer));
        let err = stderr(&out);
        let expected = if args[1] == bad_hand { 2 } else { 0 };
        assert_eq!(
            out.status.code(),
            Some(expected),
            "{args:?} to a closed pipe: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// A game whose deal file or variant is a pipe that nobody writes is refused at once, not
/// left waiting for a writer: only a regular file is read where a file names another.
#[cfg(target_os = "linux")]
#[test]
fn a_pipe_named_by_a_game_is_refused_without_waiting() {
    let dir = common::scratch("fifo-game");
    let fifo = dir.join("deal.toml");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let players = "players = [\"Ann\", \"Bob\", \"Cy\", \"Di\"]\n";
    for (file, game) in [
        (
            "deal.toml",
            format!("variant = \"bmja\"\n{players}[[deal]]\nfile = \"deal.toml\"\n"),
        ),
        (
            "variant.toml",
            format!("variant = \"./deal.toml\"\n{players}"),
        ),
    ] {
        let path = dir.join(file.replace(".toml", "-game.toml"));
        std::fs::write(&path, game).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_mjrules"))
            .arg("game")
            .arg(&path)
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > std::time::Duration::from_secs(20) {
                child.kill().unwrap();
                panic!("`mjrules game` waited on the pipe named in {file}");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(
            stderr(&out).contains("it is not a regular file"),
            "{file}: {}",
            stderr(&out)
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A ledger, which may come from anyone, names its variant and deal files as a game file
/// does: a file that is not a variant or deal file is refused, and nothing of it is shown.
#[test]
fn a_ledger_shows_nothing_of_a_file_it_names_that_is_not_its_kind() {
    let players = r#"["Ann", "Bob", "Cy", "Di"]"#;
    // Its first line is a header of column names, `dmjl_kind` among them.
    let data = "tests/data/kajongg-cases.tsv";
    for (ledger, refusal) in [
        (
            format!(r#"{{"variant_spec": "{data}", "players": {players}, "deals": []}}"#),
            "is not a variant file",
        ),
        (
            format!(
                r#"{{"variant_spec": "bmja", "players": {players}, "deals": [{{"input": {{"file": "{data}"}}}}]}}"#
            ),
            "it is not a deal file",
        ),
    ] {
        let out = mjrules(&["game", "-"], Some(&ledger));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(refusal), "{err}");
        assert!(!err.contains("dmjl_kind"), "{err}");
    }
}

/// A ledger edited by hand is played again from its deals' inputs, and each value it records
/// that the replay does not give is listed, in every format, with exit 1: here Bartek's net
/// in the second deal and the first standing's total of the Polish round.
#[test]
fn a_ledger_that_disagrees_with_its_replay_says_where() {
    let out = mjrules(
        &["game", "tests/games/polish-round.toml", "--format", "json"],
        None,
    );
    let mut ledger: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let net = ledger["deals"][1]["net"]["Bartek"].as_i64().unwrap();
    ledger["deals"][1]["net"]["Bartek"] = (net + 5).into();
    let total = ledger["standings"][0]["total"].as_i64().unwrap();
    ledger["standings"][0]["total"] = (total - 5).into();
    let edited = ledger.to_string();
    let said = [
        format!(
            "deal 2: `net.Bartek` is recorded as {}, played again {net}",
            net + 5
        ),
        format!(
            "the ledger: `standings[0].total` is recorded as {}, played again {total}",
            total - 5
        ),
    ];
    let text = mjrules(&["game", "-"], Some(&edited));
    assert_eq!(text.status.code(), Some(1), "{}", stderr(&text));
    let shown = stdout(&text);
    let listed: Vec<&str> = shown
        .split("the ledger as recorded differs from its deals played again:\n")
        .nth(1)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .collect();
    assert_eq!(listed, said, "{shown}");
    let json = mjrules(&["game", "-", "--format", "json"], Some(&edited));
    assert_eq!(json.status.code(), Some(1));
    let replayed: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(replayed["differences"], serde_json::json!(said));
    let csv = mjrules(&["game", "-", "--format", "csv"], Some(&edited));
    assert_eq!(csv.status.code(), Some(1));
    assert!(stderr(&csv).contains(&said[0]), "{}", stderr(&csv));
    // As written, it agrees with itself.
    let again = mjrules(&["game", "-"], Some(&stdout(&out)));
    assert_eq!(again.status.code(), Some(0), "{}", stdout(&again));
}

/// Names that would break what they are written into, or change how it reads: a control
/// character (which an XML document cannot hold), quotes and ampersands, markup, a C1
/// control (which the JSON was once written with as `\u{85}`, not JSON), and the
/// bidirectional controls that reorder a line (U+202E, U+2066). The game's ledger keeps them
/// as they are written in every format that can hold them, and shows them as escapes.
#[test]
fn hostile_player_names_leave_every_output_well_formed_and_visible() {
    let names = [
        "A\u{1}b",
        "\"Q\" & 'q'",
        "<script>x\u{85}</script>",
        "\u{202e}evil\u{2066}",
    ];
    let players = names
        .iter()
        .map(|n| serde_json::to_string(n).unwrap())
        .collect::<Vec<_>>()
        .join(", ");
    let game = format!(
        "variant = \"polish\"\nplayers = [{players}]\n\n[[deal]]\ndealer = {}\n{} = {{ score = 20, win = {{ from = \"wall\" }} }}\n",
        serde_json::to_string(names[0]).unwrap(),
        serde_json::to_string(names[1]).unwrap(),
    );
    let dir = common::scratch("hostile-names");
    let file = dir.join("game.toml");
    std::fs::write(&file, game).unwrap();
    let chart = dir.join("accounts.svg");
    let file = file.to_str().unwrap();
    let out = mjrules(
        &[
            "game",
            file,
            "--format",
            "json",
            "--plot",
            chart.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The JSON is valid and holds the names exactly; the bidirectional controls are written
    // as JSON's escapes, not as themselves.
    let json = stdout(&out);
    assert!(!json.contains(['\u{202e}', '\u{2066}']), "{json}");
    assert!(json.contains("\\u202e"), "{json}");
    let ledger: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(ledger["players"], serde_json::json!(names));
    // The chart is well-formed XML, and every name is in it, shown as a terminal shows it.
    let svg = std::fs::read_to_string(&chart).unwrap();
    let parsed = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let text: String = parsed.descendants().filter_map(|n| n.text()).collect();
    let shown_as = [
        "A\\u{1}b",
        "\"Q\" & 'q'",
        "<script>x\\u{85}</script>",
        "\\u{202e}evil\\u{2066}",
    ];
    for shown in shown_as {
        assert!(text.contains(shown), "{shown} not in {text}");
    }
    // Text and CSV show the controls as escapes.
    for format in ["text", "csv"] {
        let shown = stdout(&mjrules(&["game", file, "--format", format], None));
        assert!(shown.contains("\\u{202e}evil\\u{2066}"), "{shown}");
        assert!(
            !shown.contains(['\u{1}', '\u{202e}', '\u{2066}']),
            "{shown}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A variant file's notes, descriptions and citations, and a source text's passages, are
/// shown in the Markdown pages, not run as HTML: `<script>` is written `&lt;script&gt;`,
/// while a code span the notes write themselves (`` `a < b` ``) keeps its characters.
#[test]
fn markup_in_a_variant_or_its_source_is_shown_in_markdown_not_run() {
    let dir = common::scratch("markdown-markup");
    let variant = dir.join("hostile.toml");
    std::fs::write(
        &variant,
        r#"[variant]
id = "hostile"
name = "Hostile <script>alert(1)</script>"
extends = "bmja"
notes = "Notes with <img src=x onerror=alert(1)> and `a < b` kept."

[[points]]
id = "evil"
description = "<b>bold</b> & more"
value = 2
when = "concealed_hand"
cite = { source = "src", at = "Two <script>points</script>" }
notes = "<iframe>"
"#,
    )
    .unwrap();
    let source = dir.join("source.txt");
    std::fs::write(
        &source,
        "Two <script>points</script> for a concealed hand.\n<img src=x onerror=alert(1)>\n",
    )
    .unwrap();
    let variant = variant.to_str().unwrap();
    let doc = mjrules(&["doc", variant], None);
    let audit = mjrules(
        &[
            "audit",
            variant,
            "--source",
            source.to_str().unwrap(),
            "--format",
            "markdown",
        ],
        None,
    );
    assert_eq!(doc.status.code(), Some(0), "{}", stderr(&doc));
    // Exit 1: the audit has failures (the entries bmja gives cite a text this is not).
    assert_eq!(audit.status.code(), Some(1), "{}", stderr(&audit));
    for out in [&doc, &audit] {
        let page = stdout(out);
        for tag in ["<script", "<img", "<b>", "<iframe"] {
            assert!(!page.contains(tag), "{tag} in\n{page}");
        }
        assert!(
            page.contains("Two &lt;script&gt;points&lt;/script&gt;"),
            "{page}"
        );
    }
    let page = stdout(&doc);
    assert!(page.starts_with("# Hostile &lt;script&gt;alert(1)&lt;/script&gt; (`hostile`)"));
    assert!(
        page.contains("&lt;img src=x onerror=alert(1)&gt; and `a < b` kept."),
        "{page}"
    );
    assert!(
        page.contains("| `evil` | &lt;b&gt;bold&lt;/b&gt; &amp; more |"),
        "{page}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
