"""The Ashardalon companion in scripted positions (issue 19): the fallen friend is healed and a
scratch is not, the healer walks to the fallen, poison is cleared, a trap on the tile is
disabled, the archer is struck before the kobold, daily powers wait for the villain, an edge is
sought when the board is clear, the exit is run for; and the choice never depends on what the
table cannot see (deck order)."""
from __future__ import annotations

from ash_scenario import add_tile, dungeon, monster, run, villain

from dungeon_tui.engine.game import Action, Decision
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.ashardalon import board, heroes
from dungeon_tui.rulesets.ashardalon.ai.companions import HeroAI
from dungeon_tui.rulesets.ashardalon.game import GAME
from dungeon_tui.rulesets.ashardalon.geometry import side_squares


def ask(s, hid, done=()):
    """The companion's choice for the hero's phase in this position."""
    game = run(s, lambda g: iter(()), [])
    h = s.figures[hid]
    d = Decision(s.seat_of[hid], "hero phase", heroes.options(game, h, list(done)),
                 context={"figure": hid, "done": list(done)})
    return HeroAI().choose(game, d)


def test_a_fallen_friend_beside_the_paladin_is_lifted_with_lay_on_hands():
    s = dungeon({"keyleth": (1, 5), "vistra": (2, 5)})
    s.figures["vistra"].hp = 0
    a, why = ask(s, "keyleth")
    assert (a.get("power"), a.get("other")) == ("lay_on_hands", "vistra")
    assert "Vistra has fallen" in why and "saves a healing surge" in why


def test_a_scratch_does_not_spend_the_once_a_game_heal():
    s = dungeon({"keyleth": (1, 5), "vistra": (2, 5)})
    s.figures["vistra"].hp = 6
    a, _ = ask(s, "keyleth")
    assert a.get("power") != "lay_on_hands"


def test_the_paladin_walks_beside_a_fallen_friend_to_heal_him():
    s = dungeon({"keyleth": (1, 1), "vistra": (2, 6)})
    s.figures["vistra"].hp = 0
    a, why = ask(s, "keyleth")
    assert a.kind == "move"
    to = tuple(a.get("to"))
    assert max(abs(to[0] - 2), abs(to[1] - 6)) == 1
    assert "beside Vistra to heal him" in why


def test_poison_on_a_friend_is_cleared_at_once():
    s = dungeon({"keyleth": (1, 5), "vistra": (2, 5)})
    s.figures["vistra"].conditions = ["poisoned"]
    a, why = ask(s, "keyleth")
    assert (a.get("power"), a.get("other"), a.get("condition")) == ("virtues_touch", "vistra", "poisoned")
    assert "1 HP every turn" in why


def test_a_trap_on_the_heros_tile_is_disabled():
    s = dungeon({"quinn": (1, 5)})
    s.markers["poisoned_dart_trap"] = {"at": [2, 6]}
    a, why = ask(s, "quinn")
    assert a.kind == "disable" and a.get("card") == "poisoned_dart_trap"
    assert "strikes again" in why


def test_the_archer_is_struck_before_the_kobold():
    s = dungeon({"vistra": (1, 5)})
    kobold = monster(s, "kobold_dragonshield", (0, 5))
    archer = monster(s, "orc_archer", (2, 5))
    kobold.hp = archer.hp = 1
    a, why = ask(s, "vistra")
    assert a.kind == "attack" and a.get("target") == archer.id
    assert "Orc Archer" in why


def test_the_daily_waits_for_the_villain():
    s = dungeon({"keyleth": (1, 5)}, adventure="the_closed_doors")
    monster(s, "snake", (0, 5))
    a, why = ask(s, "keyleth")
    assert a.kind == "attack" and game_power_type(a) == "at_will" and "daily powers stay ready" in why
    s = dungeon({"keyleth": (1, 5)}, adventure="the_closed_doors")
    bellax = villain(s, "bellax", (2, 5))
    s.chamber = {"card": "corrupted_guardians", "villain": bellax.id}
    a, why = ask(s, "keyleth")
    assert (a.get("power"), a.get("target")) == ("righteous_smite", bellax.id)
    assert "the adventure is won by felling it" in why


def game_power_type(a):
    return GAME.content().powers[a.get("power")].type


def test_with_the_board_clear_the_hero_heads_for_an_unexplored_edge():
    s = dungeon({"quinn": (1, 5)})
    s.decks["dungeon"] = ["a hidden tile"]  # only the stack's size counts for the companion
    a, why = ask(s, "quinn")
    edges = {q for c, side in [((0, 1), "E"), ((0, 1), "S"), ((0, 1), "W"), ((0, 0), "N"), ((0, 0), "E"),
                               ((0, 0), "W")] for q in side_squares(c, side)}
    assert a.kind == "move" and tuple(a.get("to")) in edges and "unexplored edge" in why
    s.decks["dungeon"] = []  # no tile left: nothing to open, no reason to walk to an edge
    assert ask(s, "quinn")[0].kind == "end"


def test_the_last_hero_runs_for_the_ladder_rather_than_fight():
    s = dungeon({"quinn": (1, 5)})
    cell = add_tile(s, "secure_exit", (0, 1), "E")
    monster(s, "snake", (2, 5))
    ladder = next(q for q, ch in GAME_LAYOUT(s).items() if ch == "L")
    assert ladder[0] // 4 == cell[0]
    a, why = ask(s, "quinn")
    assert a.kind == "move" and "toward the exit" in why


def GAME_LAYOUT(s):
    from dungeon_tui.rulesets.ashardalon import board
    return board.lay(s).terrain


def test_the_choice_does_not_change_with_what_the_table_cannot_see():
    """Reversing every deck (dungeon tiles, monsters, encounters, treasure) changes nothing a
    player sees; the companion's choice must stay the same at every hero decision."""
    rs = get("ashardalon")
    checked = 0
    for adventure, seed in (("the_wrath_of_ashardalon", 3), ("sneaky_endeavor", 4)):
        game = rs.new_game({"adventure": adventure, "heroes": ["quinn", "vistra", "keyleth"]}, seed)
        ai = rs.ai_controllers()
        while game.pending is not None:
            d = game.pending
            choice = (ai.get(d.seat) or ai["*"]).choose(game, d)
            if d.chance is None and d.seat.startswith("hero:"):
                decks = game.state.decks
                saved = {k: list(v) for k, v in decks.items()}
                for v in decks.values():
                    v.reverse()
                assert HeroAI().choose(game, d) == choice
                for k, v in saved.items():
                    decks[k] = v
                checked += 1
            game.play(*choice)
    assert checked >= 120


def card_decision(s, kind, picks, **context):
    """A card's own question as encounters.choose asks it: one option per pick."""
    seat = s.seat_of[s.active]
    options = [Action.make(seat, kind, text=f"pick {k}", pick=k) for k in range(len(picks))]
    return Decision(seat, "a card asks", options, context={"choice": kind, "picks": picks, **context})


def test_a_wandering_monster_is_put_on_the_tile_farthest_from_the_party():
    s = dungeon({"quinn": (1, 1)})  # on the start tile's north half
    far = add_tile(s, "w04", (0, 1), "E")
    game = run(s, lambda g: iter(()), [])
    a, why = HeroAI().choose(game, card_decision(s, "wander", [(0, 1), far, (0, 0)]))
    assert a.get("pick") == 1
    assert "2 tiles from the nearest hero" in why


def test_the_scroll_sends_a_monster_away_only_when_it_is_near_a_hero():
    s = dungeon({"quinn": (1, 1)})
    far = add_tile(s, "w04", (0, 1), "E")
    m = monster(s, "snake", (2, 5))  # on the start tile's south half, a tile from Quinn
    game = run(s, lambda g: iter(()), [])
    seat = s.seat_of["quinn"]
    options = [Action.make(seat, "scroll", text="Let it act", tile=None),
               Action.make(seat, "scroll", text="beside him", tile=[0, 1]),
               Action.make(seat, "scroll", text="away", tile=list(far))]
    d = Decision(seat, "scroll", options, context={"figure": "quinn", "monster": m.id})
    a, why = HeroAI().choose(game, d)
    assert tuple(a.get("tile")) == far and "2 tiles from the party" in why
    m.pos = board.place_square(s, far)  # two tiles off, it cannot reach him this time
    a, why = HeroAI().choose(game, d)
    assert a.get("tile") is None and "keeps the scroll" in why


def test_a_thief_takes_a_spent_item_before_a_ready_one():
    s = dungeon({"quinn": (1, 5)})
    s.figures["quinn"].items = {"box_of_caltrops#1": True, "potion_of_healing#1": False}
    game = run(s, lambda g: iter(()), [])
    picks = sorted(s.figures["quinn"].items)
    a, why = HeroAI().choose(game, card_decision(s, "thief", picks))
    assert picks[a.get("pick")] == "potion_of_healing#1" and "spent" in why
    s.figures["quinn"].items["potion_of_healing#1"] = True  # both ready: the last found goes
    a, why = HeroAI().choose(game, card_decision(s, "thief", picks))
    assert picks[a.get("pick")] == "potion_of_healing#1" and "last found" in why
