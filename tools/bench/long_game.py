#!/usr/bin/env python3
"""A long game for timing `mjrules game`: N deals of BMJA, each won from the wall by the
same player for SCORE points (default 64), the deals written inline.

Usage: long_game.py N [SCORE] > game.toml

With SCORE 10**15 the accounts pass 2**53 within a few thousand deals: the game is refused
at the deal where they do.
"""
import sys


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    deals = int(sys.argv[1])
    score = sys.argv[2] if len(sys.argv) == 3 else "64"
    print('variant = "bmja"\nplayers = ["Alan", "Beth", "Carl", "Dora"]\n')
    for _ in range(deals):
        print('[[deal]]\nAlan = { score = %s, win = { from = "wall" } }\n' % score)


main()
