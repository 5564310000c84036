"""The power die's score, the location die, and tests with fate rerolls (§2.1, §5.1, §5.14)."""
from __future__ import annotations

from cat_core_scenario import Picks, pd, rolls, run

from dungeon_tui.rulesets.catakombs.checks import test as stat_test
from dungeon_tui.rulesets.catakombs.dice import location, score
from dungeon_tui.rulesets.catakombs.state import HERO, Figure, State


def hero(fid: str = "irf", **stats: int) -> Figure:
    base = dict.fromkeys(("cc", "def", "tir", "mag", "str", "wil", "cha", "agi", "dex", "int"), 2)
    base.update(stats)
    return Figure(id=fid, card=fid, name=fid.title(), side=HERO, stats=base, armour=dict.fromkeys(
        ("head", "torso", "arms", "legs"), 0), dmg_melee=4, dmg_shoot=None, skills={}, spells=[],
        fate=stats.get("fate", 0), pv=20, max_pv=20)


def state_with(*figs: Figure) -> State:
    s = State(quest="test", party=[f.id for f in figs], seat_of={f.id: f"hero:{f.id}" for f in figs})
    s.figures = {f.id: f for f in figs}
    return s


def test_example_1_scoring():
    assert score(["I", "I", "blank"]) == 2
    assert score(["I*", "blank", "blank"]) == 1
    assert score(["I*", "I*", "I"]) == 6
    assert score(["I*"] * 4) == 16
    assert score(["blank", "blank"]) == 0


def test_location_die_faces():
    assert [location(p) for p in range(1, 7)] == ["head", "torso", "torso", "arms", "arms", "legs"]


def test_stat_zero_fails_without_a_roll():
    irf = hero(mag=0)
    s = state_with(irf)
    game = run(s, lambda g: stat_test(g, irf, "mag", 1, "cat.test.generic"), [])
    (r,) = rolls(game)
    assert (r["dice"], r["faces"], r["outcome"]) == ("0pd", [], "fail")
    assert game.result["value"].success is False


def test_difficulty_never_below_one():
    irf = hero(agi=1)
    s = state_with(irf)
    game = run(s, lambda g: stat_test(g, irf, "agi", 2, "cat.test.generic", modifiers={"help": -5}),
               [pd("blank")])
    (r,) = rolls(game)
    assert (r["target"], r["modifiers"], r["outcome"]) == (1, {"help": -5}, "fail")


def test_example_5_lock_and_fate_reroll():
    irf = hero(dex=3, fate=2)
    s = state_with(irf)
    game = run(s, lambda g: stat_test(g, irf, "dex", 4, "cat.lock.pick"),
               [pd("I*", "I", "blank"), pd("I*", "I*", "I")], players=Picks(("use_fate", {})))
    first, second = rolls(game, "cat.lock.pick")
    assert (first["dice"], first["faces"], first["inputs"], first["target"], first["outcome"]) == (
        "3pd", ["I*", "I", "blank"], {"stat": 3, "score": 2}, 4, "fail")
    assert (second["faces"], second["inputs"]["score"], second["outcome"], second["reroll"]) == (
        ["I*", "I*", "I"], 6, "success", True)
    assert irf.fate == 1 and game.result["value"].success


def test_fate_declined_keeps_the_failure():
    irf = hero(dex=3, fate=2)
    s = state_with(irf)
    game = run(s, lambda g: stat_test(g, irf, "dex", 4, "cat.lock.pick"), [pd("blank", "I", "blank")])
    assert irf.fate == 2 and not game.result["value"].success and len(rolls(game)) == 1


class Noting(Picks):
    """Picks that also notes the context of every decision it is asked."""

    def __init__(self, *picks: tuple[str, dict[str, object]]) -> None:
        super().__init__(*picks)
        self.asked: list[dict[str, object]] = []

    def choose(self, game, d):  # type: ignore[no-untyped-def]
        self.asked.append(dict(d.context))
        return super().choose(game, d)


def test_a_fate_decision_says_whether_it_rerolls_or_cancels():
    from cat_core_scenario import act, run, table

    from dungeon_tui.rulesets.catakombs.content import load_content
    s = table("lost_treasure", {"esterella": (18, 4)})
    noting = Noting(("keep_fate", {}), ("use_fate", {}))
    run(s, act("jump", s.figures["esterella"], to=(21, 4), over=2), [pd("I", "I", "I*")], noting, load_content())
    assert [c["use"] for c in noting.asked] == ["reroll", "cancel"]
