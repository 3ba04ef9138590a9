//! A JSON object read into the spanned table a TOML document is read into, so that one
//! reader of tables (and its diagnostics) serves both: a corpus line is a hand file written
//! as JSON.
//!
//! In: the text of one JSON object (a corpus line) and the keys whose `null` means "left
//! out". Out: a [`Document`] whose every key and value keeps its bytes in the text, or the
//! first mistake, with its place. Strings, booleans, arrays and objects become TOML's
//! strings, booleans, arrays and tables; a number becomes a TOML number (only for the
//! message that it is the wrong type); `null` is left out where the key allows it and is a
//! mistake elsewhere (TOML has none). Nesting is bounded, and a key written twice is a
//! mistake, as it is in TOML.

use std::borrow::Cow;

use toml::Spanned;
use toml::de::{DeArray, DeTable, DeValue};

use super::Document;
use crate::diagnostic::Diagnostic;

/// The deepest nesting of arrays and objects read.
const MAX_DEPTH: usize = 32;

/// Reads `text` as one JSON object; a `null` is left out under the keys `optional` names.
pub fn parse<'i>(text: &'i str, optional: &[&str]) -> Result<Document<'i>, Diagnostic> {
    let mut reader = Reader {
        text,
        at: 0,
        optional,
    };
    reader.blank();
    let start = reader.at;
    if reader.peek() != Some(b'{') {
        return Err(reader.mistake("expected a JSON object: `{`"));
    }
    let table = match reader.value(0)? {
        Some(value) => value,
        None => unreachable!("an object is never left out"),
    };
    reader.blank();
    if reader.at < text.len() {
        return Err(reader.mistake("expected the end of the line after the object"));
    }
    match table.into_inner() {
        DeValue::Table(table) => Ok(Spanned::new(start..reader.at, table)),
        _ => unreachable!("a value that starts with `{{` is an object"),
    }
}

struct Reader<'i, 'o> {
    text: &'i str,
    at: usize,
    optional: &'o [&'o str],
}

impl<'i> Reader<'i, '_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// Skips JSON's white space.
    fn blank(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    /// A mistake at the current place.
    fn mistake(&self, what: &str) -> Diagnostic {
        let end = self.text[self.at..]
            .chars()
            .next()
            .map_or(self.at, |c| self.at + c.len_utf8());
        Diagnostic::new(self.at..end, "this is not valid JSON", what)
    }

    fn expect(&mut self, byte: u8, what: &str) -> Result<(), Diagnostic> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.mistake(what))
        }
    }

    /// The value at the current place (after blanks); `None` for `null`.
    fn value(&mut self, depth: usize) -> Result<Option<Spanned<DeValue<'i>>>, Diagnostic> {
        self.blank();
        if depth > MAX_DEPTH {
            return Err(self.mistake(&format!("nested more than {MAX_DEPTH} deep")));
        }
        let start = self.at;
        let value = match self.peek() {
            Some(b'{') => DeValue::Table(self.object(depth)?),
            Some(b'[') => DeValue::Array(self.array(depth)?),
            Some(b'"') => DeValue::String(self.string()?),
            Some(b't') if self.text[self.at..].starts_with("true") => {
                self.at += 4;
                DeValue::Boolean(true)
            }
            Some(b'f') if self.text[self.at..].starts_with("false") => {
                self.at += 5;
                DeValue::Boolean(false)
            }
            Some(b'n') if self.text[self.at..].starts_with("null") => {
                self.at += 4;
                return Ok(None);
            }
            Some(b'-' | b'0'..=b'9') => self.number()?,
            _ => return Err(self.mistake("expected a value")),
        };
        Ok(Some(Spanned::new(start..self.at, value)))
    }

    fn object(&mut self, depth: usize) -> Result<DeTable<'i>, Diagnostic> {
        self.expect(b'{', "expected `{`")?;
        let mut table = DeTable::new();
        self.blank();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(table);
        }
        loop {
            self.blank();
            let key_start = self.at;
            if self.peek() != Some(b'"') {
                return Err(self.mistake("expected a key in double quotes"));
            }
            let key = self.string()?;
            let key_span = key_start..self.at;
            self.blank();
            self.expect(b':', "expected `:` after the key")?;
            let value = self.value(depth + 1)?;
            if table.keys().any(|k| k.get_ref() == &key) {
                return Err(Diagnostic::new(
                    key_span,
                    "this is not valid JSON",
                    format!("`{key}` appears twice"),
                ));
            }
            match value {
                Some(value) => {
                    table.insert(Spanned::new(key_span, key), value);
                }
                None if self.optional.contains(&key.as_ref()) => {}
                None => {
                    return Err(Diagnostic::new(
                        key_span.start..self.at,
                        format!("`{key}` is null"),
                        "no value",
                    )
                    .with_help("leave the key out, or give it a value"));
                }
            }
            self.blank();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(table);
                }
                _ => return Err(self.mistake("expected `,` or `}`")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<DeArray<'i>, Diagnostic> {
        self.expect(b'[', "expected `[`")?;
        let mut items = DeArray::new();
        self.blank();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(items);
        }
        loop {
            let start = self.at;
            match self.value(depth + 1)? {
                Some(value) => items.push(value),
                None => {
                    return Err(Diagnostic::new(
                        start..self.at,
                        "an array holds no `null`",
                        "null",
                    ));
                }
            }
            self.blank();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(items);
                }
                _ => return Err(self.mistake("expected `,` or `]`")),
            }
        }
    }

    /// A string in double quotes: borrowed from the text when it holds no escape.
    fn string(&mut self) -> Result<Cow<'i, str>, Diagnostic> {
        self.expect(b'"', "expected `\"`")?;
        let start = self.at;
        let mut owned: Option<String> = None;
        loop {
            let Some(c) = self.text[self.at..].chars().next() else {
                return Err(self.mistake("the string has no closing `\"`"));
            };
            match c {
                '"' => {
                    let text = match owned {
                        Some(s) => Cow::Owned(s),
                        None => Cow::Borrowed(&self.text[start..self.at]),
                    };
                    self.at += 1;
                    return Ok(text);
                }
                '\\' => {
                    let s = owned.get_or_insert_with(|| self.text[start..self.at].to_string());
                    let escape_at = self.at;
                    self.at += 1;
                    let Some(e) = self.peek() else {
                        return Err(self.mistake("the string has no closing `\"`"));
                    };
                    self.at += 1;
                    let decoded = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode_escape(escape_at)?,
                        _ => {
                            return Err(Diagnostic::new(
                                escape_at..self.at,
                                "this is not valid JSON",
                                "unknown escape",
                            ));
                        }
                    };
                    s.push(decoded);
                }
                c if (c as u32) < 0x20 => {
                    return Err(self.mistake("a control character must be escaped in a string"));
                }
                c => {
                    if let Some(s) = owned.as_mut() {
                        s.push(c);
                    }
                    self.at += c.len_utf8();
                }
            }
        }
    }

    /// The character of a `\uXXXX` escape (a pair of them for a character beyond the basic
    /// plane), the `\u` read already.
    fn unicode_escape(&mut self, escape_at: usize) -> Result<char, Diagnostic> {
        let bad = |this: &Self| {
            Diagnostic::new(
                escape_at..this.at.min(this.text.len()),
                "this is not valid JSON",
                "a `\\u` escape is four hexadecimal digits naming a character",
            )
        };
        let first = self.hex4().ok_or_else(|| bad(self))?;
        let code = if (0xD800..0xDC00).contains(&first) {
            if !self.text[self.at..].starts_with("\\u") {
                return Err(bad(self));
            }
            self.at += 2;
            let second = self.hex4().ok_or_else(|| bad(self))?;
            if !(0xDC00..0xE000).contains(&second) {
                return Err(bad(self));
            }
            0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else {
            first
        };
        char::from_u32(code).ok_or_else(|| bad(self))
    }

    /// Four hexadecimal digits.
    fn hex4(&mut self) -> Option<u32> {
        let digits = self.text.get(self.at..self.at + 4)?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        self.at += 4;
        u32::from_str_radix(digits, 16).ok()
    }

    /// A number, as JSON writes one.
    fn number(&mut self) -> Result<DeValue<'i>, Diagnostic> {
        let start = self.at;
        let digits = |this: &mut Self| {
            let from = this.at;
            while let Some(b'0'..=b'9') = this.peek() {
                this.at += 1;
            }
            this.at > from
        };
        let bad = |this: &Self| {
            Diagnostic::new(
                start..this.at.max(start + 1),
                "this is not valid JSON",
                "not a number as JSON writes one",
            )
        };
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        let int_start = self.at;
        if !digits(self) || (self.text.as_bytes()[int_start] == b'0' && self.at - int_start > 1) {
            return Err(bad(self));
        }
        let mut float = false;
        if self.peek() == Some(b'.') {
            self.at += 1;
            float = true;
            if !digits(self) {
                return Err(bad(self));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            float = true;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            if !digits(self) {
                return Err(bad(self));
            }
        }
        // TOML reads JSON's integers and floats alike; the number is kept only for saying
        // that it is the wrong type.
        let as_toml = if float { "0.0" } else { "0" };
        Ok(DeValue::parse(as_toml).expect("a TOML number").into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Document<'_>, Diagnostic> {
        parse(text, &["win"])
    }

    #[test]
    fn values_keep_their_places() {
        let text = r#" {"seat": "east", "melds": ["777z", "1111p concealed"], "win": {"tile": "1m", "last": true}} "#;
        let doc = read(text).unwrap();
        let seat = doc.get_ref().get("seat").unwrap();
        assert_eq!(&text[seat.span()], "\"east\"");
        let DeValue::Array(melds) = doc.get_ref().get("melds").unwrap().get_ref() else {
            panic!()
        };
        assert_eq!(&text[melds[1].span()], "\"1111p concealed\"");
        let DeValue::Table(win) = doc.get_ref().get("win").unwrap().get_ref() else {
            panic!()
        };
        assert!(matches!(
            win.get("last").unwrap().get_ref(),
            DeValue::Boolean(true)
        ));
        let (key, _) = doc.get_ref().iter().next().unwrap();
        assert_eq!(&text[key.span()], "\"seat\"");
    }

    #[test]
    fn escapes_are_decoded_and_nulls_left_out_where_allowed() {
        let doc = read(r#"{"seat": "e\u0061st\n", "win": null, "x": "\ud83c\udc04"}"#).unwrap();
        let text = |k| match doc.get_ref().get(k).unwrap().get_ref() {
            DeValue::String(s) => s.to_string(),
            _ => panic!(),
        };
        assert_eq!(text("seat"), "east\n");
        assert_eq!(text("x"), "\u{1F004}");
        assert!(doc.get_ref().get("win").is_none());
        let e = read(r#"{"seat": null}"#).unwrap_err();
        assert_eq!(e.message, "`seat` is null");
    }

    #[test]
    fn mistakes_are_placed() {
        for (text, at) in [
            (r#"{"seat": "east""#, 15),
            (r#"{"seat" "east"}"#, 8),
            (r#"{"seat": east}"#, 9),
            (r#"{"seat": "east",}"#, 16),
            (r#"{"a": 1, "a": 2}"#, 9),
            (r#"{"a": 01}"#, 6),
            (r#"{"a": "\x"}"#, 7),
            (r#"{"a": "b"} x"#, 11),
            ("[1]", 0),
        ] {
            let e = read(text).unwrap_err();
            assert_eq!(e.span.start, at, "{text}: {e:?}");
        }
        let deep = format!("{{\"a\": {}1{}}}", "[".repeat(40), "]".repeat(40));
        assert!(read(&deep).is_err());
    }

    proptest::proptest! {
        /// Whatever `serde_json` reads as an object (of strings, escapes included, booleans,
        /// arrays of strings and empty objects), this reads, with the same strings; whatever
        /// it refuses, this refuses.
        #[test]
        fn reads_what_serde_json_reads(
            text in r#"\{( *"[a-c]{0,2}" *: *("([a-z0-9 ]|\\[nt/]|\\u00[46][1-9a-f]|\\[xq])*"|true|\[("[a-z]{0,2}",?){0,3}\]|\{\}),?){0,4} *\}"#
        ) {
            let ours = parse(&text, &[]);
            let theirs: Result<serde_json::Map<String, serde_json::Value>, _> =
                serde_json::from_str(&text);
            match (&ours, &theirs) {
                (Ok(doc), Ok(map)) => {
                    proptest::prop_assert_eq!(doc.get_ref().len(), map.len(), "{}", text);
                    for (key, value) in map {
                        let ours = doc.get_ref().get(key.as_str());
                        proptest::prop_assert!(ours.is_some(), "{}: {}", text, key);
                        if let (serde_json::Value::String(s), Some(DeValue::String(t))) =
                            (value, ours.map(|v| v.get_ref()))
                        {
                            proptest::prop_assert_eq!(s, &t.to_string());
                        }
                    }
                }
                // serde keeps the last of a key written twice; this refuses it, as TOML does.
                (Err(_), Ok(_)) => proptest::prop_assert!(has_duplicate_key(&text), "{}", text),
                (Ok(_), Err(e)) => proptest::prop_assert!(false, "{}: serde refuses it: {}", text, e),
                (Err(_), Err(_)) => {}
            }
        }
    }

    /// True when `text`, whose keys are plain letters, names a key twice.
    fn has_duplicate_key(text: &str) -> bool {
        let mut keys: Vec<&str> = text
            .match_indices('"')
            .map(|(i, _)| i)
            .collect::<Vec<_>>()
            .chunks(2)
            .filter_map(|q| match q {
                [a, b] if text[b + 1..].trim_start().starts_with(':') => Some(&text[a + 1..*b]),
                _ => None,
            })
            .collect();
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        keys.len() < n
    }
}
