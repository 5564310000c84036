"""Dice at the table: with the dice setting `mine` a human hero's roll asks for the faces; a
wrong entry is one line and the question again; the record keeps the typed faces and says they
were typed, so the game replays and undoes like any other."""
import asyncio

from dungeon_tui.engine import record
from dungeon_tui.engine.typed_dice import TYPED
from dungeon_tui.rulesets import game_from_record
from dungeon_tui.tui.app import DungeonApp
from dungeon_tui.tui.session import Options, load_session, new_session
from dungeon_tui.tui.table_play import TypeRoll

from .helpers import screen_text, wait_for


def to_the_barbarians_turn(dice: str):
    session = new_session("heroquest", {"adventure": "the_trial"}, 5, options=Options(ai_speed="instant", dice=dice))
    while not session.game.pending.prompt.startswith("Barbarian: your turn"):
        d = session.game.pending
        session.play_human(d.options[0]) if session.is_human(d.seat) else session.play_ai_step()
    return session


async def roll_to_move(app, pilot):
    """The Barbarian rolls to move; the dice dialog opens."""
    assert await wait_for(pilot, lambda: bool(app.screen.query("MapView")))
    pending = app.screen.session.game.pending
    app.screen.play(next(a for a in pending.options if a.text == "Barbarian rolls to move"))
    assert await wait_for(pilot, lambda: isinstance(app.screen, TypeRoll))


def test_a_heros_roll_is_typed_checked_recorded_and_undone(tmp_path):
    session = to_the_barbarians_turn("mine")

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(120, 36)) as pilot:
            await roll_to_move(app, pilot)
            assert await wait_for(pilot, lambda: "Player: roll 2 dice" in screen_text(app))
            assert "hq.move.roll" in screen_text(app) and "1 to 6" in screen_text(app)
            before = len(session.game.decisions)
            await pilot.press("9", "space", "1", "enter")
            assert await wait_for(pilot, lambda: "9 is not a face of a d6" in screen_text(app))
            assert isinstance(app.screen, TypeRoll) and len(session.game.decisions) == before
            await pilot.press("3", "space", "4", "enter")
            assert await wait_for(pilot, lambda: not isinstance(app.screen, TypeRoll))
            assert await wait_for(pilot, lambda: len(session.game.decisions) > before)
    asyncio.run(run())
    action, why = session.game.decisions[before := next(i for i, (a, w) in enumerate(session.game.decisions)
                                                       if w == TYPED)]
    assert action.get("faces") == (3, 4) and why == TYPED
    roll = next(e for e in reversed(session.game.events) if e.kind == "roll" and e.data["rule"] == "hq.move.roll")
    assert roll.data["faces"] == [3, 4]
    # The record keeps the typed faces and says so; it replays to the same state.
    path = session.save(tmp_path / "typed.json")
    rec = record.read(path)
    assert [d.why for d in rec.decisions].count(TYPED) == 1
    assert record.replay(rec, game_from_record).state_hash() == session.game.state_hash()
    assert load_session(path).options.dice == "mine"
    # A mistyped roll can be taken back and typed again.
    assert session.undo_point() == before
    session.undo()
    assert len(session.game.decisions) == before and session.must_type(session.game.pending)


def test_escape_lets_the_app_roll_and_the_app_setting_never_asks():
    session = to_the_barbarians_turn("mine")

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(120, 36)) as pilot:
            await roll_to_move(app, pilot)
            await pilot.pause(0.05)
            await pilot.press("escape")
            assert await wait_for(pilot, lambda: not isinstance(app.screen, TypeRoll))
    asyncio.run(run())
    assert TYPED not in [why for _a, why in session.game.decisions]
    assert any(why == "seeded dice" for _a, why in session.game.decisions)
    plain = to_the_barbarians_turn("app")
    plain.play_human(next(a for a in plain.game.pending.options if a.text == "Barbarian rolls to move"))
    assert not plain.must_type(plain.game.pending)
    # "all": the monsters' rolls are typed too, mine only for the players' own seats.
    every = to_the_barbarians_turn("all")
    every.owners["hero:barbarian"] = "AI"
    every.play_ai_step()
    while not every.game.pending.chance:
        every.play_ai_step()
    assert every.must_type(every.game.pending)
    every.options.dice = "mine"
    assert not every.must_type(every.game.pending)


def test_a_defending_heros_player_rolls_the_defence_in_the_monsters_turn():
    """HeroQuest: a monster's attack dice are the monsters' (the app rolls them with `mine`);
    the hero it attacks defends with dice their player rolls."""
    session = to_the_barbarians_turn("mine")
    asked: dict[str, bool] = {}
    for _ in range(4000):
        d = session.game.pending
        if d is None or "hq.combat.defend_hero" in asked:
            break
        if d.chance is not None:
            asked.setdefault(d.chance.rule, session.must_type(d))
            if d.chance.rule == "hq.combat.attack" and session.roller() == "dungeon":
                asked["monster attack typed"] = session.must_type(d)
            session.play_typed(None)  # the app rolls, as escape asks
        else:
            action, why = session.ai_choice(d)  # the AI stands in for the players
            session.game.play(action, why)
    assert asked["hq.combat.defend_hero"] is True and asked["monster attack typed"] is False
    assert asked["hq.move.roll"] is True


def test_the_board_instructions_come_before_the_next_choice():
    """After the AI has played the Barbarian's turn, the steps for the real board come up
    before the Dwarf's player is asked anything; T shows them again."""
    from dungeon_tui.tui.table_play import AtTheTable
    session = to_the_barbarians_turn("mine")
    session.owners["hero:barbarian"] = "AI"

    async def run():
        app = DungeonApp(session)
        async with app.run_test(size=(120, 40)) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, AtTheTable), tries=1500)
            steps = app.screen.steps
            assert await wait_for(pilot, lambda: "AT THE TABLE" in screen_text(app))
            assert any(s.startswith("Move Barbarian from 1,14 to ") for s in steps), steps
            assert session.game.pending.prompt.startswith("Dwarf")  # asked only once they are read
            await pilot.pause(0.05)
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: not isinstance(app.screen, AtTheTable))
            await pilot.pause(0.05)
            await pilot.press("T")
            assert await wait_for(pilot, lambda: isinstance(app.screen, AtTheTable))
            assert app.screen.steps == steps
    asyncio.run(run())
