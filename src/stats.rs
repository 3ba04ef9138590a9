//! Statistics over a corpus, in bounded memory: totals are counted per distinct value, so
//! the memory grows with the number of distinct totals, not with the number of hands.
//!
//! In: one total per hand (or a pair of totals, one per variant). Out: count, mean, median,
//! 90th percentile, maximum, histograms, and Spearman's rank correlation of the pairs.

use std::collections::BTreeMap;

/// `n` hands, in words: `1 hand`, `2 hands`.
pub fn hands(n: u64) -> String {
    if n == 1 {
        "1 hand".to_string()
    } else {
        format!("{n} hands")
    }
}

/// The distribution of one variant's totals.
#[derive(Clone, Debug, Default)]
pub struct Distribution {
    /// The counts of the totals from 0 to `DENSE - 1`, by total (empty until one is
    /// counted): most totals, counted without a search.
    dense: Vec<u64>,
    /// The counts of the other totals.
    sparse: BTreeMap<i64, u64>,
    n: u64,
    sum: i128,
}

/// The totals below this (and not below 0) are counted in [`Distribution::dense`]: every
/// total of most variants, and riichi's up to its yakuman (4,096 left a third of riichi's
/// hands to the map, about 1 % of its time). The array is half a megabyte of memory, but
/// only the places of the totals met are read or written.
const DENSE: usize = 1 << 16;

impl Distribution {
    /// Counts one total.
    pub fn add(&mut self, total: i64) {
        self.add_count(total, 1);
        self.sum += i128::from(total);
    }

    fn add_count(&mut self, total: i64, count: u64) {
        match usize::try_from(total) {
            Ok(i) if i < DENSE => {
                if self.dense.is_empty() {
                    self.dense = vec![0; DENSE];
                }
                self.dense[i] += count;
            }
            _ => *self.sparse.entry(total).or_default() += count,
        }
        self.n += count;
    }

    /// Adds another distribution's counts.
    pub fn merge(&mut self, other: &Distribution) {
        for (v, c) in other.counts() {
            self.add_count(v, c);
        }
        self.sum += other.sum;
    }

    /// How many totals.
    pub fn len(&self) -> u64 {
        self.n
    }

    /// True when no total was counted.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The mean (none when empty).
    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum as f64 / self.n as f64)
    }

    /// The smallest total at or above the fraction `q` of the totals (nearest rank); none
    /// when empty.
    pub fn quantile(&self, q: f64) -> Option<i64> {
        let rank = ((q * self.n as f64).ceil() as u64).clamp(1, self.n.max(1));
        let mut seen = 0;
        self.counts().find_map(|(v, c)| {
            seen += c;
            (seen >= rank).then_some(v)
        })
    }

    /// The largest total (none when empty).
    pub fn max(&self) -> Option<i64> {
        self.counts().last().map(|(v, _)| v)
    }

    /// The counts per distinct total, ascending.
    pub fn counts(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        let pair = |(&v, &c): (&i64, &u64)| (v, c);
        let dense = (0..)
            .zip(&self.dense)
            .filter(|&(_, &c)| c > 0)
            .map(|(v, &c)| (v, c));
        let below = self.sparse.range(..0).map(pair);
        let above = self.sparse.range(DENSE as i64..).map(pair);
        below.chain(dense).chain(above)
    }
}

impl PartialEq for Distribution {
    fn eq(&self, other: &Distribution) -> bool {
        self.n == other.n && self.sum == other.sum && self.counts().eq(other.counts())
    }
}

/// Pairs of totals (one per variant), counted per distinct pair, for the rank correlation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pairs {
    counts: BTreeMap<(i64, i64), u64>,
}

impl Pairs {
    /// Counts one pair.
    pub fn add(&mut self, a: i64, b: i64) {
        *self.counts.entry((a, b)).or_default() += 1;
    }

    /// Adds another set of pairs.
    pub fn merge(&mut self, other: &Pairs) {
        for (&k, &c) in &other.counts {
            *self.counts.entry(k).or_default() += c;
        }
    }

    /// Spearman's rank correlation, ties taking their average rank; `None` when either side
    /// has a single value (no ranking to correlate).
    pub fn spearman(&self) -> Option<f64> {
        let n: u64 = self.counts.values().sum();
        let ranks = |side: &dyn Fn(&(i64, i64)) -> i64| {
            let mut per: BTreeMap<i64, u64> = BTreeMap::new();
            for (k, &c) in &self.counts {
                *per.entry(side(k)).or_default() += c;
            }
            let mut below = 0u64;
            let mut out = BTreeMap::new();
            for (v, c) in per {
                // Ranks below+1 ..= below+c, averaged.
                out.insert(v, below as f64 + (c as f64 + 1.0) / 2.0);
                below += c;
            }
            out
        };
        let ra = ranks(&|k| k.0);
        let rb = ranks(&|k| k.1);
        if ra.len() < 2 || rb.len() < 2 || n < 2 {
            return None;
        }
        let mean = (n as f64 + 1.0) / 2.0;
        let (mut cov, mut va, mut vb) = (0.0, 0.0, 0.0);
        for ((a, b), &c) in &self.counts {
            let (x, y) = (ra[a] - mean, rb[b] - mean);
            cov += c as f64 * x * y;
            va += c as f64 * x * x;
            vb += c as f64 * y * y;
        }
        Some(cov / (va * vb).sqrt())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_by_nearest_rank() {
        let mut d = Distribution::default();
        for v in [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] {
            d.add(v);
        }
        assert_eq!(d.quantile(0.5), Some(50));
        assert_eq!(d.quantile(0.9), Some(90));
        assert_eq!(d.max(), Some(100));
        assert!((d.mean().unwrap() - 55.0).abs() < 1e-9);
    }

    #[test]
    fn totals_of_any_size_are_counted_in_order() {
        // Negative totals, totals counted in the array and totals beyond it, in any order.
        let (last, beyond) = (DENSE as i64 - 1, DENSE as i64);
        let totals = [5000, -3, 7, last, beyond, 7, -3, 0, 100_000];
        let mut d = Distribution::default();
        for v in totals {
            d.add(v);
        }
        let counts: Vec<(i64, u64)> = d.counts().collect();
        let expected = [
            (-3, 2),
            (0, 1),
            (7, 2),
            (5000, 1),
            (last, 1),
            (beyond, 1),
            (100_000, 1),
        ];
        assert_eq!(counts, expected);
        assert_eq!(
            (d.len(), d.max(), d.quantile(0.5)),
            (9, Some(100_000), Some(7))
        );
        // Merged in two halves, the same distribution.
        let (mut a, mut b) = (Distribution::default(), Distribution::default());
        for (i, v) in totals.into_iter().enumerate() {
            if i % 2 == 0 { a.add(v) } else { b.add(v) }
        }
        a.merge(&b);
        assert_eq!(a, d);
    }

    #[test]
    fn an_empty_distribution_has_no_figures() {
        let d = Distribution::default();
        assert_eq!((d.mean(), d.quantile(0.5), d.max()), (None, None, None));
    }

    #[test]
    fn spearman_of_perfect_and_reversed_orders() {
        let mut same = Pairs::default();
        let mut reversed = Pairs::default();
        for i in 0..10 {
            same.add(i, i * 3);
            reversed.add(i, -i);
        }
        assert!((same.spearman().unwrap() - 1.0).abs() < 1e-9);
        assert!((reversed.spearman().unwrap() + 1.0).abs() < 1e-9);
        // With ties: (1,1) (2,1) (3,2): ranks a 1 2 3, b 1.5 1.5 3 → rho = 0.866…
        let mut ties = Pairs::default();
        ties.add(1, 1);
        ties.add(2, 1);
        ties.add(3, 2);
        assert!((ties.spearman().unwrap() - 0.866_025).abs() < 1e-5);
    }
}
