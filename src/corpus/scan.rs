//! The corpus fast path's JSON reader: one line into a [`LineRecord`] borrowing its strings.
//!
//! In: one line of text. Out: the record, or `None` for anything it does not take: a JSON
//! mistake, an unknown or repeated key, a missing key, a value of the wrong type, an escape
//! in a string, more than four melds or eight bonus entries. It reads the JSON that
//! `serde_json` reads into the corpus record's shape; what it refuses, the slow path reads
//! again, to accept it or to say what is wrong.

use arrayvec::ArrayVec;

/// One corpus line, its strings borrowed from the line.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct LineRecord<'a> {
    pub seat: &'a str,
    pub prevailing: &'a str,
    pub concealed: &'a str,
    pub melds: ArrayVec<&'a str, 4>,
    pub bonus: ArrayVec<&'a str, 8>,
    pub seen: &'a str,
    pub original_call: bool,
    pub win: Option<WinLine<'a>>,
}

/// The `win` object of a [`LineRecord`].
#[derive(Debug, Default, PartialEq, Eq)]
pub struct WinLine<'a> {
    pub tile: &'a str,
    pub from: &'a str,
    pub discarder: Option<&'a str>,
    pub last: bool,
    pub original_call: bool,
    pub heavenly: bool,
    pub kong_on_kong: bool,
    pub late: bool,
    pub completes: Option<&'a str>,
}

/// Reads a corpus line (see the module docs).
pub fn scan(line: &str) -> Option<LineRecord<'_>> {
    let mut s = Scanner { text: line, at: 0 };
    let mut r = LineRecord::default();
    let mut seen = 0u32;
    s.object(|s, key| {
        let bit = match key {
            "seat" => {
                r.seat = s.string()?;
                1
            }
            "prevailing" => {
                r.prevailing = s.string()?;
                2
            }
            "concealed" => {
                r.concealed = s.string()?;
                4
            }
            "melds" => {
                s.strings(&mut r.melds)?;
                8
            }
            "bonus" => {
                s.strings(&mut r.bonus)?;
                16
            }
            "seen" => {
                r.seen = s.string()?;
                32
            }
            "original-call" => {
                r.original_call = s.bool()?;
                64
            }
            "win" => {
                r.win = if s.null() { None } else { Some(s.win()?) };
                128
            }
            _ => return None,
        };
        (seen & bit == 0).then(|| seen |= bit)
    })?;
    s.ws();
    (s.at == line.len() && seen & 7 == 7).then_some(r)
}

/// The bytes that end a string without escapes: the quote, a backslash (an escape, which
/// the slow path reads) and the control characters (which JSON does not allow in strings).
static ENDS_PLAIN_STRING: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Scanner<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    /// Skips whitespace, then takes `byte` if it comes next.
    fn eat(&mut self, byte: u8) -> bool {
        self.ws();
        let found = self.peek() == Some(byte);
        if found {
            self.at += 1;
        }
        found
    }

    fn word(&mut self, word: &str) -> bool {
        self.ws();
        let found = self.text[self.at..].starts_with(word);
        if found {
            self.at += word.len();
        }
        found
    }

    fn null(&mut self) -> bool {
        self.word("null")
    }

    fn bool(&mut self) -> Option<bool> {
        if self.word("true") {
            Some(true)
        } else if self.word("false") {
            Some(false)
        } else {
            None
        }
    }

    /// A string without escapes or control characters.
    fn string(&mut self) -> Option<&'a str> {
        if !self.eat(b'"') {
            return None;
        }
        let start = self.at;
        let rest = &self.text.as_bytes()[start..];
        let len = rest
            .iter()
            .position(|&b| ENDS_PLAIN_STRING[usize::from(b)])?;
        if rest[len] != b'"' {
            return None;
        }
        self.at = start + len + 1;
        Some(&self.text[start..start + len])
    }

    fn optional_string(&mut self) -> Option<Option<&'a str>> {
        if self.null() {
            Some(None)
        } else {
            self.string().map(Some)
        }
    }

    /// An array of strings, into `out` (which it must fit).
    fn strings<const N: usize>(&mut self, out: &mut ArrayVec<&'a str, N>) -> Option<()> {
        out.clear();
        if !self.eat(b'[') {
            return None;
        }
        if self.eat(b']') {
            return Some(());
        }
        loop {
            out.try_push(self.string()?).ok()?;
            if self.eat(b']') {
                return Some(());
            }
            if !self.eat(b',') {
                return None;
            }
        }
    }

    /// An object: `pair` is called with each key, to read its value.
    fn object(&mut self, mut pair: impl FnMut(&mut Self, &'a str) -> Option<()>) -> Option<()> {
        if !self.eat(b'{') {
            return None;
        }
        if self.eat(b'}') {
            return Some(());
        }
        loop {
            let key = self.string()?;
            if !self.eat(b':') {
                return None;
            }
            pair(self, key)?;
            if self.eat(b'}') {
                return Some(());
            }
            if !self.eat(b',') {
                return None;
            }
        }
    }

    fn win(&mut self) -> Option<WinLine<'a>> {
        let mut w = WinLine::default();
        let mut seen = 0u32;
        self.object(|s, key| {
            let bit = match key {
                "tile" => {
                    w.tile = s.string()?;
                    1
                }
                "from" => {
                    w.from = s.string()?;
                    2
                }
                "discarder" => {
                    w.discarder = s.optional_string()?;
                    4
                }
                "last" => {
                    w.last = s.bool()?;
                    8
                }
                "original-call" => {
                    w.original_call = s.bool()?;
                    16
                }
                "heavenly" => {
                    w.heavenly = s.bool()?;
                    32
                }
                "kong-on-kong" => {
                    w.kong_on_kong = s.bool()?;
                    64
                }
                "late" => {
                    w.late = s.bool()?;
                    128
                }
                "completes" => {
                    w.completes = s.optional_string()?;
                    256
                }
                _ => return None,
            };
            (seen & bit == 0).then(|| seen |= bit)
        })?;
        (seen & 3 == 3).then_some(w)
    }
}
