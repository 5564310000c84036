"""`look` reads the presenter's map model: neighbours by compass point, walls, then figures and
ways out farther off with how far and which way, nearest first."""
from dungeon_tui.engine.presenter import Board
from dungeon_tui.plain.surroundings import surroundings, way

FLOOR = ("··", "floor")


class Cellar:
    """A 4x3 room walled round with a door in the east wall at 5,1; the Knight at 1,1, Goblins
    at 2,1 and 4,3: the map model and looks a presenter gives."""

    def __init__(self, edges=None):
        cells = {(x, y): FLOOR for x in range(1, 5) for y in range(1, 4)}
        cells |= {(x, y): ("██", "wall") for x in range(6) for y in (0, 4)}
        cells |= {(0, y): ("██", "wall") for y in range(1, 4)} | {(5, y): ("██", "wall") for y in (2, 3)}
        cells |= {(5, 1): ("++", "door"), (1, 1): ("K ", "hero"), (2, 1): ("g1", "monster"), (4, 3): ("g2", "monster")}
        self.cells, self.edges = cells, edges
        self.names = {(1, 1): "Knight", (2, 1): "Goblin 1", (4, 3): "Goblin 2", (5, 1): "a door"}

    def board(self, game, seat):
        return Board(self.cells, (0, 0, 5, 4), self.edges)

    def look(self, game, seat, square):
        return self.names.get(square, "floor")

    def figures(self, game, seat):
        return {"knight": ("Knight", (1, 1))}

    def sight(self, game, seat, hero):
        return set(), set()

    def focus(self, game, decision):
        return None


def test_way_counts_squares_and_names_directions():
    assert way(3, -2) == "3 squares east and 2 north"
    assert way(0, 1) == "1 square south"
    assert way(0, 0) == "here"


def test_look_names_neighbours_walls_and_what_lies_farther():
    assert surroundings(Cellar(), None, "hero:knight", "knight", None) == [
        "Here, at 1,1: Knight",
        "Next to you, east: Goblin 1.",
        "Walls to the north, north-east, south-west, west and north-west.",
        "On the map: Goblin 2, 3 squares east and 2 south.",
        "Way out: a door, 4 squares east.",
    ]


def test_a_wall_or_door_on_an_edge_between_squares_counts_too():
    edges = {((1, 1), (1, 2)): ("──", "wall"), ((1, 1), (2, 1)): ("++", "door")}
    said = surroundings(Cellar(edges), None, "hero:knight", "knight", None)
    assert "Next to you, east: a door, then Goblin 1." in said
    assert "Walls to the north, north-east, south, south-west, west and north-west." in said
    # The door beside the Knight is told once, with what lies through it, not again as "a way
    # out ... here" with the Knight's own look.
    assert not [line for line in said if "Knight" in line and "door" in line]


def test_a_door_on_an_edge_farther_off_is_told_by_its_side_of_the_nearer_square():
    edges = {((3, 3), (4, 3)): ("++", "door"), ((1, 1), (2, 1)): ("++", "door")}
    said = surroundings(Cellar(edges), None, "hero:knight", "knight", None)
    assert "Way out: a door on the east side of the square, 2 squares east and 2 south." in said
