//! The corpus fast path's JSON reader: one line into a [`LineRecord`] borrowing its strings.
//!
//! In: one line's bytes. Out: the record, or `None` for anything it does not take: a JSON
//! mistake, an unknown or repeated key, a missing key, a value of the wrong type, an escape
//! or a byte outside ASCII in a string, more than four melds or eight bonus entries. A line
//! it takes is ASCII throughout (everything outside its strings is JSON's own ASCII), so it
//! is valid UTF-8 without being checked. It reads the JSON that
//! `serde_json` reads into the corpus record's shape; what it refuses, the slow path reads
//! again, to accept it or to say what is wrong.
//!
//! Two readers, one record: a line whose keys come in the order `mjrules gen` writes them is
//! read by comparing each key with the text expected next (most corpora, and about a
//! twentieth of a classical variant's time saved); any other line by looking each key up.

use arrayvec::ArrayVec;

use crate::hand::MAX_MELDS;

/// One corpus line, its strings borrowed from the line.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct LineRecord<'a> {
    pub seat: &'a [u8],
    pub prevailing: &'a [u8],
    pub concealed: &'a [u8],
    pub melds: ArrayVec<&'a [u8], MAX_MELDS>,
    pub bonus: ArrayVec<&'a [u8], 8>,
    pub seen: &'a [u8],
    pub riichi: bool,
    pub double_riichi: bool,
    pub ippatsu: bool,
    pub dora: &'a [u8],
    pub ura_dora: &'a [u8],
    /// `original-call`, where it is given (a `false` given is not a `false` left out).
    pub original_call: Option<bool>,
    pub win: Option<WinLine<'a>>,
}

/// The `win` object of a [`LineRecord`].
#[derive(Debug, Default, PartialEq, Eq)]
pub struct WinLine<'a> {
    pub tile: &'a [u8],
    pub from: &'a [u8],
    pub discarder: Option<&'a [u8]>,
    pub last: bool,
    /// `original-call`, where it is given.
    pub original_call: Option<bool>,
    pub heavenly: bool,
    pub kong_on_kong: bool,
    pub late: bool,
    pub completes: Option<&'a [u8]>,
}

/// Reads a corpus line into `r`, which must be empty (see the module docs). The record is
/// filled in place: returned, it would be copied, and it is larger than most lines.
///
/// A line whose keys come in the order `mjrules gen` writes them (that of the record's
/// fields, `HandRecord`) is read by comparing each key's text with the one expected next;
/// any other line by looking each key up among all of them. The record is the same either
/// way.
pub fn scan<'a>(line: &'a [u8], r: &mut LineRecord<'a>) -> Option<()> {
    if in_order(line, r).is_some() {
        return Some(());
    }
    *r = LineRecord::default();
    any_order(line, r)
}

/// [`scan`] for a line whose keys come in the written order, without whitespace between
/// a key and the comma and quote that come before it; `None` for any other (`r` may then
/// be partly filled).
fn in_order<'a>(line: &'a [u8], r: &mut LineRecord<'a>) -> Option<()> {
    let mut s = Scanner { text: line, at: 0 };
    s.expect(b"{\"seat\":")?;
    r.seat = s.string_among(&WINDS)?;
    s.expect(b",\"prevailing\":")?;
    r.prevailing = s.string_among(&WINDS)?;
    s.expect(b",\"concealed\":")?;
    r.concealed = s.string()?;
    if s.literal(b",\"melds\":") {
        s.strings(&mut r.melds)?;
    }
    if s.literal(b",\"bonus\":") {
        s.strings(&mut r.bonus)?;
    }
    if s.literal(b",\"seen\":") {
        r.seen = s.string()?;
    }
    // The keys of a table with indicators (riichi's), looked for only where the next key
    // starts as one of them does: other lines pass with one test.
    if let Some(b'd' | b'r' | b'i' | b'u') = line.get(s.at + 2) {
        for (key, flag) in [
            (&b",\"double-riichi\":"[..], &mut r.double_riichi),
            (b",\"riichi\":", &mut r.riichi),
            (b",\"ippatsu\":", &mut r.ippatsu),
        ] {
            if s.literal(key) {
                *flag = s.bool()?;
            }
        }
        if s.literal(b",\"dora\":") {
            r.dora = s.string()?;
        }
        if s.literal(b",\"ura-dora\":") {
            r.ura_dora = s.string()?;
        }
    }
    if s.literal(b",\"original-call\":") {
        r.original_call = Some(s.bool()?);
    }
    if s.literal(b",\"win\":") {
        let mut w = WinLine::default();
        s.expect(b"{\"tile\":")?;
        w.tile = s.string()?;
        s.expect(b",\"from\":")?;
        w.from = s.string_among(&[b"wall\"", b"discard\"", b"loose\""])?;
        if s.literal(b",\"discarder\":") {
            // `mjrules gen` leaves out a discarder it has not: `null` is left to `any_order`.
            w.discarder = Some(s.string_among(&WINDS)?);
        }
        if s.literal(b",\"last\":") {
            w.last = s.bool()?;
        }
        if s.literal(b",\"original-call\":") {
            w.original_call = Some(s.bool()?);
        }
        for (key, flag) in [
            (&b",\"heavenly\":"[..], &mut w.heavenly),
            (b",\"kong-on-kong\":", &mut w.kong_on_kong),
            (b",\"late\":", &mut w.late),
        ] {
            if s.literal(key) {
                *flag = s.bool()?;
            }
        }
        if s.literal(b",\"completes\":") {
            w.completes = s.optional_string()?;
        }
        s.expect(b"}")?;
        r.win = Some(w);
    }
    s.expect(b"}")?;
    s.ws();
    (s.at == line.len()).then_some(())
}

/// The winds, each with its closing quote.
const WINDS: [&[u8]; 4] = [b"east\"", b"south\"", b"west\"", b"north\""];

/// [`scan`] for keys in any order. Seldom called (`mjrules gen` writes its keys in order),
/// so kept out of the way of [`in_order`].
#[cold]
#[inline(never)]
fn any_order<'a>(line: &'a [u8], r: &mut LineRecord<'a>) -> Option<()> {
    let mut s = Scanner { text: line, at: 0 };
    s.object(&LINE_KEYS, |s, key| {
        match key {
            SEAT => r.seat = s.string()?,
            PREVAILING => r.prevailing = s.string()?,
            CONCEALED => r.concealed = s.string()?,
            MELDS => s.strings(&mut r.melds)?,
            BONUS => s.strings(&mut r.bonus)?,
            SEEN => r.seen = s.string()?,
            ORIGINAL_CALL => r.original_call = Some(s.bool()?),
            RIICHI => r.riichi = s.bool()?,
            DOUBLE_RIICHI => r.double_riichi = s.bool()?,
            IPPATSU => r.ippatsu = s.bool()?,
            DORA => r.dora = s.string()?,
            URA_DORA => r.ura_dora = s.string()?,
            WIN => r.win = if s.null() { None } else { Some(s.win()?) },
            _ => return None,
        }
        Some(())
    })
    .filter(|seen| seen & (SEAT | PREVAILING | CONCEALED) == SEAT | PREVAILING | CONCEALED)?;
    s.ws();
    (s.at == line.len()).then_some(())
}

const SEAT: u32 = 1;
const PREVAILING: u32 = 2;
const CONCEALED: u32 = 4;
const MELDS: u32 = 8;
const BONUS: u32 = 16;
const SEEN: u32 = 32;
const ORIGINAL_CALL: u32 = 64;
const WIN: u32 = 128;
const RIICHI: u32 = 256;
const DOUBLE_RIICHI: u32 = 512;
const IPPATSU: u32 = 1024;
const DORA: u32 = 2048;
const URA_DORA: u32 = 4096;

/// The keys of a line, with their closing quotes, and their bits.
const LINE_KEYS: [(&[u8], u32); 13] = [
    (b"seat\"", SEAT),
    (b"prevailing\"", PREVAILING),
    (b"concealed\"", CONCEALED),
    (b"melds\"", MELDS),
    (b"bonus\"", BONUS),
    (b"seen\"", SEEN),
    (b"original-call\"", ORIGINAL_CALL),
    (b"win\"", WIN),
    (b"riichi\"", RIICHI),
    (b"double-riichi\"", DOUBLE_RIICHI),
    (b"ippatsu\"", IPPATSU),
    (b"dora\"", DORA),
    (b"ura-dora\"", URA_DORA),
];

const TILE: u32 = 1;
const FROM: u32 = 2;
const DISCARDER: u32 = 4;
const LAST: u32 = 8;
const WIN_ORIGINAL_CALL: u32 = 16;
const HEAVENLY: u32 = 32;
const KONG_ON_KONG: u32 = 64;
const LATE: u32 = 128;
const COMPLETES: u32 = 256;

/// The keys of the `win` object, with their closing quotes, and their bits.
const WIN_KEYS: [(&[u8], u32); 9] = [
    (b"tile\"", TILE),
    (b"from\"", FROM),
    (b"discarder\"", DISCARDER),
    (b"last\"", LAST),
    (b"original-call\"", WIN_ORIGINAL_CALL),
    (b"heavenly\"", HEAVENLY),
    (b"kong-on-kong\"", KONG_ON_KONG),
    (b"late\"", LATE),
    (b"completes\"", COMPLETES),
];

/// The bytes that end a string without escapes: the quote, a backslash (an escape, which
/// the slow path reads), the control characters (which JSON does not allow in strings)
/// and the bytes outside ASCII (which the slow path reads, once it has checked them).
static ENDS_PLAIN_STRING: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    b = 0x80;
    while b < 0x100 {
        table[b] = true;
        b += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

struct Scanner<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Scanner<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn ws(&mut self) {
        // JSON's whitespace is all below `!`: one comparison passes any other byte.
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek().filter(|&b| b <= b' ') {
            self.at += 1;
        }
    }

    /// Skips whitespace, then takes `byte` if it comes next.
    fn eat(&mut self, byte: u8) -> bool {
        // Canonical lines have no whitespace: look for the byte first.
        if self.peek() != Some(byte) {
            self.ws();
            if self.peek() != Some(byte) {
                return false;
            }
        }
        self.at += 1;
        true
    }

    /// Takes `text` if it comes next (no whitespace skipped).
    #[inline(always)]
    fn literal(&mut self, text: &[u8]) -> bool {
        let found = self.text[self.at..].starts_with(text);
        if found {
            self.at += text.len();
        }
        found
    }

    /// Takes `text`, which must come next.
    #[inline(always)]
    fn expect(&mut self, text: &[u8]) -> Option<()> {
        self.literal(text).then_some(())
    }

    fn word(&mut self, word: &str) -> bool {
        self.ws();
        let found = self.text[self.at..].starts_with(word.as_bytes());
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

    /// A string of ASCII without escapes or control characters.
    fn string(&mut self) -> Option<&'a [u8]> {
        if !self.eat(b'"') {
            return None;
        }
        let start = self.at;
        let rest = &self.text[start..];
        let len = rest
            .iter()
            .position(|&b| ENDS_PLAIN_STRING[usize::from(b)])?;
        if rest[len] != b'"' {
            return None;
        }
        self.at = start + len + 1;
        Some(&self.text[start..start + len])
    }

    /// A string, as [`Self::string`] reads it; those among `words` (each written with its
    /// closing quote, as `east"`) are found by comparing them whole, which is quicker.
    /// (The search is a plain loop, not `Iterator::find`, which the compiler may keep out
    /// of line: the words' lengths are then unknown and each comparison calls `memcmp`.)
    #[inline(always)]
    fn string_among(&mut self, words: &[&[u8]]) -> Option<&'a [u8]> {
        if let Some(rest) = self.text[self.at..].strip_prefix(b"\"") {
            for word in words {
                if rest.starts_with(word) {
                    self.at += 1 + word.len();
                    return Some(&rest[..word.len() - 1]);
                }
            }
        }
        self.string()
    }

    fn optional_string(&mut self) -> Option<Option<&'a [u8]>> {
        if self.null() {
            Some(None)
        } else {
            self.string().map(Some)
        }
    }

    /// An array of strings, into `out` (which it must fit).
    fn strings<const N: usize>(&mut self, out: &mut ArrayVec<&'a [u8], N>) -> Option<()> {
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

    /// An object whose keys are among `keys`: `pair` is called with each key's bit, to read
    /// its value. Gives the bits of the keys read; `None` on an unknown or repeated key.
    #[inline(always)]
    fn object(
        &mut self,
        keys: &[(&[u8], u32)],
        mut pair: impl FnMut(&mut Self, u32) -> Option<()>,
    ) -> Option<u32> {
        let mut seen = 0;
        if !self.eat(b'{') {
            return None;
        }
        if self.eat(b'}') {
            return Some(seen);
        }
        loop {
            let key = self.key(keys)?;
            if seen & key != 0 || !self.eat(b':') {
                return None;
            }
            seen |= key;
            pair(self, key)?;
            if self.eat(b'}') {
                return Some(seen);
            }
            if !self.eat(b',') {
                return None;
            }
        }
    }

    /// A key among `keys` (each written with its closing quote, as `seat"`), as the bit
    /// given with it. Each is compared whole, so that a key is found without scanning for
    /// its end (inlined, the comparisons are a few loads of constant length); an escape in
    /// a key is not read (the slow path reads it).
    #[inline(always)]
    fn key(&mut self, keys: &[(&[u8], u32)]) -> Option<u32> {
        if !self.eat(b'"') {
            return None;
        }
        let rest = &self.text[self.at..];
        let &first = rest.first()?;
        // A plain loop, as in `string_among`.
        for &(key, bit) in keys {
            if key[0] == first && rest.starts_with(key) {
                self.at += key.len();
                return Some(bit);
            }
        }
        None
    }

    fn win(&mut self) -> Option<WinLine<'a>> {
        let mut w = WinLine::default();
        self.object(&WIN_KEYS, |s, key| {
            match key {
                TILE => w.tile = s.string()?,
                FROM => w.from = s.string()?,
                DISCARDER => w.discarder = s.optional_string()?,
                LAST => w.last = s.bool()?,
                WIN_ORIGINAL_CALL => w.original_call = Some(s.bool()?),
                HEAVENLY => w.heavenly = s.bool()?,
                KONG_ON_KONG => w.kong_on_kong = s.bool()?,
                LATE => w.late = s.bool()?,
                COMPLETES => w.completes = s.optional_string()?,
                _ => return None,
            }
            Some(())
        })
        .filter(|seen| seen & (TILE | FROM) == TILE | FROM)?;
        Some(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::write_line;
    use crate::random::HandGenerator;

    /// The record `reader` reads from `line`.
    fn read<'a>(
        reader: fn(&'a [u8], &mut LineRecord<'a>) -> Option<()>,
        line: &'a str,
    ) -> Option<LineRecord<'a>> {
        let mut r = LineRecord::default();
        reader(line.as_bytes(), &mut r)?;
        Some(r)
    }

    #[test]
    fn lines_as_written_are_read_in_order_and_as_in_any_order() {
        // The first 20,000 hands of `mjrules gen --seed 7`: declared sets, bonus tiles,
        // discarders and the rarer flags of a win turn up.
        let mut hands = HandGenerator::new(7);
        for _ in 0..20_000 {
            let line = write_line(&hands.corpus_hand(false));
            let in_order = read(in_order, &line);
            assert!(in_order.is_some(), "{line}");
            assert_eq!(in_order, read(any_order, &line), "{line}");
        }
    }

    #[test]
    fn other_orders_and_spacing_are_read_as_in_any_order() {
        // Every key, in the written order.
        let written = r#"{"seat":"south","prevailing":"east","concealed":"123m","melds":["555z"],"bonus":["1f"],"seen":"5p","original-call":true,"win":{"tile":"1m","from":"discard","discarder":"west","last":true,"original-call":true,"heavenly":true,"kong-on-kong":true,"late":true,"completes":"123m"}}"#;
        let whole = read(in_order, written);
        assert!(whole.is_some());
        assert_eq!(whole, read(any_order, written));
        for line in [
            r#"{"prevailing":"east","seat":"south","concealed":"123m","melds":["555z"],"bonus":["1f"],"seen":"5p","original-call":true,"win":{"tile":"1m","from":"discard","discarder":"west","last":true,"original-call":true,"heavenly":true,"kong-on-kong":true,"late":true,"completes":"123m"}}"#,
            r#"{"seat":"south", "prevailing":"east","concealed":"123m","melds":["555z"],"bonus":["1f"],"seen":"5p","original-call":true,"win":{"tile":"1m","from":"discard","discarder":"west","last":true,"original-call":true,"heavenly":true,"kong-on-kong":true,"late":true,"completes":"123m"}}"#,
            r#"{"seat":"south","prevailing":"east","concealed":"123m","melds":["555z"],"bonus":["1f"],"seen":"5p","original-call":true,"win":{"tile":"1m","from":"discard","discarder":"west","last":true,"original-call":true,"heavenly":true,"late":true,"kong-on-kong":true,"completes":"123m"}}"#,
            r#"{"seat":"south","prevailing":"east","concealed":"123m","melds":["555z"],"bonus":["1f"],"seen":"5p","original-call":true,"win":{"tile":"1m","from":"discard","discarder":"west","last":true,"original-call":true,"heavenly":true,"kong-on-kong":true,"late":true,"completes":"123m"} }"#,
        ] {
            assert_eq!(read(in_order, line), None, "{line}");
            assert_eq!(read(scan, line), whole, "{line}");
        }
        // A key twice is refused by both readers (the slow path then says why).
        let twice =
            r#"{"seat":"south","prevailing":"east","concealed":"123m","seen":"1m","seen":"2m"}"#;
        assert_eq!(read(scan, twice), None);
    }
}
