#!/usr/bin/env python3
"""A random bot for boardbots' engine protocol (docs/engines.md), all three games:
go run . -game c4 -engine 'me=python3 examples/randombot.py' -x me -o alphabeta"""
import random
import sys

game, opts, record = None, {}, ""
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "game":  # game connect4 width 7 height 6
        game, opts = words[1], dict(zip(words[2::2], map(int, words[3::2])))
    elif words[0] == "position":  # the record so far, "-" at the start
        record = "" if words[1] == "-" else words[1]
    elif words[0] == "go":
        if game == "tictactoe":  # cells 0-8, a digit each
            moves = [c for c in range(9) if str(c) not in record]
        elif game == "connect4":  # columns 1-9, then a-c on the widest boards; a character each
            moves = [c for c in "123456789abc"[: opts["width"]] if record.count(c) < opts["height"]]
        else:  # adjacency: cells 0-63, comma-separated; the start's 8 marks are taken
            taken = {6, 7, 14, 15, 48, 49, 56, 57} | {int(c) for c in record.split(",") if c}
            moves = [c for c in range(64) if c not in taken]
        # flush=True: on a pipe Python's output waits in a buffer, and a move
        # left there is a move never made (the game is lost on time).
        print("move", random.choice(moves), flush=True)
    elif words[0] == "quit":
        break
