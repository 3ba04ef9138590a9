//! The `mjrules` command line: a thin layer over the library.
//!
//! Exit codes: 0 on success, 1 when a check finds a problem, 2 on bad input (with a
//! diagnostic that points into the file). Nothing panics on any input.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};

use mjrules::arrange::arrangements;
use mjrules::diagnostic::{InputError, Problem};
use mjrules::evaluate::Scorer;
use mjrules::evaluate::score;
use mjrules::hand::{Hand, parse_hand};
use mjrules::kajongg::parse_kajongg;
use mjrules::random::HandGenerator;
use mjrules::render;
use mjrules::rules::CompiledVariant;
use mjrules::rules::load::load_unchecked;
use mjrules::rules::{LoadError, builtin, groupings, load, load::parse_override};
use mjrules::settle::{parse_deal, settle};
use mjrules::tiles::{TileStyle, Wind, format_tiles};
use mjrules::waits::waits;
use mjrules::{audit, batch, chart, compare, corpus, diff, stats};

/// Scores Mahjong hands from rulebooks written as data.
#[derive(Parser)]
#[command(name = "mjrules", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Scores a hand under one or more variants (the default is `bmja`).
    Score(ScoreArgs),
    /// Checks variant files: every problem at once, with its place.
    Check(CheckArgs),
    /// Two variants side by side, for one hand or a whole corpus.
    Compare(CompareArgs),
    /// What differs between two variant files, rule by rule.
    Diff(DiffArgs),
    /// Each rule of a variant beside the passage of the source text it cites.
    Audit(AuditArgs),
    /// Writes a reproducible corpus of random legal hands (JSON Lines).
    Gen(GenArgs),
    /// The payments between the four players after a deal.
    Settle(SettleArgs),
    /// Lists the built-in variants.
    Variants(FormatArgs),
    /// Prints a hand as a hand file: with `--kajongg`, converts a Kajongg hand string.
    Hand(HandArgs),
    /// Prints a variant (built-in id or path) as a readable Markdown page.
    Doc(DocArgs),
    /// Every way to read a hand as sets, and the set the winning tile completed.
    Arrange(HandArgs),
    /// The tiles that would complete a hand, and whether the winning tile was the only one.
    Waits(HandArgs),
}

#[derive(clap::Args)]
struct HandArgs {
    /// The hand file (TOML), or `-` for standard input.
    hand: Option<PathBuf>,
    /// A hand in Kajongg's notation instead of a hand file.
    #[arg(long, conflicts_with = "hand", requires = "seat")]
    kajongg: Option<String>,
    /// The player's seat, for `--kajongg`.
    // A hand file names its own winds: these go with `--kajongg` only (the conflict is
    // spelled out, as clap does not enforce `requires` when `--kajongg` conflicts).
    #[arg(long, value_parser = parse_wind, requires = "kajongg", conflicts_with = "hand")]
    seat: Option<Wind>,
    /// The prevailing wind, for `--kajongg` (default east).
    #[arg(
        long,
        value_parser = parse_wind,
        default_value = "east",
        requires = "kajongg",
        conflicts_with = "hand"
    )]
    prevailing: Wind,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// How tiles are written on output.
    #[arg(long, value_enum, default_value_t = Tiles::Ascii)]
    tiles: Tiles,
}

#[derive(clap::Args)]
struct ScoreArgs {
    /// A built-in variant id or the path of a variant file; repeat to score under several,
    /// side by side.
    #[arg(long = "variant", value_name = "ID|PATH")]
    variants: Vec<String>,
    /// Overrides a parameter of the variant: `--param limit=500`.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_override)]
    params: Vec<(String, String)>,
    /// Scores every hand of a corpus (JSON Lines, `-` for standard input) instead of one hand.
    #[arg(long, conflicts_with_all = ["hand", "kajongg", "seat", "prevailing"])]
    corpus: Option<PathBuf>,
    #[command(flatten)]
    hand: HandArgs,
}

#[derive(clap::Args)]
struct CompareArgs {
    /// The first variant (built-in id or path).
    a: String,
    /// The second variant (built-in id or path).
    b: String,
    /// Compares over every hand of a corpus (JSON Lines, `-` for standard input).
    #[arg(long, conflicts_with_all = ["hand", "kajongg", "seat", "prevailing"])]
    corpus: Option<PathBuf>,
    /// With `--corpus`: writes a histogram of both variants' totals as SVG.
    // The conflicts are spelled out: clap does not enforce `requires` on an argument
    // whose required one conflicts with an argument given.
    #[arg(long, requires = "corpus", conflicts_with_all = ["hand", "kajongg"], value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Overrides a parameter of both variants: `--param limit=500`.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_override)]
    params: Vec<(String, String)>,
    #[command(flatten)]
    hand: HandArgs,
}

#[derive(clap::Args)]
struct GenArgs {
    /// The seed: the same seed gives the same corpus.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many hands.
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// Only hands that went out.
    #[arg(long)]
    winners_only: bool,
}

#[derive(clap::Args)]
struct AuditArgs {
    /// The variant (built-in id or path).
    variant: String,
    /// The source text the variant encodes [default: the file of `../shared/seeds/` whose
    /// name starts with the variant's `source`, e.g. `003`].
    #[arg(long)]
    source: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = AuditFormat::Text)]
    format: AuditFormat,
}

#[derive(Clone, Copy, ValueEnum)]
enum AuditFormat {
    Text,
    Json,
    Markdown,
    Html,
}

#[derive(clap::Args)]
struct DiffArgs {
    /// The first variant (built-in id or path).
    a: String,
    /// The second variant (built-in id or path).
    b: String,
    #[command(flatten)]
    format: FormatArgs,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// Variant files (or built-in ids) to check.
    #[arg(required = true)]
    files: Vec<String>,
    #[command(flatten)]
    format: FormatArgs,
}

#[derive(clap::Args)]
struct SettleArgs {
    /// A built-in variant id or the path of a variant file.
    #[arg(long, default_value = builtin::DEFAULT)]
    variant: String,
    /// Overrides a parameter of the variant: `--param limit=500`.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_override)]
    params: Vec<(String, String)>,
    /// The deal file (TOML), or `-` for standard input.
    deal: PathBuf,
    #[command(flatten)]
    format: FormatArgs,
}

#[derive(clap::Args)]
struct DocArgs {
    /// A built-in variant id or the path of a variant file.
    variant: String,
    /// Overrides a parameter of the variant: `--param limit=500`.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_override)]
    params: Vec<(String, String)>,
}

#[derive(clap::Args)]
struct FormatArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
    /// Totals and speed (with `--corpus`).
    Summary,
}

#[derive(Clone, Copy, ValueEnum)]
enum Tiles {
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

/// Writes to standard output like `print!`; when the reader has gone (`mjrules … | head`)
/// the program ends quietly instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout().lock(), $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
            return Err(Failure::Input(format!("error: cannot write the output: {e}\n")));
        }
    }};
}

/// [`out!`] with a newline.
macro_rules! outln {
    ($($arg:tt)*) => {{
        out!($($arg)*);
        out!("\n");
    }};
}

/// Why a command failed.
enum Failure {
    /// Bad input: a file that cannot be read or does not validate (exit 2).
    Input(String),
    /// A check found a problem, already reported on standard output (exit 1).
    Check,
}

impl From<LoadError> for Failure {
    fn from(error: LoadError) -> Self {
        match error {
            LoadError::Message(m) => Failure::Input(m),
            LoadError::Files(errors) => {
                Failure::Input(errors.into_iter().map(render_error).collect())
            }
        }
    }
}

fn main() -> ExitCode {
    miette::set_hook(Box::new(|_| {
        Box::new(
            miette::MietteHandlerOpts::new()
                .terminal_links(false)
                .width(100)
                .build(),
        )
    }))
    .expect("the hook is set once");
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprint!("{message}");
            ExitCode::from(2)
        }
        Err(Failure::Check) => ExitCode::from(1),
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Score(args) if args.corpus.is_some() => {
            let id = match args.variants.as_slice() {
                [] => builtin::DEFAULT.to_string(),
                [one] => one.clone(),
                _ => {
                    return Err(Failure::Input(
                        "error: `--corpus` scores under one `--variant`; use `mjrules compare A B --corpus` for two\n".into(),
                    ));
                }
            };
            let variant = load(&id, &args.params)?;
            let path = args.corpus.clone().expect("checked by the guard");
            score_corpus(&variant, &path, args.hand.format, args.hand.tiles.into())?;
        }
        Command::Compare(args) => {
            let a = load(&args.a, &args.params)?;
            let b = load(&args.b, &args.params)?;
            match &args.corpus {
                Some(path) => {
                    compare_corpus([&a, &b], path, args.hand.format, args.plot.as_deref())?
                }
                None if args.hand.format == Format::Summary => {
                    return Err(Failure::Input(
                        "error: `--format summary` goes with `--corpus`\n".into(),
                    ));
                }
                None => {
                    let hand = load_hand(&args.hand)?;
                    let cmp = compare::compare_hand(&[&a, &b], &hand);
                    match args.hand.format {
                        Format::Json => outln!("{}", cmp.json(args.hand.tiles.into())),
                        _ => out!("{}", cmp.text()),
                    }
                }
            }
        }
        Command::Audit(args) => {
            let variant = load(&args.variant, &[])?;
            let source = match args.source {
                Some(path) => path,
                None => default_source(variant.variant.source.as_deref())?,
            };
            let (name, text) = read_input(&source)?;
            let report = audit::audit(&variant, &name, &text);
            match args.format {
                AuditFormat::Text => out!("{}", report.text()),
                AuditFormat::Json => outln!("{}", report.json()),
                AuditFormat::Markdown => out!("{}", report.markdown()),
                AuditFormat::Html => out!("{}", report.html()),
            }
            if report.failed() {
                return Err(Failure::Check);
            }
        }
        Command::Diff(args) => {
            let a = load_unchecked(&args.a)?;
            let b = load_unchecked(&args.b)?;
            let changes = diff::diff(&a, &b);
            match args.format.format {
                Format::Json => outln!("{}", diff::json(&changes)),
                _ => out!("{}", diff::text(&a.id, &b.id, &changes)),
            }
        }
        Command::Gen(args) => {
            let mut generator = HandGenerator::new(args.seed);
            for _ in 0..args.count {
                outln!(
                    "{}",
                    corpus::write_line(&generator.corpus_hand(args.winners_only))
                );
            }
        }
        Command::Score(args) => {
            if args.hand.format == Format::Summary {
                return Err(Failure::Input(
                    "error: `--format summary` goes with `--corpus`\n".into(),
                ));
            }
            let ids = if args.variants.is_empty() {
                vec![builtin::DEFAULT.to_string()]
            } else {
                args.variants.clone()
            };
            let variants = ids
                .iter()
                .map(|id| load(id, &args.params))
                .collect::<Result<Vec<_>, _>>()?;
            let hand = load_hand(&args.hand)?;
            let style = args.hand.tiles.into();
            let refs: Vec<&CompiledVariant> = variants.iter().collect();
            let cmp = compare::compare_hand(&refs, &hand);
            let cards = cmp.cards.iter().zip(&variants);
            match args.hand.format {
                // Several variants: side by side, then each card with its citations.
                Format::Text | Format::Summary => {
                    let mut texts: Vec<String> = Vec::new();
                    if variants.len() > 1 {
                        texts.push(cmp.text());
                    }
                    texts.extend(cards.map(|(c, v)| render::score_text(c, v, style)));
                    out!("{}", texts.join("\n"));
                }
                Format::Json if variants.len() == 1 => {
                    outln!("{}", render::score_json(&cmp.cards[0], &variants[0], style))
                }
                Format::Json => outln!("{}", cmp.json(style)),
            }
        }
        Command::Check(args) => {
            let mut failed = Vec::new();
            let mut report = Vec::new();
            for file in &args.files {
                match load(file, &[]) {
                    Ok(v) => {
                        // The tiles a non-winner's pungs are not proved best for: scoring
                        // reads them every way, which is slower (see `rules::groupings`).
                        let regrouped: Vec<serde_json::Value> =
                            groupings::unproved(&v.by_player[1].items)
                                .into_iter()
                                .map(|(tiles, b)| {
                                    serde_json::json!({
                                        "tiles": format_tiles(tiles.iter(), TileStyle::Ascii),
                                        "item": v.variant.items[b.item].id.value,
                                        "why": b.why,
                                    })
                                })
                                .collect();
                        report.push(serde_json::json!({
                            "file": file,
                            "variant": v.id(),
                            "ok": true,
                            "read_every_way": regrouped,
                        }));
                    }
                    Err(e) => {
                        report.push(serde_json::json!({"file": file, "ok": false}));
                        failed.push(Failure::from(e));
                    }
                }
            }
            match args.format.format {
                Format::Text | Format::Summary => {
                    for r in &report {
                        if r["ok"] == true {
                            outln!(
                                "{}: ok ({})",
                                r["file"].as_str().unwrap_or(""),
                                r["variant"].as_str().unwrap_or("")
                            );
                            for note in r["read_every_way"].as_array().into_iter().flatten() {
                                outln!(
                                    "  note: {} held alike by a player who did not go out are \
                                     read every way, not only as pungs, which is slower (`{}`: {})",
                                    note["tiles"].as_str().unwrap_or(""),
                                    note["item"].as_str().unwrap_or(""),
                                    note["why"].as_str().unwrap_or("")
                                );
                            }
                        }
                    }
                }
                Format::Json => outln!("{}", serde_json::Value::Array(report)),
            }
            if !failed.is_empty() {
                let text: String = failed
                    .into_iter()
                    .map(|f| match f {
                        Failure::Input(m) => m,
                        Failure::Check => String::new(),
                    })
                    .collect();
                return Err(Failure::Input(text));
            }
        }
        Command::Settle(args) => {
            let variant = load(&args.variant, &args.params)?;
            let (name, text) = read_input(&args.deal)?;
            let deal = parse_deal(&name, &text, variant.variant.style)
                .map_err(|e| Failure::Input(render_error(e)))?;
            let settlement =
                settle(&variant, &deal).map_err(|e| Failure::Input(render_error(e)))?;
            match args.format.format {
                Format::Text | Format::Summary => out!("{}", render::settlement_text(&settlement)),
                Format::Json => outln!("{}", render::settlement_json(&settlement)),
            }
        }
        Command::Doc(args) => {
            let variant = load(&args.variant, &args.params)?;
            out!("{}", render::variant_markdown(&variant));
        }
        Command::Hand(args) => {
            let hand = load_hand(&args)?;
            out!("{}", render::hand_toml(&hand));
        }
        Command::Variants(args) => {
            let mut rows = Vec::new();
            for id in builtin::ids() {
                let v = load(id, &[])?;
                rows.push(serde_json::json!({
                    "id": id,
                    "name": v.variant.name,
                    "source": v.variant.source,
                    "style": v.variant.style.name(),
                }));
            }
            match args.format {
                Format::Text | Format::Summary => {
                    for r in &rows {
                        outln!(
                            "{:<24} {:<20} source {:<6} {}",
                            r["id"].as_str().unwrap_or(""),
                            r["style"].as_str().unwrap_or(""),
                            r["source"].as_str().unwrap_or("-"),
                            r["name"].as_str().unwrap_or("")
                        );
                    }
                }
                Format::Json => outln!("{}", serde_json::Value::Array(rows)),
            }
        }
        Command::Arrange(args) => {
            let hand = load_hand(&args)?;
            let style = args.tiles.into();
            let found = arrangements(&hand);
            match args.format {
                Format::Text | Format::Summary => out!(
                    "{}",
                    render::arrangements_text(&found, hand.is_winner(), style)
                ),
                Format::Json => outln!("{}", render::arrangements_json(&found, style)),
            }
        }
        Command::Waits(args) => {
            let hand = load_hand(&args)?;
            let style = args.tiles.into();
            let found = waits(&hand);
            match args.format {
                Format::Text | Format::Summary => {
                    out!("{}", render::waits_text(&found, hand.is_winner(), style))
                }
                Format::Json => outln!("{}", render::waits_json(&found, style)),
            }
        }
    }
    Ok(())
}

/// Reads a file, or standard input for `-`, naming it for diagnostics.
fn read_input(path: &PathBuf) -> Result<(String, String), Failure> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Failure::Input(format!("error: cannot read standard input: {e}\n")))?;
        return Ok(("<stdin>".to_string(), text));
    }
    let name = path.display().to_string();
    std::fs::read_to_string(path)
        .map(|text| (name.clone(), text))
        .map_err(|e| Failure::Input(format!("error: cannot read `{name}`: {e}\n")))
}

/// The shared folder beside the project, where the source texts are kept (see
/// [`audit::SOURCE_DIRS`]).
const SHARED: &str = "../shared";

/// The text of the variant's source `id`, found by [`audit::find_source`] (`003` →
/// `../shared/seeds/003_….txt`, `kajongg` → `../shared/anchors/kajongg-scoring-cases.md`).
fn default_source(id: Option<&str>) -> Result<PathBuf, Failure> {
    let id = id.ok_or_else(|| {
        Failure::Input(
            "error: the variant names no `source`; give the text with `--source`\n".into(),
        )
    })?;
    audit::find_source(Path::new(SHARED), id).ok_or_else(|| {
        let dirs: Vec<String> = audit::SOURCE_DIRS
            .iter()
            .map(|d| format!("`{SHARED}/{d}/`"))
            .collect();
        Failure::Input(format!(
            "error: no file in {} starts with `{id}` (the variant's source); give the text with `--source`\n",
            dirs.join(" or ")
        ))
    })
}

fn parse_wind(text: &str) -> Result<Wind, String> {
    Wind::from_name(text)
        .ok_or_else(|| format!("`{text}` is not a wind: use east, south, west or north"))
}

/// The hand named on the command line: a hand file, standard input, or a Kajongg string.
fn load_hand(args: &HandArgs) -> Result<Hand, Failure> {
    if let Some(text) = &args.kajongg {
        let seat = args.seat.expect("clap requires --seat with --kajongg");
        return parse_kajongg(text, seat, args.prevailing).map_err(|errors| {
            let problems = errors
                .into_iter()
                .map(|e| Problem::new(e.span, e.message, "in the Kajongg string"))
                .collect();
            Failure::Input(render_error(InputError::new("<kajongg>", text, problems)))
        });
    }
    let Some(path) = args.hand.as_ref() else {
        return Err(Failure::Input(
            "error: name a hand file (or `-` for standard input), or give `--kajongg \"…\" --seat W`\n".into(),
        ));
    };
    let (name, text) = read_input(path)?;
    parse_hand(&name, &text).map_err(|e| Failure::Input(render_error(e)))
}

/// Opens a corpus: a file, or standard input for `-`.
fn open_corpus(path: &Path) -> Result<(String, Box<dyn BufRead + Send>), Failure> {
    if path.as_os_str() == "-" {
        return Ok((
            "<stdin>".to_string(),
            Box::new(BufReader::new(std::io::stdin())),
        ));
    }
    let name = path.display().to_string();
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::Input(format!("error: cannot read `{name}`: {e}\n")))?;
    Ok((name, Box::new(BufReader::new(file))))
}

/// `score --corpus`: one line per hand (text or JSON), or the totals and the speed.
fn score_corpus(
    variant: &CompiledVariant,
    path: &Path,
    format: Format,
    style: TileStyle,
) -> Result<(), Failure> {
    let (name, input) = open_corpus(path)?;
    let start = Instant::now();
    let mut side = compare::Side::default();
    let stdout = std::io::stdout();
    let mut writer = std::io::BufWriter::new(stdout.lock());
    let count = batch::process(
        input,
        || Scorer::new(variant),
        |scorer, n, line| {
            let hand = corpus::read_line(line).map_err(|e| Failure::Input(e.render(&name, n)))?;
            Ok(match format {
                Format::Summary => {
                    let t = scorer.totals(&hand);
                    (
                        n,
                        (t.total, t.limit_hand.is_some(), hand.is_winner(), t.valid),
                        String::new(),
                    )
                }
                Format::Json => {
                    let card = scorer.score(&hand);
                    // The corpus line first, so that a card can be traced back to its hand
                    // (blank lines are skipped, so output lines do not count input lines).
                    let mut json = serde_json::Map::new();
                    json.insert("line".into(), n.into());
                    if let serde_json::Value::Object(fields) =
                        render::score_json(&card, variant, style)
                    {
                        json.extend(fields);
                    }
                    (
                        n,
                        (card.totals.total, false, false, true),
                        serde_json::Value::Object(json).to_string(),
                    )
                }
                Format::Text => {
                    let t = scorer.totals(&hand);
                    (
                        n,
                        (t.total, false, false, true),
                        format!("line {n}: {}", t.total),
                    )
                }
            })
        },
        |(_, outcome, text)| {
            side.add(outcome);
            if !text.is_empty() {
                write_line(&mut writer, &text)?;
            }
            Ok(())
        },
        |line, e| Failure::Input(format!("error: cannot read `{name}`, line {line}: {e}\n")),
    )?;
    let seconds = start.elapsed().as_secs_f64();
    if format == Format::Summary {
        let d = &side.totals;
        let totals = match (d.mean(), d.quantile(0.5), d.quantile(0.9), d.max()) {
            (Some(mean), Some(median), Some(p90), Some(max)) => format!(
                "mean total {mean:.1}, median {median}, 90th percentile {p90}, maximum {max}"
            ),
            _ => "no totals: the corpus has no hands".to_string(),
        };
        let text = format!(
            "{}\n\
             {totals}\n\
             winners {}, of which not a valid win {}; limit hands {}\n",
            speed(count as u64, variant.id(), seconds),
            side.winners,
            side.invalid_wins,
            side.limit_hands,
        );
        write_line(&mut writer, text.trim_end())?;
    }
    writer.flush().map_err(|e| output_error(&e))
}

/// The speed line of a corpus summary: `N hands under V in S s: R hands per second (T
/// threads)`.
fn speed(hands: u64, under: &str, seconds: f64) -> String {
    let threads = rayon::current_num_threads();
    let per_second = if seconds > 0.0 {
        hands as f64 / seconds
    } else {
        0.0
    };
    format!(
        "{} under {under} in {seconds:.2} s: {per_second:.0} hands per second ({threads} {})",
        stats::hands(hands),
        if threads == 1 { "thread" } else { "threads" }
    )
}

/// `compare A B --corpus`.
fn compare_corpus(
    variants: [&CompiledVariant; 2],
    path: &Path,
    format: Format,
    plot: Option<&Path>,
) -> Result<(), Failure> {
    let (name, input) = open_corpus(path)?;
    let start = Instant::now();
    // The chart's file is made before the corpus is scored, so that a path that cannot be
    // written fails at once rather than after a long run; it is removed if the run fails.
    let plot_error = |plot: &Path, e: std::io::Error| {
        Failure::Input(format!("error: cannot write `{}`: {e}\n", plot.display()))
    };
    let plot_file = match plot {
        Some(plot) => Some((plot, File::create(plot).map_err(|e| plot_error(plot, e))?)),
        None => None,
    };
    let mut cmp = compare::CorpusComparison::default();
    // The scoring threads copy a line only when its hand may be kept among the differences
    // (`CorpusComparison::keep_above`, which only grows: a value read late is merely low).
    let keep_above = AtomicI64::new(cmp.keep_above());
    let scored = batch::process(
        input,
        || [Scorer::new(variants[0]), Scorer::new(variants[1])],
        |scorers, n, line| {
            let hand = corpus::read_line(line).map_err(|e| Failure::Input(e.render(&name, n)))?;
            let keep = keep_above.load(Ordering::Relaxed);
            Ok(compare::score_pair(scorers, &hand, n, line, keep))
        },
        |scored| {
            cmp.add(scored);
            keep_above.store(cmp.keep_above(), Ordering::Relaxed);
            Ok(())
        },
        |line, e| Failure::Input(format!("error: cannot read `{name}`, line {line}: {e}\n")),
    );
    if let Err(failure) = scored {
        if let Some((plot, file)) = plot_file {
            drop(file);
            // Best effort: the run has failed already, and that is what is reported.
            let _ = std::fs::remove_file(plot);
        }
        return Err(failure);
    }
    let seconds = start.elapsed().as_secs_f64();
    let ids = [variants[0].id(), variants[1].id()];
    match format {
        Format::Json => outln!("{}", cmp.json(ids)),
        // The figures and the speed, without the score cards.
        Format::Summary => {
            let under = format!("{} and {}", ids[0], ids[1]);
            out!("{}", cmp.text(ids));
            outln!("\n{}", speed(cmp.sides[0].totals.len(), &under, seconds));
        }
        Format::Text => {
            out!("{}", cmp.text(ids));
            // The score cards of the hands that differ most.
            for (_, line, text, _) in &cmp.differences {
                if let Ok(hand) = corpus::read_line(text.as_bytes()) {
                    out!("\n── line {line} ──\n");
                    for v in variants {
                        out!(
                            "{}",
                            render::score_text(&score(v, &hand), v, TileStyle::Ascii)
                        );
                    }
                }
            }
        }
    }
    // The chart is written last, so that the figures are printed even if it cannot be.
    if let Some((plot, mut file)) = plot_file {
        let title = format!(
            "Totals of {}: {} and {}",
            stats::hands(cmp.sides[0].totals.len()),
            ids[0],
            ids[1]
        );
        let svg = chart::histogram_svg(&title, ids, [&cmp.sides[0].totals, &cmp.sides[1].totals]);
        file.write_all(svg.as_bytes())
            .map_err(|e| plot_error(plot, e))?;
    }
    Ok(())
}

fn output_error(e: &std::io::Error) -> Failure {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    Failure::Input(format!("error: cannot write the output: {e}\n"))
}

fn write_line(writer: &mut impl Write, text: &str) -> Result<(), Failure> {
    writeln!(writer, "{text}").map_err(|e| output_error(&e))
}

/// Renders every problem of an input for the terminal (in colour when stderr is a
/// terminal and `NO_COLOR` is not set), then a count.
fn render_error(error: InputError) -> String {
    let mut out = String::new();
    for located in error.diagnostics() {
        out.push_str(&format!("{:?}\n", miette::Report::new(located)));
    }
    out.push_str(&format!("{error}\n"));
    out
}
