//! Gate tables: many gates tested at once.
//!
//! In: the gates of a list of conditions (a player's items, in scoring order). Out: a
//! [`GateTable`], which gives the positions of the gates open on some [`Words`] in a few
//! table lookups, instead of one test of the words each gate looks at.
//!
//! The gates are transposed. For each group of 64 gates, and each four bits (a nibble) of
//! a word that some gate of the group looks at, the table keeps, for each of the nibble's
//! 16 values, the gates that value shuts. The gates open on some words are those that no
//! looked-at nibble shuts: one lookup and one mask per nibble, and a variant's gates look
//! at a few dozen nibbles where a gate-by-gate test reads one to three words per gate.

use super::{Gate, Words};

/// The gates of a list of conditions, transposed (see the module docs).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GateTable {
    groups: Vec<Group>,
}

/// How many words there are (the word of a nibble is taken modulo this, so that reading it
/// needs no bounds check).
const WORDS: usize = size_of::<Words>() / size_of::<u64>();

/// Up to 64 gates: bit i stands for gate `64 × group + i`.
#[derive(Clone, Debug, PartialEq)]
struct Group {
    /// A bit for each gate of the group.
    all: u64,
    nibbles: Vec<Nibble>,
}

/// One looked-at nibble of a word, and the gates each of its values shuts.
#[derive(Clone, Debug, PartialEq)]
struct Nibble {
    word: usize,
    shift: u32,
    shuts: [u64; 16],
}

impl GateTable {
    /// The table of these gates, in order.
    pub fn new(gates: &[Gate]) -> GateTable {
        GateTable {
            groups: gates.chunks(64).map(Group::new).collect(),
        }
    }

    /// The positions of the gates open on `words`, in order.
    pub fn open<'t>(&'t self, words: &'t Words) -> Open<'t> {
        Open {
            groups: &self.groups,
            words,
            next_group: 0,
            bits: 0,
        }
    }
}

/// The positions of the gates open on some words, group by group.
pub struct Open<'t> {
    groups: &'t [Group],
    words: &'t Words,
    /// The group whose gates come after those of `bits`.
    next_group: usize,
    /// The open gates of the group before `next_group` not given yet.
    bits: u64,
}

impl Iterator for Open<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            let group = self.groups.get(self.next_group)?;
            self.bits = group.open(self.words);
            self.next_group += 1;
        }
        let i = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(64 * (self.next_group - 1) + i)
    }
}

impl Group {
    fn new(gates: &[Gate]) -> Group {
        let mut nibbles = Vec::new();
        for word in 0..Words::default().len() {
            let looked_at = gates.iter().fold(0, |m, g| m | g.mask[word]);
            for shift in (0..64).step_by(4) {
                if looked_at >> shift & 0xf == 0 {
                    continue;
                }
                let mut shuts = [0u64; 16];
                for (value, shut) in (0u64..).zip(&mut shuts) {
                    for (i, g) in gates.iter().enumerate() {
                        let mask = g.mask[word] >> shift & 0xf;
                        let want = g.want[word] >> shift & 0xf;
                        if (value ^ want) & mask != 0 {
                            *shut |= 1 << i;
                        }
                    }
                }
                nibbles.push(Nibble { word, shift, shuts });
            }
        }
        Group {
            all: u64::MAX >> (64 - gates.len()),
            nibbles,
        }
    }

    #[inline]
    fn open(&self, words: &Words) -> u64 {
        self.nibbles.iter().fold(self.all, |open, n| {
            open & !n.shuts[(words[n.word % WORDS] >> n.shift & 0xf) as usize]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::test_condition;
    use crate::predicate::Scope;
    use crate::predicate::facts::{elem, hand};

    fn gate(text: &str) -> Gate {
        Gate::of(&test_condition(text, Scope::Hand), None)
    }

    /// Words of a hand with these flags, sets of these flags and no tiles or bonus.
    fn words(flags: u64, sets: &[u64]) -> Words {
        super::super::test_words(flags, sets, &[], &[])
    }

    #[test]
    fn the_open_gates_are_those_each_gate_opens() {
        let texts = [
            "complete",
            "not complete",
            "complete and concealed_hand",
            "any(sets, pung and dragon)",
            "all(sets, pung)",
            "not any(sets, chow)",
            "self_drawn or complete",
            "count(sets, pung and dragon) == 2",
        ];
        let table = GateTable::new(&texts.map(gate));
        let pung = elem::PUNG | elem::DRAGON;
        let chow = elem::CHOW;
        let cases = [
            (hand::COMPLETE, vec![pung, pung]),
            (hand::COMPLETE | hand::CONCEALED_HAND, vec![pung, chow]),
            (0, vec![chow]),
            (0, vec![]),
        ];
        for (flags, sets) in cases {
            let w = words(flags, &sets);
            let open: Vec<usize> = table.open(&w).collect();
            let expected: Vec<usize> = (0..texts.len())
                .filter(|&i| gate(texts[i]).open(&w))
                .collect();
            assert_eq!(open, expected, "flags {flags:#x}, sets {sets:x?}");
        }
        // Worked by hand for the first case: complete, two dragon pungs, no chow.
        let w = words(hand::COMPLETE, &[pung, pung]);
        assert_eq!(table.open(&w).collect::<Vec<_>>(), [0, 3, 4, 5, 6, 7]);
        // One dragon pung is not two.
        let w = words(hand::COMPLETE, &[pung, chow]);
        assert_eq!(table.open(&w).collect::<Vec<_>>(), [0, 3, 6]);
    }

    #[test]
    fn more_than_64_gates_keep_their_positions() {
        // 130 gates alternating "complete" and "not complete": the complete hand opens the
        // even positions, across three groups.
        let gates: Vec<Gate> = (0..130)
            .map(|i| {
                gate(if i % 2 == 0 {
                    "complete"
                } else {
                    "not complete"
                })
            })
            .collect();
        let table = GateTable::new(&gates);
        let open: Vec<usize> = table.open(&words(hand::COMPLETE, &[])).collect();
        assert_eq!(open, (0..130).step_by(2).collect::<Vec<_>>());
    }
}
