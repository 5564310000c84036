"""What the rules work out a shorter way is what the long way gives, at every decision of whole
AI games: an area spell's cast names whoever else its squares hold, in the figures' order, as a
look over every figure does; the free squares a monster may be placed on beside a warrior are
those `can_step` allows."""
from __future__ import annotations

from scenario import play_checking

from dungeon_tui.engine.grid import DIRS8
from dungeon_tui.engine.words import listing
from dungeon_tui.rulesets.warhammer_quest.magic import cast_options
from dungeon_tui.rulesets.warhammer_quest.placement import free, squares_next_to
from dungeon_tui.rulesets.warhammer_quest.spells import area
from dungeon_tui.rulesets.warhammer_quest.state import MONSTER
from dungeon_tui.rulesets.warhammer_quest.words import the

AREA_SPELLS = {"fireball": True, "pit_of_despair": False}  # spell: only monsters named


def _caught(s, target, monsters_only: bool) -> str:
    sqs = area(target.square)
    others = [f for f in s.figures.values() if f is not target and f.on_board and f.pos in sqs
              and (f.side == MONSTER or not monsters_only)]
    return f" ({listing([the(f.name) for f in others])} too)" if others else ""


def test_an_area_spell_names_those_it_would_catch_as_a_look_over_every_figure_does():
    checked = {"casts": 0, "named": 0}

    def check(game, decision):
        s = game.state
        wiz = s.figures.get("wizard")
        if wiz is not None and (decision.context.get("window") or decision.context.get("figure") == "wizard"):
            for a in cast_options(game, wiz):
                monsters_only = AREA_SPELLS.get(a.get("spell"))
                if a.kind == "cast" and monsters_only is not None and a.get("target"):
                    words = _caught(s, s.figures[a.get("target")], monsters_only)
                    assert a.text.endswith(words) and (words or not a.text.endswith(" too)"))
                    checked["casts"] += 1
                    checked["named"] += bool(words)
    play_checking(check, 11, 8)
    assert checked["casts"] > 50 and checked["named"] > 5


def test_the_squares_beside_a_warrior_for_placing_are_those_a_step_reaches():
    checked = [0, 0]  # warriors looked at, squares found

    def check(game, decision):
        s = game.state
        everywhere = sorted(s.grid.terrain)
        occupied = s.occupied()
        for w in s.heroes():
            if w.pos is None:
                continue
            beside = [(w.pos[0] + dx, w.pos[1] + dy) for dx, dy in DIRS8]
            assert squares_next_to(s, w, everywhere) == [
                sq for sq in beside if free(s, sq, occupied) and s.grid.can_step(w.pos, sq)]
            checked[0] += 1
            checked[1] += len(squares_next_to(s, w, everywhere))
    play_checking(check, 11, 3)
    assert checked[0] > 1000 and checked[1] > 3000


def test_a_warriors_first_steps_and_a_square_searched_alone_agree_with_his_whole_reach():
    """`can_move` (the count's question) and `can_move_to` (a replayed move's question) answer
    as `move_options`, his whole reach, does: for every warrior at every decision of 12 games,
    every square of the map asked about (those out of reach and his own among them)."""
    from dungeon_tui.rulesets.warhammer_quest.warriors import _LAST_REACH, can_move, can_move_to, move_options
    checked = [0, 0]  # warriors looked at, squares in reach

    def check(game, decision):
        s = game.state
        for w in s.heroes():
            reach = move_options(s, game.content, w)
            assert can_move(s, game.content, w) == bool(reach)
            for sq in s.grid.terrain:
                assert can_move_to(s, game.content, w, sq) == (sq in reach)  # read off the kept reach
                s.grid.memo.pop(_LAST_REACH, None)  # and searched toward that square alone
                assert can_move_to(s, game.content, w, sq) == (sq in reach)
            checked[0] += 1
            checked[1] += len(reach)
    play_checking(check, 13, 6)
    assert checked[0] > 1000 and checked[1] > 10000


def test_the_squares_a_companion_weighs_are_those_his_move_options_go_to():
    """`move_squares` (what a companion weighs before asking for the one move it picks) lists
    the squares of the turn's move options in their order; a monster's kept reach is its reach
    worked out afresh; the squares taken are every figure's on the board: at every decision of
    whole games."""
    from dungeon_tui.rulesets.warhammer_quest.monsters import reachable
    from dungeon_tui.rulesets.warhammer_quest.warriors import move_squares
    checked = [0, 0, 0]  # warriors' turns, moves, monsters

    def check(game, decision):
        s = game.state
        assert s.occupied() == {f.pos: f for f in s.figures.values() if f.pos is not None}
        who = decision.context.get("figure")
        if who is not None and not decision.context.get("window") and decision.offers_of("end"):
            moves = [tuple(a.get("to")) for a in decision.offers_of("move")]
            assert move_squares(s, game.content, s.figures[who]) == moves
            checked[0] += 1
            checked[1] += len(moves)
        occupied = s.occupied()
        for m in s.monsters():
            allowance = game.content.monsters[m.kind].move + m.flags.get("m_mod", 0)
            fresh = s.grid.reachable(m.square, allowance, lambda sq: sq not in occupied)
            assert reachable(s, game.content, m) == fresh and list(reachable(s, game.content, m)) == list(fresh)
            checked[2] += 1
    play_checking(check, 17, 4)
    assert checked[0] > 300 and checked[1] > 3000 and checked[2] > 1000


def test_a_line_of_sight_kept_for_the_map_is_the_line_walked_afresh():
    """The looks `sees` keeps in the map's memo (emptied by every change to the map) are the
    lines walked square by square on the map as it stands, between sections joined as the
    doorways stand now (a look is kept with its sections' joins), and `sees` between every
    two figures on the board is the look the long way gives: at every decision of whole games."""
    from dungeon_tui.rulesets.warhammer_quest import board
    from dungeon_tui.rulesets.warhammer_quest.sight import _LINES, sees
    checked = [0, 0]  # kept lines, looks between figures

    def walked(grid, a, b) -> bool:
        return a == b or (b in grid.terrain and grid._walk_sight(a, b, None))

    def the_long_way(s, a, b) -> bool:
        sa, sb = s.section_at(a), s.section_of(b)
        return (sa == sb or sb in board.joined(s, sa)) and walked(s.grid, a, b)

    def check(game, decision):
        s = game.state
        for (a, b), look in s.grid.memo.get(_LINES, {}).items():
            assert look == the_long_way(s, a, b), (a, b)
            checked[0] += 1
        on = [f.pos for f in s.figures.values() if f.pos is not None]
        for a in on:
            for b in on:
                assert sees(s, a, b) == the_long_way(s, a, b), (a, b)
                checked[1] += 1
    play_checking(check, 23, 3)
    assert checked[0] > 5000 and checked[1] > 20000, checked


def _reach_the_long_way(s, content, w):
    """A warrior's reach as the rules first worked it out: a call per square for who may
    enter it and per step for whether it may be taken, the map looked over for pits."""
    from dungeon_tui.rulesets.warhammer_quest import stats
    occupied, region, sections, terrain = s.occupied(), s.grid.region, s.sections, s.grid.terrain
    home = region[w.pos]

    def can_enter(sq):
        return sq not in occupied and (region[sq] == home or not sections[region[sq]].caved_in)

    def step_ok(a, b):
        ra = region[a]
        return ra == home or sections[ra].entered or region[b] == ra

    def climb(a, b):
        return 2 if terrain.get(a) == "p" and terrain.get(b) != "p" else 1
    cost = None if s.adv.get("free_climb") or "p" not in terrain.values() else climb
    reach = s.grid.reachable(w.pos, stats.move(content, w), can_enter, cost, step_ok)
    reach.pop(w.pos, None)
    return reach


def test_a_warriors_kept_reach_and_the_figures_kept_lists_are_what_the_long_way_gives():
    """A warrior's reach, kept in the map's memo by all else it reads, is his reach searched
    afresh and the reach the long way gives, in the same order; whether a monster gets beside
    a warrior, asked from his square, is his square among those a step from its reach; the
    warriors, the monsters beside one, whether any monster stands and the squares taken are
    what a look over every figure gives: at every decision of whole games."""
    from dungeon_tui.rulesets.warhammer_quest.ai.dungeon import Plan
    from dungeon_tui.rulesets.warhammer_quest.state import ACTIVE, HERO
    from dungeon_tui.rulesets.warhammer_quest.warriors import _LAST_REACH, move_options
    checked = [0, 0, 0]  # warriors' reaches, kept ones among them, monsters getting beside

    def check(game, decision):
        s, c = game.state, game.content
        figures = list(s.figures.values())
        assert s.heroes() == [f for f in figures if f.side == HERO]
        active = [f for f in figures if f.side != HERO and f.pos is not None and f.status == ACTIVE]
        assert s.monsters() == active and s.any_monster() == bool(active)
        assert {f.pos for f in s.in_play() if f.pos is not None} == {f.pos for f in figures if f.pos is not None}
        for w in s.heroes():
            if w.pos is None:
                continue
            near = s.grid.neighbours(w.pos)
            assert s.monsters_on(near) == [m for m in active if m.pos in near]
            kept = s.grid.memo.get(_LAST_REACH)
            reach = move_options(s, c, w)
            checked[1] += kept is not None and kept[1] is reach
            s.grid.memo.pop(_LAST_REACH)
            fresh = move_options(s, c, w)
            assert list(reach.items()) == list(fresh.items()) == list(_reach_the_long_way(s, c, w).items())
            checked[0] += 1
        for m in active:
            plan = Plan(game, m, len(game.decisions))
            beside = {q for sq in plan.reach for q in s.grid.neighbours(sq)}
            for w in s.heroes():
                if w.pos is not None:
                    assert plan.gets_beside(w.pos) == (w.pos in beside)
                    checked[2] += 1
    play_checking(check, 29, 5)
    assert checked[0] > 2000 and checked[1] > 20 and checked[2] > 2000, checked


def test_one_on_ones_path_lengths_read_from_each_warriors_side_are_the_monsters_own():
    """One-on-One's nearest warrior (`Plan.distances`, read off the map's kept whole search from
    each warrior's square where it is kept) counts the steps a search from the monster's own
    square counts, for every monster and every warrior on the board, alone and all together,
    with the map's memo as the game left it and with every warrior's search in it, at every
    decision of whole games; the kept way to the nearest doorway is the way searched afresh."""
    from dungeon_tui.engine.spreading import Spreading
    from dungeon_tui.rulesets.warhammer_quest.ai import footwork
    from dungeon_tui.rulesets.warhammer_quest.ai.dungeon import Plan
    checked = [0, 0]  # pairs, ways to a doorway

    def check(game, decision):
        s = game.state
        on = [w for w in s.heroes() if w.pos is not None]
        for kept in (False, True):  # as the game left the map's memo, then with every search in it
            if kept:
                for w in on:
                    s.grid.distances(w.pos)
            for m in s.monsters():
                p = Plan(game, m, len(game.decisions))
                found = Spreading(s.grid, (m.square,)).reach_all({w.pos for w in on})
                assert p.distances(on) == {w.id: found.get(w.pos, 999) for w in on}
                for w in on:
                    assert p.distances([w]) == {w.id: found.get(w.pos, 999)}
                    checked[0] += kept
        for w in on:
            kept = footwork._goal(s, w)
            s.grid.memo.pop(footwork._GOALS, None)
            assert footwork._goal(s, w) == kept
            checked[1] += 1
    play_checking(check, 29, 3)
    assert checked[0] > 3000 and checked[1] > 1000, checked


def test_a_spell_on_a_warrior_is_offered_on_each_warrior_it_is_worth_casting_on():
    """`on_a_warrior` asks once whether a ward or a buff is worth it (`worth_it` reads no warrior
    then) and a heal warrior by warrior: its casts are those on every standing warrior (a heal
    on the fallen too) that `worth_it` passes, in the figures' order, at every window and turn
    of the Wizard in whole games."""
    from dungeon_tui.engine.offers import kept
    from dungeon_tui.rulesets.warhammer_quest.spells import SPELLS, Casting, figures_standing, on_a_warrior, worth_it
    from dungeon_tui.rulesets.warhammer_quest.state import ACTIVE
    from dungeon_tui.rulesets.warhammer_quest.magic import wizard
    checked = [0, 0]  # spells weighed, casts offered

    def check(game, decision):
        s = game.state
        wiz = wizard(s)
        if wiz is None or not (decision.context.get("window") or decision.context.get("figure") == "wizard"):
            return
        living = [x for x in s.heroes() if x.on_board]
        for sid in s.spells:
            if SPELLS[sid].offer is not on_a_warrior:
                continue
            sp = game.content.spells[sid]
            c = Casting(game, wiz, s.seat_of[wiz.id], sid, sp, kept(list), living, kept(s.still_to_act),
                        kept(lambda: figures_standing(s)))
            wanted = [x.id for x in living if (x.status == ACTIVE or sp.type == "healing") and worth_it(c, x)]
            assert [a.get("target") for a in on_a_warrior(c)] == wanted
            checked[0] += 1
            checked[1] += len(wanted)
    play_checking(check, 31, 4)
    assert checked[0] > 200 and checked[1] > 300, checked


def test_a_pit_or_rubble_keeps_only_the_neighbours_its_change_cannot_touch_a_portal_s_far_end_included():
    """`board.changing_terrain`: after a square turns to a pit, every square's kept neighbours
    are those worked out afresh, the far end of a portal onto it among them."""
    from dungeon_tui.rulesets.warhammer_quest import board as whq_board

    grid = whq_board.new_grid()
    for x in range(8):
        for y in range(4):
            grid.add_square((x, y), ".", "s1")
    grid.add_link((0, 0), (6, 2))  # a portal far from the hole's other squares
    squares = list(grid.terrain)
    for sq in squares:
        grid.neighbours(sq)
    hole = [(6, 2), (7, 2), (6, 3), (7, 3)]
    with whq_board.changing_terrain(grid, hole):
        for sq in hole:
            grid.terrain[sq] = "H"
        grid.changed()
    kept = {sq: list(grid.neighbours(sq)) for sq in squares}
    grid.changed()
    assert kept == {sq: grid.neighbours(sq) for sq in squares}
    assert (6, 2) not in kept[(0, 0)]


def test_the_wizard_reads_only_the_casts_he_weighs_and_picks_as_over_every_cast_on_offer():
    """The casts a window or the Wizard's turn offers are made spell by spell, when read
    (`magic.Casts`): at every such decision of whole games, each is found alone as the
    options list it, in `cast_options`' order and words; whether a spell offers a cast
    (`Casts.some`) is whether its casts are none; and the Wizard's pick over the casts he
    reads (`pick_offered`: the blasts alone while nobody is down and a foe is about, nothing
    while no foe is about and nobody is hurt) is his pick over every cast on offer, with the
    same words."""
    from dungeon_tui.rulesets.warhammer_quest import magic
    from dungeon_tui.rulesets.warhammer_quest.ai import wizardry
    checked = {"windows": 0, "turns": 0, "casts": 0, "picked": 0}

    def check(game, decision):
        s = game.state
        window = decision.context.get("window")
        own = decision.context.get("own_turn") and decision.context.get("figure") == "wizard"
        if not (window or own) or magic.casts_offered(decision) is None:
            return
        wiz = s.figures["wizard"]
        types = ("defence", "healing") if window in ("M", "T") else magic.SPELL_TYPES
        fresh = magic.Casts(game, wiz, types)  # the long way, on the same board
        for sid, _, _ in fresh.castable:
            assert magic.Casts(game, wiz, types).some(sid) == bool(fresh.of(sid))
        offered = cast_options(game, wiz, types)
        for a in offered:
            found = decision.offer_for(a)
            assert found == a and found.text == a.text
        assert [(a.args, a.text) for a in decision.offers_of("cast", "scroll")] == [(a.args, a.text) for a in offered]
        phase = window or "own"
        assert wizardry.pick_offered(game, decision, phase) == wizardry.pick(game, offered, phase)
        checked["windows" if window else "turns"] += 1
        checked["casts"] += len(offered)
        checked["picked"] += wizardry.pick(game, offered, phase) is not None
    play_checking(check, 11, 6)
    assert checked["windows"] > 100 and checked["turns"] > 100 and checked["casts"] > 300 and checked["picked"] > 10, \
        checked
