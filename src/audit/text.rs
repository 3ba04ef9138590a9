//! The source text read for the audit: its sentences, its words and numbers, the passage a
//! citation finds and the number the passage ties to what is cited.
//!
//! In: the text of a source (whole, or the Markdown section a variant encodes). Out: the
//! [`Unit`]s to account for (each sentence of a paragraph, each table row, each cell a table
//! writes on a line of its own); for a citation (`114 b: z malých kamenů`, `Pungs: Minor
//! tiles` in column `Exposed`), the [`Found`] passage: the spans it matched and the
//! [`Token`] it ties to the item; the value tokens of every line.

use super::Passage;

/// How many lines after a heading its parts are looked for: the longest table in the texts.
pub(super) const WINDOW: usize = 120;

/// A place in the text: bytes `start..end` of line `line`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Span {
    pub line: usize,
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub(super) fn overlaps(&self, other: &Span) -> bool {
        self.line == other.line && self.start < other.end && other.start < self.end
    }

    /// Whether the span lies inside `outer`.
    pub(super) fn within(&self, outer: &Span) -> bool {
        self.line == outer.line && outer.start <= self.start && self.end <= outer.end
    }
}

/// The word `or` in the languages of the texts: where a list of items is cut into clauses.
const OR: [&str; 5] = ["or", "nebo", "lub", "albo", "ou"];

/// Whether `text` begins with the word `or` (of [`OR`]) and a space.
fn begins_with_or(text: &str) -> bool {
    OR.iter()
        .any(|w| text.starts_with(w) && text[w.len()..].starts_with(' '))
}

/// What the audit accounts for: a sentence, a table row, or a cell on a line of its own.
pub(super) type Unit = Span;

/// A number the text states, and what it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Amount {
    /// A bare number, or points (`2`, `4 points`, `10 bodů`).
    Plain(i64),
    /// A number of doubles (`1 Double`, `three doubles`, `jedno zdvojení`, `doubled`).
    Doubles(i64),
    /// A multiplier (`x 8`, `Multiply by 4`).
    Multiplier(i64),
    /// A number of limits (`1 limit`): the value of a limit hand, which its parameter states.
    Limits(i64),
}

impl Amount {
    /// Whether the amount states `value` of an item counted in `doubles` or not.
    pub(super) fn states(self, value: i64, doubles: bool) -> bool {
        match self {
            Amount::Plain(n) => n == value,
            Amount::Doubles(n) => doubles && n == value,
            Amount::Multiplier(m) => doubles && (0..=20).contains(&value) && m == 1 << value,
            Amount::Limits(_) => false,
        }
    }
}

/// A number of the text, where it stands, and whether it is written as a value (with a
/// unit, a multiplier, or alone in a table's cell) rather than as a count or a tile's number.
#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    pub amount: Amount,
    pub span: Span,
    pub valued: bool,
}

/// A word of a line: lowercase letters and digits, or one CJK character, and its bytes.
#[derive(Clone, Debug)]
struct Word {
    text: String,
    start: usize,
    end: usize,
}

/// Where a part of a citation was found: words `first..=last` of line `line`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Match {
    line: usize,
    first: usize,
    last: usize,
}

/// The passage a citation finds.
#[derive(Clone, Debug)]
pub(super) struct Found {
    /// The passage shown.
    pub passage: Passage,
    /// The heading it was found under, when parts follow it.
    pub heading: Option<Span>,
    /// What it covers: the words of its parts, and the whole of the lines it reads on.
    pub covers: Vec<Span>,
    /// The words of its last part: what it names, in a sentence read by clause.
    pub named: Span,
    /// The number it ties to what is cited, if the text states one there.
    pub tied: Option<Token>,
}

/// The source text: lines, words, sentences and numbers.
pub(super) struct Text {
    lines: Vec<String>,
    words: Vec<Vec<Word>>,
    tokens: Vec<Vec<Token>>,
    units: Vec<Unit>,
}

fn is_cjk(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

/// Words of a text with their bytes: lowercase letters and digits; each CJK character is a
/// word.
fn words_at(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut start = None;
    let push = |out: &mut Vec<Word>, a: usize, b: usize| {
        out.push(Word {
            text: text[a..b].to_lowercase(),
            start: a,
            end: b,
        })
    };
    for (i, c) in text.char_indices() {
        if c.is_alphanumeric() && !is_cjk(c) {
            start.get_or_insert(i);
            continue;
        }
        if let Some(a) = start.take() {
            push(&mut out, a, i);
        }
        if is_cjk(c) {
            push(&mut out, i, i + c.len_utf8());
        }
    }
    if let Some(a) = start {
        push(&mut out, a, text.len());
    }
    out
}

fn words(text: &str) -> Vec<String> {
    words_at(text).into_iter().map(|w| w.text).collect()
}

/// The line with the names of tile pictures (`MJt1-.svg`) blanked: their digits are no
/// numbers. Blanked with spaces, so that every byte keeps its place.
fn without_images(line: &str) -> String {
    let mut out = line.to_string();
    let mut from = 0;
    while let Some(at) = out[from..].find("MJ").map(|k| from + k) {
        let Some(end) = out[at..].find(".svg").map(|k| at + k + 4) else {
            break;
        };
        out.replace_range(at..end, &" ".repeat(end - at));
        from = end;
    }
    out
}

/// Numbers written as words, in the languages of the texts; read only before a unit
/// (`three doubles`, `jedno zdvojení`, `oito pontos`), so that an article is no number.
const NUMBER_WORDS: [(&str, i64); 30] = [
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("ten", 10),
    ("twenty", 20),
    ("jedno", 1),
    ("jeden", 1),
    ("jedna", 1),
    ("dvě", 2),
    ("dva", 2),
    ("tři", 3),
    ("čtyři", 4),
    ("dwa", 2),
    ("dwie", 2),
    ("trzy", 3),
    ("cztery", 4),
    ("um", 1),
    ("uma", 1),
    ("dois", 2),
    ("duas", 2),
    ("três", 3),
    ("quatro", 4),
    ("oito", 8),
    ("dez", 10),
    ("treze", 13),
];

/// The unit a word names, by its beginning (`double`, `pts`, `limit`): how it counts a number.
fn unit(word: &str) -> Option<fn(i64) -> Amount> {
    const DOUBLES: [&str; 3] = ["double", "dbl", "zdvojen"];
    const POINTS: [&str; 9] = [
        "point", "pts", "punkt", "pkt", "bod", "pont", "faan", "fān", "fãs",
    ];
    if DOUBLES.iter().any(|u| word.starts_with(u)) {
        Some(Amount::Doubles)
    } else if POINTS.iter().any(|u| word.starts_with(u)) || word == "pt" {
        Some(Amount::Plain)
    } else if matches!(word, "limit" | "limits") {
        Some(Amount::Limits)
    } else {
        None
    }
}

/// The numbers of a line, as [`Token`]s.
fn tokens(line_no: usize, line: &str) -> Vec<Token> {
    let masked = without_images(line);
    let w = words_at(&masked);
    let cjk = masked.chars().any(is_cjk);
    let between = |a: usize, b: usize| &masked[w[a].end..w[b].start];
    let mut out = Vec::new();
    let mut i = 0;
    while i < w.len() {
        let word = w[i].text.as_str();
        let next = w.get(i + 1).map(|n| n.text.as_str());
        let mut end = i;
        let amount = if word.bytes().all(|b| b.is_ascii_digit()) {
            let mut n: i64 = word.parse().unwrap_or(i64::MAX);
            // `1,000`, `25'000`: one number.
            if let Some(n2) = w.get(i + 1)
                && n2.text.len() == 3
                && n2.text.bytes().all(|b| b.is_ascii_digit())
                && matches!(between(i, i + 1), "," | "'")
            {
                n = n
                    .saturating_mul(1000)
                    .saturating_add(n2.text.parse().unwrap_or(0));
                end = i + 1;
            }
            let before = (i > 0).then(|| between(i - 1, i));
            let prev = (i > 0).then(|| w[i - 1].text.as_str());
            // A romanisation's tone (`ping 4 wu 4 * 2`) beside Chinese characters.
            let tone = cjk
                && n <= 6
                && i > 0
                && (before.is_some_and(|b| b.contains('*'))
                    || (before.is_some_and(|b| b.trim().is_empty())
                        && prev.is_some_and(|p| p.chars().all(|c| c.is_ascii_lowercase()))));
            if tone {
                i = end + 1;
                continue;
            }
            let times = before.is_some_and(|b| b.contains('×'))
                || prev.is_some_and(|p| p == "x" || p == "multiply")
                || (prev == Some("by") && i > 1 && w[i - 2].text == "multiply");
            if times {
                Some((Amount::Multiplier(n), true))
            } else {
                match w.get(end + 1).and_then(|u| unit(&u.text)) {
                    Some(counted) => {
                        end += 1;
                        Some((counted(n), true))
                    }
                    // Alone in a table's cell (`| 2 |`) or on its line (`4`): a value.
                    None => {
                        let cell = |c: char| c == '|' || c == '\n';
                        let left = masked[..w[i].start].trim_end();
                        let right = masked[w[end].end..].trim_start();
                        let alone = (left.is_empty() || left.ends_with(cell))
                            && (right.is_empty() || right.starts_with(cell));
                        // The cell after a name and its romanisation, in a table written
                        // as lines (`Roubando Kong 搶 槓 (coeng 2 gong 3 ) 1 A peça …`).
                        let after_name = cjk && before.is_some_and(|b| b.trim() == ")");
                        Some((Amount::Plain(n), (alone && !cjk) || after_name))
                    }
                }
            }
        } else if let Some(m) = word
            .strip_prefix('x')
            .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        {
            m.parse().ok().map(|m| (Amount::Multiplier(m), true))
        } else if let Some(&(_, n)) = NUMBER_WORDS.iter().find(|(k, _)| *k == word)
            && let Some(counted) = next.and_then(unit)
        {
            end += 1;
            Some((counted(n), true))
        } else if word == "double" && next == Some("twice") {
            end += 1;
            Some((Amount::Doubles(2), true))
        } else if matches!(word, "doubled" | "zdvojení" | "zdvojeni") {
            // "The score is doubled", "dostane … zdvojení": one double, when a rule reads
            // it there; not a value of its own ("toto zdvojení", this double).
            Some((Amount::Doubles(1), false))
        } else {
            None
        };
        if let Some((amount, valued)) = amount {
            out.push(Token {
                amount,
                span: Span {
                    line: line_no,
                    start: w[i].start,
                    end: w[end].end,
                },
                valued,
            });
        }
        i = end + 1;
    }
    out
}

/// The sentences of a line: a table row (a line with `|`) is one; a paragraph is cut after
/// `.`, `!` or `?` where a capital letter begins the next. Only spans with a letter or a
/// digit count.
fn sentences(line_no: usize, line: &str) -> Vec<Unit> {
    let mut cuts = vec![0];
    if !line.contains('|') {
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for k in 0..chars.len() {
            // Not after a number: `114.`, `## 5. The table`.
            if !matches!(chars[k].1, '.' | '!' | '?') || (k > 0 && chars[k - 1].1.is_ascii_digit())
            {
                continue;
            }
            let mut j = k + 1;
            while j < chars.len() && matches!(chars[j].1, '"' | '”' | '\'' | '’' | ')' | '*') {
                j += 1;
            }
            if j >= chars.len() || !chars[j].1.is_whitespace() {
                continue;
            }
            let next = chars[j..].iter().find(|(_, c)| !c.is_whitespace());
            let capital = next.is_some_and(|&(_, c)| {
                c.is_uppercase() || matches!(c, '"' | '“' | '(' | '\'' | '*')
            });
            if capital {
                cuts.push(chars[j].0);
            }
        }
    }
    cuts.push(line.len());
    cuts.windows(2)
        .map(|w| Span {
            line: line_no,
            start: w[0],
            end: w[1],
        })
        .filter(|s| line[s.start..s.end].chars().any(char::is_alphanumeric))
        .collect()
}

/// The cells of a line, as byte ranges: cut at `|`, but not inside a `code span` (Kajongg's
/// definitions, `FRobbingKong||Olastsource=k`).
fn cell_spans(line: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut code = false;
    for (k, c) in line.char_indices() {
        match c {
            '`' => code = !code,
            '|' if !code => {
                out.push((start, k));
                start = k + 1;
            }
            _ => {}
        }
    }
    out.push((start, line.len()));
    out
}

/// The level of a Markdown heading line (`## 5. …` is 2), or `None` for another line.
fn heading_level(line: &str) -> Option<usize> {
    let n = line.bytes().take_while(|&b| b == b'#').count();
    (n > 0 && line[n..].starts_with(' ')).then_some(n)
}

/// The lines `start..end` of the Markdown section whose heading holds the words of `head`
/// word after word: from the heading to the next heading of the same or a higher level.
fn section(lines: &[String], head: &str) -> Option<(usize, usize)> {
    let wanted = words(head);
    if wanted.is_empty() {
        return None;
    }
    let start = lines.iter().position(|l| {
        heading_level(l).is_some() && words(l).windows(wanted.len()).any(|w| w == wanted)
    })?;
    let level = heading_level(&lines[start])?;
    let end = lines[start + 1..]
        .iter()
        .position(|l| heading_level(l).is_some_and(|n| n <= level))
        .map_or(lines.len(), |k| start + 1 + k);
    Some((start, end))
}

/// A citation's parts: `Heading: part, part; part` → the heading and the parts.
fn parts(at: &str) -> (Vec<String>, Vec<String>) {
    let parts: Vec<&str> = at
        .split([':', ';'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let Some((head, rest)) = parts.split_first() else {
        return (Vec::new(), Vec::new());
    };
    let pieces = rest
        .iter()
        .flat_map(|p| p.split(','))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect();
    (vec![head.to_string()], pieces)
}

impl Text {
    pub(super) fn new(text: &str) -> Text {
        Text::of_lines(text.lines().map(str::to_string).collect())
    }

    /// The part of `text` under the Markdown heading `head` (see [`section`]): the lines
    /// outside it are kept, empty, so that line numbers stay the file's. `None` when no
    /// heading holds `head`.
    pub(super) fn part(text: &str, head: &str) -> Option<Text> {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let (start, end) = section(&lines, head)?;
        for (i, line) in lines.iter_mut().enumerate() {
            if !(start..end).contains(&i) {
                line.clear();
            }
        }
        Some(Text::of_lines(lines))
    }

    fn of_lines(lines: Vec<String>) -> Text {
        let words = lines.iter().map(|l| words_at(l)).collect();
        let tokens = lines
            .iter()
            .enumerate()
            .map(|(i, l)| tokens(i, l))
            .collect();
        let units = lines
            .iter()
            .enumerate()
            .flat_map(|(i, l)| sentences(i, l))
            .collect();
        Text {
            lines,
            words,
            tokens,
            units,
        }
    }

    /// Every unit of the text, in order.
    pub(super) fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The text of a span.
    pub(super) fn show(&self, span: &Span) -> &str {
        self.lines[span.line][span.start..span.end].trim()
    }

    /// The value tokens of a unit.
    pub(super) fn values_in(&self, unit: &Unit) -> impl Iterator<Item = &Token> {
        self.tokens[unit.line]
            .iter()
            .filter(move |t| t.valued && t.span.overlaps(unit))
    }

    /// The clauses of a unit: cut at `, ` `; ` and `|`, and before the word `or` (`nebo`,
    /// `lub`, `albo`, `ou`), outside brackets. Only spans with a letter or a digit count.
    pub(super) fn clauses(&self, unit: &Unit) -> Vec<Span> {
        let line = &self.lines[unit.line];
        let mut cuts = vec![unit.start];
        let mut depth = 0usize;
        for (k, c) in line[unit.start..unit.end].char_indices() {
            let at = unit.start + k;
            let rest = &line[at..];
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                '|' => cuts.push(at + 1),
                ',' | ';' if rest[1..].starts_with(char::is_whitespace) => cuts.push(at + 1),
                ' ' if begins_with_or(&rest[1..]) => cuts.push(at + 1),
                _ => {}
            }
        }
        cuts.push(unit.end);
        cuts.windows(2)
            .map(|w| Span {
                line: unit.line,
                start: w[0],
                end: w[1],
            })
            .filter(|s| line[s.start..s.end].chars().any(char::is_alphanumeric))
            .collect()
    }

    /// The bracket that follows `span` on its line (`2 (1 bônus +1 de auto-escolha)`), if
    /// one does.
    pub(super) fn bracket_after(&self, span: &Span) -> Option<Span> {
        let line = &self.lines[span.line];
        let rest = &line[span.end..];
        let open = span.end + rest.len() - rest.trim_start().len();
        if !line[open..].starts_with('(') {
            return None;
        }
        let close = line[open..].find(')')?;
        Some(Span {
            line: span.line,
            start: open,
            end: open + close + 1,
        })
    }

    /// Whether a clause begins with the word `or` (see [`Text::clauses`]).
    pub(super) fn opens_with_or(&self, clause: &Span) -> bool {
        begins_with_or(self.lines[clause.line][clause.start..clause.end].trim_start())
    }

    /// `span` without what lies before its first letter or digit and after its last.
    pub(super) fn trimmed(&self, span: &Span) -> Span {
        let text = &self.lines[span.line][span.start..span.end];
        let start = text.find(char::is_alphanumeric).unwrap_or(0);
        let end = text.rfind(char::is_alphanumeric).map_or(start, |k| {
            k + text[k..].chars().next().map_or(0, char::len_utf8)
        });
        Span {
            line: span.line,
            start: span.start + start,
            end: span.start + end,
        }
    }

    /// The whole of line `i`, as a span.
    fn whole(&self, i: usize) -> Span {
        Span {
            line: i,
            start: 0,
            end: self.lines[i].len(),
        }
    }

    /// The span of a match.
    fn span(&self, m: Match) -> Span {
        let w = &self.words[m.line];
        Span {
            line: m.line,
            start: w[m.first].start,
            end: w[m.last].end,
        }
    }

    /// `part` found at or after word `from.1` of line `from.0` and before line `to`: word
    /// after word, or failing that, all its words on one line in any order.
    fn find(&self, part: &str, from: (usize, usize), to: usize) -> Option<Match> {
        let wanted = words(part);
        if wanted.is_empty() {
            return None;
        }
        let to = to.min(self.lines.len());
        let phrase = (from.0..to).find_map(|i| {
            let w = &self.words[i];
            let start = if i == from.0 { from.1 } else { 0 };
            (start..w.len())
                .find(|&k| {
                    w.len() - k >= wanted.len()
                        && w[k..k + wanted.len()]
                            .iter()
                            .zip(&wanted)
                            .all(|(a, b)| &a.text == b)
                })
                .map(|k| Match {
                    line: i,
                    first: k,
                    last: k + wanted.len() - 1,
                })
        });
        phrase.or_else(|| {
            (from.0..to).find_map(|i| {
                let w = &self.words[i];
                let start = if i == from.0 { from.1 } else { 0 };
                let at: Option<Vec<usize>> = wanted
                    .iter()
                    .map(|x| (start..w.len()).find(|&k| &w[k].text == x))
                    .collect();
                let at = at?;
                Some(Match {
                    line: i,
                    first: *at.iter().min()?,
                    last: *at.iter().max()?,
                })
            })
        })
    }

    /// The places a heading may stand: where it is written word after word, or when it is
    /// nowhere, where its words are all on one line.
    fn anchors(&self, head: &str) -> Vec<Match> {
        let mut out = Vec::new();
        let mut from = (0, 0);
        while let Some(m) = self.find(head, from, usize::MAX) {
            out.push(m);
            from = (m.line + 1, 0);
        }
        out
    }

    /// `114 b`: the item `b)` of rule `114.` (to the next rule); `114`: the rule's line.
    /// The match is the item's marker; the lines are where its parts are looked for.
    fn rule(&self, at: &str) -> Option<(Match, usize)> {
        let mut it = at.split_whitespace();
        let number: u32 = it.next()?.parse().ok()?;
        let letter = it.next();
        if it.next().is_some() || letter.is_some_and(|l| l.chars().count() != 1) {
            return None;
        }
        let head = format!("{number}.");
        let start = self
            .lines
            .iter()
            .position(|l| l.trim_start().starts_with(&head))?;
        let end = (start + 1..self.lines.len())
            .find(|&i| {
                let t = self.lines[i].trim_start();
                t.split('.')
                    .next()
                    .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
            })
            .unwrap_or(self.lines.len());
        let marker = |line: usize| Match {
            line,
            first: 0,
            last: 0,
        };
        let Some(letter) = letter else {
            return Some((marker(start), end));
        };
        let item = format!("{letter})");
        let line = (start..end).find(|&i| self.lines[i].trim_start().starts_with(&item))?;
        // The item runs to the next item of the rule.
        let next = (line + 1..end)
            .find(|&i| {
                let t = self.lines[i].trim_start();
                let mut c = t.chars();
                c.next().is_some_and(char::is_alphabetic) && c.next() == Some(')')
            })
            .unwrap_or(end);
        Some((marker(line), next))
    }

    /// The passage a citation names: a rule number (`114 b`), or a heading, and then parts
    /// looked for one after the other (`Pungs: Minor tiles`); `column` is the column of a
    /// table whose cell in the row holds the value.
    pub(super) fn locate(&self, at: &str, column: Option<&str>) -> Option<Found> {
        let (head, pieces) = parts(at.trim());
        let head = head.first()?;
        // Of the places the heading stands, the one after which most parts are found, and
        // of those the one with the parts closest after it.
        let candidates: Vec<(Match, usize)> = match self.rule(head) {
            Some(rule) => vec![rule],
            None => self
                .anchors(head)
                .into_iter()
                .map(|m| (m, m.line + WINDOW))
                .collect(),
        };
        let mut best: Option<(Match, Vec<Match>)> = None;
        for (anchor, to) in candidates {
            let mut found: Vec<Match> = Vec::new();
            for piece in &pieces {
                let after = found.last().copied().unwrap_or(anchor);
                if let Some(m) = self.find(piece, (after.line, after.last + 1), to) {
                    found.push(m);
                }
            }
            let reach = |found: &[Match], anchor: Match| {
                found
                    .last()
                    .map_or(0, |m| m.line)
                    .saturating_sub(anchor.line)
            };
            // Most parts found; then a line that is the heading alone; then the nearest.
            let rank = |found: &[Match], anchor: Match| {
                (
                    std::cmp::Reverse(found.len()),
                    !self.is_alone(anchor),
                    reach(found, anchor),
                )
            };
            if best
                .as_ref()
                .is_none_or(|(a, f)| rank(&found, anchor) < rank(f, *a))
            {
                best = Some((anchor, found));
            }
        }
        let (anchor, found) = match best {
            Some(best) => best,
            // The heading in other words: any single part found will do.
            None => {
                let m = pieces
                    .iter()
                    .find_map(|p| self.find(p, (0, 0), usize::MAX))?;
                (m, Vec::new())
            }
        };
        let value = found.last().copied().unwrap_or(anchor);
        // The column's title: between the heading and the row, the nearest to the row.
        let column = column.and_then(|c| {
            let mut from = (anchor.line, 0);
            let mut last = None;
            while let Some(m) = self.find(c, from, value.line) {
                last = Some(m);
                from = (m.line, m.last + 1);
            }
            last
        });
        let cells_end = self.row_end(value.line);
        let heading = (!found.is_empty()).then(|| self.span(anchor));
        let mut covers: Vec<Span> = found
            .iter()
            .copied()
            .chain(column)
            .chain(found.is_empty().then_some(anchor))
            .map(|m| self.span(m))
            .collect();
        covers.extend((value.line + 1..=cells_end).map(|i| self.whole(i)));
        let tied = match column {
            Some(c) => self.cell(c, value.line, cells_end),
            None => self.tie(value, cells_end),
        };
        let mut rows: Vec<usize> = found
            .iter()
            .map(|m| m.line)
            .chain(column.map(|m| m.line))
            .collect();
        rows.extend(value.line + 1..=cells_end);
        rows.sort_unstable();
        rows.dedup();
        Some(Found {
            passage: self.passage(anchor.line, &rows),
            heading,
            covers,
            named: self.span(value),
            tied,
        })
    }

    /// Whether a match is all the words of its line: a heading standing alone.
    fn is_alone(&self, m: Match) -> bool {
        m.first == 0 && m.last + 1 == self.words[m.line].len()
    }

    /// The last line of the row on line `row`: the lines after it that hold its cells, in
    /// a table written one cell to a line (`4`; `Mnożymy uzyskane`, `do tej pory punkty`,
    /// `x 2`): bare numbers, and when the row has no number, the lines up to the first bare
    /// number within three. A line in brackets is an aside, with no cells.
    fn row_end(&self, row: usize) -> usize {
        let letters = |i: usize| {
            self.lines[i]
                .chars()
                .any(|c| c.is_alphabetic() && !matches!(c, 'x' | 'X'))
        };
        // A number alone (`4`, `x 2`, `10 |`: the last cell of a row cut in two).
        let bare = |i: usize| self.lines[i].chars().any(|c| c.is_ascii_digit()) && !letters(i);
        let next: Vec<usize> = (row + 1..self.lines.len())
            .filter(|&i| !self.lines[i].trim().is_empty())
            .take(3)
            .take_while(|&i| !(self.lines[i].contains('|') && letters(i)))
            .collect();
        // A line in brackets is an aside, not a row.
        let line = self.lines[row].trim();
        if line.starts_with('(') && line.ends_with(')') {
            return row;
        }
        let mut end = row;
        if self.tokens[row].is_empty()
            && let Some(&first) = next.iter().find(|&&i| bare(i))
        {
            end = first;
        }
        let after = end;
        for &i in next.iter().filter(|&&i| i > after) {
            if !bare(i) {
                break;
            }
            end = i;
        }
        end
    }

    /// The number tied to a match: in its clause (up to `,` `;`), the first from the match
    /// on, or the last before it; then the same in its sentence; then the first of the
    /// row's cells on the lines after it (up to `end`).
    fn tie(&self, m: Match, end: usize) -> Option<Token> {
        let span = self.span(m);
        let line = &self.lines[m.line];
        let unit = self
            .units
            .iter()
            .find(|u| u.overlaps(&span))
            .copied()
            .unwrap_or(span);
        // The clause: from the last `, ` or `; ` before the match to the next after it.
        let cut = |s: &str| s.rfind([',', ';']).filter(|&k| s[k + 1..].starts_with(' '));
        let clause_start =
            cut(&line[unit.start..span.start]).map_or(unit.start, |k| unit.start + k + 1);
        let clause_end = line[span.start..unit.end]
            .match_indices([',', ';'])
            .find(|(k, _)| line[span.start + k + 1..].starts_with(' '))
            .map_or(unit.end, |(k, _)| span.start + k);
        let tokens = &self.tokens[m.line];
        let within = |a: usize, b: usize| {
            tokens
                .iter()
                .filter(move |t| t.span.start >= a && t.span.end <= b)
        };
        within(span.start, clause_end)
            .next()
            .or_else(|| within(clause_start, span.start).next_back())
            .or_else(|| within(span.start, unit.end).next())
            .or_else(|| within(unit.start, span.start).next_back())
            .or_else(|| (m.line + 1..=end).find_map(|i| self.tokens[i].first()))
            .copied()
    }

    /// The value in `column`'s cell of the row on lines `row..=end`. The header's cells after
    /// the column's (on its line, and on the lines after it that are cells like it: ending in
    /// `|`, or beginning with the same word) say how far from the row's end the cell is.
    fn cell(&self, column: Match, row: usize, end: usize) -> Option<Token> {
        // Cells with a word in them (not the quote that closes `'odkryta'`).
        let cells = |line: &str| -> Vec<String> {
            cell_spans(line)
                .into_iter()
                .map(|(a, b)| line[a..b].trim())
                .filter(|c| c.chars().any(char::is_alphanumeric))
                .map(str::to_string)
                .collect()
        };
        let title = &self.lines[column.line];
        let span = self.span(column);
        let mut after = cells(&title[span.end..]).len();
        // A header written one cell to a line goes on in the lines below.
        let alone = cells(title).len() <= 1;
        let first_word = self.words[column.line].first().map(|w| w.text.clone());
        for i in (column.line + 1..row).take_while(|_| alone) {
            let line = self.lines[i].trim();
            let sibling = line.ends_with('|')
                || (first_word.is_some()
                    && self.words[i].first().map(|w| &w.text) == first_word.as_ref());
            if line.is_empty() || !sibling {
                break;
            }
            after += cells(line).len().max(1);
        }
        // The row's cells, as spans: cells of a `|` row, or one line each.
        let mut row_cells: Vec<Span> = Vec::new();
        for i in row..=end {
            let line = &self.lines[i];
            for (start, end) in cell_spans(line) {
                if !line[start..end].trim().is_empty() {
                    row_cells.push(Span {
                        line: i,
                        start,
                        end,
                    });
                }
            }
        }
        let cell = row_cells.iter().rev().nth(after)?;
        self.tokens[cell.line]
            .iter()
            .find(|t| t.span.start >= cell.start && t.span.end <= cell.end)
            .copied()
    }

    /// The passage from line `first` with the lines `rows`, `…` for lines skipped between.
    fn passage(&self, first: usize, rows: &[usize]) -> Passage {
        let mut shown = vec![self.lines[first].as_str()];
        let mut at = first;
        let mut last = first;
        for &i in rows.iter().filter(|&&i| i > first) {
            if i > at + 1 && self.lines[at + 1..i].iter().any(|l| !l.trim().is_empty()) {
                shown.push("…");
            }
            shown.push(self.lines[i].as_str());
            at = i;
            last = i;
        }
        Passage {
            first,
            last,
            text: shown.join("\n"),
        }
    }

    /// `found` with up to `n` lines after it, up to a blank line (a table's rows, an
    /// example's working), all its lines read whole.
    pub(super) fn followed_by(&self, mut found: Found, n: usize) -> Found {
        if n > 0 {
            let p = &found.passage;
            found
                .covers
                .extend((p.first..=p.last).map(|i| self.whole(i)));
        }
        for i in (found.passage.last + 1..self.lines.len()).take(n) {
            if self.lines[i].trim().is_empty() {
                break;
            }
            found.passage.text.push('\n');
            found.passage.text.push_str(&self.lines[i]);
            found.passage.last = i;
            found.covers.push(self.whole(i));
        }
        found
    }

    /// `found` run on to the sentence holding `words`, after it: its heading, and every line
    /// from the first of its parts on, is read.
    pub(super) fn through(&self, mut found: Found, words: &str) -> Option<Found> {
        let m = self.find(words, (found.passage.last, 0), usize::MAX)?;
        let end = self.span(m);
        // Its heading, and the lines from the first its parts were found on (not the rows
        // of a table between them).
        let first = found
            .covers
            .iter()
            .map(|s| s.line)
            .min()
            .unwrap_or(found.passage.first);
        found.covers.extend(found.heading);
        for i in first..=m.line {
            let s = if i == m.line {
                Span {
                    end: end.end,
                    ..self.whole(i)
                }
            } else {
                self.whole(i)
            };
            found.covers.push(s);
        }
        for i in found.passage.last + 1..=m.line {
            found.passage.text.push('\n');
            found.passage.text.push_str(&self.lines[i]);
        }
        found.passage.last = m.line;
        Some(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amounts(line: &str) -> Vec<(Amount, bool)> {
        tokens(0, line)
            .iter()
            .map(|t| (t.amount, t.valued))
            .collect()
    }

    #[test]
    fn words_and_numbers() {
        assert_eq!(
            words("Mão Comum 平 糊; ping"),
            ["mão", "comum", "平", "糊", "ping"]
        );
        assert_eq!(words("(平糊)"), ["平", "糊"]);
        use Amount::*;
        assert_eq!(
            amounts("x 8 and 1,000 points; MJt1-.svgMJt2-.svg 4"),
            [
                (Multiplier(8), true),
                (Plain(1000), true),
                (Plain(4), false)
            ]
        );
        assert_eq!(
            amounts("2, 3 or 8 of any suit | 2 | 4 |"),
            [
                (Plain(2), false),
                (Plain(3), false),
                (Plain(8), false),
                (Plain(2), true),
                (Plain(4), true)
            ]
        );
        // Number words count before a unit only; a tone beside Chinese is no number.
        assert_eq!(
            amounts("je jedno zdvojení, three doublesn, um vento"),
            [(Doubles(1), true), (Doubles(3), true)]
        );
        assert_eq!(
            amounts("Mão Comum 平 糊; ping 4 wu 4 * 2 1 Cada"),
            [(Plain(1), false)]
        );
        assert_eq!(
            amounts("Doubles | the score is doubled; double twice; 3 Doubles"),
            [(Doubles(1), false), (Doubles(2), true), (Doubles(3), true)]
        );
    }

    #[test]
    fn sentences_are_cut_where_a_capital_begins_the_next() {
        let line = "Za 2 body, np. 200 pkt. - wszyscy. Další věta! | x";
        assert_eq!(sentences(0, line).len(), 1, "a table row is one unit");
        let line = "Za 2 body, np. 200 pkt. - wszyscy. Další věta (no. 4). “Quoted.”";
        let cut: Vec<&str> = sentences(0, line)
            .iter()
            .map(|s| line[s.start..s.end].trim())
            .collect();
        assert_eq!(
            cut,
            [
                "Za 2 body, np. 200 pkt. - wszyscy.",
                "Další věta (no. 4).",
                "“Quoted.”"
            ]
        );
    }

    #[test]
    fn a_citation_ties_the_number_of_its_own_clause_or_column() {
        let t = Text::new(
            "114. Základní skóre:\n\na) Za bonus 4 body.\nb) Za vyložený pong z malých kamenů 2 body, za skrytý 4 body. Za vyložený pong z velkých kamenů 4 body, za skrytý 8 bodů.\n115. Next\nb) other\nPungs\nExposed | Concealed | |\nMinor tiles | 2 points | 4 points |",
        );
        let tied = |at: &str, column: Option<&str>| {
            t.locate(at, column).and_then(|f| f.tied).map(|t| t.amount)
        };
        assert_eq!(tied("114 b", None), Some(Amount::Plain(2)));
        assert_eq!(
            tied("114 b: z velkých kamenů, za skrytý", None),
            Some(Amount::Plain(8))
        );
        assert_eq!(
            tied("114 b: z malých kamenů, za skrytý", None),
            Some(Amount::Plain(4))
        );
        assert_eq!(
            tied("Pungs: Minor tiles", Some("Concealed")),
            Some(Amount::Plain(4))
        );
        assert_eq!(
            tied("Pungs: Minor tiles", Some("Exposed")),
            Some(Amount::Plain(2))
        );
        assert_eq!(t.locate("115 b", None).unwrap().passage.text, "b) other");
        assert!(t.locate("Kongs: Major tiles", None).is_none());
        // A table written one cell to a line.
        let t = Text::new(
            "Posiadana sekwencja\nPunkty, gdy 'odkryta'\nPunkty, gdy 'zakryta'\nPara smoków\n-\n2\nSekwencja 3 wiatrów\n4\n8\n",
        );
        let tied = |at: &str, column: Option<&str>| {
            t.locate(at, column).and_then(|f| f.tied).map(|t| t.amount)
        };
        assert_eq!(
            tied(
                "Posiadana sekwencja: Sekwencja 3 wiatrów",
                Some("Punkty, gdy 'odkryta'")
            ),
            Some(Amount::Plain(4))
        );
        assert_eq!(
            tied(
                "Posiadana sekwencja: Sekwencja 3 wiatrów",
                Some("Punkty, gdy 'zakryta'")
            ),
            Some(Amount::Plain(8))
        );
        assert_eq!(
            tied("Posiadana sekwencja: Para smoków", Some("gdy 'zakryta'")),
            Some(Amount::Plain(2))
        );
    }

    #[test]
    fn a_part_is_its_heading_down_to_the_next_heading_of_its_level() {
        let text = "# Cases\nExposed Pung 9 pts\n## 5. The table\n| Exposed Pung | 2 pts |\n### Detail\n| Flower | 4 pts |\n## 6. Notes\nExposed Pung 7\n";
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        // From `## 5.` down to `## 6.`, its `###` included; `#5` or `##x` is no heading.
        assert_eq!(section(&lines, "The table"), Some((2, 6)));
        assert_eq!(section(&lines, "Cases"), Some((0, 8)));
        assert_eq!(section(&lines, "Pung"), None);
        assert_eq!(heading_level("#5 pts"), None);
        let t = Text::part(text, "5. The table").unwrap();
        // Only the part is read: the citation finds the row of the table, not the line
        // above it, and line numbers stay the file's.
        let p = t.locate("Exposed Pung", None).unwrap().passage;
        assert_eq!((p.first, p.text.as_str()), (3, "| Exposed Pung | 2 pts |"));
        // The units are the part's lines.
        assert_eq!(
            t.units().iter().map(|u| u.line).collect::<Vec<_>>(),
            [2, 3, 4, 5]
        );
        assert!(Text::part(text, "7. Missing").is_none());
    }

    #[test]
    fn clauses_are_cut_at_commas_bars_and_or_but_not_in_brackets() {
        let text = Text::new(
            "2 points for a pair of Dragons, for a pair of the prevailing Wind (usually East, \
             or South) or for a pair of the own Wind.\nAll Four Flowers or Seasons | 3 Doubles |",
        );
        let shown = |i: usize| -> Vec<String> {
            let unit = text.units()[i];
            text.clauses(&unit)
                .iter()
                .map(|c| text.show(c).to_string())
                .collect()
        };
        assert_eq!(
            shown(0),
            [
                "2 points for a pair of Dragons,",
                "for a pair of the prevailing Wind (usually East, or South)",
                "or for a pair of the own Wind."
            ]
        );
        assert_eq!(
            shown(1),
            ["All Four Flowers", "or Seasons |", "3 Doubles |"]
        );
        let or = text.clauses(&text.units()[1])[1];
        assert!(text.opens_with_or(&or));
    }

    #[test]
    fn cells_are_cut_at_bars_outside_code_and_a_total_finds_its_sum() {
        assert_eq!(
            cell_spans("| a | `F||O` | 2 |"),
            [(0, 0), (1, 4), (5, 13), (14, 17), (18, 18)]
        );
        let text = Text::new("Win by kong 2 (1 bonus +1 self-drawn) the loose tile");
        let two = text.tokens[0][0];
        let sum = text.bracket_after(&two.span).unwrap();
        assert_eq!(text.show(&sum), "(1 bonus +1 self-drawn)");
        assert!(text.bracket_after(&text.tokens[0][1].span).is_none());
    }

    #[test]
    fn a_number_of_limits_is_a_value_that_states_no_number() {
        assert_eq!(
            amounts("| Thirteen Orphans | 1 limit |"),
            [(Amount::Limits(1), true)]
        );
        assert!(!Amount::Limits(1).states(1, false));
        assert_eq!(
            amounts("| All Flowers | 2 dbl |"),
            [(Amount::Doubles(2), true)]
        );
    }
}
