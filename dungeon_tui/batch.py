"""Many games in a row with AI on every seat: what `simulate` runs, and the seeds `fuzz` shares.

Game i of a run uses a seed derived only from the run's seed and i, so the first games of a
long run are the games of a short one, and a run shared among processes plays the very games
one process plays.  The figures a run adds up and the words for how a game ended are the
game's own (`Ruleset.tally`, `Ruleset.outcome`, `Ruleset.won`)."""
from __future__ import annotations

import csv
import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .engine.contract import Ruleset, ruleset_of
from .engine.dice import MASK, splitmix64
from .engine.game import Game

T = TypeVar("T")


def game_seed(seed: int, i: int) -> int:
    """Game i of a run: its seed depends on the run's seed and i alone."""
    return splitmix64(splitmix64(seed & MASK) ^ i) >> 1


def meta_for(game: Game, label: str) -> dict[str, Any]:
    """What a record of the game keeps besides its decisions: a label, the game's listing, the date."""
    return {"label": label, **ruleset_of(game).listing(game), "date": time.strftime("%Y-%m-%d %H:%M")}


@dataclass(frozen=True)
class Played:
    """One finished game as a run reports it; small, so a worker process can send it back."""

    index: int  # in the run, from 0
    seed: int
    adventure: str
    party: tuple[str, ...]
    outcome: str  # the game's own word
    won: bool
    figures: dict[str, int]  # the game's tally, in its words
    decisions: int
    ms: float

    def row(self) -> dict[str, Any]:
        """The game as one row of a results table (no time: a row is the same on every run)."""
        return {"game": self.index + 1, "seed": self.seed, "adventure": self.adventure,
                "party": " ".join(self.party), "outcome": self.outcome, "won": int(self.won),
                **self.figures, "decisions": self.decisions}


@dataclass
class Summary:
    """What a run of games comes to: outcomes, wins, the game's figures, decisions and times."""

    title: str
    games: int
    seed: int
    outcomes: dict[str, int] = field(default_factory=dict)
    wins: int = 0
    totals: dict[str, int] = field(default_factory=dict)
    decisions: int = 0
    milliseconds: list[float] = field(default_factory=list)

    def add(self, played: Played) -> None:
        self.outcomes[played.outcome] = self.outcomes.get(played.outcome, 0) + 1
        self.wins += played.won
        for name, value in played.figures.items():
            self.totals[name] = self.totals.get(name, 0) + value
        self.decisions += played.decisions
        self.milliseconds.append(played.ms)

    def lines(self, timing: bool = True) -> list[str]:
        n = max(1, self.games)
        times = sorted(self.milliseconds)
        median = times[len(times) // 2] if times else 0.0
        out = [f"{self.title}: {self.games} games, seed {self.seed}",
               "outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(self.outcomes.items())),
               f"the heroes won {self.wins} of {self.games} ({100 * self.wins / n:.0f}%)",
               "per game: " + ", ".join(f"{name} {total / n:.1f}" for name, total in self.totals.items()),
               f"decisions {self.decisions}"]
        if timing:
            out[-1] += f"; ms per game: median {median:.1f}, mean {sum(times) / n:.1f}"
        return out


def collect_less() -> None:
    """For a process that plays game after game (simulate, fuzz, the speed scripts): what is
    loaded by now (content, tables) is put out of the garbage collector's reach, and it runs
    less often.  A game makes and drops many small objects, few of them cycles, while the
    caches of moves and walks keep many alive, so the default thresholds had the collector
    walking the same long-lived objects over and over: about an eighth of a Catakombs quest's
    time (bench/README.md).  Run as simulate's and fuzz's worker processes start (--jobs 2 or
    more) and by the speed scripts, never by the app or a library call; outcomes do not depend
    on it."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


@contextmanager
def collecting_less() -> Iterator[None]:
    """collect_less for a run of games in this process (simulate and fuzz with one job), and the
    collector as it was afterwards: the process may be a test's or go on to other work.  One
    job then plays as each worker of `--jobs 2` does (a one-job Skirmish simulate: 2% less CPU)."""
    threshold = gc.get_threshold()
    collect_less()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def start_worker(offered: list[Any]) -> None:
    """A worker process of simulate or fuzz as it starts: handed the content packs offered to
    the run, and the collector set as collect_less says."""
    from .engine import packs
    packs.offer(offered)
    collect_less()


def play_one(rs: Ruleset[Any, Any], setup: dict[str, Any], seed: int, i: int, record_dir: Path | None,
             version: str) -> Played:
    """Game i of a run with AI on every seat; its record goes to `record_dir`, named by its seed."""
    start = time.perf_counter()
    game = rs.new_game(setup, game_seed(seed, i))
    game.keep_events = record_dir is not None
    # Without a record nothing reads the round hashes (3-4% of a quest): the final result and
    # tally come from the state itself.
    game.hashes = record_dir is not None
    game.run(rs.ai_controllers())
    ms = (time.perf_counter() - start) * 1000
    if record_dir is not None:
        from .engine import record
        record.save(game, record_dir / f"{rs.id}-{game.seed}.json", version, meta_for(game, f"simulated game {i + 1}"))
    meta = rs.record_meta(game)
    result = game.result or {}
    return Played(i, game.seed, str(meta.get("adventure", "")), tuple(str(p) for p in meta.get("party", ())),
                  rs.outcome(result), rs.won(result), rs.tally(game), len(game.decisions), ms)


def play_game(game_id: str, setup: dict[str, Any], seed: int, record_dir: Path | None, version: str,
              i: int) -> Played:
    """Game i of a run (what a worker process plays)."""
    from .rulesets import get
    return play_one(get(game_id), setup, seed, i, record_dir, version)


def in_index_order(rs: Ruleset[Any, Any], task: Callable[..., T], games: int, jobs: int,
                   *args: Any) -> Iterator[T]:
    """`task(*args, i)` for games i = 0..games-1 of `rs`, yielded in index order: here, or
    shared among `jobs` processes, which gives the same results, since a game depends on its
    index alone.

    A worker is handed one game at a time: a game takes tens of milliseconds or more and
    handing one over a fraction of one, so batches saved nothing, while a run of a few batches
    could not be shared evenly and the last batch kept one core busy alone at the end (a fuzz
    run of 25 games or fewer was one batch, on one core).  The content is read here first: a
    worker forked after it starts with it."""
    if jobs <= 1:
        with collecting_less():
            for i in range(games):
                yield task(*args, i)
        return
    from concurrent.futures import ProcessPoolExecutor
    from itertools import repeat

    from .engine import packs
    rs.content()
    # Everything loaded by now is frozen before the workers fork: a worker's collector then
    # never walks (and so never writes to) the objects it shares with this process, which would
    # copy their pages one by one (copy-on-write) in each worker.
    # A worker started afresh (spawn, forkserver) has not read the content packs: it is handed them.
    with collecting_less(), ProcessPoolExecutor(max_workers=jobs, initializer=start_worker,
                                                initargs=(packs.offered(),)) as pool:
        yield from pool.map(task, *(repeat(arg) for arg in args), range(games))


def simulate(rs: Ruleset[Any, Any], setup: dict[str, Any], games: int, seed: int, jobs: int = 1,
             record_dir: Path | None = None, version: str = "",
             each: Callable[[Played], None] | None = None) -> Summary:
    """Play `games` games of one setup with AI on every seat, on `jobs` processes; `each` sees
    every finished game, in index order."""
    summary = Summary(rs.title, games, seed)
    for played in in_index_order(rs, play_game, games, jobs, rs.id, setup, seed, record_dir, version):
        summary.add(played)
        if each is not None:
            each(played)
    return summary


class ResultsTable:
    """Per-game results as CSV, one row per game (for balance studies); the columns are the
    first row's: seed, adventure, party, outcome, the game's own figures, decisions."""

    def __init__(self, path: Path) -> None:
        self.file = path.open("w", encoding="utf-8", newline="")
        self.writer: csv.DictWriter[str] | None = None

    def write(self, row: dict[str, Any]) -> None:
        if self.writer is None:
            self.writer = csv.DictWriter(self.file, fieldnames=list(row))
            self.writer.writeheader()
        self.writer.writerow(row)

    def close(self) -> None:
        self.file.close()
