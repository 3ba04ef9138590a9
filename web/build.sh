#!/usr/bin/env bash
# Builds the page into web/dist: the library as WebAssembly (web/src), its JavaScript glue,
# and the static files (web/static). Needs the wasm32 target and the wasm-bindgen command
# of the version web/Cargo.toml pins:
#   rustup target add wasm32-unknown-unknown
#   cargo install wasm-bindgen-cli --version 0.2.130
# Then open the page with any static server: `python3 -m http.server -d web/dist 8000`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -p mjrules-web --target wasm32-unknown-unknown --release --locked
target="${CARGO_TARGET_DIR:-target}"
rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --target web --no-typescript --out-dir web/dist/pkg \
  "$target/wasm32-unknown-unknown/release/mjrules_web.wasm"
cp web/static/* web/dist/
echo "built web/dist ($(gzip -9c web/dist/pkg/mjrules_web_bg.wasm | wc -c) bytes of wasm, gzipped)"
