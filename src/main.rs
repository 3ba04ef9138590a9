//! The `mjrules` command line: the arguments of each command, and a dispatch to the module
//! that runs it (`cli/`). Everything else is the library's.
//!
//! Exit codes: 0 on success, 1 when a check finds a problem, 2 on bad input (with a
//! diagnostic that points into the file). Nothing panics on any input.

mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Scores Mahjong hands from rulebooks written as data.
#[derive(Parser)]
#[command(
    name = "mjrules",
    version,
    about,
    after_help = "Start with `mjrules score examples/hands/south-dragon-pung.toml`; each command's help\n(`mjrules help score`) ends with examples to run from the project's folder."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Scores a hand under one or more variants (the default is `bmja`).
    #[command(after_help = cli::examples::SCORE)]
    Score(cli::score::Args),
    /// Checks variant files: every problem at once, with its place.
    #[command(after_help = cli::examples::CHECK)]
    Check(cli::check::Args),
    /// Two variants side by side, for one hand or a whole corpus.
    #[command(after_help = cli::examples::COMPARE)]
    Compare(cli::compare::Args),
    /// What differs between two variant files, rule by rule.
    #[command(after_help = cli::examples::DIFF)]
    Diff(cli::diff::Args),
    /// Each rule of a variant beside the passage of the source text it cites.
    #[command(after_help = cli::examples::AUDIT)]
    Audit(cli::audit::Args),
    /// Writes a reproducible corpus of random legal hands (JSON Lines).
    #[command(after_help = cli::examples::GEN)]
    Gen(cli::generate::Args),
    /// The payments between the four players after a deal.
    #[command(after_help = cli::examples::SETTLE)]
    Settle(cli::settle::Args),
    /// A whole game: deals in order, the rotation, running accounts and the standings.
    #[command(after_help = cli::examples::GAME)]
    Game(cli::game::Args),
    /// Lists the built-in variants.
    #[command(after_help = cli::examples::VARIANTS)]
    Variants(cli::FormatArgs),
    /// Prints a hand as a hand file: with `--kajongg`, converts a Kajongg hand string.
    #[command(after_help = cli::examples::HAND)]
    Hand(cli::hand::Args),
    /// Prints a variant (built-in id or path) as a readable Markdown page.
    #[command(after_help = cli::examples::DOC)]
    Doc(cli::doc::Args),
    /// Every way to read a hand as sets, and the set the winning tile completed.
    #[command(after_help = cli::examples::ARRANGE)]
    Arrange(cli::HandArgs),
    /// The tiles that would complete a hand, and whether the winning tile was the only one.
    #[command(after_help = cli::examples::WAITS)]
    Waits(cli::waits::Args),
}

fn main() -> ExitCode {
    cli::report::set_hook();
    let result = match cli::parse_command_line::<Cli>().command {
        Command::Score(args) => cli::score::run(&args),
        Command::Check(args) => cli::check::run(&args),
        Command::Compare(args) => cli::compare::run(&args),
        Command::Diff(args) => cli::diff::run(&args),
        Command::Audit(args) => cli::audit::run(args),
        Command::Gen(args) => cli::generate::run(&args),
        Command::Settle(args) => cli::settle::run(&args),
        Command::Game(args) => cli::game::run(&args),
        Command::Variants(args) => cli::variants::run(&args),
        Command::Hand(args) => cli::hand::run(&args),
        Command::Doc(args) => cli::doc::run(&args),
        Command::Arrange(args) => cli::arrange::run(&args),
        Command::Waits(args) => cli::waits::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => ExitCode::from(cli::report_failure(failure)),
    }
}
