"""The Warhammer Quest companion in scripted positions (issue 19): the dying friend is healed,
the archer is shot first, the pinned warrior breaks away, the Wizard wards the warrior likeliest
to fall, the deathblow swings toward the likelier kills, the party gets out from under a cave-in;
and nothing hidden changes a choice."""
from __future__ import annotations

import copy

from scenario import monster, play_checking, room, warrior

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.dice import ForcedChance
from dungeon_tui.engine.game import CHANCE, Game
from dungeon_tui.engine.scenario import ScenarioRules
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.warhammer_quest import magic
from dungeon_tui.rulesets.warhammer_quest.ai.companions import WarriorAI
from dungeon_tui.rulesets.warhammer_quest.ai.shelter import foes_reaching
from dungeon_tui.rulesets.warhammer_quest.game import load_content
from dungeon_tui.rulesets.warhammer_quest.state import Doorway, Section
from dungeon_tui.rulesets.warhammer_quest.turns import last_aid
from dungeon_tui.rulesets.warhammer_quest.warriors import attack, warrior_turn


def play(state, proc, dice, upto=None):
    """Play `proc` with the companion on every seat but chance; returns the (action, why) pairs
    of the companion's choices, `upto` of them at most."""
    c = load_content()
    game = Game(ScenarioRules(state, proc), {}, 0, c, c.digest)
    forced, ai, chosen = ForcedChance(dice), WarriorAI(), []
    while not game.over and (upto is None or len(chosen) < upto):
        d = game.pending
        action, why = forced.choose(game, d) if d.seat == CHANCE else ai.choose(game, d)
        if d.seat != CHANCE:
            chosen.append((action, why))
        game.play(action, why)
    assert upto is not None or not forced.outcomes, f"unused forced dice: {forced.outcomes}"
    return chosen


def test_the_dying_friend_is_healed_with_the_last_potion_at_the_end_of_the_turn():
    s = room()
    warrior(s, "barbarian", (0, 0))
    elf = warrior(s, "elf", (1, 0))
    wiz = warrior(s, "wizard", (3, 3), wounds=8)
    wiz.wounds, wiz.status = 0, "unconscious"
    elf.equipment = ["healing_potion"]  # the party's only healing
    chosen = play(s, last_aid, [])
    (action, why), = chosen
    assert (action.kind, action.get("item"), action.get("target")) == ("use", "healing_potion", "wizard")
    assert "heals the Wizard" in why and "last healing" in why
    assert wiz.status == "active" and wiz.wounds == wiz.max_wounds


def test_a_friend_about_to_fall_is_healed_in_the_warriors_turn():
    s = room()
    elf = warrior(s, "elf", (0, 0))
    dwarf = warrior(s, "dwarf", (3, 3), wounds=12)
    dwarf.wounds = 2
    monster(s, "minotaur", (4, 3), "M")
    elf.equipment = ["healing_potion"]
    (action, why), = play(s, lambda g: warrior_turn(g, elf), [], upto=1)
    assert (action.kind, action.get("target")) == ("use", "dwarf")
    assert "heals the Dwarf" in why and "2 Wounds left" in why


def test_the_archer_is_shot_first():
    s = room(8, 8)
    elf = warrior(s, "elf", (0, 0))
    monster(s, "orc_warrior", (4, 4), "W")
    monster(s, "orc_archer", (6, 6), "A")
    chosen = play(s, lambda g: warrior_turn(g, elf), [1], upto=1)  # the shot misses on a 1
    (action, why), = chosen
    assert (action.kind, action.get("target")) == ("shoot", "A")
    assert "Orc Archer A" in why and "archer" in why


def test_the_pinned_warrior_about_to_fall_breaks_away_and_steps_out_of_reach():
    s = room(8, 8)
    barbarian = warrior(s, "barbarian", (3, 3), wounds=12)
    barbarian.wounds = 2
    monster(s, "skaven", (3, 2), "A")
    monster(s, "skaven", (4, 3), "B")
    # The break-away roll needs 6+: a 6 frees him.
    chosen = play(s, lambda g: warrior_turn(g, barbarian), [6], upto=2)
    (escape, why), (step, _) = chosen
    assert escape.kind == "escape" and "break away" in why and "2 left" in why
    assert step.kind == "move"
    to = tuple(step.get("to"))
    assert all(max(abs(to[0] - m[0]), abs(to[1] - m[1])) > 1 for m in ((3, 2), (4, 3)))


def test_before_the_monsters_strike_the_wizard_shields_the_warrior_likeliest_to_fall():
    s = room(8, 8)
    wiz = warrior(s, "wizard", (0, 0))
    warrior(s, "barbarian", (6, 6))
    elf = warrior(s, "elf", (3, 3), wounds=12)
    elf.wounds = 5
    monster(s, "minotaur", (4, 3), "M")
    s.spells, s.power, s.power_tokens = ["shield", "heal_wounds"], 6, 0
    s.phase = "monsters"
    (action, why), = play(s, lambda g: magic.window(g, "M"), [], upto=1)
    assert (action.kind, action.get("spell"), action.get("target")) == ("cast", "shield", "elf")
    assert "the Elf" in why and "5 left" in why
    assert wiz.active


def test_the_deathblow_swings_toward_two_whole_foes_rather_than_one_wounded():
    s = room()
    dwarf = warrior(s, "dwarf", (2, 2))
    monster(s, "skaven", (2, 1), "A")            # north: the first victim
    monster(s, "skaven", (3, 1), "B")            # north-east, clockwise: whole
    monster(s, "skaven", (3, 2), "C")            # east, clockwise on: whole
    monster(s, "skaven", (1, 1), "D", wounds=1)  # north-west, counter-clockwise: wounded
    # A hit (6) and killed (axe 6,5: 6+S3-T3); the sweep's first blow misses (1).
    chosen = play(s, lambda g: attack(g, dwarf, s.figures["A"]), [6, [6, 5], 1])
    (sweep, why), = [(a, w) for a, w in chosen if a.kind == "deathblow"]
    assert sweep.get("clockwise") is True
    assert "Skaven B, Skaven C" in why


def test_hidden_things_never_change_a_companion_choice():
    """Deck order and the dungeon piles differ; every hero choice of a whole game stays the same."""
    rs = get("warhammer-quest")
    ai = WarriorAI()
    checked = [0]

    class Twin:
        def choose(self, game, decision):
            picked = ai.choose(game, decision)
            s = game.state
            kept = (s.piles, s.event_deck, s.treasure_deck, s.set_aside)
            s.piles = {k: list(reversed(v)) for k, v in copy.deepcopy(s.piles).items()}
            s.event_deck, s.treasure_deck = list(reversed(s.event_deck)), list(reversed(s.treasure_deck))
            s.set_aside = list(reversed(s.set_aside))
            try:
                assert ai.choose(game, decision)[0] == picked[0]
            finally:
                s.piles, s.event_deck, s.treasure_deck, s.set_aside = kept
            checked[0] += 1
            return picked
    controllers = rs.ai_controllers()
    controllers["*"] = Twin()
    for i in range(3):
        rs.new_game(rs.normalise_setup({"adventure": "fp6"}), game_seed(2026, i)).run(controllers)
    assert checked[0] > 100


def test_the_others_hold_back_while_the_objective_rooms_horde_is_still_to_come():
    s = room(8, 8)
    warrior(s, "barbarian", (4, 4))  # the leader, just in
    dwarf = warrior(s, "dwarf", (1, 1))
    s.sections["s1"].kind, s.sections["s1"].event_done = "objective", False
    (action, why), = play(s, lambda g: warrior_turn(g, dwarf), [], upto=1)
    assert action.kind == "end" and "holds back" in why
    s.sections["s1"].event_done = True  # once the horde stands, he comes on
    (action, _), = play(s, lambda g: warrior_turn(g, dwarf), [], upto=1)
    assert action.kind != "end"


def caving_corridor():
    """s1, a corridor two squares wide (y 0-5) whose roof is coming down, entered from s2 to
    its south (y 6-9) through an open doorway."""
    s = room(2, 6)
    s.sections["s1"].kind = "corridor"
    below = [(x, y) for y in range(6, 10) for x in range(2)]
    for sq in below:
        s.grid.add_square(sq, ".", "s2")
    s.sections["s2"] = Section("s2", "passageway_1", "corridor", below, entered=True)
    for x in range(2):
        s.grid.set_door((x, 5), (x, 6), "open")
    s.doorways["s1.entry"] = Doorway("s1.entry", "s1", [(0, 5), (1, 5)], "S", None, state="entry", leads_to="s2")
    s.doorways["s2.d0"] = Doorway("s2.d0", "s2", [(0, 6), (1, 6)], "N", None, state="explored", leads_to="s1")
    s.sections["s1"].doorways.append("s1.entry")
    s.sections["s2"].doorways.append("s2.d0")
    s.sections["s1"].caved_in = True
    s.adv["cave_in"] = {"section": "s1", "deadline": s.turn + 1}
    return s


def test_a_warrior_under_a_cave_in_walks_out_of_the_section_before_anything_else():
    s = caving_corridor()
    warrior(s, "barbarian", (0, 7))  # the leader, already out
    dwarf = warrior(s, "dwarf", (1, 3))
    (action, why), = play(s, lambda g: warrior_turn(g, dwarf), [], upto=1)
    assert action.kind == "move" and s.section_of(tuple(action.get("to"))) == "s2"
    assert "roof" in why


def test_a_warrior_too_deep_in_a_cave_in_gets_as_near_the_way_out_as_he_can():
    s = caving_corridor()
    warrior(s, "barbarian", (0, 6))
    elf = warrior(s, "elf", (0, 0))  # six rows from the doorway, moves 4
    (action, why), = play(s, lambda g: warrior_turn(g, elf), [], upto=1)
    assert action.kind == "move" and tuple(action.get("to"))[1] == 4
    assert "way out" in why


def test_a_pinned_warrior_under_a_cave_in_tries_to_break_away_and_leaves():
    s = caving_corridor()
    warrior(s, "barbarian", (0, 7))
    dwarf = warrior(s, "dwarf", (1, 4))
    monster(s, "orc_warrior", (1, 3), "O")  # he is hale: only the roof makes him leave
    # The Dwarf breaks away on 5+: a 5 frees him.
    (escape, why), (step, _) = play(s, lambda g: warrior_turn(g, dwarf), [5], upto=2)
    assert escape.kind == "escape" and "roof" in why
    assert step.kind == "move" and s.section_of(tuple(step.get("to"))) == "s2"


def test_a_monster_held_by_a_friend_reaches_only_beside_itself_and_a_free_one_wherever_it_walks():
    s = room(8, 8)
    warrior(s, "barbarian", (0, 0))
    wiz = warrior(s, "wizard", (2, 2))
    monster(s, "skaven", (1, 0), "A")  # beside the Barbarian: held there
    monster(s, "skaven", (7, 7), "B")  # free, Move 5
    c = load_content()
    game = Game(ScenarioRules(s, lambda g: iter(())), {}, 0, c, c.digest)
    harm = foes_reaching(game, s, wiz, [(6, 0), (0, 7), (3, 3), (2, 1)])
    assert harm[(6, 0)] == harm[(0, 7)] == 0  # too far for B, not beside A
    assert harm[(3, 3)] > 0                    # B walks up beside him
    assert harm[(2, 1)] == 2 * harm[(3, 3)]    # beside A, and B walks up too


def test_the_threats_kept_from_earlier_decisions_are_the_threats_worked_out_afresh():
    """The expected blows a game's companions keep (by `striker_key` and `struck_key`), and the
    threats kept while the board is as it was, give at every decision the very threats worked
    out from nothing, through hurts, spells, potions, pits and new sections, in set and random
    adventures; so does each monster's menace, kept by `striker_key`, and each warrior's chance
    to kill each monster, kept by `_kill_key`."""
    from dungeon_tui.rulesets.warhammer_quest.ai.danger import danger_now, threats
    from dungeon_tui.rulesets.warhammer_quest.ai.odds import _kill_chance, _menace, kill_chance, menace
    checked = [0]

    def check(game, decision):
        if game.state.monsters():
            assert danger_now(game) == threats(game.state, game.content)
            for m in game.state.monsters():  # the menace kept by kind and marks, afresh
                assert menace(game.content, m) == _menace(game.content, m)
                for w in game.state.heroes():
                    for blows in (None, 1, 2):
                        assert kill_chance(game.content, w, m, blows) == _kill_chance(game.content, w, m, blows)
            checked[0] += 1
    play_checking(check, 2027, 3)
    assert checked[0] > 300


def test_a_free_monster_counts_halved_on_the_nearest_warrior_it_could_reach_ties_to_the_first():
    """`threats`: a monster beside nobody runs at the nearest warrior a blow may reach (the
    first by id when two are as near) and counts there halved, if its Move and a step get it
    there; a monster too far counts on nobody."""
    from dungeon_tui.rulesets.warhammer_quest.ai.danger import threats
    from dungeon_tui.rulesets.warhammer_quest.ai.odds import monster_blow
    s = room(12, 12)
    barbarian = warrior(s, "barbarian", (0, 0))
    elf = warrior(s, "elf", (4, 0))
    dwarf = warrior(s, "dwarf", (11, 11))
    rat = monster(s, "skaven", (2, 5), "A")  # 5 from the Barbarian and the Elf alike; Move 5
    c = load_content()
    harm = threats(s, c)
    assert harm[barbarian.id] == monster_blow(c, rat, barbarian) / 2
    assert harm[elf.id] == harm[dwarf.id] == 0
    rat.pos = (5, 6)  # all three 6 away: the first by id, still in reach (Move 5 and a step)
    harm = threats(s, c)
    assert harm[barbarian.id] == monster_blow(c, rat, barbarian) / 2 and harm[elf.id] == 0
    rat.pos = (6, 5)  # the Elf 5 away, the Barbarian 6: the Elf
    harm = threats(s, c)
    assert harm[elf.id] == monster_blow(c, rat, elf) / 2 and harm[barbarian.id] == 0
    rat.pos = (4, 8)  # the Elf 8 away, the Dwarf 7: too far for either
    assert all(v == 0 for v in threats(s, c).values())
