#!/usr/bin/env python3
"""Extracts the 198 Kajongg score cases from ../shared/anchors/kajongg-scoring-cases.md into
tests/data/kajongg-cases.tsv (data only: hand strings, winds and expected results).

Run from the repository root: python3 tests/data/extract_kajongg.py
"""
import re
import sys
from pathlib import Path

root = Path(__file__).resolve().parents[2]
source = root.parent / "shared" / "anchors" / "kajongg-scoring-cases.md"
target = root / "tests" / "data" / "kajongg-cases.tsv"

case_re = re.compile(r"^- \*\*(K-\d{3})\*\* `([^`]*)` \(own (\w+), round (\w+)\)")
result_re = re.compile(r"^  - \*\*(DMJL|BMJA)\*\*: `(Win|NoWin|Nothing)\(([^)]*)\)` → total (-?\d+)")
# "— same hand and expectations as K-027: DMJL `Win(60, 4)` → 500; BMJA `NoWin()` → 0"
inline_re = re.compile(r"(DMJL|BMJA) `(Win|NoWin|Nothing)\(([^)]*)\)` → (-?\d+)")


def triple(args):
    """(points, doubles, limits) from `60, 4` or `limits=1` or `8, limits=0.5`."""
    values = {"points": "0", "doubles": "0", "limits": "0"}
    names = ["points", "doubles", "limits"]
    for i, a in enumerate(x.strip() for x in args.split(",") if x.strip()):
        if "=" in a:
            k, v = a.split("=", 1)
            values[k.strip()] = v.strip()
        else:
            values[names[i]] = a
    return values["points"], values["doubles"], values["limits"]

rows = []
current = None
for line in source.read_text(encoding="utf-8").splitlines():
    m = case_re.match(line)
    if m:
        current = {"id": m.group(1), "hand": m.group(2), "own": m.group(3).lower(), "round": m.group(4).lower()}
        rows.append(current)
        for r in inline_re.finditer(line):
            current[r.group(1)] = (r.group(2), *triple(r.group(3)), r.group(4))
        continue
    m = result_re.match(line)
    if m and current is not None:
        current[m.group(1)] = (m.group(2), *triple(m.group(3)), m.group(4))

header = ["id", "hand", "own", "round",
          "dmjl_kind", "dmjl_points", "dmjl_doubles", "dmjl_limits", "dmjl_total",
          "bmja_kind", "bmja_points", "bmja_doubles", "bmja_limits", "bmja_total"]
lines = ["\t".join(header)]
for r in rows:
    if "DMJL" not in r or "BMJA" not in r:
        sys.exit(f"{r['id']}: a result is missing")
    lines.append("\t".join([r["id"], r["hand"], r["own"], r["round"], *r["DMJL"], *r["BMJA"]]))
target.write_text("\n".join(lines) + "\n", encoding="utf-8")
print(f"{len(rows)} cases written to {target.relative_to(root)}")
