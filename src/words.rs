//! Words of the file formats, spelt once: a table of (word, meaning) beside each type whose
//! values are written as words (`Wind::WORDS`, `WinSource::WORDS`, `Exposure::WORDS`), and
//! the three ways to use one.
//!
//! In: a word as written (`"south"`, `"robbed-kong"`, `"claimed"`) and its table. Out: what it
//! names, the word of a value, or every word of the table for a "did you mean". Every reader
//! (hand files, corpus lines, deal files, variant files' examples, the command line) and
//! every writer reads the same table, so no word is spelt twice.

/// Words and what each names.
pub type Words<T, const N: usize> = [(&'static str, T); N];

/// What `word` names in `table`.
#[inline]
pub fn read<T: Copy, const N: usize>(table: &Words<T, N>, word: impl AsRef<[u8]>) -> Option<T> {
    let word = word.as_ref();
    table
        .iter()
        .find(|(w, _)| w.as_bytes() == word)
        .map(|&(_, t)| t)
}

/// The word of `thing` in `table`.
pub fn write<T: Copy + PartialEq, const N: usize>(table: &Words<T, N>, thing: T) -> &'static str {
    table
        .iter()
        .find(|(_, t)| *t == thing)
        .map(|&(w, _)| w)
        .expect("every value of a table's type has its word")
}

/// The words of `table`, in order.
pub fn all<T, const N: usize>(table: &Words<T, N>) -> [&'static str; N] {
    std::array::from_fn(|i| table[i].0)
}
