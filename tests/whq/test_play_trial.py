"""What a new player met in an hour of Warhammer Quest (the play-whq trial of issue 16) that the
rules and words decide: what a drawn Event card does, spells offered only when they would do
something, placement reasons, counted words."""
from __future__ import annotations

from dungeon_tui.engine.game import Event
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.warhammer_quest.presenter import PRESENTER

RS = get("warhammer-quest")


def drawn(card_id: str) -> tuple[str, str]:
    game = RS.new_game({"adventure": "fp6"}, 1)
    said = PRESENTER.drawn_card(game, Event("event", {"card": card_id, "text": ""}))
    assert said is not None
    return said


def test_a_drawn_monster_card_says_how_many_of_what_and_the_treasure():
    title, text = drawn("m_minotaurs")
    assert title == "Event: Minotaurs"
    assert "D3 Minotaurs attack." in text and "Treasure card" in text
    assert "D6 Goblin Spearmen and D6 Night Goblin Archers attack." in drawn("m_goblins_mixed")[1]
    ambush = drawn("m_minotaur_ambush")[1]
    assert "A Minotaur attacks." in ambush and "drawn before the fight" in ambush


def test_a_drawn_e_card_says_what_it_does_and_what_follows():
    trap = drawn("trap")[1]
    assert "lowest sets it off" in trap and "1-3 another Event card follows" in trap
    assert "Treasure card" not in drawn("portcullis")[1]  # E cards earn none of their own
    assert "follows at once" in drawn("dead_body")[1]


# -- no prompt without a real choice -------------------------------------------------------------
def prompts_of(s, phase: str) -> list[str]:
    from dungeon_tui.rulesets.warhammer_quest import magic

    from scenario import run
    prompts: list[str] = []

    def choose(d):
        prompts.append(d.prompt)
        return next(a for a in d.options if a.kind == "pass")
    run(s, lambda g: magic.window(g, phase), [], choose)
    return prompts


def wizard_in_a_room_with(placed_phase: str):
    from scenario import monster, room, warrior
    s = room()
    s.turn, s.phase = 3, "monsters"
    warrior(s, "barbarian", (0, 0))
    warrior(s, "wizard", (1, 1))
    s.spells, s.power, s.power_tokens = ["shield", "confuse", "life_force"], 6, 6
    m = monster(s, "minotaur", (3, 3))
    m.placed_turn, m.placed_phase = 3, placed_phase
    return s


def test_no_spell_that_lasts_the_turn_is_offered_against_monsters_that_will_not_act_in_it():
    # Monsters placed in this turn's M1 do nothing else this turn: Shield or Confuse now is wasted.
    assert prompts_of(wizard_in_a_room_with("M1"), "M") == []
    # A monster from an earlier Event will strike in a moment: the Wizard is asked.
    s = wizard_in_a_room_with("M1")
    s.turn = 4
    assert prompts_of(s, "M") == ["Cast a spell now?"]
    # At the end of the turn nothing that lasts the turn is worth casting.
    s = wizard_in_a_room_with("M1")
    s.turn, s.phase = 4, "end"
    assert prompts_of(s, "T") == []


def test_life_force_is_offered_only_while_the_warriors_fight():
    from dungeon_tui.engine.game import Game
    from dungeon_tui.engine.scenario import ScenarioRules
    from dungeon_tui.rulesets.warhammer_quest import magic
    from scenario import load_content
    s = wizard_in_a_room_with("P3")
    c = load_content()
    offered = lambda: {a.get("spell") for a in magic.cast_options(  # noqa: E731
        Game(ScenarioRules(s, lambda g: iter(())), {}, 0, c, c.digest), s.figures["wizard"])}
    s.phase = "warriors"
    assert "life_force" in offered()
    s.phase = "monsters"
    assert "life_force" not in offered() and "shield" in offered()


# -- placement in words --------------------------------------------------------------------------
def place(s, groups, dice):
    from dungeon_tui.rulesets.warhammer_quest.placement import place_monsters
    from dungeon_tui.rulesets.warhammer_quest.turns import order

    from scenario import run
    whys: list[str] = []

    def choose(d):
        whys.append(d.context.get("why", ""))
        return d.options[0]
    heroes = [f for f in s.figures.values() if f.side == "hero"]
    game = run(s, lambda g: place_monsters(g, groups, "s1", heroes, "m_minotaurs", "M1", order(s, g.content)),
               dice, choose)
    return whys, game


def test_three_minotaurs_against_four_warriors_are_placed_by_counters_said_as_fewer_monsters():
    from scenario import room, warrior
    s = room(9, 9)
    for kind, pos in {"barbarian": (2, 2), "dwarf": (6, 2), "elf": (2, 6), "wizard": (6, 6)}.items():
        warrior(s, kind, pos)
    whys, _ = place(s, [("minotaur", 3)], [0, 0, 0])
    assert len(whys) == 3 and all("fewer monsters than warriors, a warrior counter drawn" in w for w in whys)


def test_monsters_left_without_a_square_are_counted_in_words():
    from scenario import room, warrior
    s = room(2, 1)
    warrior(s, "barbarian", (0, 0))
    _, game = place(s, [("orc_warrior", 3)], [])
    assert "No room for 2 more Orc Warriors; they stay away." in [e.text for e in game.events]
    s = room(2, 1)
    warrior(s, "barbarian", (0, 0))
    _, game = place(s, [("orc_warrior", 2)], [])
    assert "No room for 1 more Orc Warrior; it stays away." in [e.text for e in game.events]


# -- an area spell shows its area and says who else is in it --------------------------------------
def test_the_pit_of_despair_says_the_wizard_stands_in_it_and_previews_its_four_squares():
    from dungeon_tui.engine.game import Game
    from dungeon_tui.engine.scenario import ScenarioRules
    from dungeon_tui.rulesets.warhammer_quest import magic

    from scenario import load_content, monster, room, warrior
    s = room()
    s.turn, s.phase = 2, "warriors"
    warrior(s, "barbarian", (3, 3))
    warrior(s, "wizard", (1, 1))
    monster(s, "minotaur", (1, 0), "1")
    monster(s, "minotaur", (2, 1), "2")
    s.spells, s.power, s.power_tokens = ["pit_of_despair", "fireball"], 6, 6
    c = load_content()
    game = Game(ScenarioRules(s, lambda g: iter(())), {}, 0, c, c.digest)
    offered = {str(a): a for a in magic.cast_options(game, s.figures["wizard"])}
    assert "cast Pit of Despair under Minotaur 1 (the Wizard and Minotaur 2 too)" in offered
    assert "cast Fireball at Minotaur 1 (Minotaur 2 too)" in offered  # it burns monsters only
    assert "cast Pit of Despair under Minotaur 2" in offered  # nobody else under it
    cells = PRESENTER.preview(game, "hero:wizard", offered["cast Pit of Despair under Minotaur 1 (the Wizard and "
                                                         "Minotaur 2 too)"])
    assert set(cells) == {(1, 0), (2, 0), (1, 1), (2, 1)}
    assert cells[(1, 1)][0].startswith("W") and cells[(2, 0)] == ("▒▒", "target")


def test_healing_hands_says_nothing_of_a_warrior_who_was_not_hurt():
    from dungeon_tui.rulesets.warhammer_quest.spells import SPELLS

    from scenario import load_content, room, run, warrior
    s = room()
    warrior(s, "barbarian", (0, 0), wounds=10).wounds = 7
    warrior(s, "elf", (1, 0), wounds=10)
    game = run(s, lambda g: iter(SPELLS["healing_hands"].run(g, s.figures["barbarian"], load_content().spells[
        "healing_hands"], None, "whq.spell.healing_hands") or ()), [])
    said = [e.text for e in game.events if e.kind == "heal" and e.text]
    assert said == ["The Barbarian heals 1 Wound (Healing Hands)."]


def test_the_healing_potion_is_named_as_its_card_with_an_article():
    from dungeon_tui.rulesets.warhammer_quest import items

    from scenario import room, run, warrior
    s = room()
    warrior(s, "elf", (0, 0)).equipment.append("healing_potion")
    warrior(s, "wizard", (1, 0)).wounds = 4
    game = run(s, lambda g: iter(()), [])
    offered = [a for a in items.options(game, s.figures["elf"]) if a.get("target") == "wizard"]
    assert [str(a) for a in offered] == ["Elf uses the Healing Potion on the Wizard"]
    game = run(s, lambda g: items.use(g, s.figures["elf"], offered[0]), [])
    assert "The Elf uses the Healing Potion." in [e.text for e in game.events]


def test_the_look_line_no_longer_sends_a_monster_after_a_dead_warrior():
    from dungeon_tui.rulesets.warhammer_quest.state import DEAD

    from scenario import monster, room, run, warrior
    s = room()
    wizard = warrior(s, "wizard", (0, 0))
    warrior(s, "barbarian", (4, 4))
    m = monster(s, "minotaur", (2, 2), "1")
    m.first_target = "wizard"
    game = run(s, lambda g: iter(()), [])
    assert "going for the Wizard" in PRESENTER.look(game, "hero:barbarian", (2, 2))
    wizard.status, wizard.pos = DEAD, None
    assert "going for" not in PRESENTER.look(game, "hero:barbarian", (2, 2))


def test_a_lone_monster_card_says_beat_it():
    assert "Beat it and" in drawn("m_minotaur_ambush")[1] and "Beat them and" in drawn("m_skaven")[1]


def test_who_takes_a_treasure_card_is_asked_with_the_card_and_what_it_does_at_hand():
    from dungeon_tui.engine.game import Game
    from dungeon_tui.engine.scenario import ScenarioRules
    from dungeon_tui.rulesets.warhammer_quest import treasure

    from scenario import load_content, room, warrior
    s = room()
    warrior(s, "barbarian", (0, 0))
    warrior(s, "elf", (1, 0))
    s.treasure_deck = ["lightning_fire_ring"]
    c = load_content()
    game = Game(ScenarioRules(s, lambda g: treasure.give_cards(g, 1)), {}, 0, c, c.digest)
    d = game.pending
    assert d.prompt == "Treasure: Ring of Lightning Fire. Who takes it?"
    found = [card for card in PRESENTER.hand(game, d.seat, "barbarian") if card.label.startswith("▪ Ring")]
    assert len(found) == 1 and found[0].text == c.treasure["lightning_fire_ring"].text
    assert all(found[0].plays(a) for a in d.options)  # highlighting any of the choices shows it
    game.play(d.options[1], "")
    assert any(e.text.startswith("The Elf takes the Ring of Lightning Fire: ") for e in game.events)


def test_an_exploration_names_the_doorway_as_a_player_does_and_its_preview_keeps_the_leader():
    import re

    game = RS.new_game({"adventure": "fp1"}, 3)
    ctl = RS.ai_controllers()
    while game.pending is not None and not any(a.kind == "explore" for a in game.pending.options):
        d = game.pending
        game.play(*(ctl.get(d.seat) or ctl["*"]).choose(game, d))
    d = game.pending
    explore = next(a for a in d.options if a.kind == "explore")
    assert re.fullmatch(r"explore the (north|east|south|west) doorway of the [A-Z][\w -]+", str(explore)), explore
    leader = game.state.figures[game.state.lantern]
    cells = PRESENTER.preview(game, d.seat, explore)
    assert leader.square in cells and cells[leader.square][0].startswith(leader.name[0])


def test_with_no_monster_about_the_wizard_is_not_asked_before_each_warriors_turn():
    from scenario import room, warrior
    s = room()
    s.turn, s.phase = 3, "warriors"
    warrior(s, "barbarian", (0, 0)).wounds = 4
    warrior(s, "wizard", (1, 1))
    s.spells, s.power, s.power_tokens = ["healing_hands"], 6, 6
    assert prompts_of(s, "W") == []  # he heals in his own turn or at the end of the turn
    assert prompts_of(s, "T") == ["Cast a spell now?"]
