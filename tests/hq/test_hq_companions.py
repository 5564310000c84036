"""The HeroQuest companions of issue 19 in scripted positions: the hurt friend is healed, the
caster is struck first, the trap across the way is disarmed or jumped, the hurt hero falls
back and keeps his potion, and no choice changes when only hidden things change."""
from __future__ import annotations

from typing import Any

import pytest

from hq_scenario import door_id, run, trial
from test_hq_worked_examples import new_monster_at

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Game
from dungeon_tui.engine.scenario import ScenarioRules
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.heroquest.ai.seat import ScriptedSeat
from dungeon_tui.rulesets.heroquest.content import load_content
from dungeon_tui.rulesets.heroquest.game import GAME
from dungeon_tui.rulesets.heroquest.hero_turn import hero_turn
from dungeon_tui.rulesets.heroquest import board
from dungeon_tui.rulesets.heroquest.state import State


def first_choice(s: State, hero: str) -> tuple[Any, str]:
    """What the companion does first in this hero's turn."""
    c = load_content()
    game = Game(ScenarioRules(s, lambda g: hero_turn(g, s.figures[hero]), GAME.view), {}, 0, c, c.digest)
    return ScriptedSeat().choose(game, game.pending)


def test_the_wizard_heals_the_badly_hurt_elf_before_anything_else():
    s = trial({"wizard": (5, 9), "elf": (6, 9)})
    s.figures["wizard"].spells = ["ball_of_flame", "water_of_healing"]
    s.figures["elf"].body = 2
    action, why = first_choice(s, "wizard")
    assert (action.kind, action.get("spell"), action.get("target")) == ("cast", "water_of_healing", "elf")
    assert "casts Water of Healing on Elf: down to 2 of 6 Body Points" in why


def test_the_spellcaster_is_struck_before_the_harder_hitting_warrior():
    s = trial({"wizard": (5, 9)})
    s.figures["wizard"].spells = ["ball_of_flame"]
    new_monster_at(s, "chaos_warrior", (3, 9))  # 4 attack dice against the warlock's 3
    warlock = new_monster_at(s, "chaos_warlock", (8, 9))
    warlock.dread = ["sleep"]
    action, why = first_choice(s, "wizard")
    assert (action.kind, action.get("spell"), action.get("target")) == ("cast", "ball_of_flame", warlock.id)
    assert f"at {warlock.name}: a spellcaster" in why


class Walker:
    """A hero's seat that only walks to one square, the way the companion walks."""

    def __init__(self, goal: tuple[int, int]) -> None:
        self.goal, self.seat, self.whys = goal, ScriptedSeat(), []

    def choose(self, game: Game, d: Any) -> tuple[Any, str]:
        me = game.state.figures[d.context["figure"]]
        step = self.seat._step_toward(game, me, self.goal)
        if step is None:
            return next(a for a in d.options if a.kind == "end_turn"), "there"
        self.whys.append(step[1])
        return step[0], step[1]


def dead_end(hero: str) -> State:
    """The west corridor of the Trial cut at 0,8: 0,7 is only reached across a known pit at 0,6."""
    s = trial({hero: (0, 5)})
    s.blocked.append((0, 8))
    s.grid = board.build_grid(s, load_content())
    s.revealed_corridor.extend([(0, 6), (0, 7)])
    s.traps["tp"] = {"kind": "pit", "at": [0, 6], "state": "known"}
    return s


def test_the_dwarf_disarms_the_known_pit_across_the_only_way():
    s = dead_end("dwarf")
    walker = Walker((0, 7))
    run(s, lambda g: hero_turn(g, s.figures["dwarf"]), [[3, 3], [1]], heroes=walker)
    assert s.traps["tp"]["state"] == "gone" and s.figures["dwarf"].pos == (0, 6)  # he steps onto it
    assert "disarms the pit across his way" in walker.whys


def test_the_elf_jumps_the_known_pit_across_the_only_way():
    s = dead_end("elf")
    walker = Walker((0, 7))
    run(s, lambda g: hero_turn(g, s.figures["elf"]), [[3, 3], [4]], heroes=walker)
    assert s.figures["elf"].pos == (0, 7) and s.figures["elf"].body == 6
    assert "jumps the pit: the only way on crosses it" in walker.whys


def test_a_badly_hurt_hero_falls_back_while_a_friend_can_fight_and_keeps_his_potion():
    s = trial({"barbarian": (5, 9), "dwarf": (2, 9)})
    new_monster_at(s, "orc", (6, 9))
    bar = s.figures["barbarian"]
    bar.body = 2
    action, why = first_choice(s, "barbarian")
    assert action.kind == "roll_move" and "falls back with 2 Body Points left" in why
    bar.potions = ["healing"]  # a potion is a life in hand: he drinks it only as he falls
    action, why = first_choice(s, "barbarian")
    assert (action.kind, action.get("target")) == ("attack", next(m.id for m in s.monsters()))


@pytest.mark.parametrize("quest", ["the_trial", "crypt_of_the_bone_lantern"])
def test_a_companion_choice_ignores_what_the_heroes_cannot_see(quest: str):
    """Deck order, unrevealed monsters and traps, and the game's own dice play no part (the
    Crypt too: its secret doors and the rooms the leader picks to open)."""
    rs = get("heroquest")
    setup = rs.normalise_setup({"adventure": quest})
    compared = 0
    for stop in (40, 90, 150, 220):
        picks = []
        for hidden in (False, True):
            game = rs.new_game(setup, game_seed(2026, 3))
            ai = rs.ai_controllers()
            while not game.over and len(game.decisions) < stop:
                d = game.pending
                action, why = ai.get(d.seat, ai["*"]).choose(game, d)
                game.play(action, why)
            while not game.over and not game.pending.seat.startswith("hero:"):
                d = game.pending
                action, why = ai.get(d.seat, ai["*"]).choose(game, d)
                game.play(action, why)
            if game.over:
                break
            s = game.state
            if hidden:
                s.deck = dict(reversed(list({k: max(0, v - 1) for k, v in s.deck.items()}.items())))
                for t in s.traps.values():
                    if t["state"] == "hidden":
                        t["kind"] = "spear" if t["kind"] != "spear" else "pit"
                unseen = [f for f in s.figures.values() if f.side != "hero" and not f.placed and f.pos]
                for a, b in zip(unseen, unseen[1:] + unseen[:1], strict=True):
                    a.pos, b.pos = b.pos, a.pos
                for f in s.furniture_traps.values():
                    if not f.get("known"):
                        f["armed"] = not f.get("armed")
            action, why = ScriptedSeat().choose(game, game.pending)
            picks.append((str(action), why))
        assert len(picks) != 2 or picks[0] == picks[1], (stop, picks)
        compared += len(picks) == 2
    assert compared >= 3


def quiet(heroes: dict[str, tuple[int, int]]) -> State:
    """The Trial with these heroes and no monster in sight (the corridor's orc gone)."""
    s = trial(heroes)
    for m in s.monsters():
        m.placed = False
    return s


def test_a_follower_at_a_door_onto_an_unseen_room_leaves_it_shut():
    """Which room to wake is the leader's choice: the Dwarf beside the door of room T keeps
    with the Barbarian instead of opening it (The Trial's parties lost most to that room)."""
    s = quiet({"barbarian": (13, 12), "dwarf": (13, 14)})
    assert "T" not in s.revealed_rooms
    action, why = first_choice(s, "dwarf")
    assert action.kind != "open_door" and "Barbarian" in why
    s.figures["dwarf"].pos = (13, 15)  # standing at the door itself
    action, why = first_choice(s, "dwarf")
    assert action.kind != "open_door" and "Barbarian" in why


def test_the_leader_looks_down_the_corridor_before_opening_a_door():
    s = quiet({"barbarian": (13, 15)})
    action, why = first_choice(s, "barbarian")
    assert action.kind == "roll_move" and "looks down the corridor before opening a door" in why


def test_the_leader_opens_the_largest_unseen_room_first():
    """Every corridor seen: room K's door (30 squares, where Verag waits) before room T's (20),
    though T's door is the one he stands at."""
    s = quiet({"barbarian": (13, 15)})
    s.revealed_corridor.extend(sq for sq, a in s.grid.region.items() if a == board.CORRIDOR
                               and sq not in s.revealed_corridor)
    action, why = first_choice(s, "barbarian")
    assert action.kind == "roll_move" and "heads for the door to the largest unopened room (30 squares)" in why
    s.figures["barbarian"].pos = (16, 9)  # at K's door
    action, why = first_choice(s, "barbarian")
    assert (action.kind, action.get("door")) == ("open_door", door_id(((15, 9), (16, 9))))
    assert "opens the door to the largest unopened room (30 squares)" in why


def cellar_out_of_room_r(hidden: set[tuple[int, int]]) -> State:
    """The Warlock's Cellar, no monster in sight, the Barbarian just out of room R's north door,
    every corridor square seen but `hidden`."""
    r_door = next(d for d, e in board.door_edges(load_content().quests["warlocks_cellar"]).items()
                  if sorted(e) == [(18, 9), (18, 10)])
    s = trial({"barbarian": (18, 9)}, [r_door], quest="warlocks_cellar")
    for m in s.monsters():
        m.placed = False
    s.revealed_rooms.extend(r for r in ("S", "R") if r not in s.revealed_rooms)
    s.revealed_corridor.extend(sq for sq, a in s.grid.region.items() if a == board.CORRIDOR
                               and sq not in s.revealed_corridor and sq not in hidden)
    return s


def test_the_leader_leaves_a_corridor_end_far_from_every_known_door():
    """The board's west edge unseen: the corridor ends there lie more than 9 squares from any
    door he knows, so he goes for room T's door (20 squares) instead of walking round the board
    (the Cellar's parties walked every corridor first); an end beside room F's door he looks
    down."""
    west = {sq for sq in board.build_grid(trial({}, quest="warlocks_cellar"), load_content()).region
            if sq[0] <= 3}
    action, why = first_choice(cellar_out_of_room_r(west), "barbarian")
    assert action.kind == "roll_move" and "heads for the door to the largest unopened room (20 squares)" in why
    s = cellar_out_of_room_r(west | {(10, 6), (11, 6), (12, 6)})  # 13,6 is a step from F's door
    action, why = first_choice(s, "barbarian")
    assert "looks down the corridor before opening a door" in why


def test_a_feared_dwarf_does_not_lead_while_the_elf_can_fight():
    """Fear leaves the Dwarf one attack die, so he keeps out of the fight: the Elf leads instead
    of waiting by him (four Cellar parties in 100 stood so until the game's last round)."""
    s = quiet({"dwarf": (13, 12), "elf": (9, 12)})
    s.figures["dwarf"].flags["feared"] = True
    action, why = first_choice(s, "elf")
    assert why.startswith("leads the party") and "Dwarf" not in why
    s.figures["dwarf"].flags["feared"] = False
    action, why = first_choice(s, "elf")
    assert "Dwarf" in why


def test_a_cleared_room_is_searched_for_secret_doors_before_moving_on():
    s = trial({"barbarian": (2, 15)})  # the stairway room, no monster in it
    s.searched["traps:O"] = ["barbarian"]
    s.searched["treasure:O"] = ["barbarian"]
    action, why = first_choice(s, "barbarian")
    assert action.kind == "search_secret_doors" and "searches for secret doors" in why
    s.searched["secret:O"] = ["barbarian"]
    action, why = first_choice(s, "barbarian")
    assert action.kind != "search_secret_doors"


def test_a_hero_who_cannot_carry_out_his_entry_says_so_when_he_ends_the_turn():
    """The entry that chose to move in on a monster, once his move and his action are spent:
    the end of his turn gives its words and why nothing more comes of them this turn."""
    rs = get("heroquest")
    game = rs.new_game({"adventure": "crypt_of_the_bone_lantern"}, 5)
    game.keep_events = False
    seats = rs.ai_controllers()
    ends: list[str] = []
    while game.pending is not None:
        d = game.pending
        action, why = (seats.get(d.seat) or seats["*"]).choose(game, d)
        if action.kind == "end_turn" and "moves in on" in why:
            ends.append(why)
        game.play(action, why)
    assert ends and all(why.endswith("; nothing left to do toward it this turn") for why in ends)
