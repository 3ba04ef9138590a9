//! The source text read for the audit: its lines and words, the passage a citation finds,
//! and the scoring lines nothing cites.
//!
//! In: the text of a source (whole, or the Markdown section a variant encodes). Out: for a
//! citation (`114 b`, `Pungs: Minor tiles, Exposed`), the [`Passage`] it finds; the
//! numbers of a passage; the lines that look like scoring.

use super::Passage;

/// How many lines after a heading its parts are looked for: the longest table in the texts.
pub(super) const WINDOW: usize = 40;

/// The source text, split into lines, with each line's words.
pub(super) struct Text {
    lines: Vec<String>,
    words: Vec<Vec<String>>,
}

/// Words of a text: lowercase letters and digits; each CJK character is a word.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        let cjk = ('\u{4E00}'..='\u{9FFF}').contains(&c);
        if c.is_alphanumeric() && !cjk {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        if cjk {
            out.push(c.to_string());
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// The numbers of a passage: digit runs (`1,000` is 1000) and multipliers (`x 8`, `x2`).
pub(super) fn numbers(text: &str) -> Vec<i64> {
    let cleaned = strip_images(text).replace(",000", "000");
    let mut out = Vec::new();
    let mut current = String::new();
    for c in cleaned.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            current.push(c);
        } else if !current.is_empty() {
            if let Ok(n) = current.parse() {
                out.push(n);
            }
            current.clear();
        }
    }
    out
}

/// True when the text writes a multiplier: `x 8`, `x2`.
pub(super) fn has_multiplier(text: &str) -> bool {
    let lower = text.to_lowercase();
    let bytes = lower.as_bytes();
    (0..bytes.len()).any(|i| {
        bytes[i] == b'x'
            && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
            && lower[i + 1..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit())
    })
}

/// The text without the names of tile pictures (`MJt1-.svg`), whose digits are no numbers.
fn strip_images(text: &str) -> String {
    text.split_whitespace()
        .map(|w| {
            let mut out = String::new();
            let mut rest = w;
            while let Some(at) = rest.find("MJ") {
                out.push_str(&rest[..at]);
                match rest[at..].find(".svg") {
                    Some(end) => rest = &rest[at + end + 4..],
                    None => {
                        rest = &rest[at..];
                        break;
                    }
                }
            }
            out.push_str(rest);
            out
        })
        .collect::<Vec<_>>()
        .join(" ")
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
        let words = lines.iter().map(|l| words(l)).collect();
        Text { lines, words }
    }

    pub(super) fn line(&self, i: usize) -> Passage {
        Passage {
            first: i,
            last: i,
            text: self.lines[i].clone(),
            row: self.lines[i].clone(),
        }
    }

    /// The first line at or after `from` (before `to`) holding `part` word after word, or
    /// failing that, the first holding all its words in any order.
    fn find(&self, part: &str, from: usize, to: usize) -> Option<usize> {
        let wanted = words(part);
        if wanted.is_empty() {
            return None;
        }
        // The words in a row first; then in any order (a table's cells, a reworded heading).
        let range = from..to.min(self.lines.len());
        range
            .clone()
            .find(|&i| self.has_phrase(i, &wanted))
            .or_else(|| range.clone().find(|&i| self.has_words(i, &wanted)))
    }

    /// Whether line `i` holds `wanted`, word after word.
    fn has_phrase(&self, i: usize, wanted: &[String]) -> bool {
        self.words[i].windows(wanted.len()).any(|w| w == wanted)
    }

    /// Whether line `i` holds every word of `wanted`, in any order.
    fn has_words(&self, i: usize, wanted: &[String]) -> bool {
        wanted.iter().all(|w| self.words[i].contains(w))
    }

    /// The lines a heading may stand on: those holding it word after word, or when there
    /// are none, those holding its words in any order.
    fn anchors(&self, head: &str) -> Vec<usize> {
        let wanted = words(head);
        if wanted.is_empty() {
            return Vec::new();
        }
        let all = 0..self.lines.len();
        let exact: Vec<usize> = all
            .clone()
            .filter(|&i| self.has_phrase(i, &wanted))
            .collect();
        if !exact.is_empty() {
            return exact;
        }
        all.filter(|&i| self.has_words(i, &wanted)).collect()
    }

    /// The passage a citation names: a rule number (`114 b`), or a heading and parts
    /// (`Pungs: Minor tiles, Exposed`) looked for line by line.
    pub(super) fn locate(&self, at: &str) -> Option<Passage> {
        let at = at.trim();
        if let Some(p) = self.locate_rule(at) {
            return Some(p);
        }
        let parts: Vec<&str> = at
            .split([':', ';'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        let (head, rest) = parts.split_first()?;
        let pieces: Vec<&str> = rest
            .iter()
            .flat_map(|p| p.split(','))
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        // Of the lines holding the heading, the one after which most pieces are found, and
        // of those the one with the pieces closest after it.
        let mut best: Option<(usize, Vec<usize>)> = None;
        for anchor in self.anchors(head) {
            // Each part is looked for after the one before (a table's row, then the line
            // below it) and after the heading (a column's title above the row); the nearer
            // to the part before wins.
            let mut found: Vec<usize> = Vec::new();
            for piece in &pieces {
                let after = found.last().copied().unwrap_or(anchor);
                let hits = [
                    self.find(piece, after, after + WINDOW),
                    self.find(piece, anchor, anchor + WINDOW),
                ];
                if let Some(i) = hits
                    .into_iter()
                    .flatten()
                    .min_by_key(|&i| i.abs_diff(after))
                {
                    found.push(i);
                }
            }
            let reach = |found: &[usize], anchor: usize| {
                found.iter().copied().max().unwrap_or(anchor) - anchor
            };
            if best.as_ref().is_none_or(|(a, f)| {
                found.len() > f.len()
                    || (found.len() == f.len() && reach(&found, anchor) < reach(f, *a))
            }) {
                best = Some((anchor, found));
            }
        }
        let (anchor, mut rows) = match best {
            Some((a, found)) if found.is_empty() => (a, vec![a]),
            Some(best) => best,
            // The heading in other words: any single part found will do.
            None => {
                let i = parts.iter().find_map(|p| self.find(p, 0, usize::MAX))?;
                (i, vec![i])
            }
        };
        rows.sort_unstable();
        rows.dedup();
        Some(self.with_numbers(anchor, rows))
    }

    /// The passage from `first` to the last of `rows`, the lines that should carry the value,
    /// and the lines below it that do: lines of bare numbers (`10 |`, `x 8`, a table written
    /// one cell to a line), or up to three lines of any kind when the row has no number yet.
    fn with_numbers(&self, first: usize, mut rows: Vec<usize>) -> Passage {
        let last = rows.last().copied().unwrap_or(first);
        let bare = |line: &str| {
            !line
                .chars()
                .any(|c| c.is_alphabetic() && !matches!(c, 'x' | 'X'))
        };
        let mut end = last;
        let mut next = last + 1;
        for _ in 0..3 {
            // Blank lines between a row and its value are stepped over.
            while next < self.lines.len() && self.lines[next].trim().is_empty() {
                next += 1;
            }
            if next >= self.lines.len() {
                break;
            }
            let has_value = !numbers(&self.lines[last..=end].join(" ")).is_empty();
            if has_value && !bare(&self.lines[next]) {
                break;
            }
            end = next;
            next += 1;
        }
        if numbers(&self.lines[last..=end].join(" ")).is_empty() {
            end = last;
        }
        rows.extend(last + 1..=end);
        // Shown: the heading, then the rows, with `…` for the lines skipped between.
        let mut shown = vec![self.lines[first].as_str()];
        let mut at = first;
        for &i in rows.iter().filter(|&&i| i > first) {
            if i > at + 1 && self.lines[at + 1..i].iter().any(|l| !l.trim().is_empty()) {
                shown.push("…");
            }
            shown.push(self.lines[i].as_str());
            at = i;
        }
        Passage {
            first,
            last: end,
            text: shown.join("\n"),
            row: rows
                .iter()
                .map(|&i| self.lines[i].as_str())
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }

    /// `passage` with up to `n` lines after it, up to a blank line (a table's rows, an
    /// example's working).
    pub(super) fn followed_by(&self, mut passage: Passage, n: usize) -> Passage {
        for line in self.lines.iter().skip(passage.last + 1).take(n) {
            if line.trim().is_empty() {
                break;
            }
            passage.text.push('\n');
            passage.text.push_str(line);
            passage.last += 1;
        }
        passage
    }

    /// `114 b`: the line `b)` of rule `114.`; `114`: the rule's line.
    fn locate_rule(&self, at: &str) -> Option<Passage> {
        let mut it = at.split_whitespace();
        let number: u32 = it.next()?.parse().ok()?;
        let letter = it.next();
        if it.next().is_some() || letter.is_some_and(|l| l.len() != 1) {
            return None;
        }
        let head = format!("{number}.");
        let start = self
            .lines
            .iter()
            .position(|l| l.trim_start().starts_with(&head))?;
        let Some(letter) = letter else {
            return Some(self.line(start));
        };
        let end = (start + 1..self.lines.len())
            .find(|&i| {
                let t = self.lines[i].trim_start();
                t.split('.')
                    .next()
                    .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
            })
            .unwrap_or(self.lines.len());
        let item = format!("{letter})");
        (start..end)
            .find(|&i| self.lines[i].trim_start().starts_with(&item))
            .map(|i| self.line(i))
    }

    /// The lines that look like scoring passages: a number outside tile pictures, and short
    /// (a table row, a rule's item, a line of a table or an example); not a Markdown
    /// heading, whose number is the section's.
    pub(super) fn scoring_lines(&self) -> Vec<usize> {
        (0..self.lines.len())
            .filter(|&i| {
                !numbers(&self.lines[i]).is_empty()
                    && self.words[i].len() <= 40
                    && heading_level(&self.lines[i]).is_none()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_numbers() {
        assert_eq!(
            words("Mão Comum 平 糊; ping"),
            ["mão", "comum", "平", "糊", "ping"]
        );
        assert_eq!(words("(平糊)"), ["平", "糊"]);
        assert_eq!(
            numbers("x 8 and 1,000 points; MJt1-.svgMJt2-.svg 4"),
            [8, 1000, 4]
        );
    }

    #[test]
    fn rules_and_headings_are_located() {
        let t = Text::new(
            "114. Základní skóre:\n\na) Za bonus 4 body.\nb) Pong 2 body.\n115. Next\nb) other\nPungs\nExposed | Concealed\nMinor tiles | 2 points | 4 points |",
        );
        assert_eq!(t.locate("114 b").unwrap().text, "b) Pong 2 body.");
        assert_eq!(t.locate("115 b").unwrap().text, "b) other");
        let p = t.locate("Pungs: Minor tiles, Exposed").unwrap();
        assert_eq!((p.first, p.last), (6, 8));
        assert!(t.locate("Kongs: Major tiles").is_none());
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
        let p = t.locate("Exposed Pung").unwrap();
        assert_eq!((p.first, p.text.as_str()), (3, "| Exposed Pung | 2 pts |"));
        // The scoring lines are the part's, its headings left out.
        assert_eq!(t.scoring_lines(), [3, 5]);
        assert!(Text::part(text, "7. Missing").is_none());
    }
}
