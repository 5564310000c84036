"""Long choice lists folded for a screen reader: the biggest groups of one kind become one line,
`list N` opens a group (its squares row by row), and a number or a square still picks any
choice directly."""
import pytest

from dungeon_tui.plain.answers import pick
from dungeon_tui.plain.folding import SHORT, runs, short_list

from .helpers import chosen, fresh, played

GAMES = ("warhammer-quest", "heroquest", "ashardalon", "catakombs", "skirmish")


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))


def to_a_long_list(game: str, kind: str = ""):
    """A new game played by the AI up to the first choice of a player with a long list (with a
    choice of that kind)."""
    s = fresh(game)
    while True:
        d = s.game.pending
        if d.chance is None and s.is_human(d.seat) and len(d.options) > SHORT \
                and (not kind or any(a.kind == kind for a in d.options)):
            return s, d
        s.game.play(*s.ai_choice(d))


def offered(lines: list[str], prompt_end: str) -> list[str]:
    """The lines of the first offer: from its prompt up to the first answer asked."""
    start = next(i for i, line in enumerate(lines) if line.endswith(prompt_end) and i > 1)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(">"))
    return lines[start + 1:end]


def test_runs_of_numbers():
    assert runs([0, 1, 2, 4, 7, 8]) == "0 to 2, 4, 7 to 8"
    assert runs([-3, -2, 1]) == "-3 to -2, 1"


def test_a_short_list_is_not_folded():
    texts = [f"Walk to {x},0" for x in range(SHORT)]
    lines, groups = short_list(texts, ["walk"] * SHORT)
    assert groups == [] and lines[0] == "1. Walk to 0,0" and len(lines) == SHORT


def test_skirmish_deployment_is_one_line_opened_row_by_row_and_a_square_picks():
    s = fresh("skirmish")
    lines = played(s, "second", "list 1", "4,31", "list 1", "list 200")
    first = offered(lines, "Deploy Empire Captain")
    assert first == ["1 to 180. Deploy Empire Captain at one of 180 squares: list 1 tells them row by row."]
    opened = lines[lines.index(first[0]) + 1:]
    assert opened[:3] == ["> Deploy Empire Captain at one of 180 squares. Say the square (as 0,31) or its number.",
                          "Row 31: x 0 to 35 (choices 1 to 36).", "Row 32: x 0 to 35 (choices 37 to 72)."]
    assert "Row 35: x 0 to 35 (choices 145 to 180)." in opened
    assert chosen(s) == ["Take the second turn", "Deploy Empire Captain at 4,31"]
    # the next model's list has a hole where the Captain stands
    assert "Row 31: x 0 to 3, 5 to 35 (choices 1 to 35)." in lines
    assert "> list takes the number of a folded group: 1." in lines


def test_warhammer_quest_moves_fold_and_the_rest_stay_listed():
    s, d = to_a_long_list("warhammer-quest")
    lines = played(s, "choices", "list 3", "2,2")
    offer = offered(lines, "Barbarian: your turn")
    assert offer == ["1 to 28. Barbarian moves to one of 28 squares: list 1 tells them row by row.",
                     "29. Barbarian ends his turn"]
    assert "Row 2: x 0 to 2, 4 to 7 (choices 22 to 28)." in lines
    assert chosen(s)[-1] == "Barbarian moves to 2,2"


def test_ashardalon_one_step_and_longer_moves_are_one_group():
    s, d = to_a_long_list("ashardalon")
    lines = played(s, "choices", "23")
    offer = offered(lines, "hero phase")
    assert offer[2].startswith("3 to 28. Move to one of 26 squares: list 3")
    assert offer[-1] == "29. End the hero phase" and len(offer) == 4
    assert chosen(s)[-1] == str(d.options[22])  # a number inside a folded group picks directly


def test_skirmish_charges_fold_by_the_model_that_charges():
    s, d = to_a_long_list("skirmish", kind="declare_charge")
    lines = played(s, "list 33")
    assert "33 to 45. Empire Crossbowman: 13 choices, list 33 names them." in lines
    assert "21. Empire Marksman charges Orc Big Boss" in lines
    assert "> 33. Empire Crossbowman 1 charges Orc Big Boss" in lines


def test_heroquest_lists_stay_short_without_folding():
    """HeroQuest moves square by square: no list of steps and deeds in a whole AI game needs
    folding.  Spells are left out: a Wizard with all his spells in sight of two Chaos Warriors
    has 17 casts (this game has one such turn, 21 choices)."""
    s = fresh("heroquest")
    longest = without_spells = 0
    while s.game.pending is not None:
        d = s.game.pending
        if d.chance is None and s.is_human(d.seat):
            longest = max(longest, len(d.options))
            without_spells = max(without_spells, sum(a.kind != "cast" for a in d.options))
        s.game.play(*s.ai_choice(d))
    assert longest > 10 and without_spells <= SHORT


@pytest.mark.parametrize("game", [g for g in GAMES if g != "heroquest"])
def test_every_game_keeps_its_long_lists_short_and_every_choice_reachable(game):
    s, d = to_a_long_list(game)
    texts = [str(a) for a in d.options]
    lines, groups = short_list(texts, [a.kind for a in d.options])
    assert len(lines) <= SHORT
    listed = {int(line.split(".")[0]) for line in lines if line.split(".")[0].isdigit()}
    folded = {i + 1 for g in groups for i in g.members}
    assert listed | folded == set(range(1, len(texts) + 1))  # each choice shown or in a group
    for group in groups:
        opened = group.opened()
        for i, at in zip(group.members, group.squares, strict=True):  # its square picks it, or it is listed
            if at is not None:
                assert pick(f"{at[0]},{at[1]}", texts).index == i
                assert any(line.startswith(f"Row {at[1]}: x ") for line in opened)
            else:
                assert f"{i + 1}. {texts[i]}" in opened
