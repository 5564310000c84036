"""Warhammer Skirmish speed: battles per second on one core with the §6 scripts on both warband
seats, for each scenario (the seeds `simulate` uses), decisions per second, and where the time
goes (cProfile's top entries, `--profile`).  `--against DIR` plays the same battles with another
checkout (`git archive <commit> | tar -x -C DIR`) in a child process, scenario by scenario
interleaved with ours, and prints the ratio: read ratios on a busy machine, not times.
`--replay`: instead, each scenario's first battle replayed from its saved record (best of
three), in decisions per second.

The battles run with the garbage collector as simulate's and fuzz's worker processes set it
(`batch.collect_less`: what is loaded by then frozen, passes less often), as the other speed
scripts run theirs; `--collect-as-usual` leaves it as a fresh process has it (the figures
before 2026-11-26's fourth pass were taken that way).

Prints figures; asserts nothing.  Run: python bench/skirmish_speed.py [--games 20]
[--scenario border_patrol] [--against /tmp/before] [--profile] [--replay] [--collect-as-usual]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
SCENARIOS = ("border_patrol", "defend_the_village", "barrow_tomb", "hold_the_ruin")


def battles(scenario: str, games: int) -> dict[str, Any]:
    """`games` battles of one scenario back to back: wall and CPU seconds, decisions, medians."""
    from dungeon_tui.batch import collect_less, game_seed
    from dungeon_tui.rulesets.skirmish.game import GAME
    GAME.content()
    if "--collect-as-usual" not in sys.argv:
        collect_less()  # as simulate's and fuzz's workers do (and replay_timing.simulate_many)
    walls, cpus, decisions = [], [], 0
    for i in range(games):
        wall, cpu = time.perf_counter(), time.process_time()
        game = GAME.new_game({"adventure": scenario}, game_seed(1, i))
        game.keep_events = False
        game.run(GAME.ai_controllers())
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        decisions += len(game.decisions)
    return {"scenario": scenario, "games": games, "wall": sum(walls), "cpu": sum(cpus),
            "median_ms": statistics.median(walls) * 1000, "decisions": decisions}


def replays(scenario: str, games: int) -> dict[str, Any]:
    """The scenario's first battle (the seed `simulate` uses) replayed from its saved record."""
    sys.path.insert(0, str(HERE.parent))
    from replay_timing import best_replay
    from dungeon_tui.batch import game_seed
    from dungeon_tui.rulesets.skirmish.game import GAME
    game = GAME.new_game({"adventure": scenario}, game_seed(1, 0))
    game.run(GAME.ai_controllers())
    decisions, best, _hash = best_replay(game, 3)
    return {"scenario": scenario, "games": 1, "wall": best, "cpu": best, "median_ms": best * 1000,
            "decisions": decisions}


def line(who: str, r: dict[str, Any]) -> str:
    return (f"  {who:<7} {r['games'] / r['cpu']:6.1f} battles/s of CPU ({r['games'] / r['wall']:5.1f} wall), "
            f"median {r['median_ms']:6.0f} ms, {r['decisions'] / r['cpu']:7.0f} decisions/s, "
            f"{r['decisions'] / r['games']:.0f} decisions a battle")


def elsewhere(tree: str, scenario: str, games: int) -> dict[str, Any]:
    """The same battles played by another checkout, in a fresh process."""
    more = [flag for flag in ("--replay", "--collect-as-usual") if flag in sys.argv]
    out = subprocess.run([sys.executable, str(HERE), "--tree", tree, "--json", "--scenario", scenario,
                          "--games", str(games), *more], capture_output=True, text=True, check=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def profile(games: int, scenarios: list[str], top: int) -> None:
    import cProfile
    import pstats
    prof = cProfile.Profile()
    prof.enable()
    for scenario in scenarios:
        battles(scenario, games)
    prof.disable()
    stats = pstats.Stats(prof)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats("dungeon_tui", top)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--scenario", choices=SCENARIOS, help="one scenario (default: all four)")
    ap.add_argument("--against", help="another checkout to measure in the same run")
    ap.add_argument("--profile", action="store_true", help="cProfile's top entries instead of the figures")
    ap.add_argument("--replay", action="store_true", help="replay decisions per second instead of battles")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--collect-as-usual", action="store_true",
                    help="leave the garbage collector as a fresh process has it (default: collect_less)")
    ap.add_argument("--tree", help=argparse.SUPPRESS)  # the child process of --against: import from here
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    sys.path.insert(0, str(Path(args.tree).resolve() if args.tree else HERE.parents[1]))
    scenarios = [args.scenario] if args.scenario else list(SCENARIOS)
    measure = replays if args.replay else battles
    if args.json:
        print(json.dumps(measure(scenarios[0], args.games)))
        return
    if args.profile:
        profile(args.games, scenarios, args.top)
        return
    import dungeon_tui
    print(f"Warhammer Skirmish, {args.games} battles a scenario, AI on both sides, one process "
          f"({Path(dungeon_tui.__file__).parents[1]})")
    total: dict[str, dict[str, float]] = {"ours": {"games": 0, "cpu": 0.0}, "against": {"games": 0, "cpu": 0.0}}
    for scenario in scenarios:
        print(scenario)
        theirs = elsewhere(args.against, scenario, args.games) if args.against else None
        ours = measure(scenario, args.games)
        print(line("now", ours))
        total["ours"]["games"] += ours["games"]
        total["ours"]["cpu"] += ours["cpu"]
        if theirs is not None:
            print(line("against", theirs))
            same = theirs["decisions"] == ours["decisions"]
            print(f"  ratio   {theirs['cpu'] / ours['cpu']:.2f}x faster (CPU), "
                  f"{theirs['wall'] / ours['wall']:.1f}x (wall); same decisions: {same}")
            total["against"]["games"] += theirs["games"]
            total["against"]["cpu"] += theirs["cpu"]
    rate = total["ours"]["games"] / total["ours"]["cpu"]
    print(f"all scenarios: {rate:.1f} battles/s of CPU" + (
        f", against {total['against']['games'] / total['against']['cpu']:.1f}: "
        f"{total['against']['cpu'] / total['ours']['cpu']:.2f}x" if args.against else ""))


if __name__ == "__main__":
    main()
