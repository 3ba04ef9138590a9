//! `mjrules doc ID|PATH`: a variant as a readable Markdown page, or as JSON for programs.

use mjrules::Variant;
use mjrules::render;

use super::{Failure, Format, FormatArgs, parse_override};

#[derive(clap::Args)]
pub struct Args {
    /// A built-in variant id or the path of a variant file.
    variant: String,
    /// Overrides a parameter of the variant: `--param limit=500`.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_override)]
    params: Vec<(String, String)>,
    #[command(flatten)]
    format: FormatArgs,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    super::failures_as_json(args.format.format == Format::Json);
    let variant = Variant::load(&args.variant, &args.params)?;
    match args.format.format {
        Format::Text => out!("{}", render::variant_markdown(variant.rules())),
        Format::Json => outjson!(render::variant_json(variant.rules())),
    }
    Ok(())
}
