//! Parsing a predicate with the pest grammar in `grammar/predicate.pest` and a Pratt parser
//! for operator precedence.

use std::ops::Range;
use std::sync::LazyLock;

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};

use super::ast::{BinOp, Binding, Expr, ExprKind, Named};
use crate::diagnostic::Diagnostic;
use crate::tiles::{AnyTile, parse_tiles};

mod grammar {
    #![allow(missing_docs)]
    //! The parser generated from `grammar/predicate.pest`.

    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/predicate.pest"]
    pub struct PredicateParser;
}

use grammar::{PredicateParser, Rule};

static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::or, Assoc::Left))
        .op(Op::infix(Rule::and, Assoc::Left))
        .op(Op::prefix(Rule::not))
        .op(Op::infix(Rule::eq, Assoc::Left)
            | Op::infix(Rule::ne, Assoc::Left)
            | Op::infix(Rule::lt, Assoc::Left)
            | Op::infix(Rule::le, Assoc::Left)
            | Op::infix(Rule::gt, Assoc::Left)
            | Op::infix(Rule::ge, Assoc::Left))
        .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
        .op(Op::infix(Rule::mul, Assoc::Left) | Op::infix(Rule::div, Assoc::Left))
        .op(Op::prefix(Rule::neg))
});

/// The longest expression text accepted; longer texts are refused before parsing, so that a
/// hostile rule file cannot make the parser recurse without bound.
pub const MAX_LENGTH: usize = 4096;

/// The deepest nesting of parentheses and calls accepted.
pub const MAX_DEPTH: usize = 64;

/// Parses one expression; a syntax error is given with its span in `text`.
pub fn parse(text: &str) -> Result<Expr, Diagnostic> {
    if text.len() > MAX_LENGTH {
        return Err(syntax_error(
            0..text.len(),
            format!("an expression may be at most {MAX_LENGTH} bytes long"),
        ));
    }
    if let Some(at) = too_deep(text) {
        return Err(syntax_error(
            at..at + 1,
            format!("an expression may nest at most {MAX_DEPTH} parentheses deep"),
        ));
    }
    let mut pairs = PredicateParser::parse(Rule::predicate, text).map_err(pest_error)?;
    let predicate = pairs.next().expect("the grammar yields a predicate");
    let expr = predicate
        .into_inner()
        .next()
        .expect("a predicate holds an expression");
    if levels(expr.clone()) > MAX_LEVELS {
        return Err(syntax_error(
            0..text.len(),
            format!(
                "an expression may be at most {MAX_LEVELS} levels deep (each parenthesis, \
                 call, `not`, unary `-` and operator of a chain is a level)"
            ),
        ));
    }
    // `flatten` walks the pairs without recursion.
    if let Some(int) = (expr.clone().into_inner().flatten())
        .find(|p| p.as_rule() == Rule::int && p.as_str().parse::<i64>().is_err())
    {
        let span = int.as_span().start()..int.as_span().end();
        return Err(syntax_error(
            span,
            format!("a number may be at most {}", i64::MAX),
        ));
    }
    Ok(build(expr.into_inner()))
}

/// The deepest tree an expression may make. Building it, checking it and evaluating it walk
/// the tree recursively, so its depth is bounded, not only its parentheses.
pub const MAX_LEVELS: usize = 200;

/// How deep the tree built from `expr` is at most: its deepest operand with that operand's
/// prefix operators, and one level for each operator of the chain (built left-deep).
/// Recursion here follows parentheses and calls only, which [`too_deep`] has bounded.
fn levels(expr: Pair<'_, Rule>) -> usize {
    let (mut deepest, mut prefixes, mut operators) = (0, 0, 0);
    for pair in expr.into_inner() {
        match pair.as_rule() {
            Rule::not | Rule::neg => prefixes += 1,
            Rule::expr => {
                deepest = deepest.max(prefixes + 1 + levels(pair));
                prefixes = 0;
            }
            Rule::call => {
                let args = pair.into_inner().skip(1).map(levels).max().unwrap_or(0);
                deepest = deepest.max(prefixes + 1 + args);
                prefixes = 0;
            }
            Rule::or
            | Rule::and
            | Rule::eq
            | Rule::ne
            | Rule::lt
            | Rule::le
            | Rule::gt
            | Rule::ge
            | Rule::add
            | Rule::sub
            | Rule::mul
            | Rule::div => operators += 1,
            _ => {
                deepest = deepest.max(prefixes + 1);
                prefixes = 0;
            }
        }
    }
    deepest + operators
}

/// The offset of the first parenthesis that nests too deep, if any.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (at, c) in text.char_indices() {
        match c {
            '(' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(at);
                }
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

fn build(pairs: Pairs<'_, Rule>) -> Expr {
    PRATT
        .map_primary(primary)
        .map_prefix(|op, rhs| {
            let span = op.as_span().start()..rhs.span.end;
            let kind = match op.as_rule() {
                Rule::not => ExprKind::Not(Box::new(rhs)),
                _ => ExprKind::Neg(Box::new(rhs)),
            };
            Expr { kind, span }
        })
        .map_infix(|lhs, op, rhs| {
            let op = match op.as_rule() {
                Rule::or => BinOp::Or,
                Rule::and => BinOp::And,
                Rule::eq => BinOp::Eq,
                Rule::ne => BinOp::Ne,
                Rule::lt => BinOp::Lt,
                Rule::le => BinOp::Le,
                Rule::gt => BinOp::Gt,
                Rule::ge => BinOp::Ge,
                Rule::add => BinOp::Add,
                Rule::sub => BinOp::Sub,
                Rule::mul => BinOp::Mul,
                _ => BinOp::Div,
            };
            let span = lhs.span.start..rhs.span.end;
            Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
            }
        })
        .parse(pairs)
}

fn primary(pair: Pair<'_, Rule>) -> Expr {
    let span = pair.as_span().start()..pair.as_span().end();
    let text = pair.as_str();
    let kind = match pair.as_rule() {
        Rule::expr => return build(pair.into_inner()),
        // A number beyond i64 was refused by `parse`.
        Rule::int => ExprKind::Int(text.parse().unwrap_or(i64::MAX)),
        Rule::boolean => ExprKind::Bool(text == "true"),
        Rule::tile => match parse_tiles(text)
            .ok()
            .and_then(|t| t.first().filter(|p| !p.red).map(|p| p.tile))
        {
            Some(AnyTile::Playing(t)) => ExprKind::Tile(t),
            // `8z`, and a red five `0m` (a five to every rule): not a tile. Keep it as a
            // name so the checker reports it.
            _ => ExprKind::Name(text.to_string()),
        },
        Rule::param => ExprKind::Param(text[1..].to_string()),
        Rule::string => ExprKind::Str(text[1..text.len() - 1].to_string()),
        Rule::name => ExprKind::Name(text.to_string()),
        Rule::field => {
            let mut inner = pair.into_inner().map(named);
            let element = inner.next().expect("a field starts with its element");
            let fact = inner.next().expect("a field ends with its fact");
            ExprKind::Field(element, fact)
        }
        Rule::call => {
            let mut inner = pair.into_inner().peekable();
            let ident = inner.next().expect("a call starts with its name");
            let name_span = ident.as_span().start()..ident.as_span().end();
            let binding = inner.next_if(|p| p.as_rule() == Rule::binding).map(binding);
            let args = inner.map(|arg| build(arg.into_inner())).collect();
            ExprKind::Call(ident.as_str().to_string(), name_span, binding, args)
        }
        rule => unreachable!("the grammar gives no primary {rule:?}"),
    };
    Expr { kind, span }
}

/// Names for elements of a collection, `a, b in sets`.
fn binding(pair: Pair<'_, Rule>) -> Binding {
    let mut names: Vec<Named> = (pair.into_inner())
        .filter(|p| p.as_rule() == Rule::ident)
        .map(named)
        .collect();
    let collection = names.pop().expect("a binding ends with its collection");
    Binding { names, collection }
}

/// Parses the elements an item looks at together (`for-each = "a, b in sets"`): names for
/// elements of a collection; a syntax error is given with its span in `text`.
pub fn parse_group(text: &str) -> Result<Binding, Diagnostic> {
    if text.len() > MAX_LENGTH {
        return Err(syntax_error(
            0..text.len(),
            format!("an expression may be at most {MAX_LENGTH} bytes long"),
        ));
    }
    let mut pairs = PredicateParser::parse(Rule::group, text).map_err(|e| {
        let mut problem = pest_error(e);
        problem.message = "this `for-each` does not parse".into();
        problem.help = Some(
            "name the elements looked at together and their collection: `a, b in sets`".into(),
        );
        problem
    })?;
    let group = pairs.next().expect("the grammar yields a group");
    let binding_pair = group.into_inner().next().expect("a group holds a binding");
    Ok(binding(binding_pair))
}

/// An identifier with its span.
fn named(pair: Pair<'_, Rule>) -> Named {
    Named {
        name: pair.as_str().to_string(),
        span: pair.as_span().start()..pair.as_span().end(),
    }
}

/// A syntax error at `span`: what is wrong is the label.
fn syntax_error(span: Range<usize>, what: String) -> Diagnostic {
    Diagnostic::new(span, "this condition does not parse", what)
        .with_help("the predicate language is described in docs/rule-language.md")
}

/// Turns a pest error into a message a rule author can act on.
fn pest_error(error: pest::error::Error<Rule>) -> Diagnostic {
    let span = match error.location {
        InputLocation::Pos(p) => p..p,
        InputLocation::Span((a, b)) => a..b,
    };
    let message = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut expected: Vec<&str> = positives.iter().filter_map(|r| describe(*r)).collect();
            expected.sort();
            expected.dedup();
            if expected.is_empty() {
                "unexpected text".to_string()
            } else {
                format!("expected {}", one_of(&expected))
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    syntax_error(span, message)
}

fn one_of(items: &[&str]) -> String {
    match items {
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
        [] => String::new(),
    }
}

fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "the end of the expression",
        Rule::expr | Rule::primary => "an expression",
        Rule::or | Rule::and => "`and` or `or`",
        Rule::eq | Rule::ne | Rule::lt | Rule::le | Rule::gt | Rule::ge => "a comparison",
        Rule::add | Rule::sub | Rule::mul | Rule::div => "an operator",
        Rule::not | Rule::neg => "an expression",
        Rule::call => "a function call",
        Rule::tile => "a tile",
        Rule::int => "a number",
        Rule::boolean => "`true` or `false`",
        Rule::param | Rule::param_name => "a parameter such as `$limit`",
        Rule::string | Rule::string_inner => "a quoted name",
        Rule::name | Rule::ident => "a name",
        Rule::binding => "names of elements: `a, b in sets`",
        Rule::field => "a name",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree as a compact string with explicit parentheses.
    fn show(e: &Expr) -> String {
        match &e.kind {
            ExprKind::Int(n) => n.to_string(),
            ExprKind::Bool(b) => b.to_string(),
            ExprKind::Tile(t) => t.to_string(),
            ExprKind::Str(s) => format!("'{s}'"),
            ExprKind::Name(n) => n.clone(),
            ExprKind::Param(p) => format!("${p}"),
            ExprKind::Not(x) => format!("(not {})", show(x)),
            ExprKind::Neg(x) => format!("(-{})", show(x)),
            ExprKind::Binary(op, a, b) => format!("({} {} {})", show(a), op.symbol(), show(b)),
            ExprKind::Field(e, f) => format!("{}.{}", e.name, f.name),
            ExprKind::Call(f, _, binding, args) => {
                let mut all: Vec<String> = binding
                    .iter()
                    .map(|b| {
                        let names: Vec<&str> = b.names.iter().map(|n| n.name.as_str()).collect();
                        format!("{} in {}", names.join(", "), b.collection.name)
                    })
                    .collect();
                all.extend(args.iter().map(show));
                format!("{f}({})", all.join(", "))
            }
        }
    }

    #[test]
    fn precedence() {
        let cases = [
            ("a or b and c", "(a or (b and c))"),
            ("not a and b", "((not a) and b)"),
            ("not a == 1", "(not (a == 1))"),
            ("1 + 2 * 3 - 4", "((1 + (2 * 3)) - 4)"),
            ("-2 * 3", "((-2) * 3)"),
            ("(a or b) and c", "((a or b) and c)"),
            (
                "count(sets, pung and dragon) >= 2",
                "(count(sets, (pung and dragon)) >= 2)",
            ),
            ("$limit / 2", "($limit / 2)"),
            ("winning_tile == 1p", "(winning_tile == 1p)"),
            ("shape('thirteen-orphans')", "shape('thirteen-orphans')"),
            ("order and android", "(order and android)"),
            (
                "count(a, b in sets, a.tile == b.tile and pung)",
                "count(a, b in sets, ((a.tile == b.tile) and pung))",
            ),
            (
                "any(i in indicators, i.tile == tile)",
                "any(i in indicators, (i.tile == tile))",
            ),
            ("count(sets, income)", "count(sets, income)"),
            ("if(a.x > 1, 2, 3)", "if((a.x > 1), 2, 3)"),
        ];
        for (text, expected) in cases {
            let expr = parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(show(&expr), expected, "{text}");
        }
    }

    #[test]
    fn spans_cover_their_text() {
        let text = "pung and  count(sets, dragon) == 3";
        let expr = parse(text).unwrap();
        let ExprKind::Binary(_, lhs, rhs) = &expr.kind else {
            panic!()
        };
        assert_eq!(&text[lhs.span.clone()], "pung");
        assert_eq!(&text[rhs.span.clone()], "count(sets, dragon) == 3");
    }

    #[test]
    fn errors_say_what_was_expected() {
        let e = parse("pung and").unwrap_err();
        assert_eq!(e.span, 8..8);
        assert!(e.label.starts_with("expected"), "{}", e.label);
        let e = parse("pung pung").unwrap_err();
        assert_eq!(e.span, 5..5);
        assert!(parse(&"(".repeat(100)).is_err());
        assert!(parse(&"x".repeat(MAX_LENGTH + 1)).is_err());
    }

    #[test]
    fn every_level_of_nesting_counts() {
        // Within the length and parenthesis limits, but deeper than the tree may be.
        for text in [
            format!("{}1", "-".repeat(1000)),
            format!("{}true", "not ".repeat(500)),
            format!("1{}", " + 1".repeat(500)),
        ] {
            let e = parse(&text).unwrap_err();
            assert!(e.label.contains("levels deep"), "{}", e.label);
        }
        // Near the limit is accepted.
        assert!(parse(&format!("{}1", "-".repeat(MAX_LEVELS - 1))).is_ok());
        assert!(parse(&format!("1{}", " + 1".repeat(MAX_LEVELS - 1))).is_ok());
    }
}
