"""HeroQuest as the player meets it on the screen: where enter walks, what a hero sees and can
strike, the names and words of every text, what a sheet lists, what the cards say."""
from __future__ import annotations

from hq_scenario import trial

from dungeon_tui.rulesets.heroquest import board
from dungeon_tui.rulesets.heroquest.content import load_content
from dungeon_tui.rulesets.heroquest.heroes import routes


class Table:
    """A game as far as the presenter's rule helpers read one: a state and its content."""

    def __init__(self, state):
        self.state, self.content = state, load_content()


def test_a_walk_reaches_a_corridor_square_seen_through_an_open_door():
    # The Warlock's Cellar: the Barbarian stands in room T's doorway (d4), the door open.  He
    # sees 12,12 along the corridor past the orc at 12,13; the way there runs through 13,12,
    # which he cannot see from where he stands.
    s = trial({"barbarian": (14, 14)}, open_doors=["d4"], quest="warlocks_cellar")
    assert board.revealed(s, (12, 12)) and not board.revealed(s, (13, 12))
    assert s.at((12, 13)) is not None and s.at((12, 13)).kind == "orc"
    walks = routes(Table(s), s.figures["barbarian"], 6)
    assert walks[(12, 12)] == [(13, 14), (13, 13), (13, 12), (12, 12)]
    assert walks[(11, 12)][-2:] == [(12, 12), (11, 12)]
    assert (13, 12) not in walks  # a walk ends only where he has seen
    assert (12, 13) not in walks  # nor on the orc
    assert len(routes(Table(s), s.figures["barbarian"], 3)) < len(walks) and (12, 12) not in \
        routes(Table(s), s.figures["barbarian"], 3)
