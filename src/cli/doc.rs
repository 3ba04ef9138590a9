//! `mjrules doc ID|PATH`: a variant as a readable Markdown page.

use mjrules::Variant;
use mjrules::render;

use super::{Failure, parse_override};

#[derive(clap::Args)]
pub struct Args {
    /// A built-in variant id or the path of a variant file.
    variant: String,
    /// Overrides a parameter of the variant: `--param limit=500`.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_override)]
    params: Vec<(String, String)>,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let variant = Variant::load(&args.variant, &args.params)?;
    out!("{}", render::variant_markdown(variant.rules()));
    Ok(())
}
