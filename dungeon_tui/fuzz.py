"""The fuzz runner: many seeded games with random legal decisions on every seat.

After every decision the game's own invariants run (`Ruleset.invariants()`),
and every `save_every` decisions (and at the end) the game is saved, read back and replayed,
which must give the same state hash.  A game stops at the end, at its first failure, or at
the decision cap.  Everything is a function of the arguments: the same arguments give the
same report (only the time differs).
"""
from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterator

from . import __version__
from .ai.controllers import mixed_controllers, random_controllers
from .batch import collecting_less, game_seed, in_index_order
from .engine import record
from .engine.errors import RecordError
from .engine.contract import Ruleset
from .engine.game import Game, canonical_hash
from .rulesets import get

Check = Callable[[Game], list[str]]


@dataclass(frozen=True)
class Failure:
    seed: int
    game: int  # index in the run
    adventure: str
    decision: int  # decisions played when the check failed
    message: str

    def __str__(self) -> str:
        return (f"FAIL game {self.game} seed {self.seed} {self.adventure} "
                f"decision {self.decision}: {self.message}")


@dataclass
class Report:
    game_id: str
    games: int
    seed: int
    max_decisions: int
    save_every: int
    players: str = "random"
    decisions: int = 0
    capped: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)  # each game's last state hash
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.failures

    def lines(self, timing: bool = True) -> list[str]:
        out = [f"fuzz {self.game_id}: {self.games} games, seed {self.seed}, at most {self.max_decisions} "
               f"decisions each, save/load every {self.save_every}"
               + (", the AI on every seat with one choice in four random" if self.players == "mixed" else ""),
               f"decisions {self.decisions}; capped games {self.capped}; outcomes: "
               + (", ".join(f"{k} {v}" for k, v in sorted(self.outcomes.items())) or "none"),
               f"final states digest {canonical_hash(self.hashes) if self.hashes else '-'}"]
        out += [str(f) for f in self.failures]
        out.append(f"failures {len(self.failures)}")
        if timing:
            per = self.seconds / self.decisions * 1e6 if self.decisions else 0.0
            out.append(f"time {self.seconds:.1f} s ({per:.0f} us per decision)")
        return out


class SaveLoad:
    """Save, read and replay one game, again and again as it goes on: a problem, or None when
    the copy has the same state hash.

    A save in the middle of a game replays on the copy the last save made, from where that
    one stopped, when the new record starts as the last one did (same game, same first
    decisions): what a replay from the start would check, each decision legal and every
    checkpoint's hash, is still checked, but the first decisions are not played again at every
    save (that made a long game's fuzz quadratic).  The last save of a game is replayed from
    the start, so a copy that only plays the same when made by pieces shows up too."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.last: tuple[record.RecordModel, Game] | None = None

    def __call__(self, game: Game, final: bool = False) -> str | None:
        from .rulesets import game_from_record
        record.save(game, self.path, __version__, {"label": "fuzz"})
        try:
            rec = record.read(self.path)
            if not final and self.last is not None and continues(self.last[0], rec):
                again = record.play_on(rec, self.last[1], len(self.last[0].decisions))
            else:
                again = record.replay(rec, game_from_record)
        except RecordError as err:
            self.last = None
            return f"save/load: the saved game does not load: {err}"
        self.last = (rec, again)
        if again.state_hash() != game.state_hash():
            return f"save/load: state hash {again.state_hash()} after loading differs from {game.state_hash()}"
        if len(again.decisions) != len(game.decisions) or again.over != game.over:
            return "save/load: the loaded game is at a different point"
        return None


def continues(before: record.RecordModel, after: record.RecordModel) -> bool:
    """Whether `after` is the record of the same game as `before`, played on: the same head and
    the same first decisions."""
    head = {"decisions", "checkpoints"}
    return (len(after.decisions) >= len(before.decisions)
            and before.model_dump(exclude=head) == after.model_dump(exclude=head)
            and after.decisions[:len(before.decisions)] == before.decisions)


PLAYERS = ("random", "mixed")  # random legal play on every seat; or the AI, one choice in four random


def fuzz_game(game_id: str, i: int, seed: int, max_decisions: int, save_every: int,
              check: Check, workdir: Path, players: str = "random") -> tuple[Game | None, str, list[Failure], bool]:
    """Play game i of a run: the game, its adventure, its failures (at most one), capped?"""
    rs = get(game_id)
    adventures = rs.invariants().adventures
    adventure = adventures[i % len(adventures)]
    gseed = game_seed(seed, i)

    def fail(n: int, message: str) -> list[Failure]:
        return [Failure(gseed, i, adventure, n, message)]

    try:
        game = rs.new_game({"adventure": adventure}, gseed)
    except Exception as err:  # noqa: BLE001 - a crash is the finding
        return None, adventure, fail(0, f"setup crashed: {type(err).__name__}: {err}"), False
    # No event log, as in headless `simulate`: the replays it is compared with keep theirs, so a
    # rule that reads game.events (it must not) shows up as a save/load mismatch.
    game.keep_events = False
    shun = rs.invariants().shun
    controllers = (mixed_controllers(rs, gseed ^ 0xF022, shun) if players == "mixed"
                   else random_controllers(gseed ^ 0xF022, shun))
    save_load = SaveLoad(workdir / f"fuzz-{i}.json")
    while not game.over:
        n = len(game.decisions)
        if n >= max_decisions:
            return game, adventure, [], True
        d = game.pending
        assert d is not None
        try:
            if d.chance is None and not d.options:
                return game, adventure, fail(n, f"{d.seat} is asked to choose with no options: {d.prompt}"), False
            action, why = (controllers.get(d.seat) or controllers["*"]).choose(game, d)
            game.play(action, why)
        except Exception as err:  # noqa: BLE001
            return game, adventure, fail(n, f"crash at {d.seat} '{d.prompt}': {type(err).__name__}: {err}"), False
        n += 1
        try:
            problems = check(game)
            if not problems and save_every and n % save_every == 0:
                problem = save_load(game)
                problems = [problem] if problem else []
        except Exception as err:  # noqa: BLE001
            problems = [f"invariant check crashed: {type(err).__name__}: {err}"]
        if problems:
            return game, adventure, fail(n, "; ".join(problems)), False
    problem = save_load(game, final=True)
    return game, adventure, fail(len(game.decisions), problem) if problem else [], False


@dataclass(frozen=True)
class Played:
    """What a run keeps of one fuzzed game (small, so worker processes can send it back)."""
    decisions: int
    last_hash: str | None  # None when setup crashed
    outcome: str
    capped: bool
    failures: tuple[Failure, ...]


def play(game_id: str, i: int, seed: int, max_decisions: int, save_every: int, check: Check,
         workdir: Path, players: str = "random") -> Played:
    game, _adventure, failures, capped = fuzz_game(game_id, i, seed, max_decisions, save_every, check, workdir,
                                                   players)
    if game is None:
        return Played(0, None, "failed", False, tuple(failures))
    outcome = "capped" if capped else ("failed" if failures else str((game.result or {}).get("outcome", "over")))
    return Played(len(game.decisions), game.state_hash(), outcome, capped, tuple(failures))


def play_alone(game_id: str, seed: int, max_decisions: int, save_every: int, players: str, i: int) -> Played:
    """Game i with the ruleset's own invariants, its saves in a folder of its own (what a
    worker process plays)."""
    check = get(game_id).invariants().check
    with tempfile.TemporaryDirectory(prefix="dungeon-tui-fuzz-") as tmp:
        return play(game_id, i, seed, max_decisions, save_every, check, Path(tmp), players)


Progress = Callable[[int, int], None]  # (games done, failures so far)


def run(game: str | Ruleset[Any, Any], games: int, seed: int = 1, max_decisions: int = 5000, save_every: int = 250,
        check: Check | None = None, jobs: int = 1, progress: Progress | None = None,
        players: str = "random") -> Report:
    """Fuzz `games` games of one game (its ruleset, or its id); `check` replaces the ruleset's invariants (tests).

    With `jobs` > 1 the games are shared out among that many processes (`in_index_order`).
    Each game is a function of (seed, its index) alone and games are tallied in index order, so
    the report is the same whatever the number of jobs.
    """
    game_id = get(game).id if isinstance(game, str) else game.id
    if check is not None and jobs > 1:
        raise ValueError("a replacement invariant check runs in one process only")
    if players not in PLAYERS:
        raise ValueError(f"players must be one of {', '.join(PLAYERS)}")
    report = Report(game_id, games, seed, max_decisions, save_every, players)
    start = time.perf_counter()
    games_played = (in_index_order(get(game_id), play_alone, games, jobs, game_id, seed, max_decisions, save_every,
                                   players) if jobs > 1 else
                    played_here(game_id, games, seed, max_decisions, save_every, players,
                                check or get(game_id).invariants().check))
    for done, played in enumerate(games_played, 1):
        tally(report, played)
        if progress:
            progress(done, len(report.failures))
    report.seconds = time.perf_counter() - start
    return report


def tally(report: Report, played: Played) -> None:
    report.failures += played.failures
    report.capped += played.capped
    if played.last_hash is not None:
        report.decisions += played.decisions
        report.hashes.append(played.last_hash)
        report.outcomes[played.outcome] = report.outcomes.get(played.outcome, 0) + 1


def played_here(game_id: str, games: int, seed: int, max_decisions: int, save_every: int, players: str,
                check: Check) -> Iterator[Played]:
    """The games one after the other in this process (with `check`, which may be a test's own)."""
    with tempfile.TemporaryDirectory(prefix="dungeon-tui-fuzz-") as tmp, collecting_less():
        for i in range(games):
            yield play(game_id, i, seed, max_decisions, save_every, check, Path(tmp), players)
