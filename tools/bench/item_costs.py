#!/usr/bin/env python3
"""What each item of a variant file costs: the file scored on a corpus under callgrind, then
again with each item left out in turn; the difference in instructions is the item's share.

Usage: item_costs.py RULES.toml CORPUS.jsonl [MJRULES]

RULES is a variant file (`rules/riichi.toml`), CORPUS a corpus (`mjrules gen`), MJRULES the
binary (default `target/release/mjrules`). Prints `base N`, then one line an item, `[[kind]]
id saved`, the costliest first; an item that another reads (a tag, a `replaces`, a
`fired(...)`) cannot be left out and prints `cannot be left out`. Needs valgrind; runs one
scoring per item (a few minutes on 5,000 lines).
"""
import os
import re
import subprocess
import sys
import tempfile


def instructions(binary, rules_path, corpus):
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary,
         "score", "--variant", rules_path, "--corpus", corpus, "--format", "summary"],
        capture_output=True, text=True, env=dict(os.environ, RAYON_NUM_THREADS="1"))
    if run.returncode != 0:
        return None
    return int(re.search(r"I\s+refs:\s+([\d,]+)", run.stderr).group(1).replace(",", ""))


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    rules, corpus = sys.argv[1], sys.argv[2]
    binary = sys.argv[3] if len(sys.argv) == 4 else "target/release/mjrules"
    text = open(rules, encoding="utf-8").read()
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[", text)]
    # The left-out files are written to the temporary folder: a file that extends another
    # by its path must name it by an absolute path.
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        scratch = f.name
    try:
        def cost(variant_text):
            with open(scratch, "w", encoding="utf-8") as out:
                out.write(variant_text)
            return instructions(binary, scratch, corpus)

        base = cost(text)
        if base is None:
            sys.exit(f"{rules} does not score {corpus}")
        print("base", base, flush=True)
        rows = []
        for k, start in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else len(text)
            block = text[start:end]
            kind = block.split("\n", 1)[0]
            name = re.search(r'(?m)^id\s*=\s*"([^"]+)"', block)
            if name is None or kind in ("[[values]]", "[[tiers]]", "[[shapes]]", "[[blocks]]"):
                continue
            left = cost(text[:start] + text[end:])
            rows.append((kind, name.group(1), None if left is None else base - left))
        rows.sort(key=lambda r: -(r[2] if r[2] is not None else -1))
        for kind, name, saved in rows:
            print(kind, name, "cannot be left out" if saved is None else saved)
    finally:
        os.unlink(scratch)


if __name__ == "__main__":
    main()
