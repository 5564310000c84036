"""The shortcuts a replay takes through the HeroQuest rules answer as the long way does: the
starting grid kept for a process, Zargon's activation order by one search from the heroes,
a monster's destinations searched only as far as it may go, a look that reveals nothing."""
from __future__ import annotations

from pathlib import Path

from dungeon_tui.engine import record
from dungeon_tui.engine.grid import DIRS4
from dungeon_tui.rulesets import game_from_record
from dungeon_tui.rulesets.heroquest import board
from dungeon_tui.rulesets.heroquest.monsters import activation_order, destinations, dist_to, monster_field
from dungeon_tui.rulesets.heroquest.state import State

RECORDS = Path(__file__).resolve().parents[1] / "records"


def order_the_long_way(s: State) -> list[str]:
    """Each monster's own walk to the nearest hero, as the rules counted it before."""
    heroes = s.hero_side()
    held = {h.square for h in heroes}

    def key(m):
        field, _ = monster_field(s, m, held)
        ds = [d for h in heroes if (d := dist_to(s, m, h, field)) is not None]
        return (min(ds) if ds else 1 << 20, int("".join(ch for ch in m.id if ch.isdigit()) or 0))
    return [m.id for m in sorted(s.monsters(), key=key)]


def game_states(name: str):
    """The game of a kept record after each of its decisions in turn."""
    rec = record.read(RECORDS / name)
    game = game_from_record(rec)
    for d in rec.decisions:
        game.play(record.action_of(d), d.why)
        yield game


def test_activation_order_and_destinations_agree_with_each_monsters_whole_walk():
    checked = 0
    for game in game_states("hq-ragnar-midgame.json"):
        s = game.state
        if not s.monsters():
            continue
        assert [m.id for m in activation_order(s)] == order_the_long_way(s)
        for m in s.monsters():
            field, _ = monster_field(s, m)
            whole = sorted((q for q, d in field.items() if 0 < d <= m.move
                            and not any(f.pos == q and f.status == "alive" and f is not m for f in s.figures.values())),
                           key=lambda q: (q[1], q[0]))
            assert destinations(s, m) == whole
        checked += 1
    assert checked > 50


def test_order_beside_a_hero_and_with_a_veiled_hero_on_a_monster_s_square():
    game = next(g for g in game_states("hq-ragnar-midgame.json") if len(g.state.monsters()) >= 2)
    s = game.state
    hero, (near, other) = s.heroes()[0], s.monsters()[:2]
    x, y = hero.square
    near.pos = next(q for dx, dy in DIRS4 if s.grid.floor(q := (x + dx, y + dy))
                    and s.grid.edge_passable(q, hero.square) and s.at(q) is None)
    assert [m.id for m in activation_order(s)] == order_the_long_way(s)
    assert dist_to(s, near, hero, monster_field(s, near)[0]) == 0
    s.heroes()[-1].pos = other.square  # Veil of Mist: the hero passes through
    assert [m.id for m in activation_order(s)] == order_the_long_way(s)


def test_each_game_gets_its_own_starting_grid_with_the_same_board():
    rec = record.read(RECORDS / "hq-the_trial-finished.json")
    first = game_from_record(rec).state
    second = game_from_record(rec).state
    assert first.grid is not second.grid
    fresh = board.build_grid(first, game_from_record(rec).content)
    assert second.grid == fresh  # terrain, regions, walls, doors, links: the board itself
    door = next(iter(board.door_edges(fresh_quest := game_from_record(rec).content.quests[first.quest])))
    first.grid.set_door(*board.door_edges(fresh_quest)[door], state="open")
    assert game_from_record(rec).state.grid == fresh  # a door opened in one game stays in it


def test_a_look_that_reveals_nothing_places_nobody():
    game = next(game_states("hq-the_trial-finished.json"))
    s = game.state
    hero = s.heroes()[0]
    board.reveal_from(s, game.content, hero.square)
    assert board.reveal_placing(s, game.content, hero.square) == ([], [])


def test_what_a_square_could_see_taken_from_the_looks_before_it_is_every_line_drawn():
    # board._OpenBoard draws a square's lines only to the squares no earlier look reached and
    # takes the rest from those looks (sight is the same from either end): squares looked from
    # in a scrambled order, solid rock among them, answer as every line drawn from each does.
    import random

    from dungeon_tui.rulesets import get
    content = get("heroquest").content()
    for quest in content.quests:
        open_board = board._OpenBoard(content, quest)
        grid, rock = open_board.grid, content.rock[quest]
        squares = sorted(grid.terrain)
        random.Random(quest).shuffle(squares)
        assert any(content.areas[sq] in rock for sq in squares)
        for sq in squares:
            every_line = ([(room, seen) for room, in_room in content.room_squares.items() if room not in rock
                           if (seen := grid.in_sight(sq, in_room))], grid.in_sight(sq, content.corridor_squares))
            assert open_board.could_see(sq) == every_line
