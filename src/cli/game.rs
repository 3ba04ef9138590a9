//! `mjrules game GAME.toml`: a whole game, deal by deal, and the standings.

use std::path::{Path, PathBuf};

use clap::ValueEnum;
use mjrules::game::{self, render};

use super::{Failure, read_input};

/// The formats of a ledger.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LedgerFormat {
    Text,
    Json,
    Csv,
}

#[derive(clap::Args)]
pub struct Args {
    /// The game file (TOML), a ledger this command wrote as JSON (played again), or `-` for
    /// standard input.
    game: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = LedgerFormat::Text)]
    format: LedgerFormat,
    /// Also writes a chart of the running accounts as SVG.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    super::failures_as_json(args.format == LedgerFormat::Json);
    let (name, text) = read_input(&args.game)?;
    // A ledger saved as JSON is played again from the deals it records, and what it records
    // is held to what they give.
    let mut recorded = None;
    let (name, text) = if text.trim_start().starts_with('{') {
        let not_a_ledger =
            |e: String| Failure::Input(format!("error: `{name}` is not a ledger: {e}\n"));
        let json: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| not_a_ledger(e.to_string()))?;
        let replay = game::replayed(&json).map_err(not_a_ledger)?;
        recorded = Some(json);
        (format!("{name} (the game it records)"), replay)
    } else {
        (name, text)
    };
    let base = args.game.parent().unwrap_or(Path::new(""));
    let variant = game::variant_for(&name, &text, base).map_err(Failure::Problems)?;
    // A deal file is found from the game file's folder.
    let files = game::DealFiles::new(base, &text);
    let ledger =
        game::play(&variant, &name, &text, &|path| files.read(path)).map_err(Failure::Problems)?;
    if let Some(plot) = &args.plot {
        if plot.canonicalize().ok() == args.game.canonicalize().ok() && plot.exists() {
            return Err(Failure::Input(format!(
                "error: `--plot {}` would write the chart over the game file; choose another file\n",
                plot.display()
            )));
        }
        std::fs::write(plot, render::svg(&ledger)).map_err(|e| {
            Failure::Input(format!("error: cannot write `{}`: {e}\n", plot.display()))
        })?;
    }
    let differences = recorded.map_or_else(Vec::new, |r| game::differences(&r, &ledger));
    match args.format {
        LedgerFormat::Text => {
            out!("{}", render::text(&ledger));
            if !differences.is_empty() {
                outln!("\nthe ledger as recorded differs from its deals played again:");
                for d in &differences {
                    outln!("  {d}");
                }
            }
        }
        LedgerFormat::Json => {
            // A replay that differs from its record says how, in the JSON.
            let mut more = serde_json::Map::new();
            if !differences.is_empty() {
                more.insert("differences".into(), differences.clone().into());
            }
            // Written a deal at a time, its hidden characters as JSON escapes.
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            render::write_json(&ledger, more, &mut out)
                .and_then(|()| std::io::Write::flush(&mut out))
                .map_err(|e| super::output_error(&e))?;
        }
        LedgerFormat::Csv => {
            out!("{}", render::csv(&ledger));
            let said: String = differences.iter().map(|d| format!("  {d}\n")).collect();
            if !said.is_empty() {
                super::to_stderr(&mjrules::diagnostic::visible(&format!(
                    "the ledger as recorded differs from its deals played again:\n{said}"
                )));
            }
        }
    }
    if differences.is_empty() {
        Ok(())
    } else {
        Err(Failure::Check)
    }
}
