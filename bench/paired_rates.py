"""Simulate's games per CPU second of two checkouts, read game by game in turn.

This machine's speed wanders by up to 2x within seconds (`python -m timeit "sum((1,2,3))"` reads
75 ns, then 130 ns, then 75 ns again, with nothing else running), so two checkouts timed in
whole runs one after the other (against.py, `simrates`) read ratios off by 20% or more.  Here
each checkout plays in a process of its own, kept for the whole run, as simulate's one job
does: the content read and the collector set (`batch.collect_less`), then games 0, 1, 2, ...
of the run's seed in order, so each game meets the caches the games before it left, as in
simulate.  The two processes take turns game by game (A B, then B A), so the two plays of a
game meet the same machine a fraction of a second apart.  Game 0 is played and not counted
(as `--games N+1` less `--games 1` leaves it out).

Printed per case and round: each checkout's games per CPU second (the process's own CPU, one
core), the ratio of those rates, and the median and quartiles of the game-by-game ratios (the
same game on both when the checkouts play the same games; `same games` says whether every game
took the same number of decisions on both).  With more than one round, the same figures again
from each game's least CPU over the rounds.  A rate on a quiet machine follows from a rate the
`--against` checkout read there times the ratio.

    python bench/paired_rates.py --against /tmp/before hq:crypt_of_the_bone_lantern:40 \
        whq:random:100 [--rounds 2] [--seed 2027]
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def worker(tree: str, game: str, adventure: str, seed: int) -> None:
    """One checkout's process: reads game indexes from stdin, plays each, prints its CPU
    seconds and decisions."""
    sys.path.insert(0, tree)
    from dungeon_tui import __version__, cli
    from dungeon_tui.batch import collect_less, play_one
    rs = cli.ruleset_for(game)
    argv = ["simulate", "--game", game] + (["--adventure", adventure] if adventure != "-" else [])
    setup = cli.setup_from(rs, cli.parser().parse_args(argv))
    rs.content()
    collect_less()
    print("ready", flush=True)
    for line in sys.stdin:
        i = int(line)
        start = time.process_time()
        played = play_one(rs, setup, seed, i, None, __version__)
        print(f"{time.process_time() - start!r} {played.decisions}", flush=True)


class Player:
    """A worker process of one checkout."""

    def __init__(self, tree: Path, game: str, adventure: str, seed: int) -> None:
        env = dict(os.environ, PYTHONHASHSEED="0")
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker", str(tree), game, adventure, str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=str(tree))
        assert self.proc.stdout is not None and self.proc.stdin is not None
        self.out, self.inp = self.proc.stdout, self.proc.stdin
        if self.out.readline().strip() != "ready":
            raise SystemExit(f"{tree}: the worker did not start")

    def play(self, i: int) -> tuple[float, int]:
        self.inp.write(f"{i}\n")
        self.inp.flush()
        cpu, decisions = self.out.readline().split()
        return float(cpu), int(decisions)

    def close(self) -> None:
        self.inp.close()
        self.proc.wait()


def quartiles(xs: list[float]) -> tuple[float, float, float]:
    q = statistics.quantiles(xs, n=4)
    return q[0], statistics.median(xs), q[2]


def one_round(before: Path, after: Path, game: str, adventure: str, games: int,
              seed: int) -> tuple[list[float], list[float]]:
    """Games 1..games on both checkouts in turn: each one's CPU seconds game by game; prints
    the round's line."""
    a, b = Player(before, game, adventure, seed), Player(after, game, adventure, seed)
    try:
        a.play(0)
        b.play(0)
        cpu_a: list[float] = []
        cpu_b: list[float] = []
        same = True
        for i in range(1, games + 1):
            if i % 2:
                (ta, da), (tb, db) = a.play(i), b.play(i)
            else:
                (tb, db), (ta, da) = b.play(i), a.play(i)
            cpu_a.append(ta)
            cpu_b.append(tb)
            same &= da == db
    finally:
        a.close()
        b.close()
    print(f"{game} {adventure} {games} games: {line(cpu_a, cpu_b)}  same games: {'yes' if same else 'no'}",
          flush=True)
    return cpu_a, cpu_b


def line(cpu_a: list[float], cpu_b: list[float]) -> str:
    """Both rates, their ratio and the game-by-game ratios' median and quartiles."""
    rate_a, rate_b = len(cpu_a) / sum(cpu_a), len(cpu_b) / sum(cpu_b)
    low, mid, high = quartiles([x / y for x, y in zip(cpu_a, cpu_b, strict=True)])
    return (f"before {rate_a:.2f}/s  after {rate_b:.2f}/s  ratio {rate_b / rate_a:.3f}  "
            f"game by game {mid:.3f} ({low:.3f}-{high:.3f})")


def main(argv: list[str]) -> None:
    if argv[:1] == ["--worker"]:
        worker(argv[1], argv[2], argv[3], int(argv[4]))
        return

    def option(name: str, default: str) -> str:
        if name in argv:
            k = argv.index(name)
            value = argv[k + 1]
            del argv[k:k + 2]
            return value
        return default

    before = Path(option("--against", ""))
    after = Path(option("--tree", str(HERE.parent)))
    rounds, seed = int(option("--rounds", "1")), int(option("--seed", "2027"))
    if not before.name or not argv:
        raise SystemExit(__doc__)
    cases = [(game, adventure, int(games)) for game, adventure, games in (c.split(":") for c in argv)]
    runs: dict[int, list[tuple[list[float], list[float]]]] = {k: [] for k in range(len(cases))}
    for _ in range(rounds):
        for k, (game, adventure, games) in enumerate(cases):
            runs[k].append(one_round(before.resolve(), after.resolve(), game, adventure, games, seed))
    if rounds > 1:
        # A game's least CPU over the rounds: what the machine's stalls added to it left out
        # (they only ever add), so the sums of the least are the steadiest figures here.
        print("least of each game over the rounds:")
        for k, (game, adventure, games) in enumerate(cases):
            least_a = [min(xs) for xs in zip(*(a for a, _ in runs[k]), strict=True)]
            least_b = [min(xs) for xs in zip(*(b for _, b in runs[k]), strict=True)]
            print(f"{game} {adventure} {games} games: {line(least_a, least_b)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
