//! Any text given as a predicate parses or fails with a span inside it; what parses is
//! checked, and what checks is evaluated on a hand, without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mjrules::predicate::check::{Env, ParamValue, compile};
use mjrules::predicate::{Scope, Type, parse};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let params = [("limit".to_string(), ParamValue::Int(1000)), ("cap".to_string(), ParamValue::None)];
    let shapes = ["seven-pairs".to_string()];
    let items = ["pung-dragon".to_string()];
    let env = Env { params: &params, shapes: &shapes, items: &items, shapes_known: true };
    match parse(text) {
        Err(e) => assert!(e.span.start <= e.span.end && e.span.end <= text.len()),
        Ok(expr) => {
            for scope in [Scope::Hand, Scope::Set, Scope::Tile, Scope::Bonus] {
                for ty in [Type::Bool, Type::Int] {
                    match compile(&expr, scope, ty, &env) {
                        Err(errors) => {
                            for e in errors {
                                assert!(e.span.start <= e.span.end && e.span.end <= text.len());
                            }
                        }
                        Ok(compiled) => {
                            let facts = mjrules::predicate::facts::Facts::default();
                            let _ = compiled.eval(&facts, Default::default());
                        }
                    }
                }
            }
        }
    }
});
