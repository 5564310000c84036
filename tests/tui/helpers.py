"""Helpers for app tests: wait for a condition, read the whole screen as text (for assertions;
the snapshot tests compare SVG screenshots through pytest-textual-snapshot)."""
from __future__ import annotations

import io
import time

from rich.console import Console


def fp6_session(**kwargs):
    """Free the Prisoners, seed 42, the AI at instant speed (unless options are given)."""
    from dungeon_tui.tui.session import Options, new_session
    kwargs.setdefault("options", Options(ai_speed="instant"))
    return new_session("warhammer-quest", {"adventure": "fp6"}, 42, **kwargs)


def all_ai_session():
    """Man Eater, seed 7, with the AI on every seat at instant speed."""
    from dungeon_tui.tui.session import Options, new_session
    session = new_session("warhammer-quest", {"adventure": "fp5"}, 7, options=Options(ai_speed="instant"))
    for seat in session.owners:
        session.owners[seat] = "AI"
    return session


async def open_new_game_form(app, pilot):
    """From the title screen to the new-game form; returns the form."""
    from dungeon_tui.tui.app import NewGameScreen
    await pilot.press("enter")  # New game
    assert await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
    return app.screen


async def pick_game(app, pilot, game_id: str, field: str) -> None:
    """Choose another game in the new-game form and wait until its own fields (`field` among
    them) are built and set."""
    from textual.widgets import Select
    app.screen.query_one("#game").value = game_id
    assert await wait_for(pilot, lambda: bool(app.screen.query(field))
                          and app.screen.query_one("#adventure").value != Select.NULL)


def at_first_choice(session, size, body) -> None:
    """Run `await body(app, pilot)` in the app once the first human choice is on offer."""
    import asyncio

    from dungeon_tui.tui.app import DungeonApp

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=size) as pilot:
            assert await wait_for(pilot, lambda: offers(app))
            await body(app, pilot)
    asyncio.run(run())


def offers(app) -> bool:
    """The game screen is on top and offers the pending decision: keys pressed from now on
    answer it (keys pressed before it was shown, or in the moment after the AI played, are
    dropped, as a player's would be)."""
    screen = app.screen
    offered = getattr(screen, "offered", None)
    return (offered is not None and offered is screen.session.game.pending
            and time.monotonic() >= getattr(screen, "offered_at", 0.0))


async def wait_for(pilot, test, tries: int = 300, pause: float = 0.02) -> bool:
    for _ in range(tries):
        if test():
            return True
        await pilot.pause(pause)
    return test()


async def settled(pilot, widget, tries: int = 100) -> None:
    """Pause until the widget's place, size and scroll stay the same over three pauses: on a
    loaded machine a layout change (the map made compact, scrolled to the heroes) can land a few
    frames late, and a click aimed from the old geometry finds another square."""
    last, same = None, 0
    for _ in range(tries):
        await pilot.pause()
        now = (widget.region, widget.size, tuple(widget.scroll_offset))
        same = same + 1 if now == last else 0
        if same >= 2:
            return
        last = now


def screen_text(app) -> str:
    """The screen as the player sees it, characters only (the same render as a screenshot)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def hq_session(seed: int = 3, **kwargs):
    """HeroQuest, The Trial, all four heroes, the AI at instant speed (unless options are given)."""
    from dungeon_tui.tui.session import Options, new_session
    kwargs.setdefault("options", Options(ai_speed="instant"))
    session = new_session("heroquest", {"adventure": "the_trial"}, seed, **kwargs)
    game = session.game
    while game.pending is not None and any(a.kind == "draft" for a in game.pending.options):
        game.play(game.pending.options[0], "the draft, in order")  # spell groups first, as the game begins
    return session


def map_lines(mv) -> list[str]:
    """The map widget's rows as the terminal shows them."""
    return [mv.render_line(y).text for y in range(mv.size.height)]


def square_text(mv, lines: list[str], sq) -> str | None:
    """The two characters drawn for a square, if the square is in view."""
    px, py = mv._pad()
    sx, sy = mv.scroll_offset
    row, col = mv.square_line(sq[1]) + py - sy, mv.square_col(sq[0]) + px - sx
    if not (0 <= row < len(lines)) or col < 0 or col + 2 > len(lines[row]):
        return None
    return lines[row][col:col + 2]
