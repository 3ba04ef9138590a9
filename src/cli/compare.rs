//! `mjrules compare A B`: two variants side by side, for one hand (item by item) or for a
//! whole corpus (distributions, rank correlation, the hands that differ most, a chart).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Instant;

use mjrules::Variant;
use mjrules::render;
use mjrules::tiles::TileStyle;
use mjrules::{compare, corpus};

use super::{
    CorpusFormat, Failure, HandInput, Tiles, batch, load_hand_for, open_corpus, parse_override,
    report,
};

#[derive(clap::Args)]
pub struct Args {
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
    hand: HandInput,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CorpusFormat::Text)]
    format: CorpusFormat,
    /// How tiles are written on output.
    #[arg(long, value_enum, default_value_t = Tiles::Ascii)]
    tiles: Tiles,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    super::failures_as_json(args.format == CorpusFormat::Json);
    let a = Variant::load(&args.a, &args.params)?;
    let b = Variant::load(&args.b, &args.params)?;
    if let Some(path) = &args.corpus {
        if let Some(plot) = &args.plot {
            refuse_to_overwrite(plot, path, [&a, &b])?;
        }
        return compare_corpus([&a, &b], path, args.format, args.plot.as_deref());
    }
    if args.format == CorpusFormat::Summary {
        return Err(Failure::Input(
            "error: `--format summary` goes with `--corpus`\n".into(),
        ));
    }
    let hand = load_hand_for(&args.hand, &[&a, &b])?;
    let cmp = compare::compare_hand(&[&a, &b], &hand);
    match args.format {
        CorpusFormat::Json => outjson!(cmp.json(args.tiles.into())),
        _ => out!("{}", cmp.text()),
    }
    Ok(())
}

/// Refuses a chart path that is one of the inputs: the corpus, or a file the variants were
/// read from (a chart written there would destroy it).
fn refuse_to_overwrite(plot: &Path, corpus: &Path, variants: [&Variant; 2]) -> Result<(), Failure> {
    let Ok(target) = plot.canonicalize() else {
        // A path that does not exist yet is no input.
        return Ok(());
    };
    let files = variants
        .into_iter()
        .flat_map(|v| v.definition().files.iter().map(|f| Path::new(&f.name)));
    match std::iter::once(corpus)
        .chain(files)
        .find(|input| input.canonicalize().is_ok_and(|i| i == target))
    {
        Some(input) => Err(Failure::Input(format!(
            "error: `--plot {}` would write the chart over the input `{}`; choose another file\n",
            plot.display(),
            input.display()
        ))),
        None => Ok(()),
    }
}

/// `compare A B --corpus`.
fn compare_corpus(
    variants: [&Variant; 2],
    path: &Path,
    format: CorpusFormat,
    plot: Option<&Path>,
) -> Result<(), Failure> {
    let (name, input) = open_corpus(path)?;
    let start = Instant::now();
    // The chart's path is opened for writing before the corpus is scored, so that a path
    // that cannot be written fails at once rather than after a long run. Nothing is truncated
    // until the chart is written: a run that fails leaves a file that was there as it was,
    // and removes only a file it made.
    let plot_error = |plot: &Path, e: std::io::Error| {
        Failure::Input(format!("error: cannot write `{}`: {e}\n", plot.display()))
    };
    let made = match plot {
        Some(plot) => {
            let existed = plot.symlink_metadata().is_ok();
            std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(false)
                .open(plot)
                .map_err(|e| plot_error(plot, e))?;
            !existed
        }
        None => false,
    };
    let measure = compare::Measure::of(variants);
    let mut cmp = compare::CorpusComparison {
        measure,
        ..Default::default()
    };
    // The scoring threads copy a line only when its hand may be kept among the differences
    // (`CorpusComparison::keep_above`, which only grows: a value read late is merely low).
    let keep_above = AtomicI64::new(cmp.keep_above());
    let mut not_scored = batch::NotScored::default();
    let scored = batch::process(
        input,
        || [variants[0].scorer(), variants[1].scorer()],
        corpus::read_line,
        |scorers, n, line, read| {
            // A line that is not a hand is reported, and the run goes on.
            let hand = match read {
                Ok(hand) => hand,
                Err(e) => {
                    let report = report::line_error(e, &name, n, line);
                    return Ok(Err(batch::Skipped::Unreadable(report)));
                }
            };
            let keep = keep_above.load(Ordering::Relaxed);
            Ok(
                compare::score_pair(scorers, hand, n, line, keep, measure).map_err(|(k, r)| {
                    let refused = corpus::refused_line(variants[k], r, line);
                    batch::Skipped::Refused(report::line_error(&refused, &name, n, line))
                }),
            )
        },
        |scored| {
            match scored {
                Ok(scored) => {
                    cmp.add(scored);
                    keep_above.store(cmp.keep_above(), Ordering::Relaxed);
                }
                Err(skipped) => not_scored.add(&skipped),
            }
            Ok(())
        },
        |line, e| Failure::Input(format!("error: cannot read `{name}`, line {line}: {e}\n")),
    );
    if let Err(failure) = scored {
        if let Some(plot) = plot
            && made
        {
            // Best effort: the run has failed already, and that is what is reported.
            let _ = std::fs::remove_file(plot);
        }
        return Err(failure);
    }
    let seconds = start.elapsed().as_secs_f64();
    let ids = [variants[0].id(), variants[1].id()];
    match format {
        CorpusFormat::Json => outjson!(cmp.json(ids)),
        // The figures and the speed, without the score cards.
        CorpusFormat::Summary => {
            let under = format!("{} and {}", ids[0], ids[1]);
            out!("{}", cmp.text(ids));
            outln!(
                "\n{}",
                batch::speed(cmp.sides[0].totals.len(), &under, seconds)
            );
        }
        CorpusFormat::Text => {
            out!("{}", cmp.text(ids));
            // The score cards of the hands that differ most.
            for (_, line, text, _) in &cmp.differences {
                if let Ok(hand) = corpus::read_line(text.as_bytes()) {
                    out!("\n── line {line} ──\n");
                    for v in variants {
                        out!("{}", render::score_text(&v.score(&hand), TileStyle::Ascii));
                    }
                }
            }
        }
    }
    // The chart is written last, so that the figures are printed even if it cannot be.
    if let Some(plot) = plot {
        let svg = cmp.chart(ids);
        File::create(plot)
            .and_then(|mut file| file.write_all(svg.as_bytes()))
            .map_err(|e| plot_error(plot, e))?;
    }
    not_scored.finish(&name, &format!("`{}` or `{}`", ids[0], ids[1]))
}
