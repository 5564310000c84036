"""The warriors and monsters a state keeps (`Figures`) are the ones a scan of every figure
finds, at every decision of whole games and after figures are put in by hand; and a warrior's
turn read kind by kind gives the companion the choice it makes reading every option."""
from __future__ import annotations

import pickle

from scenario import monster, play_checking, room, warrior

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Decision
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.warhammer_quest.ai.companions import WarriorAI
from dungeon_tui.rulesets.warhammer_quest.state import ACTIVE, DEAD, HERO, MONSTER, Figures, State


def _scanned(s: State) -> tuple[list, list]:
    figs = list(s.figures.values())
    return ([f for f in figs if f.side == HERO],
            [f for f in figs if f.pos is not None and f.side == MONSTER and f.status == ACTIVE])


def test_the_kept_warriors_and_monsters_are_a_scan_of_every_figure_at_every_decision():
    checked = [0]

    def check(game, decision):
        s = game.state
        assert type(s.figures) is Figures
        assert (s.heroes(), s.monsters()) == _scanned(s)
        checked[0] += 1
    for game in play_checking(check, 2027, 3, adventures=("fp6",)):
        s = game.state
        assert any(f.status == DEAD for f in s.figures.values())  # the slain were passed over
        assert (s.heroes(), s.monsters()) == _scanned(s)
        copy = pickle.loads(pickle.dumps(s))  # a keyframe: its own figures, kept the same way
        assert (copy.heroes(), copy.monsters()) == _scanned(copy)
    assert checked[0] > 300


def test_figures_put_in_or_replaced_by_hand_are_seen_at_once():
    s = room()
    barbarian = warrior(s, "barbarian", (1, 1))
    orc = monster(s, "skaven", (2, 1), fid="m1")
    assert s.heroes() == [barbarian] and s.monsters() == [orc]
    again = warrior(s, "barbarian", (3, 3))  # the same id, a new figure
    other = monster(s, "minotaur", (4, 4), fid="m1")
    assert s.heroes() == [again] and s.monsters() == [other]
    other.status, other.pos = DEAD, None  # slain: gone from the monsters, and from the kept list
    assert s.monsters() == []
    assert isinstance(s.figures, Figures) and s.figures.sides()[1] == []
    s.figures = {"barbarian": again}  # a plain dict put in by hand: scanned every time
    assert s.heroes() == [again] and s.monsters() == []
    s.figures.setdefault("m2", orc)
    assert s.monsters() == [orc]


def test_a_warriors_turn_read_by_kind_gives_the_choice_read_from_every_option():
    """The companion asks `offers_of` kind by kind; on a plain Decision (every option made at
    once) it picks the very same action with the same words, at every warrior's turn."""
    rs = get("warhammer-quest")
    checked = [0]

    class Both(WarriorAI):
        def choose(self, game, decision):
            if decision.context.get("figure") and not decision.context.get("window"):
                pick = super().choose(game, decision)  # before anything reads every option
                whole = Decision(decision.seat, decision.prompt, list(decision.options), None,
                                 dict(decision.context))
                assert WarriorAI().choose(game, whole) == pick
                checked[0] += 1
                return pick
            return super().choose(game, decision)
    controllers = rs.ai_controllers()
    controllers["*"] = Both()
    for i in range(2):
        rs.new_game(rs.normalise_setup({"adventure": "fp6"}), game_seed(7, i)).run(controllers)
    assert checked[0] > 100
