"""HeroQuest as a new player met it in an hour's play (issue 16): choices that would do nothing
are not offered, and a hero handed to the AI does not dance on the spot."""
from __future__ import annotations

from types import SimpleNamespace

from hq_scenario import door_id, trial
from test_hq_worked_examples import new_monster_at

from dungeon_tui.rulesets.heroquest import magic
from dungeon_tui.rulesets.heroquest.content import load_content


def offered_spells(s, caster: str) -> set[str]:
    game = SimpleNamespace(state=s, content=load_content())
    return {str(a) for a in magic.cast_options(game, s.figures[caster], f"hero:{caster}")}


def beside_room_e():
    """The Trial: the wizard in the corridor at room E's open door, the barbarian just inside;
    room E's goblins taken off the board."""
    s = trial({"wizard": (7, 9), "barbarian": (7, 8)}, open_doors=[door_id(((7, 8), (7, 9)))])
    for m in s.monsters():
        m.placed = False
    return s


def test_a_spell_that_would_do_nothing_is_not_offered():
    s = beside_room_e()
    s.figures["wizard"].spells = ["courage", "rock_skin", "swift_wind", "tempest", "sleep"]
    orc = new_monster_at(s, "orc", (4, 9))
    before = offered_spells(s, "wizard")
    assert {"Wizard casts Rock Skin on Barbarian", "Wizard casts Swift Wind on Barbarian",
            "Wizard casts Tempest on Orc 5", "Wizard casts Sleep on Orc 5",
            "Wizard casts Courage on Wizard"} <= before
    # The marks are there already: a second casting would spend the card for nothing.
    s.figures["barbarian"].flags.update(rock_skin=True, swift_wind=True)
    orc.flags.update(tempest=True, asleep=True)
    after = offered_spells(s, "wizard")
    assert not {"Wizard casts Rock Skin on Barbarian", "Wizard casts Swift Wind on Barbarian",
                "Wizard casts Tempest on Orc 5", "Wizard casts Sleep on Orc 5"} & after
    assert "Wizard casts Rock Skin on Wizard" in after


def test_courage_is_offered_only_to_a_hero_who_sees_a_monster():
    # Courage fades the moment its holder sees no monster (D23): with none in sight it is wasted.
    s = beside_room_e()
    s.figures["wizard"].spells = ["courage"]
    assert offered_spells(s, "wizard") == set()
    new_monster_at(s, "orc", (4, 9))  # down the corridor: the wizard sees it, the barbarian in the room does not
    assert offered_spells(s, "wizard") == {"Wizard casts Courage on Wizard"}


def test_a_hero_passing_through_a_friend_does_not_count_that_square_as_his_to_strike_from():
    # Handed to the AI, the barbarian stepped onto the elf's square beside Chaos Warrior 3, found
    # he could not attack from there, stepped back to make room, and so on until his moves ran out.
    from dungeon_tui.rulesets.heroquest.ai.primitives import Plan, reachable_attack_square
    s = trial({"barbarian": (6, 9), "elf": (6, 9)})
    orc = new_monster_at(s, "orc", (5, 9))
    game = SimpleNamespace(state=s, content=load_content())
    plan = Plan(game, s.figures["barbarian"], SimpleNamespace(context={"points": 3}, options=[]))
    assert reachable_attack_square(plan, orc) != (6, 9)


def test_no_furniture_mark_starts_with_a_figure_letter_on_the_compact_board():
    # Found in play at 120x40: the compact board shows one letter a square, so The Trial's
    # weapons rack read "W W W" (three Wizards) and its bookcases "B B B" beside the Barbarian.
    from dungeon_tui.rulesets.heroquest.content import glyph_clashes
    c = load_content()
    assert glyph_clashes(c.bundle) == []
    letters = {x.glyph for x in [*c.heroes.values(), *c.escorts.values(), *c.monsters.values()]}
    assert not {f.glyph[0] for f in c.furniture.values()} & letters
    bookcase = SimpleNamespace(glyph="Bk")
    doctored = {**{k: c.bundle[k] for k in ("heroes.yaml", "monsters.yaml")},
                "furniture.yaml": SimpleNamespace(furniture={"bookcase": bookcase})}
    (problem,) = glyph_clashes(doctored)
    assert problem.startswith("content/heroquest/furniture.yaml: furniture.bookcase.glyph: 'Bk' starts with "
                              "Barbarian's")


def test_each_spell_group_in_the_draft_names_its_spells():
    # Found in play: "Wizard takes the air spells" told a new player nothing until it was picked.
    from dungeon_tui.engine.game import CHANCE
    from dungeon_tui.rulesets.heroquest.game import GAME
    game = GAME.new_game({"adventure": "the_trial", "heroes": ["elf", "wizard"]}, 1)
    while game.pending.seat == CHANCE:
        game.play(game.pending.options[0])
    texts = [str(a) for a in game.pending.options]
    assert texts[0] == "Wizard takes the air spells: Genie, Swift Wind, Tempest"
    assert "Wizard takes the water spells: Sleep, Veil of Mist, Water of Healing" in texts


def test_a_corridor_opening_up_does_not_stop_a_walk_but_a_monster_coming_into_view_does():
    # Found in play: Enter on a far corridor square walked one step at a time, because each
    # step along The Trial's corridor revealed a few more squares and every reveal stopped the walk.
    from hq_scenario import Picks, run

    from dungeon_tui.rulesets.heroquest.hero_turn import hero_turn
    from dungeon_tui.rulesets.heroquest.presenter import HeroQuestPresenter
    s = trial({"dwarf": (8, 18)})
    orc = s.figures["m23"]  # Orc 4, out of the way at first
    orc.pos, orc.placed = (12, 14), False  # up the corridor that opens at [12,18]
    steps = [("step", {"to": sq}) for sq in ((9, 18), (10, 18), (11, 18), (12, 18))]
    game = run(s, lambda g: hero_turn(g, s.figures["dwarf"]), [[3, 3]], heroes=Picks(("roll_move", {}), *steps))
    seen = [(e.kind, e.text) for e in game.events if e.kind in ("reveal", "corridor_seen")]
    assert ("reveal", "Revealed: more corridor, with Orc 4.") in seen
    assert all(kind == "corridor_seen" for kind, text in seen if "with" not in text) and len(seen) >= 2
    stops = HeroQuestPresenter.walk_stops
    assert "reveal" in stops and "corridor_seen" not in stops


def test_a_second_weapon_of_the_same_kind_is_not_also_in_hand():
    # Found in play: the Dwarf took the fallen Barbarian's remains, and his sheet read
    # "Shortsword (in hand), Broadsword, Dagger, Shortsword (in hand)".
    from test_hq_presenter import PRESENTER, Shown
    s = trial({"dwarf": (5, 9)})
    dwarf = s.figures["dwarf"]
    dwarf.equipment += ["broadsword", "dagger", "shortsword"]
    dwarf.flags["main"] = "shortsword"
    sheet = PRESENTER.sheet(Shown(s), "hero:dwarf", "dwarf")
    assert sheet.count("(in hand)") == 1 and "Shortsword (in hand), Broadsword, Dagger, Shortsword" in sheet
