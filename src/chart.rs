//! Charts: the distributions of two variants' totals over a corpus, as an SVG histogram.
//!
//! In: two [`Distribution`]s and their names. Out: SVG text with axes, tick labels, a title,
//! axis titles and a legend. Written by hand: two bar series need no plotting library.

use crate::stats::Distribution;

const WIDTH: f64 = 900.0;
const HEIGHT: f64 = 520.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 60.0;
const BOTTOM: f64 = 80.0;
const BINS: usize = 20;
const COLOURS: [&str; 2] = ["#1f77b4", "#ff7f0e"];

/// Escapes text for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The histogram of both distributions side by side, over equal bins from 0 to the larger
/// 99th percentile (totals above it fall into the last bin, marked "and more").
pub fn histogram_svg(title: &str, names: [&str; 2], dists: [&Distribution; 2]) -> String {
    let upper = dists
        .iter()
        .map(|d| d.quantile(0.99))
        .max()
        .unwrap_or(0)
        .max(1);
    let width = (upper as f64 / BINS as f64).ceil().max(1.0) as i64;
    let mut shares = [[0f64; BINS]; 2];
    for (k, d) in dists.iter().enumerate() {
        let n = d.len().max(1) as f64;
        for (v, c) in d.counts() {
            let bin = ((v.max(0) / width) as usize).min(BINS - 1);
            shares[k][bin] += c as f64 / n;
        }
    }
    let peak = shares
        .iter()
        .flatten()
        .fold(0f64, |m, &v| m.max(v))
        .max(0.01);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |bin: f64| LEFT + plot_w * bin / BINS as f64;
    let y = |share: f64| TOP + plot_h * (1.0 - share / peak);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"30\" font-size=\"18\" text-anchor=\"middle\">{}</text>\n",
        WIDTH / 2.0,
        escape(title)
    );
    // Bars.
    let bar = plot_w / BINS as f64 / 2.0 * 0.9;
    for (k, series) in shares.iter().enumerate() {
        for (bin, &share) in series.iter().enumerate() {
            if share <= 0.0 {
                continue;
            }
            let left = x(bin as f64) + plot_w / BINS as f64 * 0.05 + bar * k as f64;
            svg.push_str(&format!(
                "<rect x=\"{left:.1}\" y=\"{:.1}\" width=\"{bar:.1}\" height=\"{:.1}\" fill=\"{}\"/>\n",
                y(share),
                TOP + plot_h - y(share),
                COLOURS[k]
            ));
        }
    }
    // Axes, ticks and labels.
    svg.push_str(&format!(
        "<line x1=\"{LEFT}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n<line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{}\" stroke=\"black\"/>\n",
        TOP + plot_h,
        LEFT + plot_w,
        TOP + plot_h,
        TOP + plot_h
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
            TOP + plot_h,
            TOP + plot_h + 5.0,
            TOP + plot_h + 20.0
        ));
        let share = peak * tick as f64 / 4.0;
        let (tx, ty, lx, ly, pct) = (
            LEFT - 5.0,
            y(share),
            LEFT - 8.0,
            y(share) + 4.0,
            share * 100.0,
        );
        svg.push_str(&format!(
            "<line x1=\"{tx}\" y1=\"{ty:.1}\" x2=\"{LEFT}\" y2=\"{ty:.1}\" stroke=\"black\"/><text x=\"{lx}\" y=\"{ly:.1}\" font-size=\"12\" text-anchor=\"end\">{pct:.0} %</text>\n"
        ));
    }
    svg.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">total score (bins of {width}; the last holds everything above)</text>\n\
         <text x=\"20\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\" transform=\"rotate(-90 20 {})\">share of hands</text>\n",
        LEFT + plot_w / 2.0,
        HEIGHT - 30.0,
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0
    ));
    // Legend.
    for (k, name) in names.iter().enumerate() {
        let lx = WIDTH - RIGHT - 200.0;
        let ly = TOP + 10.0 + 24.0 * k as f64;
        svg.push_str(&format!(
            "<rect x=\"{lx}\" y=\"{ly}\" width=\"16\" height=\"16\" fill=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"14\">{}</text>\n",
            COLOURS[k],
            lx + 24.0,
            ly + 13.0,
            escape(name)
        ));
    }
    svg.push_str("</svg>\n");
    svg
}
