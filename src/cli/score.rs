//! `mjrules score`: one hand under one or more variants (side by side, then each card), or
//! every hand of a corpus under one variant (a line each, JSON cards, or a summary).

use std::path::{Path, PathBuf};
use std::time::Instant;

use mjrules::Variant;
use mjrules::compare;
use mjrules::corpus;
use mjrules::diagnostic::visible_json;
use mjrules::render;
use mjrules::rules::builtin;
use mjrules::tiles::TileStyle;

use super::{
    CorpusFormat, Failure, HandInput, Tiles, batch, load_hand_for, open_corpus, parse_override,
    report, write_line,
};

#[derive(clap::Args)]
pub struct Args {
    /// A built-in variant id or the path of a variant file; repeat to score under several,
    /// side by side.
    #[arg(long = "variant", value_name = "ID|PATH")]
    variants: Vec<String>,
    /// Overrides a parameter of the variant: `--param limit=500`.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_override)]
    params: Vec<(String, String)>,
    /// Scores every hand of a corpus (JSON Lines, `-` for standard input) instead of one hand.
    #[arg(long, conflicts_with_all = ["hand", "kajongg", "seat", "prevailing"])]
    corpus: Option<PathBuf>,
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
    if let Some(path) = &args.corpus {
        let id = match args.variants.as_slice() {
            [] => builtin::DEFAULT,
            [one] => one.as_str(),
            _ => {
                return Err(Failure::Input(
                    "error: `--corpus` scores under one `--variant`; use `mjrules compare A B --corpus` for two\n".into(),
                ));
            }
        };
        let variant = Variant::load(id, &args.params)?;
        return score_corpus(&variant, path, args.format, args.tiles.into());
    }
    if args.format == CorpusFormat::Summary {
        return Err(Failure::Input(
            "error: `--format summary` goes with `--corpus`\n".into(),
        ));
    }
    let ids = if args.variants.is_empty() {
        vec![builtin::DEFAULT.to_string()]
    } else {
        args.variants.clone()
    };
    let variants = ids
        .iter()
        .map(|id| Variant::load(id, &args.params))
        .collect::<Result<Vec<_>, _>>()?;
    let refs: Vec<&Variant> = variants.iter().collect();
    let hand = load_hand_for(&args.hand, &refs)?;
    let style = args.tiles.into();
    let cmp = compare::compare_hand(&refs, &hand);
    match args.format {
        // Several variants: side by side, then each card with its citations.
        CorpusFormat::Text | CorpusFormat::Summary => {
            let mut texts: Vec<String> = Vec::new();
            if variants.len() > 1 {
                texts.push(cmp.text());
            }
            texts.extend(cmp.cards.iter().map(|c| render::score_text(c, style)));
            out!("{}", texts.join("\n"));
        }
        CorpusFormat::Json if variants.len() == 1 => {
            outjson!(render::score_json(&cmp.cards[0], style))
        }
        CorpusFormat::Json => outjson!(cmp.json(style)),
    }
    Ok(())
}

/// `score --corpus`: one line per hand (text or JSON), or the totals and the speed.
/// A corpus line whose hand `variant` refuses by its refusal `r`, as the output of `format`
/// reports it.
#[cold]
fn refused_line(
    format: CorpusFormat,
    variant: &Variant,
    r: u8,
    name: &str,
    n: usize,
    line: &[u8],
) -> batch::Skipped {
    let e = corpus::refused_line(variant, usize::from(r), line);
    batch::Skipped::Refused(line_failure(format, &e, name, n, line))
}

/// A corpus line that was not scored, as the output of `format` reports it.
#[cold]
fn line_failure(
    format: CorpusFormat,
    e: &corpus::LineError,
    name: &str,
    n: usize,
    line: &[u8],
) -> String {
    match format {
        CorpusFormat::Json => visible_json(report::line_error_json(e, name, n, line).to_string()),
        _ => report::line_error(e, name, n, line),
    }
}

fn score_corpus(
    variant: &Variant,
    path: &Path,
    format: CorpusFormat,
    style: TileStyle,
) -> Result<(), Failure> {
    let (name, input) = open_corpus(path)?;
    let start = Instant::now();
    let mut side = compare::Side::default();
    let mut not_scored = batch::NotScored::default();
    let stdout = std::io::stdout();
    let mut writer = std::io::BufWriter::new(stdout.lock());
    let count = batch::process(
        input,
        || variant.scorer(),
        corpus::read_line,
        |scorer, n, line, read| {
            // A line that is not a hand, or not one of the variant's, is reported (in the
            // JSON output as JSON) and the run goes on.
            let hand = match read {
                Ok(hand) => hand,
                Err(e) => {
                    let report = line_failure(format, e, &name, n, line);
                    return Ok(Err(batch::Skipped::Unreadable(report)));
                }
            };
            let (scored, refused) = match format {
                CorpusFormat::Summary => {
                    let t = scorer.totals(hand);
                    let outcome = (t.total, t.at_limit(), hand.is_winner(), t.valid);
                    ((n, outcome, String::new()), t.refused)
                }
                CorpusFormat::Json => {
                    let card = scorer.score(hand);
                    if let Some(r) = card.totals.refused {
                        return Ok(Err(refused_line(format, variant, r, &name, n, line)));
                    }
                    // The corpus line first, so that a card can be traced back to its hand
                    // (blank lines are skipped, so output lines do not count input lines).
                    let mut json = serde_json::Map::new();
                    json.insert("line".into(), n.into());
                    if let serde_json::Value::Object(fields) = render::score_json(&card, style) {
                        json.extend(fields);
                    }
                    let outcome = (card.totals.total, false, false, true);
                    let text = visible_json(serde_json::Value::Object(json).to_string());
                    ((n, outcome, text), None)
                }
                CorpusFormat::Text => {
                    let t = scorer.totals(hand);
                    let outcome = (t.total, false, false, true);
                    ((n, outcome, format!("line {n}: {}", t.total)), t.refused)
                }
            };
            match refused {
                None => Ok(Ok(scored)),
                Some(r) => Ok(Err(refused_line(format, variant, r, &name, n, line))),
            }
        },
        |line| {
            match line {
                Ok((_, outcome, text)) => {
                    side.add(outcome);
                    if !text.is_empty() {
                        write_line(&mut writer, &text)?;
                    }
                }
                Err(skipped) if format == CorpusFormat::Json => {
                    let json = not_scored.count_one(&skipped);
                    write_line(&mut writer, json)?;
                }
                Err(skipped) => not_scored.add(&skipped),
            }
            Ok(())
        },
        |line, e| Failure::Input(format!("error: cannot read `{name}`, line {line}: {e}\n")),
    )?;
    let count = count - not_scored.count() as u64;
    let seconds = start.elapsed().as_secs_f64();
    if format == CorpusFormat::Summary {
        let d = &side.totals;
        let totals = match (d.mean(), d.quantile(0.5), d.quantile(0.9), d.max()) {
            (Some(mean), Some(median), Some(p90), Some(max)) => format!(
                "mean total {mean:.1}, median {median}, 90th percentile {p90}, maximum {max}"
            ),
            _ => "no totals: the corpus has no hands".to_string(),
        };
        let text = format!(
            "{}\n\
             {totals}\n\
             winners {}, of which not a valid win {}; limit hands {}; lines not read {}; \
             hands refused {}\n",
            batch::speed(count, variant.id(), seconds),
            side.winners,
            side.invalid_wins,
            side.limit_hands,
            not_scored.unreadable(),
            not_scored.refused(),
        );
        write_line(&mut writer, text.trim_end())?;
    }
    use std::io::Write as _;
    writer.flush().map_err(|e| super::output_error(&e))?;
    not_scored.finish(&name, &format!("`{}`", variant.id()))
}
