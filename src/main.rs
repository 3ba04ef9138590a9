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
#[command(name = "mjrules", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Scores a hand under one or more variants (the default is `bmja`).
    Score(cli::score::Args),
    /// Checks variant files: every problem at once, with its place.
    Check(cli::check::Args),
    /// Two variants side by side, for one hand or a whole corpus.
    Compare(cli::compare::Args),
    /// What differs between two variant files, rule by rule.
    Diff(cli::diff::Args),
    /// Each rule of a variant beside the passage of the source text it cites.
    Audit(cli::audit::Args),
    /// Writes a reproducible corpus of random legal hands (JSON Lines).
    Gen(cli::generate::Args),
    /// The payments between the four players after a deal.
    Settle(cli::settle::Args),
    /// Lists the built-in variants.
    Variants(cli::FormatArgs),
    /// Prints a hand as a hand file: with `--kajongg`, converts a Kajongg hand string.
    Hand(cli::hand::Args),
    /// Prints a variant (built-in id or path) as a readable Markdown page.
    Doc(cli::doc::Args),
    /// Every way to read a hand as sets, and the set the winning tile completed.
    Arrange(cli::HandArgs),
    /// The tiles that would complete a hand, and whether the winning tile was the only one.
    Waits(cli::waits::Args),
}

fn main() -> ExitCode {
    cli::report::set_hook();
    let result = match Cli::parse().command {
        Command::Score(args) => cli::score::run(&args),
        Command::Check(args) => cli::check::run(&args),
        Command::Compare(args) => cli::compare::run(&args),
        Command::Diff(args) => cli::diff::run(&args),
        Command::Audit(args) => cli::audit::run(args),
        Command::Gen(args) => cli::generate::run(&args),
        Command::Settle(args) => cli::settle::run(&args),
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
