//! What the commands share: how a command fails, writing to standard output, the options
//! every hand command takes, and reading files, hands and corpora named on the command line.
//! One module per command beside this one.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use clap::ValueEnum;

use mjrules::Variant;
use mjrules::diagnostic::{Diagnostic, InputError};
use mjrules::hand::file_key_span;
use mjrules::hand::kajongg::parse_kajongg;
use mjrules::hand::{Hand, parse_hand};
use mjrules::read_bounded;
use mjrules::rules::LoadError;
use mjrules::tiles::{TileStyle, Wind};
use serde_json::{Value, json};

/// Writes to standard output like `print!`, with the hidden characters of what it writes
/// escaped (the names and words it prints come from input files; see
/// `diagnostic::visible`); when the reader has gone (`mjrules … | head`) the program ends
/// quietly instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::to_stdout(&mjrules::diagnostic::visible(&format!($($arg)*)))?
    };
}

/// [`out!`] with a newline.
macro_rules! outln {
    ($($arg:tt)*) => {{
        out!($($arg)*);
        out!("\n");
    }};
}

/// Writes a JSON value (anything whose `Display` is JSON text) and a newline to standard
/// output as [`out!`] writes text, its hidden characters written as JSON escapes
/// (`diagnostic::visible_json`), so that the output is the same JSON and still valid.
macro_rules! outjson {
    ($value:expr) => {
        $crate::cli::to_stdout(&mjrules::diagnostic::visible_json(format!("{}\n", $value)))?
    };
}

pub mod arrange;
pub mod audit;
pub mod batch;
pub mod check;
pub mod compare;
pub mod diff;
pub mod doc;
pub mod examples;
pub mod game;
pub mod generate;

pub mod hand;
pub mod report;
pub mod score;
pub mod settle;
pub mod variants;
pub mod waits;

/// Why a command failed.
pub enum Failure {
    /// Bad input without a place: a file that cannot be read, a wrong option (exit 2).
    Input(String),
    /// Bad input with places: the problems of inputs that do not validate (exit 2).
    Problems(Vec<InputError>),
    /// A check found a problem, already reported on standard output (exit 1).
    Check,
}

impl From<LoadError> for Failure {
    fn from(error: LoadError) -> Self {
        match error {
            LoadError::Files(errors) => Failure::Problems(errors),
            other => Failure::Input(format!("error: {other}\n")),
        }
    }
}

/// Whether the command asked for JSON: its failures are then written as JSON too.
static JSON_FAILURES: AtomicBool = AtomicBool::new(false);

/// Writes the command's failures as JSON (on standard output, where its output would have
/// gone) when `json` is true; as text on standard error otherwise.
pub fn failures_as_json(json: bool) {
    JSON_FAILURES.store(json, Ordering::Relaxed);
}

/// Reports a failure where the command said, and gives its exit code. A JSON report that
/// cannot be written (standard output full, or its reader gone) is said on standard error
/// instead, as the text formats say theirs; the exit code is the failure's.
pub fn report_failure(failure: Failure) -> u8 {
    let json = JSON_FAILURES.load(Ordering::Relaxed);
    let code = if matches!(failure, Failure::Check) {
        1
    } else {
        2
    };
    match failure {
        Failure::Check => {}
        Failure::Input(message) if json => {
            // One problem for each `error: ` that starts a line.
            let problems: Vec<Value> = (message.trim_end().trim_start_matches("error: "))
                .split("\nerror: ")
                .map(|message| json!({"message": message, "severity": "error"}))
                .collect();
            if !json_to_stdout(&json!({"ok": false, "problems": problems})) {
                to_stderr(&mjrules::diagnostic::visible(&message));
            }
        }
        Failure::Input(message) => to_stderr(&mjrules::diagnostic::visible(&message)),
        Failure::Problems(errors) if json => {
            let problems: Vec<Value> = errors.iter().flat_map(report::problems_json).collect();
            if !json_to_stdout(&json!({"ok": false, "problems": problems})) {
                to_stderr(
                    &errors
                        .into_iter()
                        .map(report::render_error)
                        .collect::<String>(),
                );
            }
        }
        Failure::Problems(errors) => to_stderr(
            &errors
                .into_iter()
                .map(report::render_error)
                .collect::<String>(),
        ),
    }
    code
}

/// Writes `report` and a newline to standard output; false when it could not be written.
fn json_to_stdout(report: &Value) -> bool {
    let text = mjrules::diagnostic::visible_json(format!("{report}\n"));
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_ok()
}

/// Writes `text` to standard output as it is (see [`out!`]).
pub fn to_stdout(text: &str) -> Result<(), Failure> {
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(|e| output_error(&e))
}

/// Writes `text` to standard error, as `eprint!` does, but without a panic where standard
/// error cannot be written (full, or closed): there is nowhere left to say anything.
pub fn to_stderr(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// The command line, parsed; on a mistake, clap's message and exit 2 (0 for `--help` and
/// `--version`). When the command line holds control characters, which clap would quote as
/// they are, the message is written in plain text (without colours, its escapes written out).
pub fn parse_command_line<T: clap::Parser>() -> T {
    T::try_parse().unwrap_or_else(|e| {
        let control =
            std::env::args_os().any(|a| a.to_string_lossy().chars().any(char::is_control));
        if e.use_stderr() && control {
            let plain = e.render().to_string();
            to_stderr(&mjrules::diagnostic::visible(&plain));
            std::process::exit(e.exit_code());
        }
        e.exit()
    })
}

/// The failure of writing the output: none when the reader has gone (the program ends
/// quietly, as `mjrules … | head` expects).
pub fn output_error(e: &std::io::Error) -> Failure {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    Failure::Input(format!("error: cannot write the output: {e}\n"))
}

/// Writes one line to `writer`.
pub fn write_line(writer: &mut impl Write, text: &str) -> Result<(), Failure> {
    writeln!(writer, "{text}").map_err(|e| output_error(&e))
}

#[derive(clap::Args)]
pub struct FormatArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// The formats of the commands that also score a corpus.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CorpusFormat {
    Text,
    Json,
    /// Totals and speed (with `--corpus`).
    Summary,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Tiles {
    /// `123m 55p 7z`.
    Ascii,
    /// The Unicode mahjong tiles.
    Unicode,
}

impl From<Tiles> for TileStyle {
    fn from(tiles: Tiles) -> Self {
        match tiles {
            Tiles::Ascii => TileStyle::Ascii,
            Tiles::Unicode => TileStyle::Unicode,
        }
    }
}

/// The options of a command that reads one hand and writes what it finds (`arrange`,
/// `waits`).
#[derive(clap::Args)]
pub struct HandArgs {
    #[command(flatten)]
    pub input: HandInput,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// How tiles are written on output.
    #[arg(long, value_enum, default_value_t = Tiles::Ascii)]
    pub tiles: Tiles,
}

/// Where a hand comes from: a hand file, standard input, or a Kajongg string.
#[derive(clap::Args)]
pub struct HandInput {
    /// The hand file (TOML), or `-` for standard input.
    pub hand: Option<PathBuf>,
    /// A hand in Kajongg's notation instead of a hand file.
    #[arg(long, conflicts_with = "hand", requires = "seat")]
    pub kajongg: Option<String>,
    /// The player's seat, for `--kajongg`.
    // A hand file names its own winds: these go with `--kajongg` only (the conflict is
    // spelled out, as clap does not enforce `requires` when `--kajongg` conflicts).
    #[arg(long, value_parser = parse_wind, requires = "kajongg", conflicts_with = "hand")]
    pub seat: Option<Wind>,
    /// The prevailing wind, for `--kajongg` (default east).
    #[arg(
        long,
        value_parser = parse_wind,
        default_value = "east",
        requires = "kajongg",
        conflicts_with = "hand"
    )]
    pub prevailing: Wind,
}

/// Reads a `--param name=value` override.
pub fn parse_override(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.is_empty() && !value.is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!("`{text}` is not `name=value`")),
    }
}

fn parse_wind(text: &str) -> Result<Wind, String> {
    Wind::from_name(text)
        .ok_or_else(|| format!("`{text}` is not a wind: use east, south, west or north"))
}

/// Reads a file, or standard input for `-` (at most `document::MAX_INPUT` bytes), naming it
/// for diagnostics.
pub fn read_input(path: &Path) -> Result<(String, String), Failure> {
    if path.as_os_str() == "-" {
        let text = read_bounded(std::io::stdin())
            .map_err(|e| Failure::Input(format!("error: cannot read standard input: {e}\n")))?;
        return Ok(("<stdin>".to_string(), text));
    }
    let name = path.display().to_string();
    std::fs::File::open(path)
        .and_then(read_bounded)
        .map(|text| (name.clone(), text))
        .map_err(|e| Failure::Input(format!("error: cannot read `{name}`: {e}\n")))
}

/// The hand named on the command line: a hand file, standard input, or a Kajongg string.
pub fn load_hand(args: &HandInput) -> Result<Hand, Failure> {
    read_hand_input(args).map(|(_, _, hand)| hand)
}

/// The hand named on the command line, to be scored under `variants`: refused, with every
/// refusal placed at the key it names (in a Kajongg string: the whole string), where some
/// variant refuses it.
pub fn load_hand_for(args: &HandInput, variants: &[&Variant]) -> Result<Hand, Failure> {
    let (name, text, hand) = read_hand_input(args)?;
    let place = |key: &str| match args.kajongg {
        None => file_key_span(&text, key),
        Some(_) => 0..text.len(),
    };
    let problems: Vec<Diagnostic> = (variants.iter())
        .filter_map(|v| Some((v.id(), v.refusal(&hand)?)))
        .map(|(id, r)| r.diagnostic(id, place(&r.at.value)))
        .collect();
    if problems.is_empty() {
        Ok(hand)
    } else {
        Err(Failure::Problems(vec![InputError::new(
            &name, &text, problems,
        )]))
    }
}

/// The hand named on the command line, with the name and text it was read from.
fn read_hand_input(args: &HandInput) -> Result<(String, String, Hand), Failure> {
    if let Some(text) = &args.kajongg {
        let seat = args.seat.expect("clap requires --seat with --kajongg");
        let hand =
            parse_kajongg(text, seat, args.prevailing).map_err(|e| Failure::Problems(vec![e]))?;
        return Ok(("--kajongg".into(), text.clone(), hand));
    }
    let Some(path) = args.hand.as_ref() else {
        return Err(Failure::Input(
            "error: name a hand file (or `-` for standard input), or give `--kajongg \"…\" --seat W`\n".into(),
        ));
    };
    let (name, text) = read_input(path)?;
    let hand = parse_hand(&name, &text).map_err(|e| Failure::Problems(vec![e]))?;
    Ok((name, text, hand))
}

/// A corpus opened for reading: its name, its lines, and its size in bytes when known.
pub type Corpus = (String, (Box<dyn BufRead + Send>, Option<u64>));

/// Opens a corpus: a file, or standard input for `-`.
pub fn open_corpus(path: &Path) -> Result<Corpus, Failure> {
    if path.as_os_str() == "-" {
        return Ok((
            "<stdin>".to_string(),
            (Box::new(BufReader::new(std::io::stdin())), None),
        ));
    }
    let name = path.display().to_string();
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::Input(format!("error: cannot read `{name}`: {e}\n")))?;
    let size = file
        .metadata()
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    Ok((name, (Box::new(BufReader::new(file)), size)))
}
