#!/usr/bin/env bash
# The page's test on a fresh machine: installs what it needs (the wasm32 target, the
# wasm-bindgen command of the pinned version, Debian's Chromium, playwright-core), builds the
# page and the command line, and drives the page in headless Chromium (web/test/browser.mjs).
set -euo pipefail
cd "$(dirname "$0")/../.."
version=0.2.130
rustup target add wasm32-unknown-unknown >/dev/null
if ! wasm-bindgen --version 2>/dev/null | grep -q "$version"; then
  # Not `--locked`: its lock file names versions this machine's registry may not carry.
  cargo install wasm-bindgen-cli --version "$version"
fi
if [ ! -x /usr/bin/chromium ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q chromium >/dev/null
fi
web/build.sh
cargo build --locked
(cd web/test && npm ci --no-audit --no-fund && node browser.mjs)
