"""Resident memory across many simulated games in one process: does it grow per game?

Plays Warhammer Quest adventures (or HeroQuest quests) with the AI on every seat, one after the
other as `simulate` does, and prints VmRSS from /proc/self/status every `--every` games, with the
growth per game between the first sample and the last.  Linux only.  Prints figures; asserts
nothing.  Run: python bench/memory.py [--games 1000] [--every 100] [--game warhammer-quest]
[--adventure a,b,...]
"""
from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dungeon_tui.rulesets import get
from dungeon_tui.batch import game_seed


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SystemExit("no VmRSS in /proc/self/status")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--every", type=int, default=100)
    ap.add_argument("--game", default="warhammer-quest")
    ap.add_argument("--adventure", default="", help="one adventure, or several separated by commas played in turn")
    args = ap.parse_args()
    rs = get(args.game)
    adventures = [a for a in args.adventure.split(",") if a]
    rs.content()
    print(f"{rs.title}, {args.games} games with AI on every seat; RSS at start {rss_kb() / 1024:.1f} MB")
    samples = []
    t0 = time.perf_counter()
    for i in range(1, args.games + 1):
        setup = {"adventure": adventures[i % len(adventures)]} if adventures else {}
        game = rs.new_game(setup, game_seed(1, i))
        game.keep_events = False  # as simulate does without --record
        game.run(rs.ai_controllers())
        if i % args.every == 0:
            gc.collect()  # garbage not yet collected is not growth
            samples.append((i, rss_kb()))
            print(f"after {i:5d} games: RSS {samples[-1][1] / 1024:.1f} MB  ({time.perf_counter() - t0:.0f} s)",
                  flush=True)
    (first_n, first), (last_n, last) = samples[0], samples[-1]
    if last_n > first_n:
        print(f"growth from game {first_n} to {last_n}: {(last - first) / 1024:.1f} MB, "
              f"{(last - first) / (last_n - first_n):.2f} KB per game")


if __name__ == "__main__":
    main()
