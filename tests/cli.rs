//! The `mjrules` binary: outputs, exit codes and diagnostics as a user sees them.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn mjrules(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mjrules"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
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
}
