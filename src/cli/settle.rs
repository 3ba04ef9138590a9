//! `mjrules settle --variant V DEAL.toml`: the payments between the four players after a
//! deal.

use std::path::PathBuf;

use mjrules::Variant;
use mjrules::render;
use mjrules::rules::builtin;
use mjrules::settle::{parse_deal, settle};

use super::{Failure, Format, FormatArgs, parse_override, read_input};

#[derive(clap::Args)]
pub struct Args {
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

pub fn run(args: &Args) -> Result<(), Failure> {
    super::failures_as_json(args.format.format == Format::Json);
    let variant = Variant::load(&args.variant, &args.params)?;
    let (name, text) = read_input(&args.deal)?;
    let deal = parse_deal(&name, &text, variant.definition().style)
        .map_err(|e| Failure::Problems(vec![e]))?;
    let settlement = settle(&variant, &deal).map_err(|e| Failure::Problems(vec![e]))?;
    match args.format.format {
        Format::Json => outjson!(render::settlement_json(&settlement)),
        _ => out!("{}", render::settlement_text(&settlement)),
    }
    Ok(())
}
