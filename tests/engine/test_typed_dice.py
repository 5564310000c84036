"""Dice rolled at the table and typed in: faces by number, word, first letters or a part only
one face starts with; a wrong count or an impossible face is one line."""
import pytest

from dungeon_tui.engine.game import Chance
from dungeon_tui.engine.typed_dice import TypedFacesError, parse_faces
from dungeon_tui.rulesets.catakombs.dice import LOCATION_FACES, POWER_FACES
from dungeon_tui.rulesets.heroquest.combat import COMBAT_FACES

COMBAT = Chance("dice", 3, 6, "hq.combat.attack", COMBAT_FACES)
POWER = Chance("dice", 3, 6, "cat.test.generic", POWER_FACES)


@pytest.mark.parametrize("spec, typed, faces", [
    (COMBAT, "s s w", (1, 1, 4)),  # the issue's own example: two skulls and a white shield
    (COMBAT, "skull, black shield-less", None),
    (COMBAT, "S ws bs", (1, 4, 6)),
    (COMBAT, "sk white b", (1, 4, 6)),
    (COMBAT, "6 1 4", (6, 1, 4)),  # numbers always work
    (POWER, "blank i i*", (1, 3, 5)),  # "i" is exactly I, not the start of I*
    (POWER, "b I* 3", (1, 5, 3)),
    (Chance("dice", 1, 6, "cat.location", LOCATION_FACES), "arms", (4,)),
    (Chance("dice", 2, 6, "hq.move.roll"), "3 4", (3, 4)),
])
def test_typed_faces(spec, typed, faces):
    if faces is None:
        with pytest.raises(TypedFacesError):
            parse_faces(spec, typed)
        return
    action = parse_faces(spec, typed)
    assert action.get("faces") == faces and spec.legal(action)


@pytest.mark.parametrize("spec, typed, says", [
    (COMBAT, "s s", "3 dice to type, got 2"),
    (COMBAT, "s s w w", "3 dice to type, got 4"),
    (COMBAT, "s s 7", "7 is not a face of a d6"),
    (COMBAT, "s s x", "'x' is not a face of this die (skull, white shield, black shield)"),
    (Chance("dice", 2, 6, "hq.move.roll"), "3 five", "type each die's number, 1 to 6; 'five' is not one"),
    (Chance("dice", 1, 20, "ash.attack"), "21", "21 is not a face of a d20"),
    (Chance("dice", 1, 6, "x", ("red", "rose", "blue", "blue", "blue", "blue")), "r", "'r' could be red or rose"),
])
def test_typed_faces_refused_with_one_line(spec, typed, says):
    with pytest.raises(TypedFacesError) as err:
        parse_faces(spec, typed)
    assert says in str(err.value) and "\n" not in str(err.value)
