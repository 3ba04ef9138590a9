//! The `mjrules` command line: a thin layer over the library.
//!
//! Exit codes: 0 on success, 1 when a check finds a problem, 2 on bad input (with a
//! diagnostic that points into the file). Nothing panics on any input.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use mjrules::arrange::arrangements;
use mjrules::diagnostic::InputError;
use mjrules::hand::{Hand, parse_hand};
use mjrules::render;
use mjrules::tiles::TileStyle;
use mjrules::waits::waits;

/// Scores Mahjong hands from rulebooks written as data.
#[derive(Parser)]
#[command(name = "mjrules", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every way to read a hand as sets, and the set the winning tile completed.
    Arrange(HandArgs),
    /// The tiles that would complete a hand, and whether the winning tile was the only one.
    Waits(HandArgs),
}

#[derive(clap::Args)]
struct HandArgs {
    /// The hand file (TOML), or `-` for standard input.
    hand: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// How tiles are written on output.
    #[arg(long, value_enum, default_value_t = Tiles::Ascii)]
    tiles: Tiles,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
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

/// Why a command failed.
enum Failure {
    /// Bad input: a file that cannot be read or does not validate (exit 2).
    Input(String),
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
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Arrange(args) => {
            let hand = load_hand(&args.hand)?;
            let style = args.tiles.into();
            let found = arrangements(&hand);
            match args.format {
                Format::Text => print!(
                    "{}",
                    render::arrangements_text(&found, hand.is_winner(), style)
                ),
                Format::Json => println!("{}", render::arrangements_json(&found, style)),
            }
        }
        Command::Waits(args) => {
            let hand = load_hand(&args.hand)?;
            let style = args.tiles.into();
            let found = waits(&hand);
            match args.format {
                Format::Text => print!("{}", render::waits_text(&found, hand.is_winner(), style)),
                Format::Json => println!("{}", render::waits_json(&found, style)),
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

fn load_hand(path: &PathBuf) -> Result<Hand, Failure> {
    let (name, text) = read_input(path)?;
    parse_hand(&name, &text).map_err(|e| Failure::Input(render_error(e)))
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
