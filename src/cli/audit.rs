//! `mjrules audit V`: each rule of a variant beside the passage of the source text it cites;
//! exit 1 when a rule does not match its passage.

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use mjrules::Variant;
use mjrules::audit;

use super::{Failure, read_input};

#[derive(clap::Args)]
pub struct Args {
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

pub fn run(args: Args) -> Result<(), Failure> {
    super::failures_as_json(matches!(args.format, AuditFormat::Json));
    let variant = Variant::load(&args.variant, &[])?;
    let source = match args.source {
        Some(path) => path,
        None => default_source(variant.definition().source.as_deref())?,
    };
    let (name, text) = read_input(&source)?;
    let report = audit::audit(&variant, &name, &text);
    match args.format {
        AuditFormat::Text => out!("{}", report.text()),
        AuditFormat::Json => outjson!(report.json()),
        AuditFormat::Markdown => out!("{}", report.markdown()),
        AuditFormat::Html => out!("{}", report.html()),
    }
    if report.failed() {
        return Err(Failure::Check);
    }
    Ok(())
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
