"""Warhammer Skirmish in the app: two players in hotseat hand the keyboard over between the
warbands, each sees its own models as capitals, and every screen names models and warbands."""
import asyncio

from dungeon_tui.tui.app import DungeonApp
from dungeon_tui.tui.dialogs import PassTheKeyboard
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.session import Options, new_session

from .helpers import offers, screen_text, wait_for

BANDS = {"hero:warband_1": "Ostland Road Wardens", "dungeon": "Ironjaw Raiders"}


def hotseat(seed: int = 3):
    return new_session("skirmish", {"adventure": "border_patrol"}, seed, player="Ann", dungeon="Zoe",
                       options=Options(ai_speed="instant"))


def test_each_player_sees_their_own_models_as_capitals():
    """The map's letters: the viewer's warband in capitals, the other in small letters, each
    model by its kind (Captain C, Swordsman S, Orc Boy O...), its level or state beside it."""
    session = hotseat()
    game = session.game
    for seat in session.owners:
        session.owners[seat] = "AI"
    while game.state.game_turn == 0:  # both warbands deployed by the AI
        session.play_ai_step()
    p = game.ruleset.presenter()
    for seat, side in (("hero:warband_1", 1), ("dungeon", 2)):
        cells = p.board(game, seat).cells
        for m in game.state.on_table():
            letter = cells[m.at][0][0]
            assert letter.upper() == game.content.profiles[m.profile].glyph
            assert letter.isupper() == (m.side == side)
    assert p.seat_label(game, "dungeon") == "Ironjaw Raiders"


def test_hotseat_hands_the_keyboard_over_between_the_warbands():
    session = hotseat()
    names = {"hero:warband_1": "Ann", "dungeon": "Zoe"}

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(140, 45)) as pilot:
            handed = []
            for _ in range(12):
                assert await wait_for(pilot, lambda: offers(app) or isinstance(app.screen, PassTheKeyboard))
                if isinstance(app.screen, PassTheKeyboard):
                    seat = session.human_pending().seat
                    assert app.screen.player == names[seat]
                    assert await wait_for(pilot, lambda seat=seat: names[seat] in screen_text(app))
                    text = screen_text(app)
                    assert names[seat] in text and BANDS[seat] in text  # the warband, never a seat or an id
                    assert "w1_" not in text and "w2_" not in text and "look away" not in text
                    assert "·" not in text  # nothing of the table shows behind it
                    handed.append(seat)
                    await pilot.press("enter")
                    assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and offers(app))
                    assert app.screen.view_seat == seat
                    if len(handed) == 3:
                        break
                    continue
                made = len(session.game.decisions)
                await pilot.press("o", "enter")  # the first choice: take the first turn, or a square
                assert await wait_for(pilot, lambda made=made: len(session.game.decisions) > made)
            assert len(handed) == 3 and handed[0] != handed[1] != handed[2]
    asyncio.run(run())
