"""What the table spares itself on its first drawing (issue 20: a save loaded and the replay
viewer opened within 300 ms): the footer's keys made again only when they change, a long log's
newest lines laid out first, no second layout for a terminal size the table has already."""
import asyncio

from textual import events
from textual.app import App, ComposeResult
from textual.widgets._footer import FooterKey

from dungeon_tui.engine.game import Event
from dungeon_tui.tui.event_log import KEEP, KEEP_AFTER_JUMP, EventLog
from dungeon_tui.tui.keys_footer import KeysFooter

from .helpers import at_first_choice, fp6_session, wait_for


def shown_keys(screen) -> list[tuple[str, str]]:
    """The keys Textual's own footer shows: the first shown binding of each action, in order."""
    first: dict[str, tuple[str, str]] = {}
    for _node, binding, _enabled, _tooltip in screen.active_bindings.values():
        if binding.show:
            first.setdefault(binding.action, (binding.key, binding.description))
    return list(first.values())


def test_the_footer_is_made_again_only_when_its_keys_change():
    async def body(app, pilot):
        footer = app.screen.query_one(KeysFooter)
        def drawn() -> list[tuple[str, str]]:
            return [(k.key, k.description) for k in footer.query(FooterKey) if not k.has_class("-command-palette")]
        # The footer shows the focused widget's keys (the list's, for a choice the map cannot show).
        assert await wait_for(pilot, lambda: drawn() and drawn() == shown_keys(app.screen))
        await pilot.pause(0.2)
        keys = list(footer.query(FooterKey))
        for _ in range(3):  # the screen says its bindings may have changed; they have not
            app.screen.refresh_bindings()
        await pilot.pause(0.2)
        after = list(footer.query(FooterKey))
        assert len(after) == len(keys) and all(a is b for a, b in zip(after, keys, strict=True))
        footer.compact = True  # what the keys look like changes: they are made again, compact
        app.screen.refresh_bindings()
        # Made again, every key compact: waited for as one, since on a loaded machine the keys'
        # classes could land a frame after the new keys (failed twice at load 11-18).
        def remade_compact() -> bool:
            now = list(footer.query(FooterKey))
            return bool(now) and now[0] is not keys[0] and all(k.has_class("-compact") for k in now)
        assert await wait_for(pilot, remade_compact)
    at_first_choice(fp6_session(), (100, 30), body)


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield EventLog(id="log")


def test_a_long_log_lays_out_its_newest_lines_first_and_the_rest_after_the_drawing():
    events_ = [Event("note", {"text": f"line {i}"}) for i in range(1000)]

    async def run():
        app = LogApp()
        async with app.run_test(size=(80, 24)) as pilot:
            log = app.query_one(EventLog)
            log.follow(events_)
            assert log.option_count == KEEP_AFTER_JUMP  # before the screen is drawn
            assert log.get_option_at_index(0).id == str(1000 - KEEP_AFTER_JUMP)
            assert await wait_for(pilot, lambda: log.option_count == KEEP)
            assert log.get_option_at_index(0).id == str(1000 - KEEP)
            assert log.get_option_at_index(KEEP - 1).id == "999"
            assert await wait_for(pilot, lambda: log.max_scroll_y > 0 and log.scroll_offset.y == log.max_scroll_y)
            # Going on from there adds the new lines to those shown.
            events_.append(Event("note", {"text": "one more"}))
            log.follow(events_)
            assert log.option_count == KEEP + 1 and log.get_option_at_index(KEEP).id == "1000"
    asyncio.run(run())


def test_the_terminal_size_the_table_has_already_is_not_laid_out_again():
    async def body(app, pilot):
        screen = app.screen
        await pilot.pause(0.2)
        layouts = []
        resized = screen._screen_resized  # Screen's handler of a Resize: the layout and drawing

        def counted(size):
            layouts.append(tuple(size))
            return resized(size)
        screen._screen_resized = counted
        screen.post_message(events.Resize(app.size, app.size))
        await pilot.pause(0.2)
        assert layouts == []
        await pilot.resize_terminal(80, 24)  # a new size is laid out, and fitted to
        assert await wait_for(pilot, lambda: screen.has_class("-narrow") and screen.has_class("-short"))
        assert (80, 24) in layouts
    at_first_choice(fp6_session(), (100, 30), body)


def test_a_seek_far_past_the_opening_pass_waits_for_its_keyframes(tmp_path, monkeypatch):
    """End pressed as the viewer opens: rather than play the whole record beside the pass
    (each slowing the other), the seek waits for the pass's keyframes and goes on from there."""
    from dungeon_tui.engine import record
    from dungeon_tui.rulesets import get
    from dungeon_tui.tui.app import DungeonApp
    from dungeon_tui.tui.replay_screen import FAR, ReplayScreen
    from dungeon_tui.tui.session import new_session
    game = new_session("warhammer-quest", {"adventure": "fp5"}, 7).game
    game.run(get("warhammer-quest").ai_controllers())
    record.save(game, tmp_path / "done.json", "test")
    rec = record.read(tmp_path / "done.json")
    n = len(rec.decisions)
    assert n > 2 * FAR
    passes = []
    # The pass started by hand below, so the test says when its keyframes arrive.
    monkeypatch.setattr(ReplayScreen, "keyframe_pass", lambda self: passes.append(self))

    async def run():
        app = DungeonApp(replay=rec)
        async with app.run_test(size=(100, 30)) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen) and passes)
            viewer = app.screen
            assert viewer.passing
            viewer.seek(FAR // 2)  # near: played at once
            assert viewer.pos == FAR // 2 and viewer.wanted is None
            viewer.seek(n)  # far: waits
            assert viewer.pos == FAR // 2 and viewer.wanted == n
            pass_game = viewer._fresh_game()
            for d in rec.decisions[:n // 2]:
                pass_game.play(record.action_of(d), d.why)
            viewer.post_message(ReplayScreen.Keyframes(list(pass_game.keyframes), list(pass_game.decisions), False))
            await pilot.pause(0.1)
            assert viewer.wanted == n and viewer.pos == FAR // 2  # not there yet: still waiting
            sent = len(pass_game.keyframes)
            for d in rec.decisions[n // 2:]:
                pass_game.play(record.action_of(d), d.why)
            viewer.post_message(ReplayScreen.Keyframes(pass_game.keyframes[sent:], pass_game.decisions, True))
            assert await wait_for(pilot, lambda: viewer.pos == n)
            assert viewer.wanted is None and not viewer.passing and viewer.game.over
            assert viewer.game.state_hash() == game.state_hash()
            # From the last keyframe, not from the start: the game shown resumed late in the record.
            assert viewer.frames[-1].decisions > n // 2
            viewer.seek(0)
            assert viewer.pos == 0 and viewer.wanted is None
    asyncio.run(run())
