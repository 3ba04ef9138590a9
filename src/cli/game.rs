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
    // A ledger saved as JSON is played again from the deals it records.
    let (name, text) = if text.trim_start().starts_with('{') {
        let replay = serde_json::from_str(&text)
            .map_err(|e| e.to_string())
            .and_then(|json| game::replayed(&json))
            .map_err(|e| Failure::Input(format!("error: `{name}` is not a ledger: {e}\n")))?;
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
    match args.format {
        LedgerFormat::Text => out!("{}", render::text(&ledger)),
        LedgerFormat::Json => {
            // Written a deal at a time; JSON escapes the control characters itself.
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            render::write_json(&ledger, &mut out)
                .and_then(|()| std::io::Write::flush(&mut out))
                .map_err(|e| super::output_error(&e))?;
        }
        LedgerFormat::Csv => out!("{}", render::csv(&ledger)),
    }
    Ok(())
}
