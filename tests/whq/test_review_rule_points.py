"""Issue 19's Warhammer Quest rule points, with forced dice: One-on-One placement skips a
warrior in a pit and draws another counter when the drawn warrior has no free square left;
a deathblow that could swing either way asks the attacker's seat."""
from __future__ import annotations

from scenario import monster, rolls, room, run, warrior

from dungeon_tui.rulesets.warhammer_quest.placement import place_monsters
from dungeon_tui.rulesets.warhammer_quest.turns import order
from dungeon_tui.rulesets.warhammer_quest.warriors import attack


def _place(s, groups, dice):
    heroes = [f for f in s.figures.values() if f.side == "hero"]
    return run(s, lambda g: place_monsters(g, groups, "s1", heroes, "m_minotaurs", "M1", order(s, g.content)),
               dice)


def _against(s, kind):
    return sorted(f.first_target for f in s.figures.values() if f.kind == kind)


def test_no_monster_is_placed_against_a_warrior_in_a_pit_d18():
    s = room(9, 9)
    barbarian = warrior(s, "barbarian", (2, 2))
    warrior(s, "dwarf", (6, 2))
    barbarian.flags["in_pit"] = True
    _place(s, [("minotaur", 2)], [])  # one free warrior: no counter to draw
    assert _against(s, "minotaur") == ["dwarf", "dwarf"]
    assert all(abs(m.pos[0] - 6) <= 1 and abs(m.pos[1] - 2) <= 1
               for m in s.figures.values() if m.kind == "minotaur")


def _shared_square_party():
    """The Barbarian's first free square (east) is the Dwarf's only one; the Barbarian has one
    more to the west; the Elf and the Wizard stand in the open."""
    s = room(9, 9)
    for kind, pos in {"barbarian": (2, 2), "dwarf": (4, 2), "elf": (7, 7), "wizard": (2, 7)}.items():
        warrior(s, kind, pos)
    for sq in ((2, 1), (2, 3), (3, 1), (3, 3), (1, 1), (1, 3), (4, 1), (4, 3), (5, 1), (5, 2), (5, 3)):
        s.grid.terrain[sq] = "X"
    s.grid.changed()
    return s


def test_a_counter_whose_warrior_lost_his_last_square_is_replaced_by_another_from_the_cup():
    s = _shared_square_party()
    # The cup holds [Barbarian, Elf, Wizard, Dwarf]: the Barbarian (0), then the Dwarf (2 of the
    # three left).  The Barbarian's minotaur takes the square east of him, the Dwarf's only one, so
    # another counter is drawn from the Elf and the Wizard (0: the Elf).  A fresh draw among every
    # warrior with a square would have put the Barbarian (index 0 of three) against two minotaurs.
    _place(s, [("minotaur", 2)], [0, 2, 0])  # run() checks that all three draws were used
    assert _against(s, "minotaur") == ["barbarian", "elf"]


def test_deathblow_either_way_asks_the_attackers_seat_and_follows_its_answer():
    s = room()
    elf = warrior(s, "elf", (2, 2))
    monster(s, "skaven", (2, 1), "A")
    cw = monster(s, "skaven", (3, 1), "B")   # next clockwise from A (north-east)
    ccw = monster(s, "skaven", (1, 1), "C")  # next counter-clockwise (north-west)
    asked = []

    def choose(d):
        asked.append(d)
        if d.options[0].kind == "deathblow":
            return next(a for a in d.options if a.get("clockwise") is False)
        return d.options[0]
    # hit A (6), 6 damage kills it from full Wounds; the sweep goes counter-clockwise: C hit (5)
    # for 1 Wound; it survives, so the sweep stops there.
    game = run(s, lambda g: attack(g, elf, s.figures["A"]), [6, 6, 5, 1], choose)
    (ask,) = [d for d in asked if d.options[0].kind == "deathblow"]
    assert ask.seat == "hero:elf"
    assert [a.text for a in ask.options] == ["Swing on clockwise at the Skaven B",
                                             "Swing on counter-clockwise at the Skaven C"]
    assert [(r["rule"], r["outcome"]) for r in rolls(game)] == [
        ("whq.melee.to_hit", "hit"), ("whq.melee.damage", 6), ("whq.melee.deathblow", "hit"), ("whq.melee.damage", 1)]
    assert (cw.wounds, ccw.wounds) == (3, 2)


def test_deathblow_with_one_way_open_asks_nothing():
    s = room()
    elf = warrior(s, "elf", (2, 2))
    monster(s, "skaven", (2, 1), "A")
    b = monster(s, "skaven", (3, 1), "B")
    asked = []

    def choose(d):
        asked.append(d.options[0].kind)
        return d.options[0]
    run(s, lambda g: attack(g, elf, s.figures["A"]), [6, 6, 6, 6], choose)
    assert "deathblow" not in asked
    assert b.status == "dead"
