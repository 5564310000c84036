"""The shortcuts a replay takes through Ashardalon's rules give what the long way gives, at every
decision of whole AI games: a hero's walks asked as where he may end and one path at a time,
tile distances kept by the starts as asked, the unexplored edges kept with the layout."""
from __future__ import annotations

from dungeon_tui.engine.spreading import spread
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.ashardalon import board, movement
from dungeon_tui.rulesets.ashardalon.game import GAME
from dungeon_tui.rulesets.ashardalon.geometry import SIDES, beyond


def _unexplored_the_long_way(lay):
    return [(c, s) for c in sorted(lay.cell_tile, key=lambda c: (c[1], c[0])) for s in SIDES
            if beyond(c, s) not in lay.cell_tile and lay.side_open(c, s)]


def test_walks_distances_and_edges_asked_the_short_way_are_the_long_way():
    ctl = get("ashardalon").ai_controllers()
    moves = figures = 0
    for adventure, seed in (("the_closed_doors", 1), ("monster_hunt", 2), ("a_day_in_the_life", 3)):
        game = GAME.new_game({"adventure": adventure, "heroes": ["quinn", "vistra", "keyleth"]}, seed)
        game.keep_events = False
        while not game.over:
            s, d = game.state, game.pending
            lay = board.lay(s)
            memo = lay.grid.memo
            for h in s.heroes():
                memo.pop("hero_walks", None)  # each way from nothing kept
                ends = movement.ends(game, h)
                paths = {q: movement.path_to(game, h, q) for q in ends}
                memo.pop("hero_walks", None)
                walks = movement.walks(game, h)
                assert paths == walks and ends == {q: len(p) for q, p in walks.items()}
                assert list(ends) == list(walks)  # the same order for whoever lists them
                moves += len(ends)
            for f in s.figures.values():
                if f.on_board:
                    cells = board.cells_of(f)
                    firsts = tuple(c for c in sorted(set(cells), key=lambda c: (c[1], c[0])) if c in lay.cell_tile)
                    assert lay.tile_distances(cells) == spread(firsts, lay.tile_neighbours)
                    figures += 1
            edges = lay.unexplored_edges()
            assert edges == _unexplored_the_long_way(lay)
            edges.clear()  # the kept list is handed out as a copy
            assert lay.unexplored_edges() == _unexplored_the_long_way(lay)
            game.play((ctl.get(d.seat) or ctl["*"]).choose(game, d)[0])
    assert moves > 1000 and figures > 1000


def test_a_replayed_hero_choice_is_found_by_its_own_group():
    """At every hero-phase decision of mixed-player games (the AI with one choice in four
    random), each option of the whole list is found, with its words, by a decision made afresh
    whose options nobody read (as a replay finds it: a move by asking whether its square is in
    reach, a free power or item within its own card's group), and a hero asked has more than
    one option (the count that settles it reads only the groups it needs)."""
    from offer_promises import played_through

    from dungeon_tui.engine.game import LazyDecision
    from dungeon_tui.rulesets.ashardalon import heroes as hero_rules

    kinds: dict[str, int] = {}

    class Checking:
        def __init__(self, seats):
            self.seats = seats

        def choose(self, game, d):
            if isinstance(d, LazyDecision) and d.prompt.endswith("hero phase"):
                h, done = game.state.figures[d.context["figure"]], d.context["done"]
                fresh, only = hero_rules.phase_choice(game, h, done)
                everything = fresh.options
                assert only is None and len(everything) > 1  # asked: more than the end to choose
                for a in everything:
                    got = hero_rules.phase_choice(game, h, done)[0].offer_for(a)
                    assert got is not None and (str(got), got.text) == (str(a), a.text), (a, d.prompt)
                    kinds[a.kind] = kinds.get(a.kind, 0) + 1
            return (self.seats.get(d.seat) or self.seats["*"]).choose(game, d)

    for seed in range(4):
        played_through(GAME, {"adventure": "the_closed_doors", "heroes": ["keyleth", "quinn", "heskan", "vistra"]},
                       seed, True, Checking)
    assert kinds.get("move", 0) > 100 and kinds.get("power", 0) > 5 and kinds.get("item", 0) > 5, kinds
