//! Hostile inputs, each given to the command that reads it, in a child process bounded in
//! time and memory: no panic, no hang, exit 1 or 2 with a message on stderr of bounded size,
//! and the input left as it was. The inputs are made here (some are large), written to a
//! folder of their own.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one case may run (a debug build, on a slow machine).
const TIME: Duration = Duration::from_secs(30);
/// How much memory (virtual, in KiB) one case may take.
const MEMORY_KIB: u64 = 4 * 1024 * 1024;
/// How long a report may be: a few dozen problems drawn, the rest counted.
const REPORT_BYTES: usize = 200_000;

/// A hostile case: the command's arguments, `{}` standing for the input file's path.
struct Case {
    name: &'static str,
    args: &'static [&'static str],
    file: &'static str,
    input: String,
}

/// A house file on `bmja` adding a `[[points]]` item whose keys (besides its citation) are
/// `keys`.
fn house_item(keys: &str) -> String {
    format!(
        "[variant]\nid = \"x\"\nextends = \"bmja\"\n[[points]]\nid = \"deep\"\n{keys}\n\
         cite = {{ source = \"x\", at = \"y\" }}\n"
    )
}

fn cases() -> Vec<Case> {
    let long_tiles = format!("{}x", "1m".repeat(40_000));
    vec![
        Case {
            name: "a hand file with a line of 80,000 columns",
            args: &["score", "{}"],
            file: "hand.toml",
            input: format!(
                "seat = \"east\"\nprevailing = \"east\"\nconcealed = \"{long_tiles}\"\n"
            ),
        },
        Case {
            name: "a corpus line of 80,000 columns",
            args: &["score", "--corpus", "{}"],
            file: "corpus.jsonl",
            input: format!(
                "{{\"seat\":\"east\",\"prevailing\":\"east\",\"concealed\":\"{long_tiles}\"}}\n"
            ),
        },
        Case {
            name: "a Kajongg string of 80,000 characters",
            args: &["score", "--seat", "east", "--kajongg", "@"],
            file: "kajongg.txt",
            input: format!("{}x", "c1".repeat(40_000)),
        },
        Case {
            name: "a house file removing 8,000 unknown ids on one line",
            args: &["check", "{}"],
            file: "house.toml",
            input: format!(
                "[variant]\nid = \"x\"\nextends = \"bmja\"\nremove = [{}]\n",
                (0..8_000)
                    .map(|i| format!("\"no-such-{i}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        },
        Case {
            name: "an expression of 4,000 unary minus signs",
            args: &["check", "{}"],
            file: "minus.toml",
            input: house_item(&format!("value = \"{}1\"", "-".repeat(4_000))),
        },
        Case {
            name: "a chart written over its own corpus",
            args: &["compare", "bmja", "dmjl", "--corpus", "{}", "--plot", "{}"],
            file: "plot-over-corpus.jsonl",
            input: "{\"seat\":\"east\",\"prevailing\":\"east\",\"concealed\":\"123m 456m 789m 11z 22z 2z\",\"win\":{\"tile\":\"2z\",\"from\":\"wall\"}}\n".to_string(),
        },
        Case {
            name: "a hand file that never ends (/dev/zero)",
            args: &["score", "/dev/zero"],
            file: "unused.txt",
            input: String::new(),
        },
        Case {
            name: "a corpus that never ends (/dev/zero)",
            args: &["score", "--corpus", "/dev/zero"],
            file: "unused.txt",
            input: String::new(),
        },
        Case {
            name: "a variant extending a file that never ends (/dev/zero)",
            args: &["check", "{}"],
            file: "zero.toml",
            input: "[variant]\nid = \"z\"\nextends = \"/dev/zero\"\n".to_string(),
        },
        Case {
            // 14 tiles looked through for each of 14 tiles, 15 deep: it ran for ever.
            name: "count nested 15 deep",
            args: &["check", "{}"],
            file: "quantifiers.toml",
            input: house_item(&format!(
                "when = \"{}\"\nvalue = 1",
                (0..15).fold("honour".to_string(), |e, _| format!("count(tiles, {e}) >= 0"))
            )),
        },
        Case {
            name: "a hand file with 20,000 bad melds",
            args: &["score", "{}"],
            file: "melds.toml",
            input: format!(
                "seat = \"east\"\nprevailing = \"east\"\nconcealed = \"1m\"\nmelds = [{}]\n",
                vec!["\"123x\""; 20_000].join(", ")
            ),
        },
        Case {
            name: "a hand file with 20,000 unknown keys",
            args: &["score", "{}"],
            file: "keys.toml",
            input: (0..20_000).fold(
                "seat = \"east\"\nprevailing = \"east\"\n".to_string(),
                |text, i| text + &format!("key{i} = 1\n"),
            ),
        },
        Case {
            name: "a variant file with 5,000 items of one id and 5,000 unknown names",
            args: &["check", "{}"],
            file: "many.toml",
            input: (0..5_000).fold(
                "[variant]\nid = \"x\"\nextends = \"bmja\"\n".to_string(),
                |text, i| {
                    text + &format!(
                        "[[points]]\nid = \"same\"\nwhen = \"dragn{i}\"\nvalue = 1\n\
                         cite = {{ source = \"a\", at = \"b\" }}\n"
                    )
                },
            ),
        },
        Case {
            name: "a deal with a line of 80,000 columns",
            args: &["settle", "--variant", "hong-kong", "{}"],
            file: "deal.toml",
            input: format!("prevailing = \"east\"\n[east]\nconcealed = \"{long_tiles}\"\n"),
        },
    ]
}

/// Runs `bin` with `args` under the memory bound; its exit code (none if killed) and stderr,
/// or a complaint if it ran out of time.
fn run(bin: &Path, args: &[String]) -> Result<(Option<i32>, String), String> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""))
        .arg(bin)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run: {e}"))?;
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        stderr.read_to_end(&mut text).map(|_| text)
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > TIME {
            child.kill().ok();
            child.wait().ok();
            return Err(format!("still running after {TIME:?}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = reader.join().unwrap().map_err(|e| e.to_string())?;
    Ok((status.code(), String::from_utf8_lossy(&text).into_owned()))
}

#[test]
fn hostile_inputs_are_refused_with_a_message_and_nothing_more() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_mjrules"));
    let dir = std::env::temp_dir().join(format!("mjrules-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut wrong = Vec::new();
    for case in cases() {
        let path = dir.join(case.file);
        std::fs::write(&path, &case.input).unwrap();
        let args: Vec<String> = (case.args.iter())
            .map(|a| match *a {
                "{}" => path.display().to_string(),
                // The input itself as the argument (a Kajongg string).
                "@" => case.input.clone(),
                a => a.to_string(),
            })
            .collect();
        match run(&bin, &args) {
            Err(problem) => wrong.push(format!("{}: {problem}", case.name)),
            Ok((code, stderr)) => {
                if stderr.contains("panicked") {
                    wrong.push(format!("{}: panicked: {stderr}", case.name));
                } else if !matches!(code, Some(1 | 2)) || stderr.trim().is_empty() {
                    wrong.push(format!("{}: exit {code:?}, stderr {stderr:?}", case.name));
                } else if stderr.len() > REPORT_BYTES {
                    wrong.push(format!("{}: a report of {} bytes", case.name, stderr.len()));
                }
            }
        }
        if std::fs::read_to_string(&path).ok().as_deref() != Some(case.input.as_str()) {
            wrong.push(format!("{}: the input was changed", case.name));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
