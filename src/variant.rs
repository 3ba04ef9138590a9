//! A variant ready to score with: its checked rules, and the plan that scores them fast.
//!
//! In: a built-in id, the path of a variant file, or a file's text (with `--param` style
//! overrides). Out: a [`Variant`], or every problem of every file read
//! ([`LoadError`]). Scoring with it gives the same cards as the reference scorer
//! ([`crate::score::reference`]), sooner.

use crate::hand::Hand;
use crate::plan::{Plan, Scorer, Tricks};
use crate::rules::{Definition, LoadError, Refusal, Rules, load};
use crate::score::ScoreCard;

/// A variant ready to score with.
#[derive(Clone, Debug)]
pub struct Variant {
    rules: Rules,
    plan: Plan,
}

impl Variant {
    /// Loads the variant named by `spec` (a built-in id, or the path of a variant file, which
    /// may extend others), with parameters overridden by `overrides` (name and value, as on
    /// the command line: `("limit", "500")`).
    pub fn load(spec: &str, overrides: &[(String, String)]) -> Result<Variant, LoadError> {
        load::load(spec, overrides).map(Variant::new)
    }

    /// Loads the variant another file names (a game's `variant`): a built-in id, or the path
    /// of a variant file from `folder` (the naming file's), else from the working directory.
    /// A path that is not a regular file holding a variant is refused, showing nothing of
    /// what it holds.
    pub fn load_named(spec: &str, folder: &std::path::Path) -> Result<Variant, LoadError> {
        load::load_named(spec, folder).map(Variant::new)
    }

    /// Loads a variant from the text of a variant file called `name` (which may extend a
    /// built-in variant, or a file relative to the working directory).
    pub fn from_text(name: &str, text: &str) -> Result<Variant, LoadError> {
        load::load_text(name, text).map(Variant::new)
    }

    /// The variant of checked `rules`, scored with every shortcut.
    pub fn new(rules: Rules) -> Variant {
        Variant::with_tricks(rules, Tricks::ALL)
    }

    /// The variant of checked `rules`, scored with the shortcuts `tricks` only (to see what
    /// each saves; none changes a score).
    pub fn with_tricks(rules: Rules, tricks: Tricks) -> Variant {
        let plan = Plan::new(&rules, tricks);
        Variant { rules, plan }
    }

    /// Its id.
    pub fn id(&self) -> &str {
        self.rules.id()
    }

    /// Its checked rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The variant as written (after `extends`).
    pub fn definition(&self) -> &Definition {
        &self.rules.definition
    }

    /// How it is scored fast.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// A scorer, which keeps its buffers from one hand to the next.
    pub fn scorer(&self) -> Scorer<'_> {
        Scorer::new(&self.rules, &self.plan)
    }

    /// The first of its refusals that `hand` meets: such a hand is no hand of this variant.
    pub fn refusal(&self, hand: &Hand) -> Option<&Refusal> {
        let refused = self.score(hand).totals.refused?;
        self.rules.definition.refusals.get(usize::from(refused))
    }

    /// Scores one hand.
    pub fn score(&self, hand: &Hand) -> ScoreCard<'_> {
        self.scorer().score(hand)
    }
}
