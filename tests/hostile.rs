//! Hostile inputs, each given to the command that reads it, in a child process bounded in
//! time and memory: no panic, no hang, exit 1 or 2 with a message on stderr of bounded size,
//! and the input left as it was.
//!
//! The inputs: those made here (some are large), written to a folder of their own; the files
//! of `tests/hostile/` (hands, corpora, variant files, deals, Kajongg strings and command
//! lines, each folder read by its command); and the invalid hands, variant files and deals
//! whose diagnostics other tests draw.

mod common;

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

/// A hostile input made here: the command's arguments, `{}` standing for the input file's
/// path and `@` for the input itself.
struct Made {
    name: &'static str,
    args: &'static [&'static str],
    file: &'static str,
    input: String,
}

/// One run of the binary: its arguments, or a command line for the shell to split; the
/// input file, which must be the same after the run.
struct Run {
    name: String,
    args: Vec<String>,
    line: Option<String>,
    file: Option<PathBuf>,
}

impl Run {
    fn new(name: String, args: Vec<String>, file: Option<PathBuf>) -> Run {
        Run {
            name,
            args,
            line: None,
            file,
        }
    }
}

/// A house file on `bmja` adding a `[[points]]` item whose keys (besides its citation) are
/// `keys`.
fn house_item(keys: &str) -> String {
    format!(
        "[variant]\nid = \"x\"\nextends = \"bmja\"\n[[points]]\nid = \"deep\"\n{keys}\n\
         cite = {{ source = \"x\", at = \"y\" }}\n"
    )
}

fn made() -> Vec<Made> {
    let long_tiles = format!("{}x", "1m".repeat(40_000));
    vec![
        Made {
            name: "a hand file with a line of 80,000 columns",
            args: &["score", "{}"],
            file: "hand.toml",
            input: format!(
                "seat = \"east\"\nprevailing = \"east\"\nconcealed = \"{long_tiles}\"\n"
            ),
        },
        Made {
            name: "a corpus line of 80,000 columns",
            args: &["score", "--corpus", "{}"],
            file: "corpus.jsonl",
            input: format!(
                "{{\"seat\":\"east\",\"prevailing\":\"east\",\"concealed\":\"{long_tiles}\"}}\n"
            ),
        },
        Made {
            name: "a Kajongg string of 80,000 characters",
            args: &["score", "--seat", "east", "--kajongg", "@"],
            file: "kajongg.txt",
            input: format!("{}x", "c1".repeat(40_000)),
        },
        Made {
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
        Made {
            name: "an expression of 4,000 unary minus signs",
            args: &["check", "{}"],
            file: "minus.toml",
            input: house_item(&format!("value = \"{}1\"", "-".repeat(4_000))),
        },
        Made {
            name: "a chart written over its own corpus",
            args: &["compare", "bmja", "dmjl", "--corpus", "{}", "--plot", "{}"],
            file: "plot-over-corpus.jsonl",
            input: "{\"seat\":\"east\",\"prevailing\":\"east\",\"concealed\":\"123m 456m 789m 11z 22z 2z\",\"win\":{\"tile\":\"2z\",\"from\":\"wall\"}}\n".to_string(),
        },
        Made {
            name: "a hand file that never ends (/dev/zero)",
            args: &["score", "/dev/zero"],
            file: "unused.txt",
            input: String::new(),
        },
        Made {
            name: "a corpus that never ends (/dev/zero)",
            args: &["score", "--corpus", "/dev/zero"],
            file: "unused.txt",
            input: String::new(),
        },
        Made {
            name: "a variant extending a file that never ends (/dev/zero)",
            args: &["check", "{}"],
            file: "zero.toml",
            input: "[variant]\nid = \"z\"\nextends = \"/dev/zero\"\n".to_string(),
        },
        Made {
            // 14 tiles looked through for each of 14 tiles, 15 deep: it ran for ever.
            name: "count nested 15 deep",
            args: &["check", "{}"],
            file: "quantifiers.toml",
            input: house_item(&format!(
                "when = \"{}\"\nvalue = 1",
                (0..15).fold("honour".to_string(), |e, _| format!("count(tiles, {e}) >= 0"))
            )),
        },
        Made {
            name: "a hand file with 20,000 bad melds",
            args: &["score", "{}"],
            file: "melds.toml",
            input: format!(
                "seat = \"east\"\nprevailing = \"east\"\nconcealed = \"1m\"\nmelds = [{}]\n",
                vec!["\"123x\""; 20_000].join(", ")
            ),
        },
        Made {
            name: "a hand file with 20,000 unknown keys",
            args: &["score", "{}"],
            file: "keys.toml",
            input: (0..20_000).fold(
                "seat = \"east\"\nprevailing = \"east\"\n".to_string(),
                |text, i| text + &format!("key{i} = 1\n"),
            ),
        },
        Made {
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
        Made {
            name: "a deal with a line of 80,000 columns",
            args: &["settle", "--variant", "hong-kong", "{}"],
            file: "deal.toml",
            input: format!("prevailing = \"east\"\n[east]\nconcealed = \"{long_tiles}\"\n"),
        },
    ]
}

/// The inputs made here, written into `dir`.
fn made_runs(dir: &Path) -> Vec<Run> {
    made()
        .into_iter()
        .map(|case| {
            let path = dir.join(case.file);
            std::fs::write(&path, &case.input).unwrap();
            let args = (case.args.iter())
                .map(|a| match *a {
                    "{}" => path.display().to_string(),
                    // The input itself as the argument (a Kajongg string).
                    "@" => case.input.clone(),
                    a => a.to_string(),
                })
                .collect();
            Run::new(case.name.to_string(), args, Some(path))
        })
        .collect()
}

/// The lines of a file of the repository that are not blank or comments.
fn lines(file: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The inputs kept in the repository, each given to the commands that read its kind.
fn folder_runs() -> Vec<Run> {
    let mut runs = Vec::new();
    let mut each = |folder: &str, extension: &str, commands: &[&[&str]]| {
        for path in common::files_in(folder, extension) {
            for args in commands {
                let args: Vec<String> = (args.iter())
                    .map(|a| match *a {
                        "{}" => path.display().to_string(),
                        a => a.to_string(),
                    })
                    .collect();
                let name = format!("{} ({})", path.display(), args[0]);
                runs.push(Run::new(name, args, Some(path.clone())));
            }
        }
    };
    let hand: &[&str] = &["score", "{}"];
    let variant: &[&[&str]] = &[
        &["check", "{}"],
        &[
            "score",
            "examples/hands/south-dragon-pung.toml",
            "--variant",
            "{}",
        ],
    ];
    each("hostile/hands", "toml", &[hand, &["waits", "{}"]]);
    each("hands/invalid", "toml", &[hand]);
    each("hostile/corpora", "jsonl", &[&["score", "--corpus", "{}"]]);
    each("hostile/variants", "toml", variant);
    each("variants/invalid", "toml", variant);
    each(
        "hostile/deals",
        "toml",
        &[
            &["settle", "--variant", "polish", "{}"],
            &["settle", "--variant", "hong-kong", "{}"],
        ],
    );
    // An invalid deal is named after the variant it is invalid under: `polish--case.toml`.
    for path in common::files_in("deals/invalid", "toml") {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let variant = stem.split("--").next().unwrap().to_string();
        let args = vec![
            "settle".into(),
            "--variant".into(),
            variant,
            path.display().to_string(),
        ];
        runs.push(Run::new(stem, args, Some(path)));
    }
    for line in lines("tests/hostile/kajongg.txt") {
        let args = ["score", "--seat", "east", "--kajongg", &line].map(String::from);
        runs.push(Run::new(format!("Kajongg {line:?}"), args.to_vec(), None));
    }
    for line in lines("tests/hostile/command-lines.txt") {
        runs.push(Run {
            name: format!("mjrules {line}"),
            args: Vec::new(),
            line: Some(line),
            file: None,
        });
    }
    runs
}

/// Runs the binary under the memory bound, from the project's folder: its exit code (none
/// if killed) and stderr, or a complaint if it ran out of time.
fn run(bin: &Path, run: &Run) -> Result<(Option<i32>, String), String> {
    let script = match &run.line {
        // The shell splits the command line as a user's would.
        Some(line) => format!("ulimit -v {MEMORY_KIB}; exec \"$0\" {line}"),
        None => format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""),
    };
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(bin)
        .args(&run.args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
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
        std::thread::sleep(Duration::from_millis(5));
    };
    let text = reader.join().unwrap().map_err(|e| e.to_string())?;
    Ok((status.code(), String::from_utf8_lossy(&text).into_owned()))
}

/// What is wrong with one run, if anything.
fn judge(bin: &Path, one: &Run) -> Option<String> {
    let before = one.file.as_ref().map(std::fs::read);
    let verdict = match run(bin, one) {
        Err(problem) => Some(problem),
        Ok((_, stderr)) if stderr.contains("panicked") => Some(format!("panicked: {stderr}")),
        Ok((code, stderr)) if !matches!(code, Some(1 | 2)) || stderr.trim().is_empty() => {
            Some(format!("exit {code:?}, stderr {stderr:?}"))
        }
        Ok((_, stderr)) if stderr.len() > REPORT_BYTES => {
            Some(format!("a report of {} bytes", stderr.len()))
        }
        Ok(_) => None,
    };
    let after = one.file.as_ref().map(std::fs::read);
    let changed = match (before, after) {
        (Some(Ok(before)), Some(Ok(after))) => before != after,
        (before, after) => before.is_some() != after.is_some(),
    };
    match (verdict, changed) {
        (Some(v), _) => Some(format!("{}: {v}", one.name)),
        (None, true) => Some(format!("{}: the input was changed", one.name)),
        (None, false) => None,
    }
}

#[test]
fn hostile_inputs_are_refused_with_a_message_and_nothing_more() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_mjrules"));
    let dir = common::scratch("hostile");
    let mut runs = made_runs(&dir);
    runs.extend(folder_runs());
    assert!(runs.len() >= 300, "{} runs", runs.len());
    // A few at a time: most runs are short, and the machine has more than one core.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let wrong = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                while let Some(one) =
                    runs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    if let Some(problem) = judge(&bin, one) {
                        wrong.lock().unwrap().push(problem);
                    }
                }
            });
        }
    });
    std::fs::remove_dir_all(&dir).ok();
    let wrong = wrong.into_inner().unwrap();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
