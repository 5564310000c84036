"""The six quests' own actions and ends (§5.16, §7), the end of a turn (downed deadlines, the
turn limit), and the Master's win when no hero stands."""
from __future__ import annotations

from cat_core_scenario import act, pd, play, rolls, table

from dungeon_tui.rulesets.catakombs.quests import check_end
from dungeon_tui.rulesets.catakombs.turns import end_of_turn


def test_quest_1_won_by_opening_the_chest():
    s = table("lost_treasure", {"irf": (28, 4)})
    play(s, act("open_chest", s.figures["irf"], at=(29, 4)), [])
    assert s.result == {"outcome": "victory", "why": "the chest is open"}


def test_the_masters_figures_never_open_the_chest():
    from dungeon_tui.rulesets.catakombs.turns import offers
    s = table("lost_treasure", {"revenant_1": (28, 4), "irf": (1, 4)})
    game = play(s, lambda g: iter(()), [])
    kinds = {a.kind for a in offers(game, s.figures["revenant_1"], "dungeon", 3)}
    assert "open_chest" not in kinds and "walk" in kinds


def test_quest_3_won_when_the_tomb_king_falls():
    s = table("end_of_the_reign", {"torgils": (27, 12), "tomb_king": (28, 12)})
    king = s.figures["tomb_king"]
    king.pv, king.fate = 1, 0
    play(s, act("melee", s.figures["torgils"], target="tomb_king"), [pd("I", "I", "I", "I"), [2]], ("hold", {}))
    assert king.status == "off" and s.result["outcome"] == "victory"


def test_quest_3_the_kings_fate_cancels_his_fall():
    s = table("end_of_the_reign", {"torgils": (27, 12), "tomb_king": (28, 12)})
    king = s.figures["tomb_king"]
    king.pv = 1
    play(s, act("melee", s.figures["torgils"], target="tomb_king"), [pd("I", "I", "I", "I"), [2]], ("use_fate", {}))
    assert king.standing and king.pv == 1 and king.fate == 0 and s.result is None


def test_quest_4_decipher_then_everyone_leaves():
    s = table("escape", {"irf": (31, 4), "esterella": (30, 4)})
    irf, est = s.figures["irf"], s.figures["esterella"]
    game = play(s, act("decipher", irf, at=(32, 4)), [pd("I*", "I*")])
    assert s.secret["32,4"] == "open" and rolls(game)[0]["rule"] == "cat.quest.decipher"

    def out(game):
        irf.pos = (32, 4)
        yield from act("leave", irf)(game)
        assert game.state.result is None  # Esterella is still inside
        est.pos = (32, 4)
        yield from act("leave", est)(game)
    play(s, out, [])
    assert s.result == {"outcome": "victory", "why": "every living hero has escaped"}


def test_quest_5_the_gem_goes_out_by_the_stairs():
    s = table("burglary", {"irf": (28, 4)})
    irf = s.figures["irf"]
    play(s, act("pick_lock", irf, at=(29, 4)), [pd("I*", "I*", "blank")])
    assert irf.items == ["treasure_gem"] and s.result is None

    def out(game):
        irf.pos = (1, 4)
        yield from act("leave", irf)(game)
    play(s, out, [])
    assert s.result == {"outcome": "victory", "why": "the gem is carried out"}


def test_quest_6_the_uncle_is_talked_out_and_lost_if_he_dies():
    s = table("old_fool", {"esterella": (28, 14), "revenant_1": (20, 12)})
    est, uncle = s.figures["esterella"], s.figures["uncle"]
    play(s, act("speech", est, target="uncle"), [pd("I*", "I*", "blank")])
    assert s.flags["uncle_joined"] and s.seat_of["uncle"] == "hero:esterella" and s.doors["30,13"] == "open"
    assert uncle.ap == 0  # he follows from the next heroes' turn
    from dungeon_tui.rulesets.catakombs.damage import lose_pv
    play(s, lambda g: lose_pv(g, uncle, 12, "a blow"), [])
    assert uncle.status == "dead" and check_end_of(s) == {"outcome": "defeat", "why": "the uncle is dead"}


def check_end_of(s):
    from cat_core_scenario import run
    from dungeon_tui.rulesets.catakombs.content import load_content
    game = run(s, lambda g: iter(()), [], content=load_content())
    check_end(game)
    return s.result


def test_downed_hero_dies_at_the_end_of_the_next_turn():
    s = table("lost_treasure", {"irf": (3, 4), "torgils": (5, 5)})
    irf = s.figures["irf"]
    irf.status, irf.pv, irf.downed_turn = "downed", 0, 2
    play(s, end_of_turn, [])
    assert irf.status == "downed"
    s.turn = 3
    play(s, end_of_turn, [])
    assert irf.status == "dead" and irf.pos is None


def test_the_deadline_kills_with_no_fate_offered():
    # RB: fate cancels "un résultat qui aurait provoqué la mort", a roll's result; dying of the
    # wounds at the end of the next turn is no roll, so a fate point does not save him.
    s = table("lost_treasure", {"irf": (3, 4), "torgils": (5, 5)})
    irf = s.figures["irf"]
    irf.status, irf.pv, irf.downed_turn, irf.fate = "downed", 0, 2, 2
    s.turn = 3
    game = play(s, end_of_turn, [], then=("use_fate",))
    assert irf.status == "dead" and irf.fate == 2
    assert not [e for e in game.events if e.kind == "fate"]


def test_no_hero_standing_is_the_masters_win():
    s = table("lost_treasure", {"irf": (3, 4), "revenant_1": (4, 4)})
    irf = s.figures["irf"]
    irf.pv = 3
    play(s, act("melee", s.figures["revenant_1"], target="irf"), [pd("I", "I", "I"), [2]])
    assert irf.status == "downed" and s.result == {"outcome": "defeat",
                                                    "why": "no hero is left standing in the catacombs"}


def test_turn_limit_ends_the_quest():
    s = table("escape", {"irf": (3, 12)})
    s.turn = 10
    play(s, end_of_turn, [])
    assert s.result["outcome"] == "defeat" and "turn 10" in s.result["why"]
