"""What a player reads of Catakombs (issue 16's rules for the app): the pool counted and named,
spell cards that say what each Magic score does, a square looked at told once, the multiply
rule worked out in the roll's words, and the wait option's words."""
from __future__ import annotations

from types import SimpleNamespace

from cat_core_scenario import Picks, pd, rolls, run, table

from dungeon_tui.rulesets.catakombs.checks import test as stat_test
from dungeon_tui.rulesets.catakombs.content import load_content
from dungeon_tui.rulesets.catakombs.presenter import PRESENTER
from dungeon_tui.rulesets.catakombs.terrain import Map
from dungeon_tui.rulesets.catakombs.windows import wait_offers


def shown(state):  # just what the presenter reads of a game
    return SimpleNamespace(state=state, content=load_content(), pending=None)


def test_the_off_board_pool_names_figures_and_counts_rats():
    s = table("lost_treasure", {"irf": (3, 4)})
    s.pool = [{"id": "revenant_2", "turn": 1}, {"id": "rats_a.1", "turn": 1}, {"id": "rats_a.2", "turn": 1}]
    lines = PRESENTER.party(shown(s), "hero:irf")  # type: ignore[arg-type]
    assert "Off the board: Revenant 2, 2 rats" in lines


def test_a_spell_card_says_what_each_magic_score_does():
    s = table("lost_treasure", {"esterella": (3, 4)})
    (healing, *_) = PRESENTER.hand(shown(s), "hero:esterella", "esterella")  # type: ignore[arg-type]
    assert healing.text == ("Freya's healing: 1 AP, on itself or an ally in sight; a downed ally too; cures poison. "
                            "Magic score 1: heals 3 · 2-3: heals 6 · 4-5: heals 9 · 6+: heals 12.")


def test_looking_at_a_figure_names_its_square_once():
    s = table("lost_treasure", {"irf": (3, 4)})
    assert PRESENTER.look(shown(s), "hero:irf", (3, 4)).startswith("3,4: Irf the Hunter: ")  # type: ignore[arg-type]


def test_the_multiply_rule_is_worked_out_in_the_roll():
    s = table("lost_treasure", {"irf": (3, 4)})
    irf = s.figures["irf"]
    irf.stats["dex"] = 3
    game = run(s, lambda g: stat_test(g, irf, "dex", 4, "cat.lock.pick"), [pd("I*", "I*", "I")], Picks(),
               load_content())
    (roll,) = rolls(game)
    assert ": I*, I*, I = 3 x2 = 6 against 4: success" in roll["text"]


def test_the_wait_option_says_what_is_kept():
    s = table("lost_treasure", {"irf": (3, 4)})
    irf = s.figures["irf"]
    m = Map(shown(s))  # type: ignore[arg-type]
    assert wait_offers(m, irf, "hero:irf")[0].text.endswith("keep a point for the Master's turn (2 AP)")
    irf.reserved = 1
    assert wait_offers(m, irf, "hero:irf")[0].text.endswith("keep a point for the Master's turn, 1 kept already (2 AP)")


def test_a_hero_seat_is_named_by_its_hero_never_its_id():
    s = table("lost_treasure", {"irf": (3, 4), "torgils": (3, 5)})
    assert PRESENTER.seat_label(shown(s), s.seat_of["irf"]) == "Irf"  # type: ignore[arg-type]
    s.seat_of["torgils"] = s.seat_of["irf"]
    assert PRESENTER.seat_label(shown(s), s.seat_of["irf"]) == "Torgils and Irf"  # type: ignore[arg-type]
    assert PRESENTER.seat_label(shown(s), "dungeon") is None  # type: ignore[arg-type]


def test_the_prisoner_has_his_own_mark_and_colour_in_ascii_too():
    from dungeon_tui.rulesets import get
    from dungeon_tui.tui.glyphs import to_ascii
    game = get("catakombs").new_game({"adventure": "liberation"}, 1)
    board = PRESENTER.board(game, game.pending.seat)
    text, role = board.cells[(30, 1)]
    assert role == "objective" and to_ascii(text) == "P " and "P the prisoner" in to_ascii(PRESENTER.legend)
    assert "prisoner" in PRESENTER.look(game, game.pending.seat, (30, 1))
    # Quest VI's uncle is a figure on that square; once he walks out it is cell floor again.
    game = get("catakombs").new_game({"adventure": "old_fool"}, 1)
    uncle = game.state.figures["uncle"]
    board = PRESENTER.board(game, game.pending.seat)
    assert board.cells[uncle.at][0] == "u "
    where, uncle.pos = uncle.at, None
    assert PRESENTER.board(game, game.pending.seat).cells[where] == ("∙ ", "floor")
