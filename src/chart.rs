//! Charts: the distributions of two variants' totals over a corpus, as an SVG histogram.
//!
//! In: two [`Distribution`]s and their names. Out: SVG text with axes, tick labels, a title,
//! axis titles and a legend; one panel for both, or one each when their scales differ. Written by hand: two bar series need no plotting library.

use crate::stats::Distribution;

const WIDTH: f64 = 900.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 30.0;
/// Above the first panel: the title.
const TOP: f64 = 60.0;
/// A panel's plotting area, and the room below it for the x axis's ticks and title.
const PLOT_H: f64 = 380.0;
const BELOW: f64 = 80.0;
const BINS: usize = 20;
/// The series' colours, in order (a ledger's chart draws four players).
pub(crate) const COLOURS: [&str; 4] = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"];

/// Text for SVG, in an element or a quoted attribute: XML's five special characters as
/// entities, and the characters an XML document cannot hold (most controls, U+FFFE, U+FFFF)
/// or should not show as they are (the rest of the [hidden](crate::diagnostic::is_hidden)
/// ones, which would reorder a label) written out as escapes (`\u{1}`), as a terminal is
/// shown them: the chart stays well-formed, and nothing of a name is dropped unseen.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if crate::diagnostic::is_hidden(c) => {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

/// One series of a panel: its colour, its name and its totals.
struct Series<'a> {
    colour: &'static str,
    name: &'a str,
    dist: &'a Distribution,
}

/// The histogram of both distributions over equal bins from 0 to the larger 99th percentile
/// (totals above it fall into the last bin, marked `+`). When the two scales differ more than
/// fourfold (points against base points), each variant gets its own panel and x axis, one
/// above the other, so that neither is squeezed into a single bin.
pub fn histogram_svg(title: &str, names: [&str; 2], dists: [&Distribution; 2]) -> String {
    let upper = |d: &Distribution| d.quantile(0.99).unwrap_or(0).max(1);
    let (a, b) = (upper(dists[0]), upper(dists[1]));
    let series = |k: usize| Series {
        colour: COLOURS[k],
        name: names[k],
        dist: dists[k],
    };
    let panels: Vec<Vec<Series<'_>>> = if a.max(b) <= 4 * a.min(b) {
        vec![vec![series(0), series(1)]]
    } else {
        vec![vec![series(0)], vec![series(1)]]
    };
    let height = TOP + (PLOT_H + BELOW) * panels.len() as f64;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"30\" font-size=\"18\" text-anchor=\"middle\">{}</text>\n",
        WIDTH / 2.0,
        escape(title)
    );
    for (p, panel) in panels.iter().enumerate() {
        draw_panel(&mut svg, TOP + (PLOT_H + BELOW) * p as f64, panel);
    }
    svg.push_str("</svg>\n");
    svg
}

/// One histogram whose plotting area starts at `top`: bars, axes, ticks, axis titles, legend.
fn draw_panel(svg: &mut String, top: f64, series: &[Series<'_>]) {
    let upper = series
        .iter()
        .filter_map(|s| s.dist.quantile(0.99))
        .max()
        .unwrap_or(0)
        .max(1);
    let width = (upper as f64 / BINS as f64).ceil().max(1.0) as i64;
    let shares: Vec<[f64; BINS]> = series
        .iter()
        .map(|s| {
            let mut shares = [0f64; BINS];
            let n = s.dist.len().max(1) as f64;
            for (v, c) in s.dist.counts() {
                let bin = ((v.max(0) / width) as usize).min(BINS - 1);
                shares[bin] += c as f64 / n;
            }
            shares
        })
        .collect();
    let peak = shares
        .iter()
        .flatten()
        .fold(0f64, |m, &v| m.max(v))
        .max(0.01);
    let plot_w = WIDTH - LEFT - RIGHT;
    let bottom = top + PLOT_H;
    let x = |bin: f64| LEFT + plot_w * bin / BINS as f64;
    let y = |share: f64| top + PLOT_H * (1.0 - share / peak);
    // Bars, side by side within a bin.
    let bar = plot_w / BINS as f64 / series.len() as f64 * 0.9;
    for (k, (s, bins)) in series.iter().zip(&shares).enumerate() {
        for (bin, &share) in bins.iter().enumerate() {
            if share <= 0.0 {
                continue;
            }
            let left = x(bin as f64) + plot_w / BINS as f64 * 0.05 + bar * k as f64;
            svg.push_str(&format!(
                "<rect x=\"{left:.1}\" y=\"{:.1}\" width=\"{bar:.1}\" height=\"{:.1}\" fill=\"{}\"/>\n",
                y(share),
                bottom - y(share),
                s.colour
            ));
        }
    }
    // Axes, ticks and labels.
    svg.push_str(&format!(
        "<line x1=\"{LEFT}\" y1=\"{bottom}\" x2=\"{}\" y2=\"{bottom}\" stroke=\"black\"/>\n<line x1=\"{LEFT}\" y1=\"{top}\" x2=\"{LEFT}\" y2=\"{bottom}\" stroke=\"black\"/>\n",
        LEFT + plot_w,
    ));
    for tick in 0..=4 {
        let bin = tick * BINS / 4;
        let label = if bin == BINS {
            format!("{}+", width * BINS as i64)
        } else {
            (width * bin as i64).to_string()
        };
        svg.push_str(&format!(
            "<line x1=\"{0:.1}\" y1=\"{1}\" x2=\"{0:.1}\" y2=\"{2}\" stroke=\"black\"/><text x=\"{0:.1}\" y=\"{3}\" font-size=\"12\" text-anchor=\"middle\">{label}</text>\n",
            x(bin as f64),
            bottom,
            bottom + 5.0,
            bottom + 20.0
        ));
        let share = peak * tick as f64 / 4.0;
        let (ty, pct) = (y(share), share * 100.0);
        svg.push_str(&format!(
            "<line x1=\"{}\" y1=\"{ty:.1}\" x2=\"{LEFT}\" y2=\"{ty:.1}\" stroke=\"black\"/><text x=\"{}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\">{pct:.0} %</text>\n",
            LEFT - 5.0,
            LEFT - 8.0,
            ty + 4.0
        ));
    }
    let subject = match series {
        [one] => format!("total score under {}", escape(one.name)),
        _ => "total score".to_string(),
    };
    let middle = top + PLOT_H / 2.0;
    svg.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{subject} (bins of {width}; the last holds everything above)</text>\n\
         <text x=\"20\" y=\"{middle}\" font-size=\"14\" text-anchor=\"middle\" transform=\"rotate(-90 20 {middle})\">share of hands</text>\n",
        LEFT + plot_w / 2.0,
        bottom + 50.0,
    ));
    // Legend.
    for (k, s) in series.iter().enumerate() {
        let lx = WIDTH - RIGHT - 200.0;
        let ly = top + 10.0 + 24.0 * k as f64;
        svg.push_str(&format!(
            "<rect x=\"{lx}\" y=\"{ly}\" width=\"16\" height=\"16\" fill=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"14\">{}</text>\n",
            s.colour,
            lx + 24.0,
            ly + 13.0,
            escape(s.name)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist(totals: &[i64]) -> Distribution {
        let mut d = Distribution::default();
        for &t in totals {
            d.add(t);
        }
        d
    }

    #[test]
    fn similar_scales_share_one_panel_and_different_ones_get_one_each() {
        // 99th percentiles 100 and 300: within fourfold, one panel with both bars.
        let (a, b) = (dist(&[10, 50, 100]), dist(&[30, 150, 300]));
        let one = histogram_svg("t", ["a", "b"], [&a, &b]);
        assert_eq!(one.matches("share of hands").count(), 1);
        assert!(one.contains(">total score (bins of 15;"), "{one}");
        // 1000 points against 8 base points: a panel each, titled by variant, stacked.
        let (p, f) = (dist(&[20, 300, 1000]), dist(&[1, 2, 8]));
        let two = histogram_svg("t", ["points", "faan"], [&p, &f]);
        assert_eq!(two.matches("share of hands").count(), 2);
        assert!(
            two.contains(">total score under points (bins of 50;"),
            "{two}"
        );
        assert!(two.contains(">total score under faan (bins of 1;"), "{two}");
        assert!(two.contains(&format!("height=\"{}\"", TOP + 2.0 * (PLOT_H + BELOW))));
    }

    #[test]
    fn names_are_escaped_for_xml_and_hidden_characters_are_shown() {
        assert_eq!(
            escape("a&b <c> \"d\" 'e'"),
            "a&amp;b &lt;c&gt; &quot;d&quot; &apos;e&apos;"
        );
        // U+0001 and U+FFFF cannot be in an XML document; U+202E would reorder the label.
        assert_eq!(
            escape("x\u{1}y\u{ffff}\u{202e}z"),
            "x\\u{1}y\\u{ffff}\\u{202e}z"
        );
        let (a, b) = (dist(&[1, 2]), dist(&[3, 4]));
        let svg = histogram_svg("<t\u{1}>", ["\"a\"", "b\u{7}"], [&a, &b]);
        assert!(!svg.contains(['\u{1}', '\u{7}']), "{svg}");
        assert!(
            svg.contains("&lt;t\\u{1}&gt;") && svg.contains("&quot;a&quot;"),
            "{svg}"
        );
    }
}
