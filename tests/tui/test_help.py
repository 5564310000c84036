"""The help screen in every game: it opens (a Catakombs legend bracket once broke its markup
and the app with it), lays the keys out in two columns, and shows the game's own keys and its
map legend as plain text."""
import pytest

from dungeon_tui.rulesets import get
from dungeon_tui.tui.help_screen import HelpScreen
from dungeon_tui.tui.session import Options, new_session

from .helpers import at_first_choice, screen_text, wait_for

GAMES = ("warhammer-quest", "heroquest", "ashardalon", "catakombs", "skirmish")


@pytest.mark.parametrize("game", GAMES)
def test_help_opens_with_the_games_keys_and_legend(game):
    session = new_session(game, {}, 5, options=Options(ai_speed="instant"))
    presenter = get(game).presenter()

    async def look(app, pilot):
        await pilot.press("question_mark")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause(0.1)
        lines = screen_text(app).splitlines()
        # A long description wraps inside its own column, under its first word.
        enter = next(i for i, line in enumerate(lines) if "enter, or a click" in line)
        start = lines[enter].index("do what is lit")
        assert lines[enter + 1][start:].startswith("(asks which")
        assert lines[enter + 1][:start].strip(" █") == ""
        text = "\n".join(lines)
        assert presenter.legend.split()[0] in text
        for verb in presenter.verbs:
            assert (verb.about or verb.label) in text
    at_first_choice(session, (100, 200), look)
