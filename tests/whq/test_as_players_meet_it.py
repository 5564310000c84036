"""Warhammer Quest as players meet it (issue 16): the map shows every section with its walls and
doorways, figures never run together, every glyph is in the legend, names instead of ids,
counted words, no prompt without a real choice, the preview of a section before it is laid."""
from __future__ import annotations

import random
import re
from functools import cache

from dungeon_tui.engine.game import CHANCE, Event, Game
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.warhammer_quest import magic, treasure, warriors, words
from dungeon_tui.rulesets.warhammer_quest.presenter import LEGEND, PRESENTER, SUBSCRIPT

from scenario import load_content, monster, room, run, warrior

RS = get("warhammer-quest")
SEAT = "hero:barbarian"
FIGURE_ROLES = ("hero", "monster")
# What an internal id looks like: a monster (m12), a section (s3, s3.d0), a content id (iron_skin).
INTERNAL_ID = re.compile(r"\b(m\d+|s\d+(\.\w+)?|[a-z]+_[a-z_]+)\b")


def play(adventure: str, seed: int, until, wild: float = 0.0) -> Game:
    """The AI on every seat (a share `wild` of the choices random) until `until(game)` holds."""
    game = RS.new_game({"adventure": adventure}, seed)
    ctl = RS.ai_controllers()
    pick = random.Random(seed)
    while not game.over and not until(game):
        d = game.pending
        action, why = (ctl.get(d.seat) or ctl["*"]).choose(game, d)
        if d.seat != CHANCE and d.options and pick.random() < wild:
            action = pick.choice(d.options)
        game.play(action, why)
    return game


@cache
def fp6_turn_10() -> Game:
    return play("fp6", 42, lambda g: g.state.turn >= 10)


def boards():
    """Boards from a few games at a few moments (the map test's fp6 among them)."""
    yield PRESENTER.board(fp6_turn_10(), SEAT)
    for adventure, seed in (("fp5", 7), ("fp1", 3), ("fc1", 1)):
        for turn in (2, 6, 12):
            game = play(adventure, seed, lambda g, t=turn: g.state.turn >= t)
            yield PRESENTER.board(game, SEAT)


# -- the map --------------------------------------------------------------------------------------
def test_every_explored_section_has_its_floor_and_a_wall_round_it_at_turn_10_of_fp6():
    game = fp6_turn_10()
    s = game.state
    cells = PRESENTER.board(game, SEAT).cells
    lit = set(game.view(SEAT)["lit"])
    on_board = set(s.grid.region)
    assert s.sections
    for sid, sec in s.sections.items():
        for sq in sec.squares:
            text, role = cells[sq]
            if role not in FIGURE_ROLES and s.grid.terrain[sq] == ".":
                assert role == ("floor" if sid in lit else "fog"), (sid, sq, cells[sq])
        round_it = {(x + dx, y + dy) for x, y in sec.squares for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - on_board
        assert round_it and all(cells[sq][1] in ("wall", "door") for sq in round_it), sid
        assert any(cells[sq] == ("██", "wall") for sq in round_it), sid


def test_the_doorways_and_the_way_out_show_beyond_the_figures():
    game = fp6_turn_10()
    cells = PRESENTER.board(game, SEAT).cells
    marks = [text for text, role in cells.values() if role == "door"]
    assert "<<" in marks  # the entrance: the way out
    unexplored = [d for d in game.state.doorways.values() if d.state == "unexplored"]
    assert not unexplored or "++" in marks


def test_look_names_the_section_under_the_cursor():
    game = fp6_turn_10()
    s = game.state
    sec = s.sections["s1"]
    name = game.content.cards[sec.card].name
    free = next(sq for sq in sec.squares if s.at(sq) is None) if any(s.at(q) is None for q in sec.squares) else None
    said = PRESENTER.look(game, SEAT, free or sec.squares[0])
    assert f"the {name}" in said
    wall = next(sq for sq, (_t, role) in PRESENTER.board(game, SEAT).cells.items() if role == "wall")
    assert ": the wall of the " in PRESENTER.look(game, SEAT, wall)


def test_figures_are_two_characters_that_never_run_together_and_monsters_carry_their_names_number():
    game = fp6_turn_10()
    names = {f.pos: f.name for f in game.state.figures.values() if f.pos is not None}
    for board in boards():
        for text, role in board.cells.values():
            assert len(text) == 2
            if role in FIGURE_ROLES:
                # The second character is never a letter or a plain digit: in a row of figures the
                # letters stand alone, so "o₆o₃" reads as two, where "o6o3" read as one run.
                assert text[1] in " _" + SUBSCRIPT, text
    for sq, (text, role) in PRESENTER.board(game, SEAT).cells.items():
        if role == "monster":
            assert SUBSCRIPT.index(text[1]) == int(names[sq].rsplit(" ", 1)[1]) % 10


def test_every_glyph_on_the_map_is_in_the_legend():
    c = load_content()
    for m in c.monsters.values():
        assert f"{m.glyph} = {m.name}" in LEGEND or f"{m.glyph}₁ = {m.name}" in LEGEND, m.name
    for board in boards():
        for text, role in board.cells.values():
            shown = text[0] if role in FIGURE_ROLES else text.strip()
            assert shown in LEGEND, (text, role)


# -- the preview of a section before it is laid ----------------------------------------------------
def test_each_way_of_laying_a_section_is_previewed_with_its_squares_and_exits():
    game = play("fp1", 3, lambda g: g.pending is not None and g.pending.prompt.startswith("How is the"))
    d = game.pending
    assert d is not None and len(d.options) > 1
    laid = set(game.state.grid.terrain)
    previews = []
    for option in d.options:
        cells = PRESENTER.preview(game, d.seat, option)
        lay = d.context["lays"][option.get("option")]
        assert set(cells) == {(x, y) for x, y, _t in lay["squares"]}
        assert [cells[(x, y)] for x, y in lay["exits"]] == [("++", "door")] * len(lay["exits"])
        assert not laid & set(cells)  # a way that overlaps the dungeon is never offered
        previews.append(cells)
    assert len({tuple(sorted(p.items())) for p in previews}) == len(previews)  # each way looks different


def test_the_doorway_an_exploration_would_open_is_previewed():
    game = play("fp1", 3, lambda g: g.pending is not None and any(a.kind == "explore" for a in g.pending.options))
    d = game.pending
    explore = next(a for a in d.options if a.kind == "explore")
    door = game.state.doorways[explore.get("door")]
    assert set(PRESENTER.preview(game, d.seat, explore)) == set(door.squares)
    assert PRESENTER.preview(game, d.seat, next(a for a in d.options if a.kind == "pass")) == {}


# -- sight ---------------------------------------------------------------------------------------
def test_sight_gives_what_the_warrior_sees_and_the_monsters_he_could_strike():
    game = play("fp6", 42, lambda g: any(f.pos for f in g.state.monsters()) and g.state.phase == "warriors")
    s = game.state
    for w in s.heroes():
        if not w.active:
            continue
        seen, foes = PRESENTER.sight(game, SEAT, w.id)
        assert w.pos in seen
        adjacent = {m.pos for m in s.monsters() if s.grid.adjacent(w.pos, m.pos)}
        if adjacent:
            assert foes == adjacent
        assert foes <= seen | adjacent


# -- names, never ids ------------------------------------------------------------------------------
def test_no_prompt_option_or_event_text_names_an_internal_id():
    seen = 0
    for adventure, seed in (("fp6", 1), ("fp5", 2), ("fl1", 3), ("fc1", 4), ("tc2", 5), ("ic1", 6)):
        game = RS.new_game({"adventure": adventure}, seed)
        ctl = RS.ai_controllers()
        pick = random.Random(seed)
        for _ in range(400):
            if game.over:
                break
            d = game.pending
            if d.seat != CHANCE:
                for text in [d.prompt, *(a.text for a in d.options)]:
                    assert not INTERNAL_ID.search(text), text
                texts = [a.text for a in d.options]
                assert len(set(texts)) == len(texts), texts  # rows that read the same are told apart
                seen += 1
            action, why = (ctl.get(d.seat) or ctl["*"]).choose(game, d)
            if d.seat != CHANCE and d.options and pick.random() < 0.3:
                action = pick.choice(d.options)
            game.play(action, why)
        for e in game.events:
            said = str(e.data.get("why", "")) if e.kind == "decision" else e.text  # the AI's reasons too
            assert not INTERNAL_ID.search(said), said
    assert seen > 300


def test_counted_words_and_articles():
    assert words.counted(1, "Wound") == "1 Wound"
    assert words.counted(3, "Wound") == "3 Wounds"
    assert words.counted(2, "Goblin Spearman") == "2 Goblin Spearmen"
    assert words.counted(4, "Skaven") == "4 Skaven"
    assert words.counted(1, "square") == "1 square"
    assert words.counted(5, "Giant Bat") == "5 Giant Bats"
    assert words.a("Orc Archer") == "an Orc Archer"
    assert words.a("Skaven") == "a Skaven"
    assert words.The("Orc Warrior 3") == "Orc Warrior 3"
    assert words.The("Barbarian") == "The Barbarian"


def test_armour_is_named_only_when_worn():
    """A monster's blow on the Wizard (no armour) does not say "with armour"; on the Dwarf it does."""
    from dungeon_tui.rulesets.warhammer_quest.monster_strikes import strike
    for kind, worn in (("wizard", False), ("dwarf", True)):
        s = room()
        w = warrior(s, kind, (1, 1))
        m = monster(s, "orc_warrior", (2, 1))
        game = run(s, lambda g, m=m, w=w: strike(g, m, w), [6, 6])
        damage = next(e.text for e in game.events if e.kind == "roll" and e.data["rule"] == "whq.melee.damage")
        assert ("with armour" in damage) is worn, damage


def test_fp6_says_its_goblins_come_as_skaven():
    game = play("fp6", 42, lambda g: any(e.kind == "place" for e in g.events))
    said = [e.text for e in game.events if e.kind == "info" and "counted as Skaven" in e.text]
    placed = [e for e in game.events if e.kind == "event" and "goblin" in e.data["card"]]
    assert placed and said and said[0].startswith("Free the Prisoners: goblins are counted as Skaven")


def test_the_spell_log_says_where_the_power_came_from():
    s = room()
    wiz = warrior(s, "wizard", (1, 1), wounds=4)
    wiz.max_wounds = 10
    s.spells, s.power, s.power_tokens = ["heal_wounds"], 1, 5
    game = run(s, lambda g: magic.cast(g, wiz, magic.cast_options(g, wiz)[0]), [3])
    cast = next(e.text for e in game.events if e.kind == "spell")
    assert "1 from this turn's power roll and 3 power tokens" in cast


# -- the panels ----------------------------------------------------------------------------------
def test_the_sheet_lists_everything_held_and_says_when_a_warrior_is_pinned():
    game = play("fp6", 42, lambda g: g.state.turn >= 1)
    s = game.state
    barb = s.figures["barbarian"]
    barb.treasure.append({"id": "fur_cloak"})
    barb.flags.update(pinned=True, t_mod=2)
    sheet = PRESENTER.sheet(game, SEAT, "barbarian")
    assert "PINNED" in sheet and "Fur Cloak (always)" in sheet and "Toughness +2" in sheet
    assert "the lantern" in sheet
    barb.flags["pinned"] = False
    assert "PINNED" not in PRESENTER.sheet(game, SEAT, "barbarian")


def test_every_card_in_hand_says_what_it_does():
    game = play("fp6", 42, lambda g: g.state.turn >= 1)
    game.state.figures["wizard"].treasure.append({"id": "orb_of_might", "charges": 3})
    cards = PRESENTER.hand(game, "hero:wizard", "wizard")
    assert len(cards) >= 4 and all(card.text for card in cards)
    assert any("Stores D6 power" in card.text for card in cards)


def test_a_drawn_event_card_is_shown_as_a_card():
    game = play("fp6", 42, lambda g: any(e.kind == "event" for e in g.events))
    event = next(e for e in game.events if e.kind == "event")
    title, text = PRESENTER.drawn_card(game, event)
    card = game.content.events[event.data["card"]]
    assert title == f"Event: {card.name}" and text.startswith(card.text)
    assert PRESENTER.drawn_card(game, Event("turn", {"turn": 1, "text": "Turn 1."})) is None


# -- no prompt without a real choice -------------------------------------------------------------
def asked(game_proc, state, dice=()):
    prompts: list[str] = []

    def choose(d):
        prompts.append(d.prompt)
        return next((a for a in d.options if a.kind in ("pass", "done", "end")), d.options[0])
    game = run(state, game_proc, list(dice), choose)
    return prompts, game


def test_a_wizard_with_no_spell_that_would_do_anything_is_not_asked():
    s = room()
    warrior(s, "barbarian", (0, 0))
    warrior(s, "wizard", (1, 1))
    s.spells, s.power, s.power_tokens = ["iron_skin", "heal_wounds", "healing_hands"], 6, 6
    prompts, _ = asked(lambda g: magic.window(g, "W"), s)
    assert prompts == []  # no monster to fight, nobody hurt
    s.figures["barbarian"].wounds = 5
    prompts, game = asked(lambda g: magic.window(g, "W"), s)
    assert prompts == []  # no monster about: he heals in his own turn, not before each warrior's
    prompts, game = asked(lambda g: magic.window(g, "T"), s)
    assert len(prompts) == 1
    offered = magic.cast_options(game, s.figures["wizard"])
    assert {a.get("spell") for a in offered} == {"heal_wounds", "healing_hands"}
    assert {a.get("target") for a in offered if a.get("spell") == "heal_wounds"} == {"barbarian"}


def test_a_boxed_in_warrior_is_not_asked_and_the_log_says_why():
    s = room(1, 1)
    w = warrior(s, "barbarian", (0, 0))
    prompts, game = asked(lambda g: warriors.warrior_turn(g, w), s)
    assert prompts == []
    assert any("boxed in" in e.text and "turn ends" in e.text for e in game.events)


def test_trades_are_not_asked_again_while_nothing_has_changed():
    s = room()
    warrior(s, "barbarian", (0, 0))
    warrior(s, "elf", (1, 1)).equipment.append("healing_potion")

    def twice(g):
        yield from treasure.trades(g)
        yield from treasure.trades(g)
    prompts, game = asked(twice, s)
    assert prompts == ["End of turn: any trades?"]
    assert any("without asking again" in e.text for e in game.events)
    s.figures["elf"].wounds = 3  # someone is hurt: a potion might change hands now
    prompts, _ = asked(lambda g: treasure.trades(g), s)
    assert prompts == ["End of turn: any trades?"]
