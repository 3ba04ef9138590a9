#!/usr/bin/env python3
"""Reference-engine oracle for Chinese Official (MCR) scoring.

Generates random legal winning hands in the mjrules corpus form, scores each one
with the Python package `pymahjonggb` 1.4.0 (module `MahjongGB`, a binding of the
ChineseOfficialMahjongHelper calculator) and writes one JSON line per hand. See
tools/oracle/README.md for the line format and how to regenerate.
"""

import argparse
import json
import random
import sys
from collections import Counter

import MahjongGB

SEATS = ("east", "south", "west", "north")
SUIT_LETTERS = "mpsz"
SOURCES = ("wall", "discard", "loose", "robbed-kong")
BONUS = ("1f", "2f", "3f", "4f", "1y", "2y", "3y", "4y")

# Tile pools in a 34-index order: 0-8 m, 9-17 p, 18-26 s, 27-33 z (ESWN, white green red).
ALL = list(range(34))
SUITED = list(range(27))
SUITS = (0, 9, 18)
SIMPLES = [t for t in SUITED if 1 <= t % 9 <= 7]
TERMINALS = [t for t in SUITED if t % 9 in (0, 8)]
HONORS = list(range(27, 34))
WINDS = list(range(27, 31))
DRAGONS = list(range(31, 34))
GREEN = [19, 20, 21, 23, 25, 32]                                  # 2346 8s, green dragon
REVERSIBLE = [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]  # 1234589p, 245689s, white
EVENS = [t for t in SUITED if t % 9 in (1, 3, 5, 7)]
RANKS = {"upper": (6, 7, 8), "middle": (3, 4, 5), "lower": (0, 1, 2), "upper four": (5, 6, 7, 8),
         "lower four": (0, 1, 2, 3)}
ORPHANS = TERMINALS + HONORS
# The six knitted straights: 147, 258 and 369 spread over the three suits.
KNITTED = [[s + r + k for s, r in zip(suits, (0, 1, 2)) for k in (0, 3, 6)]
           for suits in ((0, 9, 18), (0, 18, 9), (9, 0, 18), (9, 18, 0), (18, 0, 9), (18, 9, 0))]

# The engine's fan table, in its order: the rulebook's fan numbers 1-80, Flower Tiles 81, and
# the engine's own "Concealed Kong and Melded Kong" (5 points) as 82.
FANS = [None,
        "Big Four Winds", "Big Three Dragons", "All Green", "Nine Gates", "Four Kongs", "Seven Shifted Pairs",
        "Thirteen Orphans", "All Terminals", "Little Four Winds", "Little Three Dragons", "All Honors",
        "Four Concealed Pungs", "Pure Terminal Chows", "Quadruple Chow", "Four Pure Shifted Pungs",
        "Four Pure Shifted Chows", "Three Kongs", "All Terminals and Honors", "Seven Pairs",
        "Greater Honors and Knitted Tiles", "All Even Pungs", "Full Flush", "Pure Triple Chow",
        "Pure Shifted Pungs", "Upper Tiles", "Middle Tiles", "Lower Tiles", "Pure Straight",
        "Three-Suited Terminal Chows", "Pure Shifted Chows", "All Five", "Triple Pung", "Three Concealed Pungs",
        "Lesser Honors and Knitted Tiles", "Knitted Straight", "Upper Four", "Lower Four", "Big Three Winds",
        "Mixed Straight", "Reversible Tiles", "Mixed Triple Chow", "Mixed Shifted Pungs", "Chicken Hand",
        "Last Tile Draw", "Last Tile Claim", "Out with Replacement Tile", "Robbing The Kong", "All Pungs",
        "Half Flush", "Mixed Shifted Chows", "All Types", "Melded Hand", "Two Concealed Kongs",
        "Two Dragons Pungs", "Outside Hand", "Fully Concealed Hand", "Two Melded Kongs", "Last Tile",
        "Dragon Pung", "Prevalent Wind", "Seat Wind", "Concealed Hand", "All Chows", "Tile Hog", "Double Pung",
        "Two Concealed Pungs", "Concealed Kong", "All Simples", "Pure Double Chow", "Mixed Double Chow",
        "Short Straight", "Two Terminal Chows", "Pung of Terminals or Honors", "Melded Kong", "One Voided Suit",
        "No Honors", "Edge Wait", "Closed Wait", "Single Wait", "Self-Drawn", "Flower Tiles",
        "Concealed Kong and Melded Kong"]
FAN_NUMBER = {name: n for n, name in enumerate(FANS) if name}
CHOW_PAIR_FANS = ("Pure Double Chow", "Mixed Double Chow", "Short Straight", "Two Terminal Chows")

# Group states: in the concealed part, an exposed (claimed) set, a concealed kong.
HIDDEN, EXPOSED, CLOSED = "hidden", "exposed", "concealed"
PACK_TYPES = {"chow": "CHI", "pung": "PENG", "kong": "GANG"}


def group_tiles(group):
    """The 34-indices of a group (kind, first tile, state)."""
    kind, t, _ = group
    if kind == "chow":
        return [t, t + 1, t + 2]
    return [t] * {"single": 1, "pair": 2, "pung": 3, "kong": 4}[kind]


def pair_of(groups):
    """The tile of the (first) pair among the groups."""
    return next(g[1] for g in groups if g[0] == "pair")


def gb_code(t):
    """The engine's code of a tile: W/B/T 1-9 for m/p/s, F1-F4 for the winds, J1 red J2 green J3 white."""
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    return f"F{t - 26}" if t < 31 else f"J{34 - t}"


def tile_text(t):
    """One tile in corpus notation, e.g. '5p', '7z'."""
    return str(t % 9 + 1 if t < 27 else t - 26) + SUIT_LETTERS[min(t // 9, 3)]


def tiles_text(tiles):
    """Tiles as '123m 55p 77z': sorted, digits sharing their suit letter."""
    words = {}
    for t in sorted(tiles):
        text = tile_text(t)
        words[text[-1]] = words.get(text[-1], "") + text[0]
    return " ".join(digits + letter for letter, digits in words.items())


def parse(text):
    """Corpus tile text back to sorted 34-indices."""
    return sorted(int(d) - 1 + 9 * SUIT_LETTERS.index(w[-1]) for w in text.split() for d in w[:-1])


def rand_set(rng, pool=ALL, weights=(55, 37, 8)):
    """A random chow, pung or kong whose tiles all come from pool (kongs start as concealed kongs)."""
    starts = [t for t in pool if t < 27 and t % 9 <= 6 and t + 1 in pool and t + 2 in pool]
    kind = rng.choices(("chow", "pung", "kong"), weights if starts else (0, *weights[1:]))[0]
    if kind == "chow":
        return ("chow", rng.choice(starts), HIDDEN)
    return (kind, rng.choice(pool), CLOSED if kind == "kong" else HIDDEN)


def declare(rng, groups, n_open):
    """Turn n_open of the groups' chows, pungs and kongs into exposed sets."""
    eligible = [i for i, g in enumerate(groups) if g[0] in PACK_TYPES]
    chosen = rng.sample(eligible, min(n_open, len(eligible)))
    return [(g[0], g[1], EXPOSED) if i in chosen else g for i, g in enumerate(groups)]


def std(rng, keep=(), may_open=(), pool=ALL, pair_pool=None, open_max=0, weights=(55, 37, 8), open_min=0):
    """Four sets and a pair: keep (never declared) + may_open + random sets from pool, then declare some."""
    groups = list(may_open)
    n_sets = sum(g[0] != "pair" for g in list(keep) + groups)
    groups += [rand_set(rng, pool, weights) for _ in range(4 - n_sets)]
    if not any(g[0] == "pair" for g in list(keep) + groups):
        groups.append(("pair", rng.choice(pair_pool or pool), HIDDEN))
    groups = declare(rng, groups, rng.randint(open_min, open_max))
    return list(keep) + groups


def situate(rng, groups, win=None, force=None):
    """Place the groups in a random legal situation; return (form, engine call) or None if illegal.

    force may fix: seat, prevailing, source (wall/discard/loose/robbed-kong), last, fourth (make the
    winning tile's other three copies visible: Last Tile) and bonus (the number of flowers and seasons).
    """
    f = force or {}
    counts = Counter(t for g in groups for t in group_tiles(g))
    if max(counts.values()) > 4 or any(g[0] == "kong" and g[2] == HIDDEN for g in groups):
        return None
    hidden = [t for g in groups if g[2] == HIDDEN for t in group_tiles(g)]
    held = Counter(hidden)
    shown = Counter(t for g in groups if g[2] != HIDDEN for t in group_tiles(g))
    kongs = any(g[0] == "kong" for g in groups)
    s = {"seat": f.get("seat") or rng.choice(SEATS), "prevailing": f.get("prevailing") or rng.choice(SEATS)}
    s["source"] = f.get("source") or rng.choices(SOURCES, (40, 55, 12 if kongs else 0, 3))[0]
    robbed = s["source"] == "robbed-kong"
    if win is None:
        picks = [t for t in hidden if (counts[t] == 1 if robbed else not f.get("fourth") or held[t] == 1)]
        win = rng.choice(picks) if picks else None
    s["win"] = win
    if (win not in hidden or s["source"] == "loose" and not kongs or robbed and counts[win] != 1
            or robbed and f.get("fourth")):
        return None
    s["last"] = s["source"] in ("wall", "discard") and f.get("last", rng.random() < 0.03)
    if f.get("last") and not s["last"]:
        return None
    s["discarder"] = rng.choice([x for x in SEATS if x != s["seat"]])
    n_bonus = f.get("bonus", rng.choices(range(9), (50, 22, 12, 6, 4, 2, 2, 1, 1))[0])
    s["bonus"] = sorted(rng.sample(BONUS, n_bonus), key=BONUS.index)
    s["seen"] = draw_seen(rng, counts, held, win, robbed, f)
    if s["seen"] is None:
        return None
    # Last Tile: the other three copies are all visible (own declared sets and seen), none held.
    s["fourth"] = held[win] == 1 and shown[win] + s["seen"].count(win) == 3
    packs = [(g, rng.randint(1, 3) if g[2] == EXPOSED else 0) for g in groups if g[2] != HIDDEN]
    return hand_form(s, groups), engine_call(s, hidden, packs)


def draw_seen(rng, counts, held, win, robbed, f):
    """Tiles visible elsewhere: on purpose the winning tile's missing copies (Last Tile), then a few random ones."""
    avail = [4 - counts[t] for t in ALL]
    seen = []
    if f.get("fourth", rng.random() < 0.04) and held[win] == 1 and not robbed:
        seen += [win] * avail[win]
        avail[win] = 0
    elif f.get("fourth"):
        return None
    if robbed:
        avail[win] = 0  # the other three copies are in the pung being robbed
    if rng.random() < 0.5:
        pool = [t for t in ALL for _ in range(avail[t])]
        seen += rng.sample(pool, min(rng.randint(1, 8), len(pool)))
    return sorted(seen)


def hand_form(s, groups):
    """The corpus hand form (keys omitted rather than empty or false)."""
    form = {"seat": s["seat"], "prevailing": s["prevailing"],
            "concealed": tiles_text([t for g in groups if g[2] == HIDDEN for t in group_tiles(g)])}
    if any(g[2] != HIDDEN for g in groups):
        form["melds"] = [f"{tiles_text(group_tiles(g))} {g[2]}" for g in groups if g[2] != HIDDEN]
    if s["bonus"]:
        form["bonus"] = s["bonus"]
    if s["seen"]:
        form["seen"] = tiles_text(s["seen"])
    form["win"] = {"tile": tile_text(s["win"]), "from": s["source"]}
    if s["source"] in ("discard", "robbed-kong"):
        form["win"]["discarder"] = s["discarder"]
    if s["last"]:
        form["win"]["last"] = True
    return form


def engine_call(s, hidden, packs):
    """The keyword arguments of MahjongGB.MahjongFanCalculator (verbose aside)."""
    standing = sorted(hidden)
    standing.remove(s["win"])
    source = s["source"]
    return {
        "pack": tuple((PACK_TYPES[g[0]], gb_code(g[1] + 1 if g[0] == "chow" else g[1]), offer) for g, offer in packs),
        "hand": tuple(gb_code(t) for t in standing), "winTile": gb_code(s["win"]), "flowerCount": len(s["bonus"]),
        "isSelfDrawn": source in ("wall", "loose"), "is4thTile": s["fourth"],
        "isAboutKong": source in ("loose", "robbed-kong"), "isWallLast": s["last"],
        "seatWind": SEATS.index(s["seat"]), "prevalentWind": SEATS.index(s["prevailing"]),
    }


def check_form(form, call):
    """Re-read a hand form: assert it shows exactly the engine call and obeys the corpus's legality rules."""
    code = {gb_code(t): t for t in ALL}
    concealed, win = parse(form["concealed"]), form["win"]
    melds = [(parse(m.split()[0]), m.split()[1]) for m in form.get("melds", [])]
    seen, wt = parse(form.get("seen", "")), parse(win["tile"])[0]
    kongs = sum(len(tiles) == 4 for tiles, _ in melds)
    assert sorted(code[c] for c in call["hand"] + (call["winTile"],)) == concealed
    assert len(call["pack"]) == len(melds)
    for (kind, middle, offer), (tiles, state) in zip(call["pack"], melds):
        chow = tiles[0] < 27 and tiles == [tiles[0], tiles[0] + 1, tiles[0] + 2] and tiles[0] % 9 <= 6
        assert (kind, code[middle]) == ({3: "CHI" if chow else "PENG", 4: "GANG"}[len(tiles)], tiles[1])
        assert chow or len(set(tiles)) == 1
        assert (offer == 0) == (state == CLOSED) and (state == EXPOSED or kind == "GANG")
    counts = Counter(concealed + [t for tiles, _ in melds for t in tiles] + seen)
    assert max(counts.values()) <= 4 and len(concealed) + sum(len(t) for t, _ in melds) == 14 + kongs
    assert wt in concealed and win["from"] in SOURCES
    assert win["from"] != "loose" or kongs
    assert win["from"] != "robbed-kong" or counts[wt] == 1
    assert not win.get("last") or win["from"] in ("wall", "discard")
    assert ("discarder" in win) == (win["from"] in ("discard", "robbed-kong")) and win.get("discarder") != form["seat"]
    bonus = form.get("bonus", [])
    assert len(set(bonus)) == len(bonus) == call["flowerCount"] and set(bonus) <= set(BONUS)
    in_melds = sum(t == wt for tiles, _ in melds for t in tiles)
    fourth = concealed.count(wt) == 1 and in_melds + seen.count(wt) == 3
    assert (call["winTile"], call["is4thTile"], call["isWallLast"]) == (gb_code(wt), fourth, bool(win.get("last")))
    assert call["isSelfDrawn"] == (win["from"] in ("wall", "loose"))
    assert call["isAboutKong"] == (win["from"] in ("loose", "robbed-kong"))
    assert (call["seatWind"], call["prevalentWind"]) == (SEATS.index(form["seat"]), SEATS.index(form["prevailing"]))


def evaluate(call):
    """Score an engine call with pymahjonggb 1.4.0; return the result fields of an output line."""
    try:
        fans = MahjongGB.MahjongFanCalculator(**call, verbose=True)
    except TypeError as e:
        raise RuntimeError(f"engine rejected a generated hand: {e} {call}") from e
    unknown = [en for _, _, _, en in fans if en not in FAN_NUMBER]
    if unknown:
        raise RuntimeError(f"engine named an unknown fan: {unknown} {call}")
    total = sum(points * count for points, count, _, _ in fans)
    flowers = sum(points * count for points, count, _, en in fans if en == "Flower Tiles")
    assert flowers == call["flowerCount"], (fans, call)
    return {"total": total, "flowers": flowers, "valid": total - flowers >= 8,
            "fans": [[FAN_NUMBER[en], en, points, count] for points, count, _, en in fans]}


# ---- builders: each returns (groups, winning tile or None, force) ---------------------------------

def chow_start(rng, ranks=range(7), suit=None):
    """The first tile of a random chow whose first rank (0-based) is in ranks."""
    return (rng.choice(SUITS) if suit is None else suit) + rng.choice(ranks)


def pungs(rng, pool, n, kong_chance=0.15):
    """n pungs (sometimes kongs, concealed until declared) of distinct tiles from pool."""
    return [("kong", t, CLOSED) if rng.random() < kong_chance else ("pung", t, HIDDEN) for t in rng.sample(pool, n)]


def kongs(rng, n, states=(EXPOSED, CLOSED)):
    """n kongs of distinct random tiles, each in one of states."""
    return [("kong", t, rng.choice(states)) for t in rng.sample(ALL, n)]


def chows(starts):
    """Concealed chows (declarable by std) starting at the given tiles."""
    return [("chow", a, HIDDEN) for a in starts]


def pairs(tiles):
    """Concealed pairs of the given tiles."""
    return [("pair", t, HIDDEN) for t in tiles]


def singles(tiles):
    """Concealed single tiles (special shapes)."""
    return [("single", t, HIDDEN) for t in tiles]


def b_uniform(rng):
    """Any shape: mostly four sets and a pair with 0-4 declared, sometimes a special shape."""
    r = rng.random()
    if r < 0.04:
        return b_pairs(rng, ALL, 0.1)
    if r < 0.048:
        return b_orphans(rng)
    if r < 0.056:
        return b_knitted_honors(rng, rng.random() < 0.2)
    if r < 0.066:
        return b_knitted_straight(rng)
    return std(rng, open_max=rng.choice((0, 2, 4))), None, {}


def b_pairs(rng, pool, double_chance=0.0):
    """Seven pairs from pool; sometimes one tile makes two pairs (four copies)."""
    if len(pool) < 7 or rng.random() < double_chance:
        tiles = rng.sample(pool, 6)
        tiles.append(rng.choice(tiles))
    else:
        tiles = rng.sample(pool, 7)
    return pairs(tiles), None, {}


def b_shifted_pairs(rng):
    """Seven consecutive pairs of one suit."""
    a = chow_start(rng, range(3))
    return pairs(range(a, a + 7)), None, {}


def b_orphans(rng):
    """Thirteen orphans, any winning tile (the doubled one is the 13-sided wait)."""
    double = rng.choice(ORPHANS)
    return [("pair" if t == double else "single", t, HIDDEN) for t in ORPHANS], None, {}


def b_knitted_honors(rng, greater):
    """Fourteen lone tiles: 7-9 of one knitted straight and 5-7 honours (all seven: greater)."""
    n = 7 if greater else rng.choice((8, 9))
    return singles(rng.sample(rng.choice(KNITTED), n) + rng.sample(HONORS, 14 - n)), None, {}


def b_knitted_straight(rng):
    """A knitted straight, a set (maybe declared) and a pair."""
    groups = singles(rng.choice(KNITTED)) + declare(rng, [rand_set(rng)], rng.randint(0, 1))
    return groups + pairs([rng.choice(ALL)]), None, {}


def b_nine_gates(rng):
    """1112345678999 of a suit and one more tile of it, won on that tile (the engine's condition)."""
    suit = rng.choice(SUITS)
    extra = suit + rng.randrange(9)
    tiles = [suit + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [extra]
    return singles(tiles), extra, {"source": rng.choice(("wall", "discard"))}


def b_all_pungs(rng, pool, pairs_chance=0.0):
    """Pungs and a pair all from pool (some declared), or seven pairs from pool."""
    if rng.random() < pairs_chance:
        return b_pairs(rng, pool, 0.2)
    return std(rng, may_open=pungs(rng, pool, 4), pair_pool=pool, open_max=4), None, {}


def b_little(rng, pool):
    """Pungs of all but one tile of pool and a pair of the last (little four winds, little three dragons)."""
    n = len(pool) - 1
    tiles = rng.sample(pool, len(pool))
    return std(rng, keep=pairs(tiles[n:]), may_open=pungs(rng, tiles[:n], n), open_max=n + 1), None, {}


def b_concealed_pungs(rng, n):
    """n concealed pungs (or concealed kongs); four of them won on the pair, or self-drawn on a pung."""
    groups = std(rng, keep=pungs(rng, ALL, n), open_max=4 - n)
    if n < 4 or rng.random() < 0.5:
        return groups, pair_of(groups) if n == 4 else None, {}
    return groups, rng.choice([g[1] for g in groups if g[0] == "pung"] or [pair_of(groups)]), {"source": "wall"}


def b_four_kongs(rng):
    """Four kongs, exposed or concealed, won on the pair."""
    groups = std(rng, keep=kongs(rng, 4))
    return groups, pair_of(groups), {"source": rng.choice(("wall", "discard", "loose"))}


def b_same_chows(rng, n):
    """n identical chows (pure double, pure triple, quadruple chow)."""
    return std(rng, may_open=chows([chow_start(rng)] * n), open_max=2), None, {}


def b_shifted_chows(rng, n, mixed):
    """n chows of one suit shifted by 1 or 2 (pure), or three chows shifted by 1 over three suits (mixed)."""
    if mixed:
        a = rng.randrange(5)
        starts = [s + a + i for i, s in enumerate(rng.sample(SUITS, 3))]
    else:
        d = rng.choice((1, 2))
        a = chow_start(rng, range(7 - d * (n - 1)))
        starts = [a + d * i for i in range(n)]
    return std(rng, may_open=chows(starts), open_max=2), None, {}


def b_shifted_pungs(rng, n, mixed):
    """n pungs of one suit at consecutive ranks (pure), or three over three suits (mixed)."""
    r = rng.randrange(10 - n)
    suits = rng.sample(SUITS, 3) if mixed else [rng.choice(SUITS)] * n
    return std(rng, may_open=pungs(rng, [s + r + i for i, s in enumerate(suits)], n), open_max=2), None, {}


def b_same_rank(rng, n, chows_too):
    """The same chow (or pung) rank in n suits: mixed triple chow, triple pung, double pung, mixed double chow."""
    r = rng.randrange(7 if chows_too else 9)
    suits = rng.sample(SUITS, n)
    sets = chows([s + r for s in suits]) if chows_too else pungs(rng, [s + r for s in suits], n)
    return std(rng, may_open=sets, open_max=2), None, {}


def b_straight(rng, mixed):
    """123, 456 and 789 of one suit (pure straight) or over three suits (mixed straight)."""
    suits = rng.sample(SUITS, 3) if mixed else [rng.choice(SUITS)] * 3
    return std(rng, may_open=chows([s + 3 * i for i, s in enumerate(suits)]), open_max=2), None, {}


def b_terminal_chows(rng, three_suited):
    """123 and 789 twice with a pair of fives: in one suit, or over two suits with the fives of the third."""
    suits = rng.sample(SUITS, 3)
    a, b = (suits[0], suits[1]) if three_suited else (suits[0], suits[0])
    five = suits[2] + 4 if three_suited else suits[0] + 4
    return std(rng, keep=pairs([five]), may_open=chows([a, a + 6, b, b + 6]), open_max=2), None, {}


def b_one_suit(rng, honors):
    """One suit only (full flush) or one suit with honours (half flush)."""
    suit = rng.choice(SUITS)
    pool = ALL[suit:suit + 9]
    keep = pungs(rng, HONORS, 1) if honors and rng.random() < 0.5 else []
    pair_pool = HONORS if honors and not keep else pool
    return std(rng, may_open=keep, pool=pool, pair_pool=pair_pool, open_max=rng.choice((0, 2, 4))), None, {}


def b_ranks(rng, ranks):
    """Only suited tiles of the given ranks (0-based)."""
    pool = [t for t in SUITED if t % 9 in ranks]
    return std(rng, pool=pool, open_max=rng.choice((0, 2, 4))), None, {}


def b_chow_pair(rng, gap):
    """Two chows of one suit, gap ranks apart: 3 for short straight, 6 for two terminal chows."""
    a = chow_start(rng, range(7 - gap))
    return std(rng, may_open=chows([a, a + gap]), open_max=2), None, {}


def b_voided_suit(rng):
    """Tiles of two suits and the honours only."""
    void = rng.choice(SUITS)
    return std(rng, pool=[t for t in ALL if not void <= t < void + 9], open_max=3), None, {}


def b_melded_hand(rng):
    """Four exposed sets, won on a discard that pairs the last tile."""
    groups = std(rng, open_min=4, open_max=4)
    return groups, pair_of(groups), {"source": "discard"}


def b_all_five(rng):
    """Every set and the pair holds a five: 345, 456, 567 chows, pungs of five, a pair of fives."""
    sets = [rng.choice((("chow", s + rng.choice((2, 3, 4)), HIDDEN), ("pung", s + 4, HIDDEN)))
            for s in rng.choices(SUITS, k=4)]
    return std(rng, may_open=sets, pair_pool=[4, 13, 22], open_max=3), None, {}


def b_outside(rng, honors):
    """Every set and the pair with a terminal (or honour)."""
    sets = [("chow", chow_start(rng, (0, 6)), HIDDEN) if rng.random() < 0.55
            else ("pung", rng.choice(TERMINALS + (HONORS if honors else [])), HIDDEN) for _ in range(4)]
    return std(rng, may_open=sets, pair_pool=TERMINALS + (HONORS if honors else []), open_max=3), None, {}


def b_all_types(rng):
    """A set of each suit, an honour pung and a pair of the other honour kind."""
    wind, dragon = rng.choice(WINDS), rng.choice(DRAGONS)
    honor, pair = (wind, dragon) if rng.random() < 0.5 else (dragon, wind)
    sets = [rand_set(rng, ALL[s:s + 9]) for s in SUITS] + pungs(rng, [honor], 1)
    return std(rng, keep=pairs([pair]), may_open=sets, open_max=3), None, {}


def b_chicken(rng):
    """Unrelated sets of the three suits, an honour pair, 1-3 declared sets, won on a discard."""
    sets = [rand_set(rng, [t for t in ALL[s:s + 9] if t in SIMPLES or rng.random() < 0.3], (70, 30, 0))
            for s in list(SUITS) + [rng.choice(SUITS)]]
    groups = std(rng, keep=pairs([rng.choice(HONORS)]), may_open=sets, open_min=1, open_max=3)
    return groups, None, {"source": "discard"}


def b_tile_hog(rng):
    """Four copies of a tile without a kong: in a chow and a pung, or two chows and a pair."""
    a = chow_start(rng)
    t = rng.choice((a, a + 1, a + 2))
    if rng.random() < 0.5:
        return std(rng, may_open=chows([a]) + [("pung", t, HIDDEN)], open_max=3), None, {}
    b = rng.choice([x for x in (t - 2, t - 1, t) if t // 9 == x // 9 and x % 9 <= 6])
    return std(rng, keep=pairs([t]), may_open=chows([a, b]), open_max=3), None, {}


def b_honor_pung(rng, tile, terminal_too=False, **force):
    """A pung or kong of tile (dragon or wind), sometimes a terminal or honour pung beside it."""
    sets = pungs(rng, [tile], 1, 0.2)
    if terminal_too:
        sets += pungs(rng, [t for t in TERMINALS + WINDS if t != tile], 1)
    return std(rng, may_open=sets, open_max=3), None, dict(force)


def b_wind_pung(rng, seat, prevailing, terminal_too=False):
    """A wind pung that is the seat wind, the prevalent wind, or both, with the winds set to match."""
    wind = rng.choice(WINDS)
    force = {}
    if seat:
        force["seat"] = SEATS[wind - 27]
    if prevailing:
        force["prevailing"] = SEATS[wind - 27]
    if seat != prevailing:  # the other wind is a different one
        force["prevailing" if seat else "seat"] = rng.choice([w for w in SEATS if w != SEATS[wind - 27]])
    return b_honor_pung(rng, wind, terminal_too, **force)


def b_wait(rng, kind):
    """A hand whose winning tile sits at a chosen wait: edge, closed or single."""
    a = chow_start(rng, (0, 6) if kind == "edge" else range(7))
    groups = std(rng, keep=chows([a]), open_max=3)
    return groups, {"edge": a + 2 if a % 9 == 0 else a, "closed": a + 1, "single": pair_of(groups)}[kind], {}


def b_related_chows(rng):
    """Three or four chows drawn from a few related ones: same rank in two suits, three ranks apart."""
    s1, s2 = rng.sample(SUITS, 2)
    r = rng.randrange(7)
    related = [s + x for s in (s1, s1, s2) for x in (r, r - 3, r + 3, r + 6, r - 6) if 0 <= x <= 6]
    return std(rng, may_open=chows(rng.choices(related, k=rng.choice((3, 4, 4)))), open_max=2), None, {}


def b_fourth_chow(rng, build):
    """A three-chow fan (from build) and a fourth chow repeating one of its chows, in its suit or another."""
    groups, _, _ = build(rng)
    three = [g for g in groups if g[0] == "chow"][:3]
    if len(three) < 3:
        return groups, None, {}
    a = rng.choice(three)[1]
    fourth = a if rng.random() < 0.5 else rng.choice([s for s in SUITS if s != a - a % 9]) + a % 9
    return std(rng, may_open=[(g[0], g[1], HIDDEN) for g in three] + chows([fourth]), open_max=2), None, {}


def b_pairs_as_sets(rng):
    """Seven pairs that also read as sets: 223344-style runs of pairs."""
    a, b = chow_start(rng), chow_start(rng)
    tiles = [a, a + 1, a + 2, b, b + 1, b + 2, rng.choice(ALL)]
    return pairs(tiles), None, {}


def any_hand(open_max=0, pool=ALL, weights=(55, 37, 8), open_min=0, **force):
    """Builder: random sets from pool with open_min..open_max declared, and the situation forced."""
    return lambda rng: (std(rng, pool=pool, open_max=open_max, weights=weights, open_min=open_min), None,
                        dict(force))


def kong_hand(**kinds):
    """Builder: kongs of the given kinds (exposed=n, concealed=n) and random sets."""
    def build(rng):
        keep = [("kong", t, state) for state, n in ((EXPOSED, kinds.get("exposed", 0)),
                                                     (CLOSED, kinds.get("concealed", 0)))
                for t in rng.sample(ALL, n)]
        return std(rng, keep=keep, open_max=4 - len(keep), weights=(60, 40, 0)), None, {}
    return build


def has(name):
    """Hit test: the engine listed fan `name`."""
    return lambda res: any(f[1] == name for f in res["fans"])


def with_chow_pair(name):
    """Hit test: fan `name` and one of the one-point chow fans (the account-once rule at work)."""
    return lambda res: has(name)(res) and any(has(n)(res) for n in CHOW_PAIR_FANS)


def fan_count(names, least):
    """Hit test: the fans named add up to at least `least` instances."""
    return lambda res: sum(f[3] for f in res["fans"] if f[1] in names) >= least


# (aim, weight, builder[, hit test]); without a hit test the aim is a fan, named as the engine names it.
W_FAN, W_LIMIT, W_SITUATION = 1.0, 0.6, 1.5
AIMS = [
    ("Big Four Winds", W_LIMIT, lambda rng: (std(rng, may_open=pungs(rng, WINDS, 4), open_max=4), None, {})),
    ("Big Three Dragons", W_LIMIT, lambda rng: (std(rng, may_open=pungs(rng, DRAGONS, 3), open_max=4), None, {})),
    ("All Green", W_LIMIT, lambda rng: (std(rng, pool=GREEN, open_max=3, weights=(40, 50, 10)), None, {})),
    ("Nine Gates", W_LIMIT, b_nine_gates),
    ("Four Kongs", W_LIMIT, b_four_kongs),
    ("Seven Shifted Pairs", W_LIMIT, b_shifted_pairs),
    ("Thirteen Orphans", W_LIMIT, b_orphans),
    ("All Terminals", W_LIMIT, lambda rng: b_all_pungs(rng, TERMINALS, 0.2)),
    ("Little Four Winds", W_LIMIT, lambda rng: b_little(rng, WINDS)),
    ("Little Three Dragons", W_LIMIT, lambda rng: b_little(rng, DRAGONS)),
    ("All Honors", W_LIMIT, lambda rng: b_all_pungs(rng, HONORS, 0.3)),
    ("Four Concealed Pungs", W_LIMIT, lambda rng: b_concealed_pungs(rng, 4)),
    ("Pure Terminal Chows", W_LIMIT, lambda rng: b_terminal_chows(rng, False)),
    ("Quadruple Chow", W_LIMIT, lambda rng: b_same_chows(rng, 4)),
    ("Four Pure Shifted Pungs", W_LIMIT, lambda rng: b_shifted_pungs(rng, 4, False)),
    ("Four Pure Shifted Chows", W_LIMIT, lambda rng: b_shifted_chows(rng, 4, False)),
    ("Three Kongs", W_FAN, lambda rng: (std(rng, keep=kongs(rng, 3), open_max=1), None, {})),
    ("All Terminals and Honors", W_FAN, lambda rng: b_all_pungs(rng, ORPHANS, 0.25)),
    ("Seven Pairs", W_FAN, lambda rng: b_pairs(rng, ALL, 0.1)),
    ("Greater Honors and Knitted Tiles", W_FAN, lambda rng: b_knitted_honors(rng, True)),
    ("All Even Pungs", W_FAN, lambda rng: b_all_pungs(rng, EVENS)),
    ("Full Flush", W_FAN, lambda rng: b_one_suit(rng, False)),
    ("Pure Triple Chow", W_FAN, lambda rng: b_same_chows(rng, 3)),
    ("Pure Shifted Pungs", W_FAN, lambda rng: b_shifted_pungs(rng, 3, False)),
    ("Upper Tiles", W_FAN, lambda rng: b_ranks(rng, RANKS["upper"])),
    ("Middle Tiles", W_FAN, lambda rng: b_ranks(rng, RANKS["middle"])),
    ("Lower Tiles", W_FAN, lambda rng: b_ranks(rng, RANKS["lower"])),
    ("Pure Straight", W_FAN, lambda rng: b_straight(rng, False)),
    ("Three-Suited Terminal Chows", W_FAN, lambda rng: b_terminal_chows(rng, True)),
    ("Pure Shifted Chows", W_FAN, lambda rng: b_shifted_chows(rng, 3, False)),
    ("All Five", W_FAN, b_all_five),
    ("Triple Pung", W_FAN, lambda rng: b_same_rank(rng, 3, False)),
    ("Three Concealed Pungs", W_FAN, lambda rng: b_concealed_pungs(rng, 3)),
    ("Lesser Honors and Knitted Tiles", W_FAN, lambda rng: b_knitted_honors(rng, False)),
    ("Knitted Straight", W_FAN, lambda rng: b_knitted_straight(rng) if rng.random() < 0.8 else (
        singles(rng.choice(KNITTED) + rng.sample(HONORS, 5)), None, {})),
    ("Upper Four", W_FAN, lambda rng: b_ranks(rng, RANKS["upper four"])),
    ("Lower Four", W_FAN, lambda rng: b_ranks(rng, RANKS["lower four"])),
    ("Big Three Winds", W_FAN, lambda rng: (std(rng, may_open=pungs(rng, WINDS, 3), open_max=3), None, {})),
    ("Mixed Straight", W_FAN, lambda rng: b_straight(rng, True)),
    ("Reversible Tiles", W_FAN, lambda rng: (std(rng, pool=REVERSIBLE, open_max=3), None, {})),
    ("Mixed Triple Chow", W_FAN, lambda rng: b_same_rank(rng, 3, True)),
    ("Mixed Shifted Pungs", W_FAN, lambda rng: b_shifted_pungs(rng, 3, True)),
    ("Chicken Hand", W_FAN, b_chicken),
    ("Last Tile Draw", W_FAN, any_hand(3, source="wall", last=True)),
    ("Last Tile Claim", W_FAN, any_hand(3, source="discard", last=True)),
    ("Out with Replacement Tile", W_FAN, lambda rng: (std(rng, keep=kongs(rng, rng.randint(1, 2)), open_max=2),
                                                      None, {"source": "loose"})),
    ("Robbing The Kong", W_FAN, any_hand(3, source="robbed-kong")),
    ("All Pungs", W_FAN, lambda rng: (std(rng, may_open=pungs(rng, ALL, 4), open_max=4), None, {})),
    ("Half Flush", W_FAN, lambda rng: b_one_suit(rng, True)),
    ("Mixed Shifted Chows", W_FAN, lambda rng: b_shifted_chows(rng, 3, True)),
    ("All Types", W_FAN, b_all_types),
    ("Melded Hand", W_FAN, b_melded_hand),
    ("Two Concealed Kongs", W_FAN, kong_hand(concealed=2)),
    ("Two Dragons Pungs", W_FAN, lambda rng: (std(rng, may_open=pungs(rng, DRAGONS, 2), open_max=3), None, {})),
    ("Outside Hand", W_FAN, lambda rng: b_outside(rng, rng.random() < 0.6)),
    ("Fully Concealed Hand", W_FAN, any_hand(0, source="wall")),
    ("Two Melded Kongs", W_FAN, kong_hand(exposed=2)),
    ("Last Tile", W_FAN, any_hand(3, fourth=True)),
    ("Dragon Pung", W_FAN, lambda rng: b_honor_pung(rng, rng.choice(DRAGONS))),
    ("Prevalent Wind", W_FAN, lambda rng: b_wind_pung(rng, False, True)),
    ("Seat Wind", W_FAN, lambda rng: b_wind_pung(rng, True, False)),
    ("Concealed Hand", W_FAN, any_hand(0, source="discard")),
    ("All Chows", W_FAN, lambda rng: (std(rng, pool=SUITED, open_max=3, weights=(1, 0, 0)), None, {})),
    ("Tile Hog", W_FAN, b_tile_hog),
    ("Double Pung", W_FAN, lambda rng: b_same_rank(rng, 2, False)),
    ("Two Concealed Pungs", W_FAN, lambda rng: b_concealed_pungs(rng, 2)),
    ("Concealed Kong", W_FAN, kong_hand(concealed=1)),
    ("All Simples", W_FAN, any_hand(3, SIMPLES)),
    ("Pure Double Chow", W_FAN, lambda rng: b_same_chows(rng, 2)),
    ("Mixed Double Chow", W_FAN, lambda rng: b_same_rank(rng, 2, True)),
    ("Short Straight", W_FAN, lambda rng: b_chow_pair(rng, 3)),
    ("Two Terminal Chows", W_FAN, lambda rng: b_chow_pair(rng, 6)),
    ("Pung of Terminals or Honors", W_FAN, lambda rng: (std(rng, may_open=pungs(rng, TERMINALS + WINDS, 1),
                                                            open_max=3), None, {})),
    ("Melded Kong", W_FAN, kong_hand(exposed=1)),
    ("One Voided Suit", W_FAN, b_voided_suit),
    ("No Honors", W_FAN, any_hand(3, SUITED)),
    ("Edge Wait", W_FAN, lambda rng: b_wait(rng, "edge")),
    ("Closed Wait", W_FAN, lambda rng: b_wait(rng, "closed")),
    ("Single Wait", W_FAN, lambda rng: b_wait(rng, "single")),
    ("Self-Drawn", W_FAN, any_hand(4, open_min=1, source="wall")),
    ("Flower Tiles", W_FAN, lambda rng: (std(rng, open_max=3), None, {"bonus": rng.randint(1, 8)})),
    ("Concealed Kong and Melded Kong", W_FAN, kong_hand(exposed=1, concealed=1)),
    ("exclusion: related chows counted once", W_SITUATION, b_related_chows,
     fan_count(CHOW_PAIR_FANS, 2)),
    ("exclusion: pure shifted chows and a fourth chow", W_SITUATION,
     lambda rng: b_fourth_chow(rng, lambda r: b_shifted_chows(r, 3, False)), with_chow_pair("Pure Shifted Chows")),
    ("exclusion: mixed shifted chows and a fourth chow", W_SITUATION,
     lambda rng: b_fourth_chow(rng, lambda r: b_shifted_chows(r, 3, True)), with_chow_pair("Mixed Shifted Chows")),
    ("exclusion: mixed straight and a fourth chow", W_SITUATION,
     lambda rng: b_fourth_chow(rng, lambda r: b_straight(r, True)), with_chow_pair("Mixed Straight")),
    ("exclusion: pure straight and a fourth chow", W_SITUATION,
     lambda rng: b_fourth_chow(rng, lambda r: b_straight(r, False)), with_chow_pair("Pure Straight")),
    ("exclusion: mixed triple chow and a fourth chow", W_SITUATION,
     lambda rng: b_fourth_chow(rng, lambda r: b_same_rank(r, 3, True)), with_chow_pair("Mixed Triple Chow")),
    ("exclusion: prevalent wind pung beside a terminal or honour pung", W_SITUATION,
     lambda rng: b_wind_pung(rng, False, True, True),
     lambda res: has("Prevalent Wind")(res) and has("Pung of Terminals or Honors")(res)),
    ("exclusion: seat wind pung beside a terminal or honour pung", W_SITUATION,
     lambda rng: b_wind_pung(rng, True, False, True),
     lambda res: has("Seat Wind")(res) and has("Pung of Terminals or Honors")(res)),
    ("exclusion: seat and prevalent wind pung", W_SITUATION, lambda rng: b_wind_pung(rng, True, True,
                                                                                       rng.random() < 0.5),
     lambda res: has("Seat Wind")(res) and has("Prevalent Wind")(res)),
    ("reading: seven pairs that also read as sets", W_SITUATION, b_pairs_as_sets, lambda res: True),
]
AIMS = [(aim[0], aim[1], aim[2], aim[3] if len(aim) > 3 else has(aim[0])) for aim in AIMS]


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
    """Markdown coverage table and the list of fans never produced."""
    fans = Counter(f[0] for line in lines for f in line["fans"])
    rows = ["| fan | name | lines |", "| ---: | --- | ---: |"]
    rows += [f"| {n} | {FANS[n]} | {fans[n]} |" for n in range(1, len(FANS))]
    rows += ["", f"valid lines: {sum(line['valid'] for line in lines)} of {len(lines)}"]
    missing = [f"{n} {FANS[n]}" for n in range(1, len(FANS)) if not fans[n]]
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
