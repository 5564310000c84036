"""Replaying speed of every game: decisions per second of CPU when a record is replayed with its
state hashes checked at each checkpoint (no AI), for the kept records (tests/records) and a few
AI games of each game made afresh by this checkout (`simulate --seed 1` numbering).

Each record is replayed in a fresh process per checkout, the process's first replay ("first",
what opening a save costs) and the best of --runs after it ("best": caches the rules keep for
a process, such as HeroQuest's sight per square, are warm).  `--against DIR` replays the same
records with another checkout (the tree before a change, say) in the same run, checkouts
interleaved, and prints the ratio.  The final hashes must agree.
Prints figures; asserts nothing.
Run: python bench/replay_rates.py [--runs 3] [--games 3] [--against DIR]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]

CHILD = r'''
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from dungeon_tui.rulesets import game_from_record as make_game
from dungeon_tui.engine import record
for p in sys.argv[3:]:
    rec = record.read(Path(p))
    make_game(rec)  # the game's content read: not part of replaying
    t0 = time.process_time()
    game = record.replay(rec, make_game)
    first = time.process_time() - t0
    best = first
    for _ in range(int(sys.argv[2])):
        t0 = time.process_time()
        record.replay(rec, make_game)
        best = min(best, time.process_time() - t0)
    print(json.dumps([p, len(rec.decisions), first, best, game.state_hash()]), flush=True)
'''

# game, setup, games made (the AI on every seat, seeds as `simulate --seed 1`)
FRESH = [("warhammer-quest", {"adventure": "fp6"}), ("heroquest", {"adventure": "the_trial"}),
         ("heroquest", {"adventure": "rescue_of_sir_ragnar"}), ("ashardalon", {})]


def fresh_records(folder: Path, games: int) -> list[Path]:
    sys.path.insert(0, str(ROOT))
    from dungeon_tui.batch import game_seed
    from dungeon_tui.engine import record
    from dungeon_tui.rulesets import get
    out = []
    for game_id, setup in FRESH:
        rs = get(game_id)
        for i in range(games):
            game = rs.new_game(setup, game_seed(1, i))
            game.keep_events = False
            game.run(rs.ai_controllers())
            path = folder / f"{game_id}-{setup.get('adventure', 'any')}-{i}.json"
            record.save(game, path, "bench")
            out.append(path)
    return out


def run(root: Path, runs: int, paths: list[Path]) -> dict[str, list]:
    done = subprocess.run([sys.executable, "-c", CHILD, str(root), str(runs), *map(str, paths)],
                          cwd=root, capture_output=True, text=True, check=True)
    return {row[0]: row for row in map(json.loads, done.stdout.splitlines())}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--against", type=Path)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["DUNGEON_TUI_SAVES"] = tmp
        paths = sorted((ROOT / "tests" / "records").glob("*-*.json")) + fresh_records(Path(tmp), args.games)
        roots = {"this": ROOT} if args.against is None else {"against": args.against.resolve(), "this": ROOT}
        found: dict[str, dict[str, list]] = {name: {} for name in roots}
        for _ in range(2):  # interleaved, the better of two rounds
            for name, root in roots.items():
                for key, row in run(root, args.runs, paths).items():
                    old = found[name].get(key)
                    found[name][key] = row if old is None else \
                        [*row[:2], min(old[2], row[2]), min(old[3], row[3]), row[4]]
    head = "record, decisions: first / best replay in decisions per CPU second"
    print(head + (f" ({args.against} -> this checkout)" if args.against else ""))
    for key, (_, n, first, best_, digest) in found["this"].items():
        line = f"  {Path(key).stem}, {n}: {n / first:,.0f} / {n / best_:,.0f}"
        if args.against:
            _, _, f0, b0, d0 = found["against"][key]
            line = (f"  {Path(key).stem}, {n}: {n / f0:,.0f} / {n / b0:,.0f} -> {n / first:,.0f} / {n / best_:,.0f}"
                    f" (x{f0 / first:.2f} / x{b0 / best_:.2f}){'' if d0 == digest else ' HASHES DIFFER'}")
        print(line)


if __name__ == "__main__":
    main()
