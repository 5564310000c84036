"""§3.3: a hotseat Master picks the roster card by card as play begins; a solo Master's is the
book's order, and a hotseat Master handed to the AI musters that very roster."""
import pytest

from dungeon_tui.engine.game import DUNGEON
from dungeon_tui.rulesets.catakombs.game import GAME
from dungeon_tui.rulesets.catakombs.muster import solo_fill, solo_roster

TWO_HEROES = ["torgils", "irf"]  # 200 points of heroes, for a 200-point quest


def hotseat(points: int = 300, **more):
    heroes = TWO_HEROES if points < 300 else None
    return GAME.new_game({"adventure": "liberation", "mode": "hotseat", "points": points,
                          **({"heroes": heroes} if heroes else {}), **more}, 4)


def pick(game, text: str) -> None:
    game.play(next(a for a in game.pending.options if a.text.startswith(text)))


@pytest.mark.parametrize("points", [200, 300, 400])
def test_the_ai_musters_what_a_solo_master_would(points):
    game = hotseat(points)
    assert game.setup["roster"] == [] and not game.state.roster
    game.play(*GAME.ai_controllers()[DUNGEON].choose(game, game.pending))
    solo = GAME.new_game({"adventure": "liberation", "points": points,
                          **({"heroes": TWO_HEROES} if points < 300 else {})}, 4)
    assert game.state.roster == solo.state.roster
    assert [f.rats for f in map(game.state.figures.get, game.state.roster)] == [
        f.rats for f in map(solo.state.figures.get, solo.state.roster)]


def test_a_master_picks_card_by_card_within_box_and_points():
    game = hotseat(200)
    d = game.pending
    # One leader in the box: the Tomb King leads without a question.
    assert d.seat == DUNGEON and d.prompt == "The Master's roster: Tomb King, 70 of 200 points. Add which?"
    assert [a.text for a in d.options] == [
        "Revenant, 15 points (6 left)", "Skell, 50 points (1 left)", "Vampire, 50 points (1 left)",
        "4 Rats (a swarm), 20 points (8 left)", "The rest as a solo Master: 6 Revenants and 8 Rats, 130 points",
        "Done: muster these, 70 of 200 points"]
    pick(game, "4 Rats")
    pick(game, "Vampire")
    pick(game, "Skell")  # 190 of 200: a revenant (15) or a swarm (20) would overflow
    assert game.pending.options[0].kind == "deploy"  # nothing else fits: mustered without asking
    s = game.state
    assert s.roster == ["tomb_king", "rats_a", "vampire", "skell"] and s.figures["rats_a"].rats == 4
    said = [e.data["text"] for e in game.events if e.kind == "muster"]
    assert said == ["The Master musters Tomb King, 4 Rats, Vampire and Skell (190 of 200 points)."]
    assert game.pending.context["figure"] == "tomb_king"  # then the leader is placed first


def test_done_musters_what_was_picked_and_the_rest_fills_by_the_solo_order():
    game = hotseat(300)
    pick(game, "Revenant")
    pick(game, "Done")
    assert game.state.roster == ["tomb_king", "revenant"]
    game = hotseat(300)
    pick(game, "Vampire")
    pick(game, "The rest as a solo Master")
    # The solo order after the Vampire: revenants, rats, Skell, as the points allow.
    assert game.state.roster[:2] == ["tomb_king", "vampire"] and game.state.roster[-1] == "skell"
    assert solo_fill(game.content, ["tomb_king", "vampire"], 300) == [
        "tomb_king", "vampire", *["revenant"] * 6, *["rat"] * 8, "skell"]


def test_a_roster_given_in_the_setup_is_not_asked():
    # Records made before the Master picked in play name the roster in their setup.
    cards = solo_roster(GAME.content(), 300)
    game = hotseat(300, roster=cards)
    assert game.setup["roster"] == cards and game.pending.options[0].kind == "deploy"
