//! A ledger as text, JSON, CSV and an SVG chart of the running accounts.
//!
//! In: a [`Ledger`]. Out: the text table a club reads out (deal by deal, then the
//! standings), the JSON of `docs/game-format.md`, one CSV row per deal, or an SVG line chart.

use serde_json::{Value, json};

use super::{DealRecord, GamePayment, Ledger, Party};
use crate::chart::{COLOURS, escape};
use crate::render::width;

/// A party's name: a player's, or "table".
fn party(ledger: &Ledger, p: Party) -> &str {
    p.map_or("table", |p| ledger.players[p].as_str())
}

/// The ledger as text: one block per deal, then the standings.
pub fn text(ledger: &Ledger) -> String {
    let names = &ledger.players;
    let col = names.iter().map(|n| width(n)).max().unwrap_or(0).max(8);
    let pad = |s: &str| format!("{s}{}", " ".repeat(col.saturating_sub(width(s))));
    let mut out = format!(
        "game of {} ({}), each starting at {}\n",
        names.join(", "),
        ledger.variant,
        ledger.start
    );
    for d in &ledger.deals {
        let winner = d
            .winner
            .map_or("drawn".to_string(), |w| format!("{} went out", names[w]));
        out.push_str(&format!(
            "\ndeal {}: {} round, {} deals, {winner}",
            d.number, d.prevailing, names[d.seats[0]]
        ));
        if d.counters > 0 {
            out.push_str(&format!("; {}", plural(d.counters, "counter")));
        }
        if d.deposits > 0 {
            out.push_str(&format!("; {} on the table", plural(d.deposits, "deposit")));
        }
        if let Some((rule, p)) = &d.liable {
            out.push_str(&format!("; {} pays for all ({rule})", names[*p]));
        }
        out.push('\n');
        for p in &d.payments {
            out.push_str(&format!(
                "  {} pays {} {}\n",
                party(ledger, p.from),
                party(ledger, p.to),
                p.amount
            ));
        }
        if d.payments.is_empty() {
            out.push_str("  no payments\n");
        }
        for note in &d.notes {
            out.push_str(&format!("  note: {note}\n"));
        }
        let row = |label: &str, cells: Vec<String>| {
            let mut line = format!("  {label:<6}");
            for c in cells {
                line.push_str(&format!(
                    " {}{c}",
                    " ".repeat(col.saturating_sub(width(&c)))
                ));
            }
            line.trim_end().to_string() + "\n"
        };
        out.push_str(&row("", names.to_vec()));
        out.push_str(&row(
            "seat",
            (0..4)
                .map(|p| {
                    let i = d.seats.iter().position(|&q| q == p).unwrap_or(0);
                    crate::tiles::Wind::ALL[i].name().to_string()
                })
                .collect(),
        ));
        out.push_str(&row("net", d.net.iter().map(|&n| signed(n)).collect()));
        out.push_str(&row("total", d.totals.iter().map(i64::to_string).collect()));
        if d.table > 0 {
            out.push_str(&format!("  left on the table: {}\n", d.table));
        }
    }
    out.push_str(if ledger.finished {
        "\nfinal standings\n"
    } else {
        "\nstandings (the game goes on)\n"
    });
    let adjusted = ledger.standings.iter().any(|s| s.adjusted != s.total);
    for (rank, s) in ledger.standings.iter().enumerate() {
        out.push_str(&format!(
            "  {}. {} {:>8}",
            rank + 1,
            pad(&names[s.player]),
            s.total
        ));
        if adjusted {
            out.push_str(&format!("  adjusted {:>8}", s.adjusted));
        }
        out.push('\n');
    }
    if let Some(table) = ledger.deals.last().map(|d| d.table).filter(|&t| t > 0) {
        out.push_str(&format!("  left on the table: {table}\n"));
    }
    if let Some((dealer, wind)) = ledger.next {
        out.push_str(&format!("next: {} deals, {wind} round\n", names[dealer]));
    }
    out
}

fn plural(n: i64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn payment_json(ledger: &Ledger, p: &GamePayment) -> Value {
    json!({"from": party(ledger, p.from), "to": party(ledger, p.to), "amount": p.amount})
}

/// The ledger as JSON (`docs/game-format.md`).
pub fn json(ledger: &Ledger) -> Value {
    let mut all = head_json(ledger);
    let deals = ledger.deals.iter().map(|d| deal_json(ledger, d)).collect();
    all.insert("deals".into(), Value::Array(deals));
    all.extend(tail_json(ledger));
    Value::Object(all)
}

/// The ledger as JSON, as [`json()`] gives it, with the fields of `more` after its own, and a
/// newline, written to `out` a deal at a time: a long game's JSON is never all in memory at
/// once. Hidden characters are written as JSON escapes ([`crate::diagnostic::visible_json`]).
pub fn write_json(
    ledger: &Ledger,
    more: serde_json::Map<String, Value>,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    // The head and the tail are objects of their own, written without the brace that
    // closes the head and the one that opens the tail; neither is empty.
    // Each part with its hidden characters as JSON escapes, as the other commands write JSON.
    let text = |value: Value| crate::diagnostic::visible_json(value.to_string());
    let head = text(Value::Object(head_json(ledger)));
    write!(out, "{},\"deals\":[", &head[..head.len() - 1])?;
    for (k, d) in ledger.deals.iter().enumerate() {
        if k > 0 {
            out.write_all(b",")?;
        }
        out.write_all(text(deal_json(ledger, d)).as_bytes())?;
    }
    let mut tail = tail_json(ledger);
    tail.extend(more);
    let tail = text(Value::Object(tail));
    writeln!(out, "],{}", &tail[1..])
}

/// What the ledger's JSON says before its deals.
fn head_json(ledger: &Ledger) -> serde_json::Map<String, Value> {
    let Value::Object(head) = json!({
        "variant": ledger.variant,
        "variant_spec": ledger.variant_spec,
        "players": ledger.players,
        "start": ledger.start,
    }) else {
        unreachable!("an object")
    };
    head
}

/// One deal of the ledger's JSON.
fn deal_json(ledger: &Ledger, d: &DealRecord) -> Value {
    let by_player = |values: &[i64; 4]| {
        let mut map = serde_json::Map::new();
        for (name, v) in ledger.players.iter().zip(values) {
            map.insert(name.clone(), json!(v));
        }
        Value::Object(map)
    };
    let mut seats = serde_json::Map::new();
    for (w, &p) in crate::tiles::Wind::ALL.iter().zip(&d.seats) {
        seats.insert(w.name().to_string(), json!(ledger.players[p]));
    }
    json!({
        "deal": d.number,
        "prevailing": d.prevailing.name(),
        "dealer": ledger.players[d.seats[0]],
        "seats": seats,
        "counters": d.counters,
        "deposits": d.deposits,
        "winner": d.winner.map(|w| &ledger.players[w]),
        "liable": d.liable.as_ref().map(|(rule, p)| json!({"rule": rule, "player": ledger.players[*p]})),
        "scores": by_player(&d.scores),
        "payments": d.payments.iter().map(|p| payment_json(ledger, p)).collect::<Vec<_>>(),
        "net": by_player(&d.net),
        "totals": by_player(&d.totals),
        "table": d.table,
        "notes": d.notes,
        "input": d.input,
    })
}

/// What the ledger's JSON says after its deals.
fn tail_json(ledger: &Ledger) -> serde_json::Map<String, Value> {
    let Value::Object(tail) = json!({
        "finished": ledger.finished,
        "standings": ledger.standings.iter().map(|s| json!({
            "player": ledger.players[s.player],
            "total": s.total,
            "adjusted": s.adjusted,
        })).collect::<Vec<_>>(),
        "next": ledger.next.map(|(p, w)| json!({"dealer": ledger.players[p], "prevailing": w.name()})),
    }) else {
        unreachable!("an object")
    };
    tail
}

/// A CSV field, quoted where it must be.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The ledger as CSV: a header, then one row per deal (each player's net and account).
pub fn csv(ledger: &Ledger) -> String {
    let mut header = vec![
        "deal".to_string(),
        "prevailing".into(),
        "dealer".into(),
        "winner".into(),
        "counters".into(),
        "deposits".into(),
    ];
    for name in &ledger.players {
        header.push(format!("{name} net"));
        header.push(format!("{name} total"));
    }
    header.push("table".into());
    let mut out = header
        .iter()
        .map(|h| field(h))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    for d in &ledger.deals {
        let mut row = vec![
            d.number.to_string(),
            d.prevailing.name().to_string(),
            ledger.players[d.seats[0]].clone(),
            d.winner
                .map_or(String::new(), |w| ledger.players[w].clone()),
            d.counters.to_string(),
            d.deposits.to_string(),
        ];
        for i in 0..4 {
            row.push(d.net[i].to_string());
            row.push(d.totals[i].to_string());
        }
        row.push(d.table.to_string());
        out.push_str(&row.iter().map(|f| field(f)).collect::<Vec<_>>().join(","));
        out.push('\n');
    }
    out
}

/// The least of 1, 2 and 5 times a power of ten that is at least `rough`.
fn nice_step(rough: f64) -> i64 {
    let mut power = 1i64;
    loop {
        for m in [1, 2, 5] {
            if (m * power) as f64 >= rough {
                return m * power;
            }
        }
        power *= 10;
    }
}

/// The running accounts as an SVG line chart: one line per player, from the start (deal 0)
/// to the last deal, with axes, ticks, a title and a legend.
pub fn svg(ledger: &Ledger) -> String {
    let (w, h, left, right, top, bottom) = (900.0, 480.0, 90.0, 170.0, 50.0, 60.0);
    let series: Vec<Vec<i64>> = (0..4)
        .map(|p| {
            std::iter::once(ledger.start)
                .chain(ledger.deals.iter().map(|d| d.totals[p]))
                .collect()
        })
        .collect();
    let all = series.iter().flatten();
    let lo = *all.clone().min().unwrap_or(&0);
    let hi = *all.max().unwrap_or(&0);
    // Round ticks (1, 2 or 5 times a power of ten) that cover every account.
    let step = nice_step((hi - lo).max(1) as f64 / 4.0);
    let lo = lo.div_euclid(step) * step;
    let hi = (hi + step - 1).div_euclid(step) * step;
    let hi = if hi == lo { lo + step } else { hi };
    let n = ledger.deals.len().max(1) as f64;
    let x = |i: usize| left + (w - left - right) * i as f64 / n;
    let y = |v: i64| top + (h - top - bottom) * (hi - v) as f64 / (hi - lo) as f64;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{}\" y=\"28\" text-anchor=\"middle\" font-size=\"16\">Running accounts, {}</text>\n",
        (left + w - right) / 2.0,
        escape(&ledger.variant)
    );
    // Axes, with five ticks on the accounts and one per deal (or fewer, for long games).
    svg.push_str(&format!(
        "<line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{}\" stroke=\"black\"/>\n<line x1=\"{left}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n",
        h - bottom, h - bottom, w - right, h - bottom
    ));
    for v in (lo..=hi).step_by(step as usize) {
        svg.push_str(&format!(
            "<line x1=\"{}\" y1=\"{y:.1}\" x2=\"{left}\" y2=\"{y:.1}\" stroke=\"black\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{v}</text>\n",
            left - 5.0,
            left - 8.0,
            y(v) + 4.0,
            y = y(v)
        ));
    }
    if lo < 0 && hi > 0 {
        svg.push_str(&format!(
            "<line x1=\"{left}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>\n",
            y(0),
            w - right
        ));
    }
    let step = (ledger.deals.len() / 16).max(1);
    for i in (0..=ledger.deals.len()).step_by(step) {
        svg.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{i}</text>\n",
            x(i),
            h - bottom + 18.0
        ));
    }
    svg.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">deal</text>\n<text transform=\"translate(18 {}) rotate(-90)\" text-anchor=\"middle\">account</text>\n",
        (left + w - right) / 2.0,
        h - 15.0,
        (top + h - bottom) / 2.0
    ));
    for (p, points) in series.iter().enumerate() {
        let path: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(i, &v)| format!("{:.1},{:.1}", x(i), y(v)))
            .collect();
        svg.push_str(&format!(
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>\n",
            COLOURS[p],
            path.join(" ")
        ));
        let ly = top + 20.0 * p as f64;
        svg.push_str(&format!(
            "<line x1=\"{0}\" y1=\"{ly}\" x2=\"{1}\" y2=\"{ly}\" stroke=\"{2}\" stroke-width=\"3\"/><text x=\"{3}\" y=\"{4}\">{5}</text>\n",
            w - right + 15.0,
            w - right + 35.0,
            COLOURS[p],
            w - right + 40.0,
            ly + 4.0,
            escape(&ledger.players[p])
        ));
    }
    svg.push_str("</svg>\n");
    svg
}
