#!/usr/bin/env python3
"""Reference-engine oracle for Japanese riichi scoring.

Generates random legal winning hands in the mjrules corpus form, scores each one
with the Python package `mahjong` 2.1.0 (OptionalRules(has_open_tanyao=True,
has_aka_dora=True), every other option at its default) and writes one JSON line
per hand. See tools/oracle/README.md for the line format and how to regenerate.
"""

import argparse
import json
import random
import sys
from collections import Counter

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

RULES = OptionalRules(has_open_tanyao=True, has_aka_dora=True)
SEATS = ("east", "south", "west", "north")
WIND34 = {"east": EAST, "south": SOUTH, "west": WEST, "north": NORTH}
SUIT_LETTERS = "mpsz"

# Tile pools, in the engine's 34-index order: 0-8 m, 9-17 p, 18-26 s, 27-33 z (ESWN, white green red).
ALL = list(range(34))
SIMPLES = [t for t in range(27) if 1 <= t % 9 <= 7]
TERMINALS = [t for t in range(27) if t % 9 in (0, 8)]
HONORS = list(range(27, 34))
WINDS = list(range(27, 31))
DRAGONS = list(range(31, 34))
GREEN = [19, 20, 21, 23, 25, 32]
FIVES = (4, 13, 22)

# Group states: in the concealed part, an exposed meld, a concealed (closed) kan.
HIDDEN, EXPOSED, CLOSED = "hidden", "exposed", "concealed"
MELD_TYPES = {"chow": Meld.CHI, "pung": Meld.PON, "kong": Meld.KAN}
WAIT_FU = ("penchan", "kanchan", "pair_wait")


def group_tiles(group):
    """The 34-indices of a group (kind, first tile, state)."""
    kind, t, _ = group
    if kind == "chow":
        return [t, t + 1, t + 2]
    return [t] * {"single": 1, "pair": 2, "pung": 3, "kong": 4}[kind]


def pair_of(groups):
    """The tile of the (first) pair among the groups."""
    return next(g[1] for g in groups if g[0] == "pair")


def predecessor(t):
    """The dora indicator that makes tile t a dora."""
    if t < 27:
        return t - 1 if t % 9 else t + 8
    if t < 31:
        return 30 if t == 27 else t - 1
    return 33 if t == 31 else t - 1


def tile_text(t, red=False):
    """One tile in corpus notation, e.g. '5p', '0p' (red five), '7z'."""
    return ("0" if red else str(t % 9 + 1 if t < 27 else t - 26)) + SUIT_LETTERS[min(t // 9, 3)]


def tiles_text(slots):
    """Slots ([tile, red, ...]) as '123m 406p 55s': sorted, a red five first among its fives."""
    words = {}
    for t, red, *_ in sorted(slots, key=lambda s: (s[0], not s[1])):
        text = tile_text(t, red)
        words[text[-1]] = words.get(text[-1], "") + text[0]
    return " ".join(digits + letter for letter, digits in words.items())


def rand_set(rng, pool=ALL, weights=(58, 34, 8)):
    """A random chow, pung or kong whose tiles all come from pool (kongs start as closed kans)."""
    starts = [t for t in pool if t < 27 and t % 9 <= 6 and t + 1 in pool and t + 2 in pool]
    kind = rng.choices(("chow", "pung", "kong"), weights if starts else (0, *weights[1:]))[0]
    if kind == "chow":
        return ("chow", rng.choice(starts), HIDDEN)
    return (kind, rng.choice(pool), CLOSED if kind == "kong" else HIDDEN)


def declare(rng, groups, n_open):
    """Turn n_open of the groups' chows, pungs and kongs into exposed melds."""
    eligible = [i for i, g in enumerate(groups) if g[0] in MELD_TYPES]
    chosen = rng.sample(eligible, min(n_open, len(eligible)))
    return [(g[0], g[1], EXPOSED) if i in chosen else g for i, g in enumerate(groups)]


def std(rng, keep=(), may_open=(), pool=ALL, pair_pool=None, open_max=0, weights=(58, 34, 8)):
    """Four sets and a pair: keep (never declared) + may_open + random sets from pool, then declare some."""
    groups = list(may_open)
    n_sets = sum(g[0] != "pair" for g in list(keep) + groups)
    groups += [rand_set(rng, pool, weights) for _ in range(4 - n_sets)]
    if not any(g[0] == "pair" for g in list(keep) + groups):
        groups.append(("pair", rng.choice(pair_pool or pool), HIDDEN))
    groups = declare(rng, groups, rng.randint(0, open_max))
    return list(keep) + groups


def situate(rng, groups, win=None, force=None):
    """Place the groups in a random legal situation; return (form, engine call) or None if illegal.

    force may fix: seat, prevailing, source (wall/discard/loose/robbed-kong), riichi, double,
    ippatsu, last, heavenly, red (chance of a red five per suit) and rich (dora-biased indicators).
    """
    f = force or {}
    counts = Counter(t for g in groups for t in group_tiles(g))
    if max(counts.values()) > 4 or any(g[0] == "kong" and g[2] == HIDDEN for g in groups):
        return None
    s = win_situation(rng, groups, counts, win, f)
    if s is None:
        return None
    avail = [4 - counts[t] for t in ALL]
    if s["source"] == "robbed-kong":
        avail[s["win"]] = 0  # the other three copies are in the robbed pung
    kans = sum(g[0] == "kong" for g in groups)
    dora = draw_indicators(rng, 1 + kans, counts, avail, f.get("rich"))
    ura = draw_indicators(rng, 1 + kans, counts, avail, f.get("rich")) if s["riichi"] else []
    slots = [(g, [[t, False] for t in group_tiles(g)]) for g in groups]
    number_tiles(rng, [x for _, ss in slots for x in ss] + dora + ura, f.get("red", 0.9 if f.get("rich") else 1 / 3))
    s["win_slot"] = rng.choice([x for g, ss in slots if g[2] == HIDDEN for x in ss if x[0] == s["win"]])
    return hand_form(s, slots, dora, ura), engine_call(s, slots, dora, ura)


def win_situation(rng, groups, counts, win, f):
    """Seat, winds, winning tile and source, riichi and the rare flags; None if force asks for the illegal."""
    hidden = [t for g in groups if g[2] == HIDDEN for t in group_tiles(g)]
    kans = any(g[0] == "kong" for g in groups)
    has_melds, is_open = any(g[2] != HIDDEN for g in groups), any(g[2] == EXPOSED for g in groups)
    s = {"seat": f.get("seat") or rng.choice(SEATS),
         "prevailing": f.get("prevailing") or rng.choices(SEATS, (45, 45, 6, 4))[0],
         "heavenly": f.get("heavenly", not has_melds and rng.random() < 0.01)}
    s["source"] = f.get("source") or ("wall" if s["heavenly"] else rng.choices(
        ("wall", "discard", "loose", "robbed-kong"), (40, 57, 20 if kans else 0, 3))[0])
    if s["source"] == "robbed-kong" and win is None:
        win = rng.choice([t for t in hidden if counts[t] == 1] or [None])
    s["win"] = rng.choice(hidden) if win is None else win
    if (s["win"] not in hidden or s["heavenly"] and (has_melds or s["source"] != "wall")
            or s["source"] == "loose" and not kans or s["source"] == "robbed-kong" and counts[s["win"]] != 1):
        return None
    s["riichi"] = not is_open and not s["heavenly"] and f.get("riichi", rng.random() < 0.55)
    s["double"] = s["riichi"] and f.get("double", rng.random() < 0.08)
    s["ippatsu"] = s["riichi"] and s["source"] != "loose" and f.get("ippatsu", rng.random() < 0.2)
    s["last"] = s["source"] in ("wall", "discard") and not s["heavenly"] and f.get("last", rng.random() < 0.04)
    s["discarder"] = rng.choice([x for x in SEATS if x != s["seat"]])
    if any(f.get(k) and not s[k] for k in ("riichi", "double", "ippatsu", "last")):
        return None
    return s


def draw_indicators(rng, n, counts, avail, rich):
    """n indicator slots from the unseen copies (avail, updated); rich ones mostly point at hand tiles."""
    picked = []
    for _ in range(n):
        biased = [predecessor(t) for t in counts.elements() if avail[predecessor(t)] > 0]
        pool = biased if rich and biased and rng.random() < 0.8 else [t for t in ALL if avail[t] > 0]
        picked.append([rng.choice(pool), False])
        avail[picked[-1][0]] -= 1
    return picked


def number_tiles(rng, slots, red_chance):
    """Make at most one five per suit red (always when all four are shown), then give each slot its 136-index."""
    for five in FIVES:
        copies = [x for x in slots if x[0] == five]
        if len(copies) == 4 or copies and rng.random() < red_chance:
            rng.choice(copies)[1] = True
    free = {t: ([1, 2, 3] if t in FIVES else [0, 1, 2, 3]) for t in ALL}  # copy 0 of a five is the red one
    for x in slots:
        x.append(4 * x[0] if x[1] else 4 * x[0] + free[x[0]].pop(0))


def hand_form(s, slots, dora, ura):
    """The corpus hand form (keys omitted rather than false or empty)."""
    form = {"seat": s["seat"], "prevailing": s["prevailing"],
            "concealed": tiles_text([x for g, ss in slots if g[2] == HIDDEN for x in ss])}
    if any(g[2] != HIDDEN for g, _ in slots):
        form["melds"] = [f"{tiles_text(ss)} {g[2]}" for g, ss in slots if g[2] != HIDDEN]
    form["win"] = {"tile": tile_text(s["win"], s["win_slot"][1]), "from": s["source"]}
    for key in ("last", "heavenly"):
        if s[key]:
            form["win"][key] = True
    if s["source"] in ("discard", "robbed-kong"):
        form["win"]["discarder"] = s["discarder"]
    if s["riichi"]:
        form["double-riichi" if s["double"] else "riichi"] = True
    if s["ippatsu"]:
        form["ippatsu"] = True
    form["dora"] = tiles_text(dora)
    if ura:
        form["ura-dora"] = tiles_text(ura)
    return form


def engine_call(s, slots, dora, ura):
    """The arguments of HandCalculator.estimate_hand_value, as plain data (see evaluate)."""
    source, last, heavenly = s["source"], s["last"], s["heavenly"]
    return {
        "tiles": [x[2] for _, ss in slots for x in ss], "win": s["win_slot"][2],
        "melds": [(MELD_TYPES[g[0]], [x[2] for x in ss], g[2] == EXPOSED) for g, ss in slots if g[2] != HIDDEN],
        "dora": [x[2] for x in dora], "ura": [x[2] for x in ura],
        "config": dict(is_tsumo=source in ("wall", "loose"), is_riichi=s["riichi"], is_daburu_riichi=s["double"],
                       is_ippatsu=s["ippatsu"], is_rinshan=source == "loose", is_chankan=source == "robbed-kong",
                       is_haitei=last and source == "wall", is_houtei=last and source == "discard",
                       is_tenhou=heavenly and s["seat"] == "east", is_chiihou=heavenly and s["seat"] != "east",
                       player_wind=WIND34[s["seat"]], round_wind=WIND34[s["prevailing"]]),
    }


def check_form(form, call):
    """Re-read a hand form: assert it shows exactly the engine call's tiles and obeys the corpus's legality rules."""
    def parse(text):
        return sorted(((int(d) or 5) - 1 + 9 * SUIT_LETTERS.index(w[-1]), d == "0")
                      for w in text.split() for d in w[:-1])

    def of_call(ids):
        return sorted((i // 4, i in (16, 52, 88)) for i in ids)
    melds = [m.split() for m in form.get("melds", [])]
    tiles = sorted(parse(form["concealed"]) + [t for m in melds for t in parse(m[0])])
    dora, ura, win = parse(form["dora"]), parse(form.get("ura-dora", "")), form["win"]
    assert (tiles, dora, ura, parse(win["tile"])) == tuple(map(of_call, (call["tiles"], call["dora"], call["ura"],
                                                                         [call["win"]])))
    counts, riichi = Counter(t for t, _ in tiles + dora + ura), "riichi" in form or "double-riichi" in form
    kans = sum(len(m[0]) == 5 for m in melds)
    assert max(counts.values()) <= 4 and all(sum(r for t, r in tiles + dora + ura if t == f) <= 1 for f in FIVES)
    assert not riichi or all(m[1] == CLOSED for m in melds)
    assert len(dora) == 1 + kans <= 5 and len(ura) == (1 + kans if riichi else 0)
    assert not form.get("ippatsu") or riichi and win["from"] != "loose"
    assert win["from"] != "loose" or kans
    assert win["from"] != "robbed-kong" or sum(t == parse(win["tile"])[0][0] for t, _ in tiles) == 1
    assert not win.get("last") or win["from"] in ("wall", "discard")
    assert not win.get("heavenly") or not melds and win["from"] == "wall" and not riichi
    assert ("discarder" in win) == (win["from"] in ("discard", "robbed-kong")) and win.get("discarder") != form["seat"]


def evaluate(call):
    """Score an engine call with mahjong 2.1.0; return the result fields of an output line."""
    melds = [Meld(meld_type=kind, tiles=tiles, opened=opened) for kind, tiles, opened in call["melds"]]
    config = HandConfig(**call["config"], tsumi_number=0, kyoutaku_number=0, options=RULES)
    r = HandCalculator.estimate_hand_value(call["tiles"], call["win"], melds=melds, dora_indicators=call["dora"],
                                           ura_dora_indicators=call["ura"], config=config)
    if r.error:
        if r.error != HandCalculator.ERR_NO_YAKU:
            raise RuntimeError(f"engine rejected a generated hand: {r.error} {call}")
        return {"valid": False, "han": 0, "fu": 0, "total": 0, "level": "", "yaku": [], "fu_details": [],
                "error": r.error}
    # The engine adds han_open for an open hand, falling back to han_closed where han_open is 0.
    yaku = [[y.name, y.han_open if r.is_open_hand and y.han_open else y.han_closed] for y in r.yaku]
    assert sum(h for _, h in yaku) == r.han or r.han == 78, (yaku, r.han)
    return {"valid": True, "han": r.han, "fu": r.fu, "total": r.cost["total"], "level": r.cost["yaku_level"],
            "yaku": yaku, "fu_details": [[d["fu"], d["reason"]] for d in r.fu_details or []], "error": None}


# ---- builders: each returns (groups, winning tile or None, force) ---------------------------------

def chow_start(rng, ranks=range(7)):
    """The first tile of a random chow whose first rank (0-based) is in ranks."""
    return 9 * rng.randrange(3) + rng.choice(ranks)


def pungs(rng, pool, n, kong_chance=0.15):
    """n pungs (sometimes concealed kongs) of distinct tiles from pool."""
    return [("kong", t, CLOSED) if rng.random() < kong_chance else ("pung", t, HIDDEN) for t in rng.sample(pool, n)]


def kongs(rng, n):
    """n kongs of distinct random tiles, each exposed or concealed."""
    return [("kong", t, rng.choice((EXPOSED, CLOSED))) for t in rng.sample(ALL, n)]


def outside_set(rng, honors):
    """A set with a terminal or honour: a 123/789 chow or a terminal (or honour) pung."""
    if rng.random() < 0.55:
        return ("chow", chow_start(rng, (0, 6)), HIDDEN)
    return ("pung", rng.choice(TERMINALS + (HONORS if honors else [])), HIDDEN)


def two_sided(a):
    """The tiles that complete chow a..a+2 on a two-sided wait."""
    return [t for t, ok in ((a, a % 9 <= 5), (a + 2, a % 9 >= 1)) if ok]


def b_uniform(rng):
    """Any shape: mostly four sets and a pair with 0-4 open sets, sometimes seven pairs or thirteen orphans."""
    r = rng.random()
    if r < 0.05:
        return b_pairs(rng, ALL)
    if r < 0.065:
        return b_kokushi(rng, rng.random() < 0.2)
    return std(rng, open_max=rng.choice((0, 2, 4))), None, {}


def b_pairs(rng, pool):
    """Seven distinct pairs from pool."""
    return [("pair", t, HIDDEN) for t in rng.sample(pool, 7)], None, {}


def b_all_pungs(rng, pool, pairs_chance=0.0):
    """Pungs and a pair all from pool (some sets open), or seven pairs from pool."""
    if rng.random() < pairs_chance:
        return b_pairs(rng, pool)
    return std(rng, may_open=pungs(rng, pool, 4), pair_pool=pool, open_max=3), None, {}


def b_kokushi(rng, thirteen_sided):
    """Thirteen orphans; the 13-sided wait wins on the doubled tile."""
    orphans = TERMINALS + HONORS
    double = rng.choice(orphans)
    groups = [("pair" if t == double else "single", t, HIDDEN) for t in orphans]
    return groups, double if thirteen_sided else rng.choice([t for t in orphans if t != double]), {}


def b_chuuren(rng, nine_sided):
    """Nine gates in one suit; the 9-sided form wins on the extra tile."""
    suit = 9 * rng.randrange(3)
    extra = suit + rng.randrange(9)
    tiles = [suit + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [extra]
    return [("single", t, HIDDEN) for t in tiles], extra if nine_sided else rng.choice(
        [t for t in tiles if t != extra]), {}


def b_wait(rng, kind):
    """A hand whose winning tile sits at a chosen wait: ryanmen, penchan, kanchan or tanki."""
    a = chow_start(rng, (0, 6) if kind == "penchan" else range(7))
    groups = std(rng, keep=[("chow", a, HIDDEN)], open_max=2)
    win = {"penchan": a + 2 if a % 9 == 0 else a, "kanchan": a + 1, "tanki": pair_of(groups)}.get(kind)
    return groups, win if win is not None else rng.choice(two_sided(a)), {}


def b_pinfu_shape(rng, n_open, source):
    """Four chows (n_open of them exposed) and a suited pair, won on a two-sided wait of a concealed chow."""
    simple = n_open > 0  # the open form needs tanyao for a yaku
    chows = [("chow", chow_start(rng, range(1, 6) if simple else range(7)), HIDDEN) for _ in range(4)]
    groups = [chows[0]] + declare(rng, chows[1:], n_open) + [("pair", rng.choice(SIMPLES if simple else ALL[:27]),
                                                              HIDDEN)]
    wins = [t for k, a, how in groups if k == "chow" and how == HIDDEN for t in two_sided(a)]
    return groups, rng.choice(wins), {"source": source}


def b_reading(rng, shape):
    """Shapes whose best reading depends on the wait: 45666/33345, 111222333, nobetan 2345+5."""
    a = chow_start(rng)
    if shape == "pung-or-chow":
        shared = rng.choice((a, a + 1, a + 2))
        keep = [("chow", a, HIDDEN), (rng.choice(("pung", "pair")), shared, HIDDEN)]
        return std(rng, keep=keep, open_max=2), shared, {}
    if shape == "triple-pungs":
        keep = [("pung", a + i, HIDDEN) for i in range(3)]
        return std(rng, keep=keep, open_max=1), rng.choice((a, a + 1, a + 2)), {}
    a = chow_start(rng, range(6))  # nobetan: chow a..a+2 and a pair of a+3
    return std(rng, keep=[("chow", a, HIDDEN), ("pair", a + 3, HIDDEN)], open_max=2), rng.choice((a, a + 3)), {}


def b_peikou(rng, twice):
    """Two identical concealed chows (iipeiko), or two such pairs of chows (ryanpeikou)."""
    chows = [chow_start(rng) for _ in range(2 if twice else 1)]
    return std(rng, keep=[("chow", a, HIDDEN) for a in chows for _ in (0, 1)]), None, {}


def b_sanshoku(rng, chows):
    """The same chow (or pung) rank in all three suits."""
    r = rng.randrange(7 if chows else 9)
    sets = [("chow", 9 * s + r, HIDDEN) if chows else pungs(rng, [9 * s + r], 1)[0] for s in range(3)]
    return std(rng, may_open=sets, open_max=2), None, {}


def b_ittsu(rng):
    """123, 456 and 789 of one suit."""
    a = chow_start(rng, (0,))
    return std(rng, may_open=[("chow", a + i, HIDDEN) for i in (0, 3, 6)], open_max=2), None, {}


def b_one_suit(rng, honors):
    """One suit only (chinitsu) or one suit with honours (honitsu)."""
    suit = 9 * rng.randrange(3)
    pool = ALL[suit:suit + 9]
    keep = [("pung", rng.choice(HONORS), HIDDEN)] if honors and rng.random() < 0.5 else []
    pair_pool = HONORS if honors and not keep else pool
    return std(rng, may_open=keep, pool=pool, pair_pool=pair_pool, open_max=rng.choice((0, 0, 2))), None, {}


def b_outside(rng, honors):
    """Every set and the pair with a terminal (or honour): chanta or junchan."""
    sets = [outside_set(rng, honors) for _ in range(4)]
    return std(rng, may_open=sets, pair_pool=TERMINALS + (HONORS if honors else []), open_max=2), None, {}


def b_little(rng, pool):
    """Pungs of all but one tile of pool and a pair of the last (little four winds, little three dragons)."""
    n = len(pool) - 1
    tiles = rng.sample(pool, len(pool))
    return std(rng, keep=[("pair", tiles[n], HIDDEN)], may_open=pungs(rng, tiles[:n], n), open_max=n), None, {}


def b_four(rng, sets, tanki):
    """The four given sets and a pair, won on the pair (tanki) or self-drawn on a concealed pung."""
    groups = std(rng, keep=sets)
    if tanki:
        return groups, pair_of(groups), {}
    return groups, rng.choice([g[1] for g in groups if g[0] == "pung"] or [pair_of(groups)]), {"source": "wall"}


def b_heavenly(rng, dealer):
    """A closed hand without kans won on the first draw: tenhou (dealer) or chiihou."""
    seat = "east" if dealer else rng.choice(SEATS[1:])
    return std(rng, weights=(60, 40, 0)), None, {"heavenly": True, "seat": seat}


def b_double_wind(rng):
    """A pair of the wind that is both seat and prevailing wind."""
    wind = rng.choice(SEATS)
    return std(rng, keep=[("pair", WIND34[wind], HIDDEN)], open_max=2), None, {"seat": wind, "prevailing": wind}


def b_winds(rng):
    """Four concealed wind pungs, often an honour pair and a heavenly or single-wait win: 2x-6x yakuman."""
    pair = rng.choice(DRAGONS if rng.random() < 0.7 else SIMPLES)
    groups = [("pung", t, HIDDEN) for t in WINDS] + [("pair", pair, HIDDEN)]
    return groups, pair if rng.random() < 0.6 else None, {"source": "wall", "heavenly": rng.random() < 0.5}


def b_three_yakuman(rng):
    """Triple-yakuman candidates: heavenly 13-sided orphans, concealed all-honour pungs, big winds."""
    choice = rng.randrange(3)
    if choice == 0:
        return b_kokushi(rng, True)[:2] + ({"heavenly": True, "source": "wall"},)
    if choice == 1:
        return std(rng, keep=pungs(rng, HONORS, 4, 0), pair_pool=HONORS), None, {"source": "wall"}
    return b_winds(rng)


def b_fu_heavy(rng):
    """Concealed kans of terminals and honours, pungs: 3 han 70+ fu candidates."""
    keep = [("kong", t, CLOSED) for t in rng.sample(TERMINALS + HONORS, rng.randint(1, 2))]
    return std(rng, keep=keep, weights=(50, 50, 0)), None, {"riichi": rng.random() < 0.6}


def rich(*names):
    """Builder: a hand from one of the named aims, with dora-biased indicators and red fives (limit tiers)."""
    def build(rng):
        groups, win, force = BUILDERS[rng.choice(names)](rng)
        return groups, win, {**force, "rich": True}
    return build


def pung_of(tile, **force):
    """Builder: a pung or kong of tile (dragon or wind) and random sets, with the situation forced."""
    return lambda rng: (std(rng, may_open=pungs(rng, [tile], 1, 0.2), open_max=3), None, dict(force))


def any_hand(open_max=0, pool=ALL, weights=(58, 34, 8), **force):
    """Builder: random sets from pool with up to open_max open ones, and the situation forced."""
    return lambda rng: (std(rng, pool=pool, open_max=open_max, weights=weights), None, dict(force))


def has(name):
    """Hit test: the engine listed yaku `name`."""
    return lambda res: any(y[0] == name for y in res["yaku"])


def level(name):
    """Hit test: the engine's yaku_level is `name`."""
    return lambda res: res["level"] == name


def fu_reason(*reasons):
    """Hit test: one of the fu reasons appears."""
    return lambda res: any(d[1] in reasons for d in res["fu_details"])


# (aim, weight, builder[, hit test]); without a hit test the aim is a yaku, named as the engine names it.
W_YAKU, W_YAKUMAN, W_TIER, W_FU = 3.5, 1.0, 1.5, 1.5
KAN_FU = ("closed_kan", "open_kan", "closed_terminal_kan", "open_terminal_kan")
AIMS = [
    ("Riichi", W_YAKU, any_hand(riichi=True)),
    ("Ippatsu", W_YAKU, any_hand(riichi=True, ippatsu=True)),
    ("Menzen Tsumo", W_YAKU, any_hand(source="wall")),
    ("Pinfu", W_YAKU, lambda rng: b_pinfu_shape(rng, 0, None)),
    ("Tanyao", W_YAKU, any_hand(3, SIMPLES)),
    ("Iipeiko", W_YAKU, lambda rng: b_peikou(rng, False)),
    ("Haitei Raoyue", W_YAKU, any_hand(3, source="wall", last=True)),
    ("Houtei Raoyui", W_YAKU, any_hand(3, source="discard", last=True)),
    ("Rinshan Kaihou", W_YAKU, lambda rng: (std(rng, keep=kongs(rng, 1), open_max=2), None, {"source": "loose"})),
    ("Chankan", W_YAKU, any_hand(3, source="robbed-kong")),
    ("Yakuhai (haku)", W_YAKU, pung_of(31)),
    ("Yakuhai (hatsu)", W_YAKU, pung_of(32)),
    ("Yakuhai (chun)", W_YAKU, pung_of(33)),
    *[(f"Yakuhai (seat wind {w})", W_YAKU, pung_of(WIND34[w], seat=w)) for w in SEATS],
    *[(f"Yakuhai (round wind {w})", W_YAKU, pung_of(WIND34[w], prevailing=w)) for w in SEATS],
    ("Double Riichi", W_YAKU, any_hand(riichi=True, double=True)),
    ("Chiitoitsu", W_YAKU, lambda rng: b_pairs(rng, ALL)),
    ("Sanshoku Doujun", W_YAKU, lambda rng: b_sanshoku(rng, True)),
    ("Ittsu", W_YAKU, b_ittsu),
    ("Toitoi", W_YAKU, lambda rng: (std(rng, may_open=pungs(rng, ALL, 4), open_max=4), None, {})),
    ("San Ankou", W_YAKU, lambda rng: (std(rng, keep=pungs(rng, ALL, 3), open_max=1), None, {})),
    ("Sanshoku Doukou", W_YAKU, lambda rng: b_sanshoku(rng, False)),
    ("San Kantsu", W_YAKU, lambda rng: (std(rng, keep=kongs(rng, 3), open_max=1), None, {})),
    ("Chantai", W_YAKU, lambda rng: b_outside(rng, True)),
    ("Honroutou", W_YAKU, lambda rng: b_all_pungs(rng, TERMINALS + HONORS, 0.25)),
    ("Shou Sangen", W_YAKU, lambda rng: b_little(rng, DRAGONS)),
    ("Ryanpeikou", W_YAKU, lambda rng: b_peikou(rng, True)),
    ("Junchan", W_YAKU, lambda rng: b_outside(rng, False)),
    ("Honitsu", W_YAKU, lambda rng: b_one_suit(rng, True)),
    ("Chinitsu", W_YAKU, lambda rng: b_one_suit(rng, False)),
    ("Kokushi Musou", W_YAKUMAN, lambda rng: b_kokushi(rng, False)),
    ("Kokushi Musou Juusanmen Matchi", W_YAKUMAN, lambda rng: b_kokushi(rng, True)),
    ("Suu Ankou", W_YAKUMAN, lambda rng: b_four(rng, pungs(rng, ALL, 4), False)),
    ("Suu Ankou Tanki", W_YAKUMAN, lambda rng: b_four(rng, pungs(rng, ALL, 4), True)),
    ("Daisangen", W_YAKUMAN, lambda rng: (std(rng, may_open=pungs(rng, DRAGONS, 3), open_max=3), None, {})),
    ("Shousuushii", W_YAKUMAN, lambda rng: b_little(rng, WINDS)),
    ("Dai Suushii", W_YAKUMAN, lambda rng: (std(rng, may_open=pungs(rng, WINDS, 4), open_max=3), None, {})),
    ("Tsuu Iisou", W_YAKUMAN, lambda rng: b_all_pungs(rng, HONORS, 0.3)),
    ("Chinroutou", W_YAKUMAN, lambda rng: b_all_pungs(rng, TERMINALS)),
    ("Ryuuiisou", W_YAKUMAN, lambda rng: (std(rng, pool=GREEN, open_max=3, weights=(40, 50, 10)), None, {})),
    ("Chuuren Poutou", W_YAKUMAN, lambda rng: b_chuuren(rng, False)),
    ("Daburu Chuuren Poutou", W_YAKUMAN, lambda rng: b_chuuren(rng, True)),
    ("Suu Kantsu", W_YAKUMAN, lambda rng: b_four(rng, kongs(rng, 4), True)),
    ("Tenhou", W_YAKUMAN, lambda rng: b_heavenly(rng, True)),
    ("Chiihou", W_YAKUMAN, lambda rng: b_heavenly(rng, False)),
    ("tier: mangan (5 han)", W_TIER, rich("Tanyao", "Honitsu", "Chantai", "Toitoi", "Riichi"),
     lambda res: res["han"] == 5),
    ("tier: mangan (4 han 40+ fu)", W_TIER, any_hand(1, weights=(30, 55, 15), rich=True),
     lambda res: res["han"] == 4 and res["fu"] >= 40),
    ("tier: mangan (3 han 70+ fu)", W_TIER, b_fu_heavy, lambda res: res["han"] == 3 and res["fu"] >= 70),
    ("tier: haneman", W_TIER, rich("Honitsu", "Chantai", "Toitoi", "Riichi", "Ippatsu"), level("haneman")),
    ("tier: baiman", W_TIER, rich("Honitsu", "Chinitsu", "Junchan", "Double Riichi"), level("baiman")),
    ("tier: sanbaiman", W_TIER, rich("Chinitsu", "Honitsu"), level("sanbaiman")),
    ("tier: kazoe yakuman", W_TIER, rich("Chinitsu"),
     lambda res: res["han"] >= 13 and not any(y[0] in YAKUMAN for y in res["yaku"])),
    ("tier: double yakuman", W_TIER, lambda rng: BUILDERS[rng.choice(YAKUMAN)](rng), level("2x yakuman")),
    ("tier: triple yakuman", W_TIER, b_three_yakuman, level("3x yakuman")),
    *[(f"tier: {n}x yakuman", W_YAKUMAN / 2, b_winds, level(f"{n}x yakuman")) for n in (4, 5, 6)],
    ("fu: open pinfu-shaped ron (30 fu)", W_FU, lambda rng: b_pinfu_shape(rng, rng.randint(1, 3), "discard"),
     lambda res: res["fu"] == 30 and fu_reason("hand_without_fu")(res)),
    ("fu: pinfu tsumo (20 fu)", W_FU, lambda rng: b_pinfu_shape(rng, 0, "wall"),
     lambda res: has("Pinfu")(res) and res["fu"] == 20),
    ("fu: closed ron pinfu (30 fu)", W_FU, lambda rng: b_pinfu_shape(rng, 0, "discard"),
     lambda res: has("Pinfu")(res) and res["fu"] == 30),
    ("fu: kan", W_FU, lambda rng: (std(rng, keep=kongs(rng, rng.randint(1, 2)), open_max=2), None, {}),
     fu_reason(*KAN_FU)),
    ("fu: edge wait", W_FU, lambda rng: b_wait(rng, "penchan"), fu_reason("penchan")),
    ("fu: closed wait", W_FU, lambda rng: b_wait(rng, "kanchan"), fu_reason("kanchan")),
    ("fu: single wait", W_FU, lambda rng: b_wait(rng, "tanki"), fu_reason("pair_wait")),
    ("fu: two-sided wait", W_FU, lambda rng: b_wait(rng, "ryanmen"),
     lambda res: res["valid"] and not fu_reason(*WAIT_FU)(res)),
    ("fu: double wind pair", W_FU, b_double_wind, fu_reason("double_valued_pair")),
    ("fu: pung-or-chow reading", W_FU, lambda rng: b_reading(rng, "pung-or-chow"), lambda res: res["valid"]),
    ("fu: 111222333 reading", W_FU, lambda rng: b_reading(rng, "triple-pungs"), lambda res: res["valid"]),
    ("fu: nobetan 2345 reading", W_FU, lambda rng: b_reading(rng, "nobetan"), lambda res: res["valid"]),
]
AIMS = [(aim[0], aim[1], aim[2], aim[3] if len(aim) > 3 else has(aim[0])) for aim in AIMS]
BUILDERS = {name: build for name, _, build, _ in AIMS}
YAKUMAN = [name for name, weight, _, _ in AIMS if weight == W_YAKUMAN]
REQUIRED_YAKU = [name for name, *_ in AIMS if not name.startswith(("tier:", "fu:"))] + ["Dora", "Aka Dora", "Ura Dora"]
REQUIRED_LEVELS = ["", "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "2x yakuman", "3x yakuman",
                   "4x yakuman", "5x yakuman", "6x yakuman"]


def make_line(rng, aim, build, hit, tries=5000):
    """Build hands for one aim until the engine's result passes the hit test; return the output line."""
    for _ in range(tries):
        groups, win, force = build(rng)
        placed = situate(rng, groups, win, force)
        if not placed:
            continue
        form, call = placed
        check_form(form, call)
        res = evaluate(call)
        if hit(res):
            return {"aim": aim, "hand": form, **res}
    raise RuntimeError(f"aim {aim!r} not reached in {tries} tries")


def generate(seed, count):
    """Yield `count` output lines: half uniform, the rest spread over AIMS by weight."""
    rng = random.Random(seed)
    uniform = count // 2
    for _ in range(uniform):
        yield make_line(rng, "uniform", b_uniform, lambda res: True)
    aimed, total_weight = count - uniform, sum(w for _, w, _, _ in AIMS)
    quotas = [int(aimed * w / total_weight) for _, w, _, _ in AIMS]
    for i in range(aimed - sum(quotas)):
        quotas[i] += 1
    for (aim, _, build, hit), quota in zip(AIMS, quotas):
        for _ in range(quota):
            yield make_line(rng, aim, build, hit)


def coverage(lines):
    """Markdown coverage table and the list of required yaku and levels never produced."""
    yaku = Counter(y[0] for line in lines for y in line["yaku"])
    levels = Counter(line["level"] for line in lines if line["valid"])
    rows = ["| yaku | lines |", "| --- | ---: |"] + [f"| {k} | {v} |" for k, v in sorted(yaku.items())]
    rows += ["", "| level | lines |", "| --- | ---: |"]
    rows += [f"| {k or '(below mangan)'} | {levels[k]} |" for k in REQUIRED_LEVELS + sorted(set(levels) - set(
        REQUIRED_LEVELS))]
    rows += ["", f"no_yaku lines: {sum(line['error'] == 'no_yaku' for line in lines)} of {len(lines)}"]
    missing = [k for k in REQUIRED_YAKU if not yaku[k]] + [f"level {k!r}" for k in REQUIRED_LEVELS if not levels[k]]
    return "\n".join(rows), missing


def main():
    """Command line: --seed, --count, --out (default standard output); coverage table on standard error."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--out", help="output file (default: standard output)")
    args = parser.parse_args()
    lines = list(generate(args.seed, args.count))
    text = "".join(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n" for line in lines)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    table, missing = coverage(lines)
    print(table, file=sys.stderr)
    if missing:
        print("never hit: " + ", ".join(missing), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
