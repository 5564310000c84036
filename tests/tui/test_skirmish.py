"""Warhammer Skirmish in the app: two players in hotseat hand the keyboard over between the
warbands, each sees its own models as capitals, and every screen names models and warbands."""
import asyncio
import itertools

from dungeon_tui.tui.app import DungeonApp
from dungeon_tui.tui.dialogs import PassTheKeyboard
from dungeon_tui.tui.game_screen import GameScreen
from dungeon_tui.tui.session import Options, new_session

from .helpers import offers, open_new_game_form, pick_game, screen_text, wait_for

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


def test_the_new_game_form_lets_the_player_pick_both_warbands_magic_and_side():
    """The warbands, the magic option and the sides were only a command line's --set: the form
    lists each warband by name and the battle musters what was picked."""
    async def run():
        app = DungeonApp()
        async with app.run_test(size=(110, 50)) as pilot:
            form = await open_new_game_form(app, pilot)
            await pick_game(app, pilot, "skirmish", "#set-warband_1")
            mine = form.query_one("#set-warband_1")
            assert mine.value == "empire_patrol" and form.query_one("#set-warband_2").value == "orc_raiders"
            assert ("Barrow Host", "undead_host") in [(str(p), v) for p, v in mine._options]
            form.query_one("#adventure").value = "defend_the_village"
            mine.value = "skaven_scouts"
            form.query_one("#set-warband_2").value = "undead_host"
            form.query_one("#set-magic").value = "True"
            form.query_one("#set-swap_roles").value = "True"
            await pilot.press("ctrl+n")
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            s = app.screen.session.game.state
            assert s.warbands == ["skaven_scouts", "undead_host"] and s.magic
            assert s.roles == {"1": "attacker", "2": "defender"}
            assert any(m.profile == "warlock_engineer" for m in s.side_models(1))  # magic brings the wizard
    asyncio.run(run())


def test_the_choices_highlight_follows_the_cursor_onto_a_square_with_a_choice():
    """Enter on the map plays the cursor's square: the list shows that choice highlighted, not
    its first line (a model that "stays where it is" was played under another highlight)."""
    session = new_session("skirmish", {"adventure": "border_patrol"}, 3, options=Options(ai_speed="instant"))

    def duelist_to_deploy():
        d = session.game.pending
        return offers(app) and d.options[0].kind == "deploy" and "Duelist" in str(d.options[0])

    async def run():
        async with app.run_test(size=(130, 45)) as pilot:
            assert await wait_for(pilot, lambda: offers(app))
            await pilot.press("enter")  # the Empire Captain deployed where the cursor starts
            assert await wait_for(pilot, duelist_to_deploy)
            options, d = app.screen.query_one("#options"), session.game.pending
            assert options.highlighted == 0 and app.screen.query_one("#look").text.startswith("open ground at 1,31")
            await pilot.press("right", "right")
            await pilot.pause()
            assert str(d.options[options.highlighted]) == "Deploy Empire Duelist at 3,31"
            assert app.screen.query_one("#look").text.startswith("open ground at 3,31")  # still follows
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: any(
                e.data.get("action") == "Deploy Empire Duelist at 3,31" for e in session.game.events))
    app = DungeonApp(session)
    asyncio.run(run())


def test_hotseat_hands_the_keyboard_over_between_the_warbands():
    """The hand-over screen names the player and the warband; deployment alternates model by
    model (D27) and hides nothing, so after the first placement the keyboard passes with a
    notice only, and the screen comes back when the battle begins."""
    session = hotseat()
    names = {"hero:warband_1": "Ann", "dungeon": "Zoe"}
    notes: list[str] = []

    async def run():
        app = DungeonApp(session)
        app.notify = lambda message, **kw: notes.append(str(message))
        async with app.run_test(size=(140, 45)) as pilot:
            steps: list[tuple[str, str]] = []  # ("hand-over" or a decision's kind, its seat)
            while session.game.state.game_turn == 0 or not any(kind == "hand-over" for kind, _ in steps[-3:]):
                assert len(steps) < 60
                assert await wait_for(pilot, lambda: offers(app) or isinstance(app.screen, PassTheKeyboard))
                if isinstance(app.screen, PassTheKeyboard):
                    seat = session.human_pending().seat
                    assert app.screen.player == names[seat]
                    assert await wait_for(pilot, lambda seat=seat: names[seat] in screen_text(app))
                    text = screen_text(app)
                    assert names[seat] in text and BANDS[seat] in text  # the warband, never a seat or an id
                    assert "w1_" not in text and "w2_" not in text and "look away" not in text
                    assert "·" not in text  # nothing of the table shows behind it
                    steps.append(("hand-over", seat))
                    await pilot.press("enter")
                    assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and offers(app))
                    assert app.screen.view_seat == seat
                    continue
                d = session.game.pending
                steps.append((d.options[0].kind, d.seat))
                assert app.screen.view_seat == d.seat
                made = len(session.game.decisions)
                await pilot.press("o", "enter")  # the first choice: take the first turn, or a square
                assert await wait_for(pilot, lambda made=made: len(session.game.decisions) > made)
            deploys = [n for n, (kind, _) in enumerate(steps) if kind == "deploy"]
            placing = steps[deploys[0]:deploys[-1] + 1]
            assert len(deploys) == 25 and all(kind == "deploy" for kind, _ in placing)
            assert steps[deploys[0] - 1][0] == "hand-over"  # before the first placement
            seats = [seat for _, seat in placing]
            assert sum(a != b for a, b in itertools.pairwise(seats)) == 23  # alternating, 13 orcs to 12 men
            quiet = [n for n in notes if "Deploy" in n]
            assert len(quiet) == 23 and all(n.split(":")[0] in ("Ann", "Zoe") for n in quiet)
            after = steps[deploys[-1] + 1:]
            assert ("hand-over", "hero:warband_1") in after  # the battle hands the keyboard over again
    asyncio.run(run())


def _solo_at_choosing(seed: int = 3):
    """A solo border patrol played by the AI up to the player's first choice of a model to move."""
    session = new_session("skirmish", {"adventure": "border_patrol"}, seed, options=Options(ai_speed="instant"))
    game = session.game
    while not any(a.kind == "move_model" for a in game.pending.options) or game.pending.seat != "hero:warband_1":
        game.play(*session.ai_choice(game.pending))
    return session


def _solo_at_movement(seed: int = 3):
    """The same, with the first model that may run chosen to move."""
    from dungeon_tui.rulesets.skirmish.movement import may_run

    session = _solo_at_choosing(seed)
    game = session.game
    pick = next(a for a in game.pending.options if a.kind == "move_model"
                and may_run(game.state, game.state.models[a.get("model")]))
    game.play(pick, "test")
    return session, game.state.models[pick.get("model")]


def test_walk_and_run_squares_are_lit_apart():
    """`*` where the model walks, `:` where it may only run: apart without colour and in ASCII."""
    from dungeon_tui.rulesets.skirmish.movement import destinations
    from dungeon_tui.tui.map_view import MapView

    from .helpers import map_lines, square_text

    session, model = _solo_at_movement()
    routes = destinations(session.game, model)
    walks = {sq for sq, r in routes.items() if r.squares <= model.m}
    runs = set(routes) - walks
    assert walks and runs

    for ascii_map in (False, True):
        async def run(ascii_map=ascii_map):
            app = DungeonApp(session)
            app.ascii_map = ascii_map
            async with app.run_test(size=(140, 45)) as pilot:
                assert await wait_for(pilot, lambda: offers(app))
                mv = app.screen.query_one(MapView)
                assert mv.far == runs and set(routes) <= mv.reachable
                near = min(walks - {model.at}, key=lambda q: (abs(q[0] - model.at[0]) + abs(q[1] - model.at[1]), q))
                far = min(runs, key=lambda q: (abs(q[0] - model.at[0]) + abs(q[1] - model.at[1]), q))
                for sq, mark in ((near, "*"), (far, ":")):
                    mv.move_cursor_to(model.at)
                    await pilot.pause()
                    lines = map_lines(mv)
                    drawn = square_text(mv, lines, sq)
                    if drawn is None:  # off the view: centre on it, but not under the cursor
                        mv.move_cursor_to(sq)
                        mv.move_cursor_to((sq[0], sq[1] - 1), centre=False)
                        await pilot.pause()
                        drawn = square_text(mv, map_lines(mv), sq)
                    assert drawn is not None and drawn[0] == mark, (sq, drawn)
                    assert all(line.isascii() for line in map_lines(mv)) or not ascii_map
                help_text = app.screen.presenter.legend
                assert "* a square the model walks to" in help_text and ": one it may only run to" in help_text
        asyncio.run(run())


def test_the_footer_shows_no_cards_key_in_skirmish():
    """Skirmish has no cards: its footer offers no `c`, and the key does nothing."""
    session = new_session("skirmish", {"adventure": "border_patrol"}, 3, options=Options(ai_speed="instant"))

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(140, 45)) as pilot:
            assert await wait_for(pilot, lambda: offers(app))
            # The footer's keys once drawn (a loaded machine may draw it a frame later).
            assert await wait_for(pilot, lambda: "choices" in screen_text(app).rstrip().splitlines()[-1])
            footer = screen_text(app).rstrip().splitlines()[-1]
            assert "cards" not in footer and "choices" in footer and "undo" in footer
            assert app.screen.check_action("focus", ("hand",)) is False
            await pilot.press("c")
            assert app.screen.focused is not app.screen.query_one("#hand")
    asyncio.run(run())


def test_choosing_a_model_shows_the_players_own_models():
    """Which model moves: the map turns to the first one offered (the warbands start a table
    apart, and the map shows only part of it at 140x45)."""
    from dungeon_tui.tui.map_view import MapView

    from .helpers import map_lines, square_text

    session = _solo_at_choosing()
    first = session.game.state.models[next(a.get("model") for a in session.game.pending.options)]

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(140, 45)) as pilot:
            assert await wait_for(pilot, lambda: offers(app))
            await pilot.pause()
            mv = app.screen.query_one(MapView)
            assert mv.cursor == first.at
            drawn = square_text(mv, map_lines(mv), first.at)
            assert drawn is not None and drawn[0] == session.game.content.profiles[first.profile].glyph
    asyncio.run(run())


def test_while_the_opponent_plays_the_choices_name_its_warband():
    """No dungeon in Skirmish: while the AI's warband decides, the choices box names it."""
    session = new_session("skirmish", {"adventure": "border_patrol"}, 3, options=Options(ai_speed="instant"))
    game = session.game
    while game.pending.seat != "dungeon":
        game.play(*session.ai_choice(game.pending))
    assert GameScreen(session).waiting_for(game) == "Ironjaw Raiders: acting…"


def test_the_roster_fits_the_side_panel():
    """Each line of the rosters fits the side panel (43 columns of text) and says what is not
    plain standing; the rout test's threshold has its own line."""
    session = new_session("skirmish", {"adventure": "border_patrol"}, 3, options=Options(ai_speed="instant"))
    game = session.game
    for seat in session.owners:
        session.owners[seat] = "AI"
    while game.pending is not None and game.state.lost(1) + game.state.lost(2) < 3:
        game.play(*session.ai_choice(game.pending))
    before = game.ruleset.presenter().party(new_session("skirmish", {"adventure": "border_patrol"}, 3).game,
                                            "hero:warband_1")
    assert before[2] == "C Empire Captain        to deploy"
    lines = game.ruleset.presenter().party(game, "hero:warband_1")
    assert all(len(line) <= 43 for line in lines), [line for line in lines if len(line) > 43]
    assert lines[0] == "Ostland Road Wardens: " + f"{12 - game.state.lost(1)}/12 left"
    assert lines[1] in ("  tests for rout from 3 lost", "  tests for rout every turn")
    gone = [m for m in game.state.models.values() if not m.on_table]
    words = {"out_of_action": "out of action", "fled": "fled the field"}
    assert gone and all(f"{m.name:21} {words[m.status]}" in lines[n] for m in gone for n in range(len(lines))
                        if m.name in lines[n])


def _hotseat_at_a_charge(seed: int = 3):
    """A hotseat border patrol, both warbands deployed by the AI, up to Ann's first chance to
    declare a charge (the table hands the keyboard to her when it opens)."""
    session = hotseat(seed)
    game = session.game
    while not (game.pending.seat == "hero:warband_1" and any(a.kind == "declare_charge" for a in game.pending.options)):
        game.play(*session.ai_choice(game.pending))
    return session


def test_a_charge_in_hotseat_passes_the_keyboard_without_hand_over_screens():
    """Nothing is hidden (§5.2), so when Ann's model charges, Zoe answers for the charged model
    and Ann goes on with no hand-over screen either way: a notice names the player, and the
    choices box names the warband that decides ("Ironjaw Raiders: React to the charge ...")."""
    session = _hotseat_at_a_charge()
    notes: list[tuple[str, str]] = []

    async def run():
        app = DungeonApp(session)
        app.notify = lambda message, title="", **kw: notes.append((str(title), str(message)))
        async with app.run_test(size=(140, 45)) as pilot:
            if await wait_for(pilot, lambda: isinstance(app.screen, PassTheKeyboard), tries=50):
                await pilot.press("enter")  # Ann takes the keyboard for her turn
            assert await wait_for(pilot, lambda: offers(app))
            screen = app.screen
            charge = next(a for a in session.game.pending.options if a.kind == "declare_charge")
            screen.play(charge)
            assert await wait_for(pilot, lambda: offers(app) and session.game.pending.seat == "dungeon")
            assert isinstance(app.screen, GameScreen), "a hand-over screen for the charged side"
            d = session.game.pending
            assert {a.kind for a in d.options} >= {"hold", "flee"}
            # Too long for the box's border: written whole above the choices, the border keeps
            # the question without its details.
            assert str(app.screen.query_one("#options").border_title) == "Ironjaw Raiders: React to the charge"
            prompt = str(app.screen.query_one("#prompt").render())
            assert prompt.startswith("Ironjaw Raiders: React to the charge (Empire Captain charges ")
            assert notes[-1] == ("Your turn, Ironjaw Raiders", f"Zoe: {d.prompt}")
            assert app.screen.view_seat == "dungeon"
            screen.play(next(a for a in d.options if a.kind == "hold"))
            assert await wait_for(pilot, lambda: offers(app) and session.game.pending.seat == "hero:warband_1")
            assert isinstance(app.screen, GameScreen), "a hand-over screen back to the charging side"
            assert notes[-1][0] == "Your turn, Ostland Road Wardens" and notes[-1][1].startswith("Ann: ")
            assert str(app.screen.query_one("#options").border_title).startswith("Ostland Road Wardens: ")
    asyncio.run(run())


def test_the_hand_over_screen_shows_only_when_a_side_begins_its_turn():
    """Over whole battles (AI on both seats), each time the keyboard would change hands after the
    deployment: the screen when the new player's side has begun its turn since the other last
    chose; a notice for an answer in the other side's turn (a reaction, an interceptor, a dispel,
    blows in a close combat) and for the keyboard coming back."""
    from dungeon_tui.batch import game_seed
    from dungeon_tui.rulesets.skirmish.game import GAME

    p = GAME.presenter()
    seen = {"screen": 0, "quiet": 0}
    for scenario in ("border_patrol", "barrow_tomb"):
        game = GAME.new_game({"adventure": scenario, "magic": True}, game_seed(5, 0))
        ai = GAME.ai_controllers()
        last_seat, last_events = None, 0
        while not game.over:
            d = game.pending
            if d.seat != "chance":
                if last_seat is not None and d.seat != last_seat and game.state.side_turns:
                    began = any(e.kind == "side_turn" for e in game.events[last_events:])
                    quiet = p.quiet_hand_over(game, d)
                    assert quiet != began, (scenario, len(game.decisions), d.prompt)
                    seen["quiet" if quiet else "screen"] += 1
                last_seat, last_events = d.seat, len(game.events)
            game.play(*ai.get(d.seat, ai["*"]).choose(game, d))
    assert seen["screen"] >= 5 and seen["quiet"] >= 5, seen
