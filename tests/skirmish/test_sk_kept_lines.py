"""Lines kept while nothing moves (seeing.sightlines): the same answers as a fresh look, and a
fresh look once a model moves, goes down or hides; a line's squares by its offset."""
from __future__ import annotations

from sk_scenario import model, state

from dungeon_tui.rulesets.skirmish.content import load_content
from dungeon_tui.rulesets.skirmish.seeing import cover_of, sees, sightlines
from dungeon_tui.rulesets.skirmish.sight import line_squares
from dungeon_tui.rulesets.skirmish.terrain import battlefield_for


def test_kept_lines_follow_the_models_in_the_way():
    f = battlefield_for(load_content(), "border_patrol")
    viewer, target = model("w1_01", "Watcher", (25, 30)), model("w2_01", "Target", (25, 26))
    blocker = model("w1_02", "Blocker", (25, 28))
    s = state(viewer, target, blocker)
    assert cover_of(s, f, viewer, target) == "soft"  # a standing model in the way
    assert sightlines(s) is sightlines(s)  # nothing moved: the same kept lines
    blocker.status = "knocked_down"  # lying down, it is below the line
    assert cover_of(s, f, viewer, target) == "none"
    blocker.status, blocker.pos = "standing", (20, 28)  # up again, but out of the way
    assert cover_of(s, f, viewer, target) == "none"
    blocker.pos = (25, 28)  # back in the way
    assert cover_of(s, f, viewer, target) == "soft"
    assert sees(s, f, viewer, target)
    target.status = "knocked_down"  # now hidden behind the standing model
    assert not sees(s, f, viewer, target)
    blocker.hidden, blocker.status = True, "standing"  # a hidden model is as low as a down one
    target.status = "standing"
    assert cover_of(s, f, viewer, target) == "none"


def test_a_line_has_the_same_squares_wherever_it_starts():
    assert line_squares((5, 5), (8, 6)) == tuple((5 + x, 5 + y) for x, y in line_squares((0, 0), (3, 1)))
    assert line_squares((9, 2), (7, 6)) == tuple((9 + x, 2 + y) for x, y in line_squares((0, 0), (-2, 4)))
    assert line_squares((3, 3), (3, 3)) == ()



def test_a_kept_line_shape_numbers_the_squares_of_the_line_in_order():
    # A shape keeps each square as how far on its number lies on the table, with its projection
    # on the line; the numbers read back are line_squares', and equal numbers are one object.
    from dungeon_tui.rulesets.skirmish.sight import _shape

    width = 40
    for a, b in (((5, 5), (8, 6)), ((20, 30), (3, 2)), ((0, 39), (39, 0)), ((7, 7), (7, 1))):
        first = a[1] * width + a[0]
        steps, alongs = _shape(b[0] - a[0], b[1] - a[1], width)
        squares = tuple(((first + n) % width, (first + n) // width) for n in steps)
        assert squares == line_squares(a, b)
        assert list(alongs) == [(x - a[0]) * (b[0] - a[0]) + (y - a[1]) * (b[1] - a[1]) for x, y in squares]
    one, other = _shape(30, 20, width), _shape(31, 21, width)
    common = [(n, m) for n in one[0] for m in other[0] if n == m and n > 256]
    assert common and all(n is m for n, m in common)

def test_lines_handed_on_between_moves_answer_as_a_fresh_look():
    """Each move hands the kept lines on, dropping those over a square that changed: after a
    run of moves, falls and hidings, every answer matches a look with no kept lines at all."""
    import random

    from dungeon_tui.rulesets.skirmish.seeing import blockers
    from dungeon_tui.rulesets.skirmish.sight import can_see, cover

    f = battlefield_for(load_content(), "border_patrol")
    rng = random.Random(7)  # the test's own sequence of moves, the same every run
    free = [sq for sq in f.squares() if f.standable(sq)]
    models = [model(f"w{1 + i % 2}_{i:02}", f"M{i}", rng.choice(free)) for i in range(10)]
    s = state(*models)
    looks = rng.sample(free, 12)
    for _move in range(40):
        m = rng.choice(models)
        change = rng.random()
        if change < 0.6:
            m.pos = rng.choice(free)
        elif change < 0.8:
            m.status = "standing" if m.status != "standing" else "knocked_down"
        else:
            m.hidden = not m.hidden
        kept, plain = sightlines(s), blockers(s)
        for a in looks:
            for b in looks:
                for low in (False, True):
                    assert can_see(f, a, b, kept, target_low=low) == can_see(f, a, b, plain, target_low=low)
                    assert cover(f, a, b, kept, target_low=low) == cover(f, a, b, plain, target_low=low)
