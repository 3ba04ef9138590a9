#!/usr/bin/env python3
"""Times the reference MCR calculator on a corpus of mjrules hands.

Reads a corpus (JSON Lines: one hand per line in the corpus form, or oracle lines whose
`hand` holds it), turns every winning hand into a call of `pymahjonggb` 1.4.0's
`MahjongFanCalculator` (its C++ core through the Python binding), then scores them all,
`--repeat` times over, and prints the hands scored and the seconds taken by the calls alone
(the conversion is done before the clock starts). With mjrules on the same corpus:

    python3 tools/oracle/mcr_speed.py --corpus hands.jsonl --repeat 5
    RAYON_NUM_THREADS=1 mjrules score --variant mcr --corpus hands.jsonl --format summary

Needs the pinned requirements (tools/oracle/requirements.txt).
"""

import argparse
import json
import time

import MahjongGB

from mcr import PACK_TYPES, SEATS, gb_code, parse


def engine_call(form):
    """The keyword arguments of MahjongFanCalculator for one winning hand form."""
    win = form["win"]
    win_tile = parse(win["tile"])[0]
    standing = parse(form["concealed"])
    standing.remove(win_tile)
    packs = []
    melded = []
    for meld in form.get("melds", []):
        text, state = meld.split()[:2]
        tiles = parse(text)
        melded += tiles
        kind = "kong" if len(tiles) == 4 else "pung" if tiles[0] == tiles[1] else "chow"
        middle = tiles[1] if kind == "chow" else tiles[0]
        packs.append((PACK_TYPES[kind], gb_code(middle), 0 if state == "concealed" else 1))
    source = win["from"]
    seen = parse(form.get("seen", ""))
    fourth = standing.count(win_tile) == 0 and melded.count(win_tile) + seen.count(win_tile) == 3
    return {
        "pack": tuple(packs),
        "hand": tuple(gb_code(t) for t in standing),
        "winTile": gb_code(win_tile),
        "flowerCount": len(form.get("bonus", [])),
        "isSelfDrawn": source in ("wall", "loose"),
        "is4thTile": fourth,
        "isAboutKong": source in ("loose", "robbed-kong"),
        "isWallLast": bool(win.get("last")),
        "seatWind": SEATS.index(form["seat"]),
        "prevalentWind": SEATS.index(form["prevailing"]),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    calls = []
    with open(args.corpus, encoding="utf-8") as lines:
        for line in lines:
            form = json.loads(line)
            form = form.get("hand", form)
            if "win" in form:
                calls.append(engine_call(form))
    scored = refused = 0
    start = time.perf_counter()
    for _ in range(args.repeat):
        for call in calls:
            try:
                MahjongGB.MahjongFanCalculator(**call)
            except TypeError:
                refused += 1
            scored += 1
    seconds = time.perf_counter() - start
    print(f"{scored} hands in {seconds:.3f} s: {scored / seconds:,.0f} a second ({refused} refused)")


if __name__ == "__main__":
    main()
