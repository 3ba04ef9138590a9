//! Any text given as a predicate parses or fails with a span inside it; what parses is
//! checked in every scope and type, where a variant's items, requirements, shapes, refusals
//! and payments are checked (each knowing the reading, the shapes, the items' results and
//! the score's values or not), every problem with a span inside the text; and what checks
//! is evaluated on a hand, without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mjrules::predicate::check::{Env, ParamValue, compile};
use mjrules::predicate::{Scope, Type, parse};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let params = [
        ("limit".to_string(), ParamValue::Int(1000)),
        ("cap".to_string(), ParamValue::None),
    ];
    let shapes = ["seven-pairs".to_string()];
    let blocks = ["knitted".to_string()];
    let items = ["pung-dragon".to_string(), "riichi".to_string()];
    let tags = ["han".to_string(), "dragon".to_string()];
    let units = ["han".to_string()];
    let values = ["fu".to_string(), "points".to_string()];
    // Where items and requirements are checked: the reading, the shapes and the results.
    let items_env = Env {
        params: &params,
        shapes: &shapes,
        blocks: &blocks,
        items: &items,
        tags: &tags,
        results_known: true,
        units: &units,
        values: &[],
        all_values: &values,
        shapes_known: true,
        reading_known: true,
    };
    let envs = [
        // A shape's condition: no shape and no result is known yet.
        Env {
            shapes_known: false,
            results_known: false,
            ..items_env
        },
        // A refusal's: the hand as given, no reading.
        Env {
            shapes_known: false,
            results_known: false,
            reading_known: false,
            all_values: &[],
            ..items_env
        },
        // A payment's: the score's values, not the items' results.
        Env {
            results_known: false,
            values: &values,
            ..items_env
        },
        items_env,
    ];
    let inside = |span: &std::ops::Range<usize>| {
        assert!(span.start <= span.end && span.end <= text.len());
        assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
    };
    match parse(text) {
        Err(e) => inside(&e.span),
        Ok(expr) => {
            for env in &envs {
                for scope in [Scope::Hand, Scope::Set, Scope::Tile, Scope::Bonus] {
                    for ty in [Type::Bool, Type::Int] {
                        match compile(&expr, scope, ty, env) {
                            Err(errors) => errors.iter().for_each(|e| inside(&e.span)),
                            Ok(compiled) => {
                                let facts = mjrules::predicate::facts::Facts::default();
                                let _ = compiled.eval(&facts, Default::default());
                            }
                        }
                    }
                }
            }
        }
    }
});
