"""Rules a review of the first Ashardalon build found wrong, each in a scripted position."""
from __future__ import annotations

from ash_scenario import add_tile, dungeon, events, monster, run

from dungeon_tui.rulesets.ashardalon import blows, board
from dungeon_tui.rulesets.ashardalon.heroes import hero_phase, walk
from dungeon_tui.rulesets.ashardalon.models import MonsterAttack


class Ender:
    def choose(self, game, d):
        for a in d.options:
            if a.kind == "end" or (a.kind == "climb" and a.get("to") is None):
                return a, "test"
        return d.options[0], "test"


def test_a_hero_in_the_pit_still_suffers_poison_and_makes_his_end_of_phase_rolls():
    s = dungeon({"tarak": (1, 5)})
    s.markers["pit"] = {"at": [2, 6]}
    tarak = s.figures["tarak"]
    tarak.conditions = ["poisoned", "dazed"]
    tarak.flags.update(in_pit=True, pit_from=[1, 5])
    tarak.pos = None
    game = run(s, lambda g: hero_phase(g, tarak), [12], heroes=Ender())  # the poison save passes
    assert tarak.hp == 7 and tarak.pos is None  # H1 poison reached him in the pit; he stayed in
    assert tarak.conditions == []  # the save at H4 worked, and dazed went at H4
    assert [e["rule"] for e in events(game, "roll")] == ["ash.condition.poison_save"]


def test_a_token_beside_the_hero_is_picked_up_without_moving():
    s = dungeon({"quinn": (1, 5)})
    quinn = s.figures["quinn"]
    s.tokens.append({"kind": "treasure", "value": "200", "at": [2, 6]})
    run(s, lambda g: hero_phase(g, quinn), [], heroes=Ender())
    assert quinn.gold == 200 and s.tokens == []


def test_an_escaping_hero_still_draws_for_the_item_token_he_took():
    s = dungeon({"quinn": (1, 2), "vistra": (2, 2)})
    quinn = s.figures["quinn"]
    s.tokens.append({"kind": "treasure", "value": "item", "at": [1, 1]})
    s.decks["treasure"] = ["potion_of_healing#1"]
    s.adventure = "sneaky_endeavor"  # the start stairs are an exit

    class Leave:
        def choose(self, game, d):
            pick = next((a for a in d.options if a.kind == "escape"), None)
            if pick is None:
                pick = next((a for a in d.options if a.kind == "move" and a.get("to") == (1, 3)), d.options[0])
            return pick, "test"
    run(s, lambda g: hero_phase(g, quinn), [], heroes=Leave())
    assert quinn.escaped and "potion_of_healing#1" in quinn.items


def test_mirror_images_pop_only_on_monster_misses():
    s = dungeon({"heskan": (1, 5)})
    heskan = s.figures["heskan"]
    heskan.flags["mirror_images"] = 3
    run(s, lambda g: blows.attack_hero(g, "ash.encounter.attack", "Darts", heskan, MonsterAttack(bonus=1, damage=1),
                                        card="poisoned_dart_trap"), [2])
    assert heskan.flags["mirror_images"] == 3
    bear = monster(s, "cave_bear", (1, 6))
    run(s, lambda g: blows.attack_hero(g, "ash.combat.monster_attack", "Cave Bear", heskan,
                                        MonsterAttack(bonus=1, damage=1), monster=bear), [2])
    assert heskan.flags["mirror_images"] == 2


def test_charge_that_cannot_reach_its_target_makes_no_roll():
    s = dungeon({"vistra": (1, 5)})
    a = add_tile(s, "w04", (0, 0), "E")
    vistra = s.figures["vistra"]
    vistra.powers = {"charge": True}
    kobold = monster(s, "kobold_dragonshield", board.lay(s).scorch(a))

    def proc(g):
        from dungeon_tui.rulesets.ashardalon import powers
        (opt,) = [o for o in powers.attack_options(g, vistra, "hero:vistra") if o.get("power") == "charge"]
        yield from powers.attack_with(g, vistra, opt)

    class StayPut:
        def choose(self, game, d):
            stay = [o for o in d.options if o.get("to") is None]
            return (stay or d.options)[0], "test"
    game = run(s, proc, [], heroes=StayPut())
    assert not events(game, "roll") and kobold.hp == kobold.max_hp


def test_walking_through_the_vapors_tile_poisons():
    s = dungeon({"quinn": (1, 5)})
    s.markers["volcanic_vapors"] = {"at": [1, 2]}
    quinn = s.figures["quinn"]
    run(s, lambda g: walk(g, quinn, [(1, 4), (1, 3), (1, 4)]), [])  # into start_n and back out
    assert "poisoned" in quinn.conditions and quinn.pos == (1, 4)
