"""The worked examples of specs/warhammer_quest.md section 10, with forced dice."""
from __future__ import annotations

from scenario import monster, rolls, room, run, warrior

from dungeon_tui.engine.game import CHANCE
from dungeon_tui.rulesets.warhammer_quest import magic, treasure
from dungeon_tui.rulesets.warhammer_quest.ai.dungeon import DungeonAI
from dungeon_tui.rulesets.warhammer_quest.monster_strikes import strike
from dungeon_tui.rulesets.warhammer_quest.monsters import monsters_phase
from dungeon_tui.rulesets.warhammer_quest.placement import place_monsters
from dungeon_tui.rulesets.warhammer_quest.shooting import warrior_shoot
from dungeon_tui.rulesets.warhammer_quest.warriors import attack, order


def attacks_then_settle(w, targets):
    def proc(game):
        for t in targets:
            yield from attack(game, w, game.state.figures[t])
        yield from treasure.settle(game)
    return proc


def test_1_wizard_kills_skaven_whq_melee_to_hit():
    s = room()
    wiz = warrior(s, "wizard", (1, 1))
    sk = monster(s, "skaven", (2, 1), "A")
    game = run(s, attacks_then_settle(wiz, ["A"]), [5, 4])
    hit, dmg = rolls(game)
    assert (hit["rule"], hit["target"], hit["inputs"], hit["outcome"]) == (
        "whq.melee.to_hit", 4, {"attacker_ws": 2, "defender_ws": 3}, "hit")
    assert hit["modifiers"] == {}
    assert (dmg["rule"], dmg["faces"], dmg["outcome"]) == ("whq.melee.damage", [4], 4)
    assert sk.status == "dead"
    assert wiz.gold == 40


def test_2_berserk_and_deathblow_sweep():
    s = room()
    barb = warrior(s, "barbarian", (2, 2))
    a = monster(s, "skaven", (2, 1), "A")
    b = monster(s, "skaven", (3, 1), "B")
    c = monster(s, "skaven", (3, 2), "C")
    # berserk 6; attack 1 misses (2); attack 2 hits (6) for 5; deathblow B 4 hit, 3 dmg; deathblow C 3 miss
    game = run(s, attacks_then_settle(barb, ["A", "A"]), [6, 2, 6, 5, 4, 3, 3])
    out = [(r["rule"], r["outcome"]) for r in rolls(game)]
    assert out == [
        ("whq.barbarian.berserk", "berserk"),
        ("whq.melee.to_hit", "miss"), ("whq.melee.to_hit", "hit"), ("whq.melee.damage", 6),
        ("whq.melee.deathblow", "hit"), ("whq.melee.damage", 4),
        ("whq.melee.deathblow", "miss"),
    ]
    assert (a.status, b.status, c.status) == ("dead", "dead", "active")
    assert c.wounds == 3


def test_2_variant_berserk_natural_one_is_frenzy():
    s = room()
    barb = warrior(s, "barbarian", (2, 2))
    dwarf = warrior(s, "dwarf", (1, 2), wounds=10)
    monster(s, "skaven", (2, 1), "A")
    barb.kills = 2
    game = run(s, lambda g: attack(g, barb, s.figures["A"]), [1])
    assert [r["outcome"] for r in rolls(game)] == ["frenzy"]
    assert dwarf.wounds == 9
    assert barb.flags["attacks_left"] == 0


def test_3_elf_shot():
    s = room()
    elf = warrior(s, "elf", (0, 0))
    sk = monster(s, "skaven", (4, 4), "A")
    game = run(s, lambda g: warrior_shoot(g, elf, sk), [4, 1])
    hit, dmg = rolls(game)
    assert (hit["rule"], hit["target"], hit["outcome"]) == ("whq.missile.to_hit", 4, "hit")
    assert (dmg["rule"], dmg["outcome"]) == ("whq.missile.damage", 1)
    assert sk.wounds == 2


def test_4_skaven_hits_elf_who_fails_to_dodge():
    s = room()
    elf = warrior(s, "elf", (1, 1), wounds=10)
    sk = monster(s, "skaven", (2, 1), "A")
    game = run(s, lambda g: strike(g, sk, elf), [5, 2, 4])
    hit, dodge, dmg = rolls(game)
    assert (hit["target"], hit["inputs"], hit["outcome"]) == (4, {"attacker_ws": 3, "defender_ws": 4}, "hit")
    assert (dodge["rule"], dodge["outcome"]) == ("whq.elf.dodge", "hit")
    assert dmg["outcome"] == 4
    assert elf.wounds == 6


def test_5_dwarf_axe_best_die_and_double():
    s = room()
    dwarf = warrior(s, "dwarf", (1, 1))
    orc = monster(s, "orc_warrior", (2, 1), "A")
    game = run(s, lambda g: attack(g, dwarf, orc), [5, (2, 5)])
    axe = rolls(game, "whq.dwarf.axe")[0]
    assert axe["outcome"] == 4 and orc.status == "dead"

    s = room()
    dwarf = warrior(s, "dwarf", (1, 1))
    orc = monster(s, "orc_warrior", (2, 1), "A", wounds=20)
    game = run(s, lambda g: attack(g, dwarf, orc), [5, (4, 4)])
    assert rolls(game, "whq.dwarf.axe")[0]["outcome"] == 7


def test_5_dwarf_trips_and_is_easier_to_hit():
    s = room()
    dwarf = warrior(s, "dwarf", (1, 1), wounds=20)
    orc = monster(s, "orc_warrior", (2, 1), "A")
    sk = monster(s, "skaven", (1, 2), "B")
    game = run(s, lambda g: attack(g, dwarf, orc), [5, (1, 1)])
    assert rolls(game, "whq.dwarf.axe")[0]["outcome"] == "trip"
    assert dwarf.flags["tripped"] and orc.wounds == 3
    game = run(s, lambda g: strike(g, sk, dwarf), [2, 1])  # a 2 now hits; damage die 1
    hit = rolls(game, "whq.melee.to_hit")[0]
    assert (hit["target"], hit["modifiers"], hit["outcome"]) == (2, {"tripped": -2}, "hit")
    game = run(s, lambda g: strike(g, sk, dwarf), [1])
    assert rolls(game, "whq.melee.to_hit")[0]["outcome"] == "miss"


def _party(s, spots):
    for kind, pos in spots.items():
        warrior(s, kind, pos)
    s.lantern = s.leader = "barbarian"


def _targets(s, kind):
    return sorted(f.first_target for f in s.figures.values() if f.kind == kind)


SPREAD = {"barbarian": (2, 2), "dwarf": (6, 2), "elf": (2, 6), "wizard": (6, 6)}


def test_6_seven_skaven_one_on_one():
    s = room(9, 9)
    _party(s, SPREAD)
    heroes = [s.figures[k] for k in SPREAD]

    def proc(g):
        return (yield from place_monsters(g, [("skaven", 7)], "s1", heroes, "m_skaven", "M1", order(s, g.content)))
    # counters, drawn from the cup [barbarian, elf, wizard, dwarf]: barbarian, dwarf, wizard
    run(s, proc, [0, 2, 1])
    assert _targets(s, "skaven") == sorted(["barbarian", "dwarf", "elf", "wizard", "barbarian", "dwarf", "wizard"])


def test_7_nine_skaven_only_barbarian_has_room():
    s = room(12, 12)
    _party(s, {"barbarian": (9, 9), "dwarf": (1, 1), "elf": (5, 1), "wizard": (1, 6)})
    for kind in ("dwarf", "elf", "wizard"):
        x, y = s.figures[kind].pos
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) not in ((0, 0), (0, -1), (1, 0)):
                    s.grid.terrain[(x + dx, y + dy)] = "X"
    s.grid.changed()
    heroes = [s.figures[k] for k in ("barbarian", "dwarf", "elf", "wizard")]

    def proc(g):
        return (yield from place_monsters(g, [("skaven", 9)], "s1", heroes, "m_skaven", "M1", order(s, g.content)))
    run(s, proc, [])  # no counters needed
    counts = {k: _targets(s, "skaven").count(k) for k in ("barbarian", "dwarf", "elf", "wizard")}
    assert counts == {"barbarian": 3, "dwarf": 2, "elf": 2, "wizard": 2}


def test_8_mixed_types_refill_the_cup():
    s = room(9, 9)
    _party(s, SPREAD)
    heroes = [s.figures[k] for k in SPREAD]

    def proc(g):
        return (yield from place_monsters(g, [("skaven", 3), ("minotaur", 2)], "s1", heroes, "m", "M1",
                                          order(s, g.content)))
    run(s, proc, [0, 2, 1, 2, 0])
    assert _targets(s, "skaven") == ["barbarian", "dwarf", "wizard"]
    assert _targets(s, "minotaur") == ["barbarian", "wizard"]


def test_9_first_attack_follows_the_elf_pinned_rat_takes_the_dwarf():
    s = room(10, 6)
    _party(s, {"barbarian": (8, 4), "dwarf": (2, 2), "elf": (6, 1)})
    rat = monster(s, "giant_rat", (3, 2), "R")
    mino = monster(s, "minotaur", (5, 4), "M")
    for m in (rat, mino):
        m.first_target = "elf"
        m.placed_turn, m.placed_phase = 1, "M1"
    s.turn = 2
    ai = DungeonAI()
    game = run_with_ai(s, ai)
    struck = [(e.data["figure"], e.data["to"]) for e in game.events if e.kind == "move"]
    decisions = [e.to_json() for e in game.events if e.kind == "decision" and e.data["seat"] == "dungeon"]
    assert "attacks the Dwarf" in decisions[0]["action"] and decisions[0]["action"].startswith("Giant Rat")
    assert "attacks the Elf" in decisions[1]["action"] and "First Attack" in decisions[1]["why"]
    assert struck and struck[0][0] == "M"


def run_with_ai(s, ai):
    from dungeon_tui.engine.game import Game
    from dungeon_tui.engine.scenario import ScenarioRules
    from dungeon_tui.rulesets.warhammer_quest.game import load_content
    c = load_content()
    game = Game(ScenarioRules(s, monsters_phase), {}, 0, c, c.digest)
    while not game.over:
        d = game.pending
        if d.seat == CHANCE:
            game.play(d.chance.action((1,) * d.chance.count if d.chance.kind == "dice" else 0))
        else:
            game.play(*ai.choose(game, d))
    return game


def test_10_power_pays_from_power_then_tokens():
    s = room()
    s.power, s.power_tokens = 5, 6
    assert magic.affordable(s, 5) and magic.affordable(s, 6) and not magic.affordable(s, 12)

    class G:
        state = s
    magic.pay(G, 6)
    assert (s.power, s.power_tokens) == (0, 5)


def test_11_snotling_swarm_on_the_dwarf():
    s = room()
    dwarf = warrior(s, "dwarf", (2, 2), wounds=12)
    snots = [monster(s, "snotling", p) for p in ((2, 1), (3, 2), (2, 3), (1, 2))]
    game = run(s, lambda g: strike(g, snots[0], dwarf), [3, 6])
    hit, dmg = rolls(game)
    assert (hit["target"], hit["modifiers"], hit["outcome"]) == (3, {"swarm": -3}, "hit")
    assert dmg["outcome"] == 5 and dwarf.wounds == 7


def test_12_treasure_goes_to_the_fewest():
    s = room()
    _party(s, SPREAD)
    s.figures["barbarian"].received = 2
    for k in ("dwarf", "elf", "wizard"):
        s.figures[k].received = 1
    assert [w.id for w in treasure.eligible(s)] == ["dwarf", "elf", "wizard"]


def _caved_in_corridor():
    from dungeon_tui.rulesets.warhammer_quest.state import Doorway, Section
    s = room(4, 4)  # s1: where the party stands
    for x in range(4, 8):
        for y in (1, 2):
            s.grid.add_square((x, y), ".", "s2")
    s.grid.set_door((3, 1), (4, 1))
    s.grid.set_door((3, 2), (4, 2))
    s.sections["s2"] = Section("s2", "passageway_1", "corridor", [(x, y) for x in range(4, 8) for y in (1, 2)],
                               entered=True, caved_in=True)
    s.doorways["s2.entry"] = Doorway("s2.entry", "s2", [(4, 1), (4, 2)], "W", None, state="entry", leads_to="s1")
    s.doorways["s2.d0"] = Doorway("s2.d0", "s2", [(7, 1), (7, 2)], "E", "main", state="sealed")
    s.sections["s2"].doorways = ["s2.entry", "s2.d0"]
    s.sections["s1"].doorways = []
    s.piles["main"] = ["guard_room"]
    s.adv["cave_in"] = {"section": "s2", "deadline": 0}
    return s


def test_cave_in_digging_reopens_the_way_on_a_four():
    from dungeon_tui.rulesets.warhammer_quest.exploration import can_dig, dig
    s = _caved_in_corridor()
    warrior(s, "barbarian", (3, 1))
    assert can_dig(s)
    run(s, dig, [4])
    assert not s.sections["s2"].caved_in and s.doorways["s2.d0"].state == "unexplored"
    assert not can_dig(s)


def test_cave_in_digging_fails_on_a_three_and_draws_an_event():
    from dungeon_tui.rulesets.warhammer_quest.exploration import dig
    s = _caved_in_corridor()
    warrior(s, "barbarian", (3, 1))
    s.event_deck = ["old_bones"]
    game = run(s, dig, [3, 1, 2])  # dig 3 fails; Old Bones (one card, one warrior: no draws) 1: D6 = 2 to him
    assert s.sections["s2"].caved_in and s.figures["barbarian"].wounds == 8
    assert next(r["rule"] for r in rolls(game)) == "whq.event.cave_in_dig"


def test_end_of_turn_trades_pass_cards_and_the_lantern():
    s = room()
    barb = warrior(s, "barbarian", (1, 1))
    elf = warrior(s, "elf", (2, 1))
    elf.equipment = ["healing_potion"]
    barb.treasure = [{"id": "arrows_of_death", "charges": 3}]
    picks = iter(["the Barbarian gives the Arrows of Death to the Elf", "the lantern passes to the Elf",
                  "no more trades"])

    def choose(decision):
        wanted = next(picks)
        return next(a for a in decision.options if a.text == wanted)
    run(s, treasure.trades, [], choose=choose)
    assert elf.treasure == [{"id": "arrows_of_death", "charges": 3}] and barb.treasure == []
    assert s.lantern == s.leader == "elf"


def test_last_aid_saves_an_unconscious_friend_before_the_turn_ends():
    from dungeon_tui.rulesets.warhammer_quest.turns import last_aid
    s = room()
    barb = warrior(s, "barbarian", (1, 1))
    elf = warrior(s, "elf", (2, 1), wounds=10)
    barb.equipment = ["healing_potion"]
    elf.wounds, elf.status = 0, "unconscious"
    run(s, last_aid, [])
    assert elf.status == "active" and elf.wounds == 10 and "healing_potion" not in barb.equipment


def test_a_party_stuck_in_pits_fails_at_once():
    # Found by the mixed fuzz: the Elf, last alive, lay in a pit ringed by monsters that may not
    # attack him; nothing could change until the 200-turn limit.  House rule: the adventure fails.
    from dungeon_tui.rulesets.warhammer_quest.adventures import GameOver
    from dungeon_tui.rulesets.warhammer_quest.turns import check_end

    def ends(s):
        s.adv.pop("ended", None)

        def proc(g):
            try:
                check_end(g)
            except GameOver as over:
                g.state.adv["ended"] = over.result
            return
            yield
        run(s, proc, [])
        return s.adv.get("ended")

    s = room()
    s.adventure = "fp6"
    elf = warrior(s, "elf", (2, 2))
    elf.flags["in_pit"] = True
    monster(s, "skaven", (3, 2))
    assert ends(s) == {"outcome": "failure",
                       "why": "Every warrior left is stuck in a pit with nobody to haul him out: "
                              "the party cannot go on."}
    dwarf = warrior(s, "dwarf", (4, 4))  # a friend out of the pit can still come with a rope
    assert ends(s) is None
    dwarf.flags["in_pit"] = True
    dwarf.pos = (2, 3)
    dwarf.equipment.append("rope")  # in the next pit, he can still haul the Elf out
    assert ends(s) is None
