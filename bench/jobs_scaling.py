"""`simulate` and `fuzz` with one job against two: games per second, CPU, and the same results.

For every game (or `--game`), runs the command line itself (`python -m dungeon_tui simulate ...
--jobs N`, then `fuzz ... --jobs N`) in a fresh process, with one job and with two, interleaved
(1, 2, 1, 2, ... `--runs` times each), and prints the games per second of wall time, the ratio
of two jobs to one, and the CPU the whole run used (the command and its worker processes, from
getrusage of the children), per game.  On a machine shared with other work the wall ratio is
held down by the load (two workers cannot have two cores when others take them); the CPU per
game, the same in both modes when the parallel path costs nothing of its own, tells the two
apart.  Results must be identical: simulate's per-game table (--csv: seed, outcome, figures,
decisions of every game) and its summary, fuzz's report (outcomes, decisions, the digest of
every game's final state hash); a difference is printed as MISMATCH.

Prints figures; asserts nothing.  Run from the repository root:
python bench/jobs_scaling.py [--game catakombs] [--runs 2] [--scale 1.0] [--only simulate|fuzz]
[--tree /tmp/before]
"""
from __future__ import annotations

import argparse
import hashlib
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Games per run, about ten seconds of one core each on this machine (simulate, fuzz).
# Counted again at the end of issue 20's last pass (2026-11-26, 12:20 UTC): the games had got
# faster, and a run of 1.5 s weighed the command's own start (0.4 s, in both modes) too heavily.
GAMES = {"warhammer-quest": (340, 190), "heroquest": (160, 24), "ashardalon": (360, 160),
         "catakombs": (130, 40), "skirmish": (110, 150)}


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(command: str, game: str, games: int, jobs: int, tmp: Path, tree: Path = ROOT) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the command and its workers, a digest of its results)."""
    table = tmp / f"{command}-{game}-{jobs}.csv"
    args = [sys.executable, "-m", "dungeon_tui", command, "--game", game, "--games", str(games),
            "--seed", "2026", "--jobs", str(jobs)]
    if command == "simulate":
        args += ["--csv", str(table)]
    cpu0, t0 = children_cpu(), time.perf_counter()
    out = subprocess.run(args, cwd=tree, capture_output=True, text=True, check=False)
    wall, cpu = time.perf_counter() - t0, children_cpu() - cpu0
    if out.returncode not in (0, 1):  # fuzz says 1 when a game failed: a finding, still a result
        raise SystemExit(f"{' '.join(args)} failed:\n{out.stderr}")
    # the times a run prints are not results
    kept = [line for line in out.stdout.splitlines() if not line.startswith("time ")]
    kept = [line.split("; ms per game")[0] for line in kept]
    if command == "simulate":
        kept.append(table.read_text())
    return wall, cpu, hashlib.sha256("\n".join(kept).encode()).hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="")
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--scale", type=float, default=1.0, help="games per run, times the defaults")
    ap.add_argument("--only", choices=["simulate", "fuzz"], default="")
    ap.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose command line is run "
                    "(another one's `python -m dungeon_tui`, to measure it the same way)")
    args = ap.parse_args()
    games = [args.game] if args.game else list(GAMES)
    commands = [args.only] if args.only else ["simulate", "fuzz"]
    env_note = os.getloadavg()
    print(f"load average at the start {env_note[0]:.1f} {env_note[1]:.1f} {env_note[2]:.1f}; "
          f"{os.cpu_count()} cores; {args.runs} runs of each, interleaved")
    print(f"{'command':9} {'game':16} {'games':>5} {'1 job/s':>8} {'2 jobs/s':>8} {'ratio':>6} "
          f"{'CPU ms/game 1':>14} {'2':>6} {'CPU ratio':>9}  results")
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        for command in commands:
            for game in games:
                n = max(2, round(GAMES[game][command == "fuzz"] * args.scale))
                walls: dict[int, float] = {1: 0.0, 2: 0.0}
                cpus: dict[int, float] = {1: 0.0, 2: 0.0}
                digests: set[str] = set()
                for _ in range(args.runs):
                    for jobs in (1, 2):
                        wall, cpu, digest = run(command, game, n, jobs, tmp, args.tree)
                        walls[jobs] += wall
                        cpus[jobs] += cpu
                        digests.add(digest)
                rate = {j: n * args.runs / walls[j] for j in walls}
                per = {j: cpus[j] * 1000 / (n * args.runs) for j in cpus}
                same = "identical" if len(digests) == 1 else f"MISMATCH ({len(digests)} different)"
                print(f"{command:9} {game:16} {n:5d} {rate[1]:8.2f} {rate[2]:8.2f} {rate[2] / rate[1]:6.2f} "
                      f"{per[1]:14.1f} {per[2]:6.1f} {per[2] / per[1]:9.2f}  {same}", flush=True)
    end = os.getloadavg()
    print(f"load average at the end {end[0]:.1f} {end[1]:.1f} {end[2]:.1f}")


if __name__ == "__main__":
    main()
