#!/usr/bin/env python3
"""Cross-checks mjrules against a variant's reference engine on any corpus of hands.

Reads a corpus (JSON Lines: one hand per line in the corpus form, or oracle lines whose
`hand` holds it), scores every winning hand with the reference engine of the variant and
with mjrules (`mjrules score --variant V --corpus FILE --format json`, run by this script),
and reports the lines that disagree, grouped by kind:

    python3 tools/oracle/crosscheck.py --variant riichi --corpus hands.jsonl --mjrules target/release/mjrules

* riichi: `mahjong` 2.1.0 with the riichi oracle's options (RULES in riichi.py), the hand
  form converted as tools/oracle/README.md says ("From the hand form to the engine call");
  compared as tests/riichi_oracle.rs compares.
* mcr: `pymahjonggb` 1.4.0 (MahjongGB), called with mcr_speed.py's `engine_call`; the
  engine's fan read as tests/mcr_oracle.rs's `by_the_rules` reads it.

Exit status: 0 when no line differs in a way not listed (kind `other`), 1 when one does,
2 on bad usage or when mjrules cannot be run. Needs the pinned requirements
(tools/oracle/requirements.txt). See tools/oracle/README.md, "Cross-checking a corpus".
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict

sys.dont_write_bytecode = True  # never leave a __pycache__ beside the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

SUIT_LETTERS = "mpsz"
FIVES = (4, 13, 22)  # 5m 5p 5s in the 34-index order: 0-8 m, 9-17 p, 18-26 s, 27-33 z
# The Unicode mahjong tiles U+1F000-U+1F021 as 34-indices: winds, red green white, m, s, p.
UNICODE = [27, 28, 29, 30, 33, 32, 31] + list(range(0, 9)) + list(range(18, 27)) + list(range(9, 18))
EXPOSURES = ("exposed", "concealed", "claimed")
WAIT_FANS = {"Edge Wait": "edge-wait", "Closed Wait": "closed-wait", "Single Wait": "single-wait"}
OTHER = "other"


class Unconvertible(Exception):
    """A hand the script cannot turn into an engine call."""


# ---- the hand form ------------------------------------------------------------------------------

def read_tiles(text):
    """Tile notation as mjrules reads it (digits then a suit letter, whitespace free, or the
    Unicode tiles) -> [(34-index, red)]; `0` before m, p or s is the red five."""
    tiles, pending = [], []
    for c in text:
        if c.isspace():
            continue
        if c in "0123456789":
            pending.append(int(c))
            continue
        code = ord(c) - 0x1F000
        if not pending and 0 <= code < len(UNICODE):
            tiles.append((UNICODE[code], False))
            continue
        if c not in SUIT_LETTERS or not pending:
            raise Unconvertible(f"tile notation `{text}`")
        for d in pending:
            if c == "z" and not 1 <= d <= 7:
                raise Unconvertible(f"tile notation `{text}`")
            tiles.append(((d or 5) - 1 + 9 * SUIT_LETTERS.index(c), d == 0 and c != "z"))
        pending = []
    if pending:
        raise Unconvertible(f"tile notation `{text}`")
    return tiles


def read_meld(text):
    """A declared set -> (tiles, exposure): its tiles run up to the first word (a token that
    starts with a letter: `exposed`, `concealed`, `claimed`, `from=…`)."""
    tokens = text.split()
    cut = next((i for i, t in enumerate(tokens) if t[0].isascii() and t[0].isalpha()), len(tokens))
    words = [w for w in tokens[cut:] if w in EXPOSURES]
    return read_tiles(" ".join(tokens[:cut])), words[-1] if words else "exposed"


def tiles_text(tiles, red=True):
    """[(34-index, red)] -> corpus notation, a suit letter after each run of one suit."""
    out, run, letter = [], "", None
    for t, is_red in tiles:
        here = SUIT_LETTERS[min(t // 9, 3)]
        if letter is not None and here != letter:
            out.append(run + letter)
            run = ""
        letter = here
        run += "0" if is_red and red else str(t % 9 + 1 if t < 27 else t - 26)
    if letter is not None:
        out.append(run + letter)
    return " ".join(out)


def held(form):
    """[(34-index, red)] of the concealed tiles and of the declared sets: (concealed, [(tiles, exposure)])."""
    melds = form.get("melds", [])
    if not isinstance(melds, list) or not isinstance(form.get("concealed"), str):
        raise Unconvertible("`concealed` or `melds` of an unexpected type")
    return read_tiles(form["concealed"]), [read_meld(m) for m in melds]


# ---- riichi: mahjong 2.1.0 ----------------------------------------------------------------------

class Riichi:
    name = "riichi"
    kinds = (OTHER,)

    def __init__(self):
        import riichi as oracle  # the oracle's own options (RULES, WIND34), so they cannot drift
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
        from mahjong.meld import Meld
        self.oracle, self.calculator, self.config_type = oracle, HandCalculator, HandConfig
        self.meld_type = Meld
        # Errors that are the engine's verdict on the hand, not a refusal of the input.
        self.verdicts = (HandCalculator.ERR_NO_YAKU, HandCalculator.ERR_HAND_NOT_WINNING)

    def convert(self, form):
        """The hand form -> the engine call as plain data. (A hand showing four plain fives of a
        suit, whose fourth the engine could only take as its red copy 0, is one mjrules refuses:
        such a line is set aside before it comes here.)"""
        concealed, melds = held(form)
        dora, ura = read_tiles(form.get("dora", "")), read_tiles(form.get("ura-dora", ""))
        # 136-index allocation: a red five is copy 0 of its five, a plain five copies 1-3 (then 0),
        # other tiles 0-3; reds first, then the hand's plain tiles, then the indicators' (so an
        # indicator takes copy 0 of a five before a hand tile must).
        free = {t: ([1, 2, 3, 0] if t in FIVES else [0, 1, 2, 3]) for t in range(34)}
        slots = ([(t, r, True) for t, r in concealed] + [(t, r, True) for ts, _ in melds for t, r in ts]
                 + [(t, r, False) for t, r in dora + ura])
        index = [None] * len(slots)
        for i, (t, r, _) in enumerate(slots):
            if r:
                if 0 not in free[t]:
                    raise Unconvertible("a second red five of a suit")
                free[t].remove(0)
                index[i] = 4 * t
        for i, (t, r, _) in sorted(enumerate(slots), key=lambda s: not s[1][2]):
            if not r:
                if not free[t]:
                    raise Unconvertible("a fifth copy of a tile")
                index[i] = 4 * t + free[t].pop(0)
        n_con = len(concealed)
        n_hand = n_con + sum(len(ts) for ts, _ in melds)
        tiles = index[:n_hand]
        win_form = form["win"]
        win = read_tiles(win_form.get("tile", ""))
        if len(win) != 1:
            raise Unconvertible("`win.tile` is not one tile")
        (wt, wred), = win
        copies = ([x for x, (t, r) in zip(index, concealed) if (t, r) == (wt, wred)]
                  or [x for x, (t, _) in zip(index, concealed) if t == wt])
        if not copies:
            raise Unconvertible("the winning tile is not among the concealed tiles")
        engine_melds, at = [], n_con
        for ts, exposure in melds:
            kind = (self.meld_type.KAN if len(ts) == 4 else self.meld_type.PON if ts[0][0] == ts[1][0]
                    else self.meld_type.CHI)
            # A claimed kong scores as an exposed kong (daiminkan): an open KAN.
            engine_melds.append(self.meld_type(meld_type=kind, tiles=index[at:at + len(ts)],
                                               opened=exposure != "concealed"))
            at += len(ts)
        source = win_form.get("from")
        tsumo = source in ("wall", "loose")
        last, heavenly = bool(win_form.get("last")), bool(win_form.get("heavenly"))
        double = bool(form.get("double-riichi"))
        east = form["seat"] == "east"
        config = dict(
            is_tsumo=tsumo, is_riichi=bool(form.get("riichi")) or double, is_daburu_riichi=double,
            is_ippatsu=bool(form.get("ippatsu")), is_rinshan=source == "loose",
            is_chankan=source == "robbed-kong", is_haitei=last and tsumo, is_houtei=last and not tsumo,
            is_tenhou=heavenly and east, is_chiihou=heavenly and not east,
            player_wind=self.oracle.WIND34[form["seat"]], round_wind=self.oracle.WIND34[form["prevailing"]])
        return {"tiles": tiles, "win": copies[0], "melds": engine_melds, "dora": index[n_hand:n_hand + len(dora)],
                "ura": index[n_hand + len(dora):], "config": config}

    def evaluate(self, call):
        config = self.config_type(**call["config"], tsumi_number=0, kyoutaku_number=0,
                                  options=self.oracle.RULES)
        r = self.calculator.estimate_hand_value(call["tiles"], call["win"], melds=call["melds"],
                                                dora_indicators=call["dora"], ura_dora_indicators=call["ura"],
                                                config=config)
        if r.error:
            return {"valid": False, "error": r.error, "han": 0, "fu": 0, "total": 0, "level": "", "yaku": [],
                    "fu_details": []}
        yaku = [[y.name, y.han_open if r.is_open_hand and y.han_open else y.han_closed] for y in r.yaku]
        return {"valid": True, "error": None, "han": r.han, "fu": r.fu, "total": r.cost["total"],
                "level": r.cost["yaku_level"], "yaku": yaku,
                "fu_details": [[d["fu"], d["reason"]] for d in r.fu_details or []]}

    @staticmethod
    def ours(card):
        return {"valid": card["valid"], "han": card.get("han"), "fu": card.get("fu"), "total": card["total"],
                "limit_hand": card.get("limit_hand"),
                "items": [[r["id"], r["amount"]] for r in card.get("rules", []) if r.get("counted")]}

    @staticmethod
    def differences(res, ours):
        """tests/riichi_oracle.rs's comparison."""
        wrong = []
        if ours["valid"] != res["valid"]:
            wrong.append(f"valid {ours['valid']} (engine {res['valid']})")
        if res["valid"]:
            for field in ("han", "fu", "total"):
                if (ours[field] or 0) != res[field]:
                    wrong.append(f"{field} {ours[field]} (engine {res[field]})")
            if ours["limit_hand"] != tier(res):
                wrong.append(f"level {ours['limit_hand']} (engine {tier(res)})")
        elif ours["total"] != 0:
            wrong.append(f"total {ours['total']} (engine not valid: 0)")
        return wrong

    def check(self, form, card):
        """-> ("refused", error) or (kind or None when agreeing, record)."""
        call = self.convert(form)
        res = self.evaluate(call)
        if res["error"] and res["error"] not in self.verdicts:
            return "refused", res["error"]
        ours = self.ours(card)
        rec = {"engine": res, "ours": ours}
        rec["differences"] = self.differences(res, ours)
        return (OTHER if rec["differences"] else None), rec


def has_yakuman(res):
    """A yakuman among the engine's yaku (13 han or more, dora aside)."""
    return any(not name.endswith("Dora") and han >= 13 for name, han in res["yaku"])


def tier(res):
    """tests/riichi_oracle.rs's `tier`: mjrules' limit hand for the engine's level."""
    level = res["level"] or ""
    if level == "":
        return None
    if level == "yakuman" and not has_yakuman(res):
        return "kazoe-yakuman"
    if level.endswith("yakuman"):
        return "yakuman"
    return level


# ---- mcr: pymahjonggb 1.4.0 ---------------------------------------------------------------------

class Mcr:
    name = "mcr"
    kinds = ("held-four wait", OTHER)

    def __init__(self):
        import MahjongGB
        from mcr_speed import engine_call
        self.calculate, self.engine_call = MahjongGB.MahjongFanCalculator, engine_call

    @staticmethod
    def plain_form(form):
        """The form in the notation mcr_speed.engine_call reads: ASCII tiles, red fives as
        plain fives (MCR has none), each declared set its tiles and one exposure word, the
        bonus tiles a list."""
        concealed, melds = held(form)
        win = dict(form["win"])
        win["tile"] = tiles_text(read_tiles(win.get("tile", "")), red=False)
        bonus = form.get("bonus", [])
        text = " ".join(bonus) if isinstance(bonus, list) else str(bonus)
        count = sum(c in "0123456789" or 0x1F022 <= ord(c) <= 0x1F029 for c in text)
        return dict(form, concealed=tiles_text(concealed, red=False), win=win, bonus=["?"] * count,
                    melds=[f"{tiles_text(ts, red=False)} {exposure}" for ts, exposure in melds],
                    seen=tiles_text(read_tiles(form.get("seen", "")), red=False))

    @staticmethod
    def by_the_rules(fans):
        """tests/mcr_oracle.rs's `by_the_rules`: (fan counts by name, total, valid)."""
        fan, total = Counter(), sum(points * count for points, count, _, _ in fans)
        for points, count, _, name in fans:
            if name == "Two Concealed Kongs":
                total += 2  # worth 8, not 6
            if name == "Concealed Kong and Melded Kong":  # the engine's own fan 82, 5 points
                total += 1 + 2 - points * count
                fan["Melded Kong"] += 1
                fan["Concealed Kong"] += 1
                continue
            fan[name] += count
        if "Nine Gates" in fan:
            total -= fan.pop("Pung of Terminals or Honors", 0)
        return fan, total, total - fan.get("Flower Tiles", 0) >= 8

    def check(self, form, card):
        plain = self.plain_form(form)
        try:
            call = self.engine_call(plain)
        except (KeyError, ValueError, IndexError) as e:
            raise Unconvertible(f"{type(e).__name__}: {e}") from e
        try:
            fans = self.calculate(**call, verbose=True)
        except TypeError as e:
            return "refused", str(e)
        fan, total, valid = self.by_the_rules(fans)
        items = [[r["id"], r.get("times", 1), r["amount"]] for r in card.get("rules", []) if r.get("counted")]
        ours = {"valid": card["valid"], "total": card["total"], "items": items}
        engine = {"valid": valid, "total": total, "fans": [[name, points, count] for points, count, _, name in fans]}
        rec = {"engine": engine, "ours": ours, "differences": []}
        if ours["valid"] != valid:
            rec["differences"].append(f"valid {ours['valid']} (engine {valid})")
        if valid and ours["total"] != total:
            rec["differences"].append(f"total {ours['total']} (engine {total})")
        if not rec["differences"]:
            return None, rec
        # Held-four wait (rough, as tests/mcr_oracle.rs's): the hand (concealed tiles and
        # declared sets, kongs included) holds all four copies of some tile, which it may seem
        # to wait on; the wait fans of the two sides differ, and that difference is the whole
        # difference in points (ours: the total, or of a hand under 8 the points counted).
        concealed, melds = held(form)
        counts = Counter(t for t, _ in concealed) + Counter(t for ts, _ in melds for t, _ in ts)
        held_four = 4 in counts.values()
        our_waits = sum(amount for i, _, amount in items if i in WAIT_FANS.values())
        their_waits = sum(fan.get(name, 0) for name in WAIT_FANS)
        our_points = ours["total"] if ours["valid"] else sum(amount for _, _, amount in items)
        wait_gap = our_waits - their_waits
        if held_four and wait_gap and our_points - total == wait_gap:
            return "held-four wait", rec
        return OTHER, rec


# ---- the corpus and mjrules ---------------------------------------------------------------------

def read_corpus(path):
    """-> [(line number, text, hand form or None)] for the non-blank lines (numbered as mjrules
    numbers them: every line counts), and whether any line is an oracle line."""
    data = sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()
    lines, oracle = [], False
    for n, raw in enumerate(data.split(b"\n"), 1):
        text = raw.decode("utf-8", "replace")
        if not text.strip():
            continue
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if isinstance(value, dict) and isinstance(value.get("hand"), dict):
            value, oracle = value["hand"], True
        lines.append((n, text, value if isinstance(value, dict) else None))
    return lines, oracle


def mjrules_cards(mjrules, variant, path):
    """Runs mjrules on the corpus file -> {line number: card} (a refused line: its `problems`)."""
    cards = {}
    try:
        proc = subprocess.Popen([mjrules, "score", "--variant", variant, "--corpus", path, "--format", "json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    except OSError as e:
        raise SystemExit(usage_error(f"cannot run mjrules `{mjrules}`: {e}"))
    last = None
    for text in proc.stdout:
        card = json.loads(text)
        if "line" in card:
            n = card["line"]
            if "problems" not in card:
                keep = ("valid", "total", "han", "fu", "limit_hand")
                card = {**{k: card.get(k) for k in keep}, "rules": [
                    {k: r.get(k) for k in ("id", "counted", "times", "amount")} for r in card.get("rules", [])]}
            else:
                card = {"problems": [p.get("message", "") for p in card["problems"]]}
            cards[n] = card
        else:
            last = card
    err = proc.stderr.read()
    # mjrules exits 2 also when it refuses some lines (each has its card with `problems`):
    # only an exit without a single card is a failure to run.
    if proc.wait() != 0 and not cards:
        problems = "; ".join(p.get("message", "") for p in (last or {}).get("problems", []))
        raise SystemExit(usage_error(f"mjrules failed (exit {proc.returncode}): {problems or err.strip()}"))
    return cards


def usage_error(message):
    print(f"crosscheck: {message}", file=sys.stderr)
    return 2


# ---- the report ---------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", required=True, choices=("riichi", "mcr"))
    parser.add_argument("--corpus", required=True, help="JSON Lines of hands or oracle lines (`-`: standard input)")
    parser.add_argument("--mjrules", default="mjrules", help="the mjrules binary (default: `mjrules` on PATH)")
    parser.add_argument("--examples", type=int, default=3, metavar="N", help="examples shown per kind (default 3)")
    parser.add_argument("--json", metavar="FILE", help="write every differing or refused line here, one object a line")
    args = parser.parse_args()
    if args.examples < 0:
        parser.error("--examples must be 0 or more")
    try:
        lines, oracle = read_corpus(args.corpus)
    except OSError as e:
        return usage_error(f"cannot read the corpus: {e}")
    engine = Riichi() if args.variant == "riichi" else Mcr()

    temp = None
    path = args.corpus
    if oracle or path == "-":
        # mjrules reads hands: write each line's hand on the same line number.
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as temp:
            at = 1
            for n, text, form in lines:
                temp.write("\n" * (n - at) + (json.dumps(form) if form is not None else text) + "\n")
                at = n + 1
        path = temp.name
    try:
        cards = mjrules_cards(args.mjrules, args.variant, path)
    finally:
        if temp is not None:
            os.unlink(temp.name)

    count = Counter()
    engine_refusals = Counter()
    mjrules_refusals = []
    kinds = defaultdict(list)
    records = []
    for n, text, form in lines:
        count["lines read"] += 1
        card = cards.get(n, {"problems": ["mjrules gave no card for this line"]})
        if "problems" in card:
            count["refused by mjrules"] += 1
            rec = {"line": n, "kind": "refused by mjrules", "problems": card["problems"],
                   "hand": form if form is not None else text}
            mjrules_refusals.append(rec)
            records.append(rec)
            continue
        if form is None or "win" not in form:
            count["non-winners"] += 1
            continue
        count["winners"] += 1
        try:
            kind, detail = engine.check(form, card)
        except Unconvertible as e:
            kind, detail = "refused", f"not converted: {e}"
        except Exception as e:  # noqa: BLE001  (an engine's own exception: counted, not fatal)
            kind, detail = "refused", f"raised {type(e).__name__}: {e}"
        if kind == "refused":
            count["refused by the engine"] += 1
            engine_refusals[detail] += 1
            records.append({"line": n, "kind": "refused by the engine", "error": detail, "hand": form})
            continue
        count["compared"] += 1
        if kind is None:
            count["agree"] += 1
            continue
        count["differ"] += 1
        rec = {"line": n, "kind": kind, "hand": form, **detail}
        kinds[kind].append(rec)
        records.append(rec)

    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            for rec in sorted(records, key=lambda r: r["line"]):
                out.write(json.dumps(rec) + "\n")

    print(f"crosscheck {args.variant}: {args.corpus}")
    width = len("refused by the engine")
    for key in ("lines read", "refused by mjrules", "non-winners", "winners", "refused by the engine", "compared",
                "agree", "differ"):
        note = " (skipped)" if key == "non-winners" else ""
        print(f"  {key:<{width}} {count[key]:>7}{note}")
    for error, k in engine_refusals.most_common():
        print(f"    refused by the engine: {error}: {k}")
    for rec in mjrules_refusals[:args.examples]:
        print(f"    refused by mjrules, line {rec['line']}: {rec['problems'][0] if rec['problems'] else ''}")
    print("differences by kind:")
    for kind in engine.kinds + tuple(k for k in kinds if k not in engine.kinds):
        found = kinds.get(kind, [])
        extra = ""
        if kind == "four plain fives" and found:
            extra = " (each agrees once scored with red fives off and the hand's own red fives added back)"
        print(f"  {kind}: {len(found)}{extra}")
        for rec in found[:args.examples]:
            print(f"    line {rec['line']}: {', '.join(rec['differences'])}")
            print(f"      hand:   {json.dumps(rec['hand'])}")
            print(f"      engine: {json.dumps(rec['engine'])}")
            if "engine_red_fives_off" in rec:
                print(f"      engine, red fives off and the hand's own added: {json.dumps(rec['engine_red_fives_off'])}")
            print(f"      ours:   {json.dumps(rec['ours'])}")
    return 1 if kinds.get(OTHER) else 0


if __name__ == "__main__":
    sys.exit(main())
