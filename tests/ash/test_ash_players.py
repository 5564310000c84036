"""Wrath of Ashardalon as players meet it (issue 16): tiles named as players name them and no
internal id in any text a player reads, walls drawn whole, every held item on the sheet, card
texts, drawn cards, previews and sight, ties settled without a question unless the setting asks,
no power offered that would do nothing, plurals and articles."""
from __future__ import annotations

import itertools
import re

from ash_scenario import Picks, add_tile, dungeon, monster, run

from dungeon_tui.engine.game import Action, Event
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.ashardalon import powers
from dungeon_tui.rulesets.ashardalon.choosing import closest
from dungeon_tui.rulesets.ashardalon.game import GAME
from dungeon_tui.rulesets.ashardalon.presenter import PRESENTER as P
from dungeon_tui.rulesets.ashardalon.tile_names import tile_name
from dungeon_tui.engine.words import an
from dungeon_tui.engine.words import counted as count
from dungeon_tui.tui.map_view import CORNERS, WALLISH

# What an id looks like in text: a card copy (legion_devil#2), a figure list (=l3), a start
# half or deck tile (start_n, w07), any snake_case word (orc_smasher), a hero id.  And two
# wording faults: "A Orc", "1 squares".
ID = re.compile(r"#\d|=[a-z]\d|\bstart_[nsew]\b|\b[bw]\d\d\b|\b[a-z]+_[a-z_]+\b"
                r"|\b(quinn|vistra|keyleth|tarak|heskan)\b")
WORDING = re.compile(r"\b[Aa] [AEIOU]|\b1 (squares|tiles|Kobolds)\b")
SETUPS = [("a_day_in_the_life", ["quinn", "vistra"]),
          ("monster_hunt", ["quinn", "vistra", "keyleth", "tarak", "heskan"])]


def ai_game(adventure, heroes, seed, decisions, each=None):
    """An AI game on every seat for some decisions; `each(game, decision, events)` after each."""
    game = GAME.new_game({"adventure": adventure, "heroes": heroes}, seed)
    ai = get("ashardalon").ai_controllers()
    while game.pending is not None and len(game.decisions) < decisions:
        d = game.pending
        fresh = game.play(*(ai.get(d.seat) or ai["*"]).choose(game, d))
        if each is not None:
            each(game, d, fresh)
    return game


def test_no_text_a_player_reads_names_an_internal_id():
    bad: list[str] = []
    asked = []

    def read(game, d, fresh):
        texts = [] if d.chance is not None else [d.prompt] + [str(a) for a in d.options]
        texts += [e.text for e in fresh if e.kind != "decision"]
        if len(game.decisions) % 10 == 0:  # the panels and the line under the cursor, now and then
            seat = next(iter(game.state.seat_of.values()))
            texts += [P.status(game, seat), *P.party(game, seat)]
            for hid in game.state.party:
                texts += [P.sheet(game, seat, hid)] + [c.label for c in P.hand(game, seat, hid)]
            texts += [P.look(game, seat, f.pos) for f in game.state.figures.values() if f.on_board]
        bad.extend(t for t in texts if ID.search(t) or WORDING.search(t))
        if d.chance is None and d.seat.startswith("hero:"):
            asked.append(d)

    for seed in (1, 2):
        for adventure, heroes in SETUPS:
            ai_game(adventure, heroes, seed, 300, read)
    assert len(asked) > 200  # the check saw a real amount of play
    assert bad == []
    # A prompt only with a real choice: no hero is asked to end a phase with nothing else to do.
    assert not [d for d in asked if len(d.options) == 1 and d.options[0].kind == "end"]


def test_a_tile_is_named_from_the_start_tile_or_a_hero():
    start = [(0, 0), (0, 1)]
    heroes = [("Quinn", (1, 0)), ("Vistra", (0, 1))]
    assert tile_name((0, 0), start, heroes) == "the start tile's north half"
    assert tile_name((0, 1), start, heroes) == "the start tile's south half"
    assert tile_name((1, 0), start, heroes) == "Quinn's tile"
    assert tile_name((1, -1), start, heroes) == "the tile north of Quinn"
    assert tile_name((2, 1), start, heroes) == "the tile south-east of Quinn"
    assert tile_name((-1, -1), start, heroes) == "the tile 1 north, 2 west of Quinn"
    assert tile_name((0, 3), start, []) == "the tile 2 south of the start tile"


def test_every_wall_of_a_placed_tile_is_drawn_whole():
    """Each closed side of a tile gives its four squares a wall or door edge, so the map's
    corner between two of them has both arms and the line runs unbroken."""
    game = ai_game("a_day_in_the_life", ["quinn", "vistra"], 1, 400)
    view = game.view("hero:quinn")
    assert len(view["tiles"]) >= 4
    edges = P.board(game, "hero:quinn").edges
    tiles = {(c[0], c[1]): t for t in view["tiles"] for c in t["cells"]}
    walls = 0
    for cell, t in tiles.items():
        for side, (dx, dy) in {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}.items():
            beyond = (cell[0] + dx, cell[1] + dy)
            if tiles.get(beyond) is t or side in t["open"][f"{cell[0]},{cell[1]}"]:
                continue
            x0, y0 = 4 * cell[0], 4 * cell[1]
            line = ([(x0 + k, y0 + (3 if side == "S" else 0)) for k in range(4)] if side in "NS"
                    else [(x0 + (3 if side == "E" else 0), y0 + k) for k in range(4)])
            keys = [tuple(sorted([q, (q[0] + dx, q[1] + dy)])) for q in line]
            assert all(edges.get(k, ("", ""))[1] in WALLISH for k in keys), (cell, side)
            for a, b in itertools.pairwise(keys):  # the corner between two wall edges joins them
                mx, my = max(a[1][0], b[1][0]), max(a[1][1], b[1][1])
                around = (edges.get(((mx - 1, my - 1), (mx, my - 1))), edges.get(((mx - 1, my), (mx, my))),
                          edges.get(((mx - 1, my - 1), (mx - 1, my))), edges.get(((mx, my - 1), (mx, my))))
                arms = tuple(int(e is not None and e[1] in WALLISH) for e in around)
                assert (arms[0] and arms[1]) if side in "EW" else (arms[2] and arms[3]), (cell, side, arms)
                assert CORNERS[arms] not in (" ", None)
            walls += 1
    assert walls > 8


def test_the_sheet_lists_every_item_and_lasting_effect():
    s = dungeon({"vistra": (1, 5), "heskan": (2, 5)})
    v, h = s.figures["vistra"], s.figures["heskan"]
    v.items.update({"vorpal_sword#1": True, "thieves_tools#1": True, "boots_of_striding#1": True,
                    "potion_of_healing#1": False})
    h.flags["mirror_images"] = 2
    game = run(s, lambda g: iter(()), [])
    sheet = P.sheet(game, "hero:vistra", "vistra")
    assert "Items: Vorpal Sword, Thieves' Tools, Boots of Striding, Potion of Healing (used)" in sheet
    assert "Effects: 2 mirror images (+4 AC)" in P.sheet(game, "hero:vistra", "heskan")


def test_held_monster_cards_read_by_name_and_apart():
    s = dungeon({"quinn": (1, 5)})
    one, two = monster(s, "snake", (1, 1), copy=1), monster(s, "snake", (2, 6), copy=2)
    game = run(s, lambda g: iter(()), [])
    glyphs = [P.glyph(vars(f))[0] for f in (one, two)]
    assert P.party(game, "hero:quinn")[1] == f"   holds Snake ({glyphs[0]}), Snake ({glyphs[1]})"
    assert glyphs[0] != glyphs[1]


def test_each_card_in_hand_says_what_it_does():
    s = dungeon({"quinn": (1, 5)})
    s.figures["quinn"].items["vorpal_sword#1"] = True
    game = run(s, lambda g: iter(()), [])
    cards = P.hand(game, "hero:quinn", "quinn")
    assert len(cards) == 6 and all(c.text for c in cards)
    assert cards[-1].text == game.content.items["vorpal_sword"].text


def test_a_drawn_encounter_and_a_found_treasure_show_as_cards():
    game = run(dungeon({"quinn": (1, 5)}), lambda g: iter(()), [])
    enc = game.content.encounters["wandering_monster"]
    assert P.drawn_card(game, Event("encounter", {"card": "wandering_monster", "text": ""})) == (
        f"{enc.name} (event)", enc.text)
    potion = game.content.items["potion_of_healing"]
    found = Event("treasure", {"card": "potion_of_healing#1", "found": True, "text": ""})
    assert P.drawn_card(game, found) == (potion.name, potion.text)
    assert P.drawn_card(game, Event("treasure", {"card": "potion_of_healing#1", "text": ""})) is None  # handed over
    assert P.drawn_card(game, Event("move", {"text": "Quinn moves 1 square."})) is None


def test_exploring_previews_the_new_tiles_squares():
    game = run(dungeon({"quinn": (1, 0)}), lambda g: iter(()), [])
    north = Action.make("hero:quinn", "explore", cell=[0, 0], side="N")
    cells = P.preview(game, "hero:quinn", north)
    assert sorted(cells) == sorted((x, y) for y in range(-4, 0) for x in range(4))
    assert P.preview(game, "hero:quinn", Action.make("hero:quinn", "end")) == {}


def test_sight_is_the_reach_of_ready_powers_and_the_monsters_in_it():
    s = dungeon({"quinn": (1, 5)})  # on start_s
    a = add_tile(s, "w04", (0, 0), "E")  # A east of start_n: 2 tiles from start_s
    b = add_tile(s, "w01", a, "N")  # B north of A: 3 tiles from start_s
    snake = monster(s, "snake", (5, 1))  # on A
    game = run(s, lambda g: iter(()), [])
    # Blade Barrier (2 tiles) ready: A is in reach and its snake a target; B is not.
    seen, targets = P.sight(game, "hero:quinn", "quinn")
    assert (1, 1) in seen and (5, 1) in seen and (4 * b[0] + 1, 4 * b[1] + 1) not in seen
    assert targets == {snake.pos}
    # With only Sacred Flame (1 tile) left, A is out of reach from start_s...
    s.figures["quinn"].powers["blade_barrier"] = False
    seen, targets = P.sight(game, "hero:quinn", "quinn")
    assert (5, 1) not in seen and (1, 1) in seen and targets == set()
    # ...and in reach from start_n, next to it.
    s.figures["quinn"].pos = (1, 2)
    seen, targets = P.sight(game, "hero:quinn", "quinn")
    assert (5, 1) in seen and targets == {snake.pos}


def test_ties_settle_by_the_fixed_order_unless_the_setting_asks():
    def tie(ties):
        s = dungeon({"quinn": (1, 2), "vistra": (3, 2)}, **({"ties": ties} if ties else {}))
        snake = monster(s, "snake", (2, 2))
        seats = Picks()
        got = {}

        def proc(g):
            got["who"] = yield from closest(g, snake, s.heroes(), "closest hero")
        game = run(s, proc, [], heroes=seats)
        return got["who"].id, seats.seen, [e.text for e in game.events if e.kind == "tie"]

    assert GAME.normalise_setup({"heroes": ["quinn"]})["ties"] == "auto"
    who, asked, said = tie(None)
    assert who == "quinn" and asked == []
    assert said == ["  A tie for closest hero between Quinn (1 square) and Vistra (1 square): "
                    "Quinn (1 square), first in the fixed order."]
    who, asked, said = tie("active_player")
    assert who == "quinn" and [q["kinds"] for q in asked] == [["tie", "tie"]] and said == []


def test_mirror_image_is_not_offered_while_all_three_images_stand():
    s = dungeon({"heskan": (1, 5)})
    h = s.figures["heskan"]
    game = run(s, lambda g: iter(()), [])

    def offers():
        return [a.get("power") for a in powers.free_options(game, h, "hero:heskan", True)]
    assert "mirror_image" in offers()
    h.flags["mirror_images"] = 3
    assert "mirror_image" not in offers()
    h.flags["mirror_images"] = 1
    assert "mirror_image" in offers()


def test_articles_and_plurals():
    assert an("Orc Archer") == "An Orc Archer" and an("Snake") == "A Snake"
    assert count(1, "square") == "1 square" and count(2, "Kobold") == "2 Kobolds"
    assert count(1, "damage", "damage") == "1 damage" and count(3, "damage", "damage") == "3 damage"


def test_figures_of_one_name_read_apart_in_choices_and_ties():
    """Three Legion Devils next to Vistra: each choice and the tie in the log say which one by
    its map mark ("Legion Devil (l2)"), and a lone monster keeps its plain name."""
    s = dungeon({"vistra": (2, 1)})
    monster(s, "legion_devil", (1, 1), holder="vistra")  # the card brings three: l1, l2, l3
    monster(s, "grell", (3, 2), holder="vistra")
    game = run(s, lambda game: closest(game, s.figures["vistra"], s.foes(), "closest monster"), [])
    sure = [str(a) for a in powers.attack_options(game, s.figures["vistra"], "hero:vistra")
            if a.get("power") == "sure_strike"]
    assert sorted(sure) == [f"Sure Strike (at-will) at {x}" for x in
                            ("Grell", "Legion Devil (l1)", "Legion Devil (l2)", "Legion Devil (l3)")]
    said = [e.text.strip() for e in game.events if e.kind in ("tie", "tactics")]
    assert said[0] == ("A tie for closest monster between Legion Devil (l1, 1 square), Legion Devil (l2, 1 square), "
                       "Legion Devil (l3, 1 square) and Grell (1 square): Legion Devil (l1, 1 square), first in the "
                       "fixed order.")
    assert said[1] == "closest monster for Vistra: Legion Devil (l1), 1 square away."


def test_sifted_cards_counted_an_exclaimed_environment_and_a_disable_roll_name_their_cards():
    """'1 Aberrant card goes on top' (not 'card(s)'), 'The environment is now Surrounded!'
    (not '!.'), and a disable roll naming Thieves' Tools and Kobold Trappers, not their ids."""
    from ash_scenario import events as of_kind, rolls

    from dungeon_tui.rulesets.ashardalon.encounters import encounter
    from dungeon_tui.rulesets.ashardalon.hazards import disable

    s = dungeon({"quinn": (1, 2)})
    s.decks["encounter"] = ["unnatural_corruption"]
    s.decks["monster"] = ["grell#1", "snake#1", "snake#2", "orc_archer#1", "cave_bear#1"]
    game = run(s, encounter, [])
    (sift,) = of_kind(game, "sift")
    assert sift["text"] == "Unnatural Corruption: 1 Aberrant card goes on top of the monster deck, 4 discarded."
    s = dungeon({"quinn": (1, 2)})
    s.decks["encounter"] = ["surrounded"]
    game = run(s, encounter, [])
    assert [e["text"] for e in of_kind(game, "environment")] == ["The environment is now Surrounded!"]
    s = dungeon({"tarak": (1, 5)})
    s.figures["tarak"].items["thieves_tools#1"] = True
    s.environment = "kobold_trappers"
    s.markers["poisoned_dart_trap"] = {"at": [2, 6]}
    s.rows["tarak"].append("poisoned_dart_trap")
    (r,) = rolls(run(s, lambda g: disable(g, s.figures["tarak"], "poisoned_dart_trap"), [12]))
    assert r["text"] == ("Tarak works at Poisoned Dart Trap: d20 12 +4 Thieves' Tools -4 Kobold Trappers = 12 vs 10: "
                         "disabled")


def test_monster_hunt_shows_the_trophies_taken_and_needed():
    """Monster Hunt is won on a count the table showed nowhere: the status says it (2 a hero + 3)."""
    game = GAME.new_game({"adventure": "monster_hunt", "heroes": ["quinn", "vistra", "keyleth"]}, 3)
    game.state.trophies = 4
    assert "trophies 4 of 9" in P.status(game, "hero:quinn")
    day = GAME.new_game({"adventure": "a_day_in_the_life", "heroes": ["quinn"]}, 3)
    assert "trophies" not in P.status(day, "hero:quinn")


def test_the_saves_list_names_the_adventure_and_heroes():
    """A save's listing reads "Monster Hunt" and "Quinn, Vistra", not monster_hunt and quinn,vistra."""
    game = GAME.new_game({"adventure": "monster_hunt", "heroes": ["quinn", "vistra"]}, 3)
    assert GAME.record_meta(game) == {"adventure": "Monster Hunt", "party": ["Quinn", "Vistra"], "turn": 0}


def test_blade_barrier_tokens_read_as_one_effect_and_draw_unlike_a_monster():
    """Five Blade Barrier tokens: the sheet says so once ("5 Blade Barrier tokens on ..."), not
    five times; each draws as %% (a lone "b" read as a Cave Bear), named in the legend and the
    line under the cursor."""
    from ash_scenario import _G

    from dungeon_tui.rulesets.ashardalon.powers import lay_tokens

    s = dungeon({"quinn": (0, 2)})
    lay_tokens(_G(s), s.figures["quinn"], "blade_barrier", (0, 0), 5)
    game = run(s, lambda g: iter(()), [])
    sheet = P.sheet(game, "hero:quinn", "quinn")
    assert "5 Blade Barrier tokens on the start tile's north half" in sheet and sheet.count("Blade Barrier") == 1
    spots = [tuple(t["at"]) for t in s.tokens]
    cells = P.board(game, "hero:quinn").cells
    assert [cells[q][0] for q in spots] == ["%%"] * 5 and "%% blade barrier" in P.legend
    assert "Blade Barrier token" in P.look(game, "hero:quinn", spots[0])


def test_two_of_a_kind_never_share_a_map_mark():
    """The map numbers a monster among those of its kind: the first Grell is g1 and a later one
    g2, even when ten figures came between them (ids grell1 and grell11: both were "g1")."""
    s = dungeon({"quinn": (1, 5)})
    first = monster(s, "grell", (1, 1), copy=1)
    s.next_id += 10 - 1  # ten figures later, as after some Legion Devils, cultists and snakes
    second = monster(s, "grell", (2, 6), copy=2)
    assert first.id[-1] == second.id[-1]
    game = run(s, lambda g: iter(()), [])
    cells = P.board(game, "hero:quinn").cells
    assert (cells[first.pos][0], cells[second.pos][0]) == ("g1", "g2")
    assert P.look(game, "hero:quinn", second.pos).split(" · ")[1].startswith("g2 Grell")
    assert "Sacred Flame (at-will) at Grell (g2)" in [str(a) for a in
                                                      powers.attack_options(game, s.figures["quinn"], "hero:quinn")]


def test_a_held_card_whose_figures_are_gone_says_which_of_its_name_it_moves():
    """Vistra holds an Orc Archer card whose figure fell, while Quinn's archer stands: her card
    still moves it by name (§5.4), so her row says so rather than "none on the board"."""
    s = dungeon({"quinn": (1, 5), "vistra": (2, 5)})
    mine = monster(s, "orc_archer", (1, 1), holder="vistra", copy=1)
    other = monster(s, "orc_archer", (2, 6), holder="quinn", copy=2)
    mine.pos = None  # defeated
    game = run(s, lambda g: iter(()), [])
    rows = P.party(game, "hero:quinn")
    mark_of = P.board(game, "hero:quinn").cells[other.pos][0]
    assert f"   holds Orc Archer (none of its own; it moves {mark_of})" in rows
    other.pos = None
    assert "   holds Orc Archer (none on the board)" in P.party(game, "hero:quinn")


def test_a_hazard_with_nobody_on_its_tile_says_it_strikes_no_one():
    """Cave In acts on a tile the heroes have left: the log says nobody is there, not just that
    it acted (issue 16: when the game skips something, the log says why)."""
    from ash_scenario import rolls

    from dungeon_tui.rulesets.ashardalon.dungeon import activate_marker

    s = dungeon({"quinn": (1, 5)})  # the start tile's south half
    s.markers["cave_in"] = {"at": [1, 1]}  # the north half
    s.rows["quinn"].append("cave_in")
    game = run(s, lambda g: activate_marker(g, "cave_in"), [])
    assert rolls(game) == []
    assert "Nobody is there: Cave In strikes no one." in [e.text.strip() for e in game.events]
