"""The solo Master's order of its roused figures (§6.3: nearest to their target first, ties in
roster order) is the same when a figure that can strike from where it stands is put first
without walking the others (ai/master.py `_ordered`): checked against the whole ranking at
every Master decision of twelve AI quests; and asking the walks only of the figures whose
least possible steps could still put them next (`nearest_first`) gives the order sorting gives."""
from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.engine.game import Game
from dungeon_tui.rulesets.catakombs.ai import master
from dungeon_tui.rulesets.catakombs.ai.plan import FAR, Plan
from dungeon_tui.rulesets.catakombs.terrain import Map


def _ranked_in_full(game: Game, roused: list[str], m: Map) -> list[str]:
    s = game.state
    rank = {fid: i for i, fid in enumerate(s.roster)}
    return sorted(roused, key=lambda f: (Plan(game, s.figures[f], shared=m).target_and_steps()[1], rank.get(f, FAR)))


def test_the_roused_figures_come_nearest_first_as_the_whole_ranking_has_them(monkeypatch: pytest.MonkeyPatch) -> None:
    real = master.MasterSeat._ordered
    seen = {"orders": 0, "struck first": 0}

    def checked(self: master.MasterSeat, game: Game, acting: list[str], m: Map | None = None):  # type: ignore[no-untyped-def]
        got = list(real(self, game, acting, m))
        s = game.state
        roused = [f for f in got if f in acting and s.figures[f].activated and (s.turn, f) not in self._done]
        current = self._current
        if len(acting) > 1 and len(roused) > 1 and not (current and current[0] == s.turn and current[1] in acting
                                                        and (s.turn, current[1]) not in self._done):
            whole = _ranked_in_full(game, roused, m or Map(game))
            assert roused == whole
            seen["orders"] += 1
            seen["struck first"] += Plan(game, s.figures[whole[0]], shared=m or Map(game)).strikes_from_here()
        return iter(got)
    monkeypatch.setattr(master.MasterSeat, "_ordered", checked)
    for quest in ("lost_treasure", "liberation", "end_of_the_reign", "escape", "burglary", "old_fool"):
        play_ai_quest(quest, 0)
        play_ai_quest(quest, 1)
    assert seen["orders"] > 100 and seen["struck first"] > 10, seen


def _counted(steps: dict[str, int], asked: list[str]) -> Callable[[str], int]:
    """A figure's steps, noting that they were asked (a walk each in play)."""
    def walk(f: str) -> int:
        asked.append(f)
        return steps[f]
    return walk


def test_nearest_first_gives_the_sorted_order_asking_fewer_walks() -> None:
    rng = random.Random(21)
    asked_fewer = 0
    for _ in range(2000):
        n = rng.randint(1, 9)
        figures = [f"f{i}" for i in range(n)]
        steps = {f: rng.choice([rng.randint(0, 12), FAR]) for f in figures}
        least = {f: rng.randint(0, min(steps[f], 12)) for f in figures}  # a bound, never over
        rank = {f: rng.choice([rng.randint(0, 5), FAR]) for f in figures}  # ties, as off the roster
        asked: list[str] = []
        got = master.nearest_first(figures, _counted(steps, asked), least.__getitem__, rank.__getitem__)
        first = next(got)
        asked_for_first = len(asked)
        assert [first, *got] == sorted(figures, key=lambda f: (steps[f], rank[f]))
        asked_fewer += asked_for_first < n
    assert asked_fewer > 500
