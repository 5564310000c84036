"""What the rules keep while no model moves (state.placed, state.placings): the same answers as a
fresh look, and a fresh look once any model's square, status, hiding or fleeing is written."""
from __future__ import annotations

from types import SimpleNamespace

from sk_scenario import model, state

from dungeon_tui.rulesets.skirmish.contact import in_combat
from dungeon_tui.rulesets.skirmish.content import load_content
from dungeon_tui.rulesets.skirmish.movement import may_move, squares_of
from dungeon_tui.rulesets.skirmish.state import placings
from dungeon_tui.rulesets.skirmish.terrain import battlefield_for


def test_kept_answers_about_the_models_follow_them():
    field = battlefield_for(load_content(), "border_patrol")
    archer, brute, crossbow = (model("w1_01", "Archer", (25, 30)), model("w2_01", "Brute", (25, 26)),
                               model("w1_02", "Crossbow", (20, 28)))
    s = state(archer, brute, crossbow)
    game = SimpleNamespace(state=s, content=load_content())
    assert not in_combat(s, field, archer) and may_move(game, archer)
    assert [m.id for m in s.on_table(1)] == ["w1_01", "w1_02"]
    assert squares_of(s, archer) == ([(25, 26)], [(20, 28)])
    count = placings()
    brute.pos = (25, 29)  # steps into contact: asked again, the answers are the new ones
    assert placings() > count
    assert in_combat(s, field, archer) and not may_move(game, archer)
    assert squares_of(s, archer) == ([(25, 29)], [(20, 28)])
    brute.status = "knocked_down"  # a down enemy touching holds no one
    assert in_combat(s, field, archer) and may_move(game, archer)
    crossbow.status = "out_of_action"
    assert [m.id for m in s.on_table(1)] == ["w1_01"] and squares_of(s, archer) == ([(25, 29)], [])
    brute.status, brute.pos = "fled", None
    assert not in_combat(s, field, archer) and s.on_table(2) == []


def test_only_a_change_counts_as_a_placing():
    # A write of the value a model holds (a shot unhides a shooter that was not hidden) keeps
    # what is kept; a change is counted.
    archer = model("w1_01", "Archer", (25, 30))
    count = placings()
    archer.hidden = False
    archer.pos = (25, 30)
    assert placings() == count
    archer.hidden = True
    assert placings() == count + 1
    archer.pos = (25, 29)
    assert placings() == count + 2


def test_a_kept_list_is_handed_out_as_a_copy():
    s = state(model("w1_01", "Archer", (25, 30)), model("w2_01", "Brute", (25, 26)))
    s.on_table(1).clear()
    s.side_models(2).clear()
    assert [m.id for m in s.on_table(1)] == ["w1_01"] and [m.id for m in s.side_models(2)] == ["w2_01"]


def test_a_mustered_model_is_the_model_its_fields_make():
    # Model.made writes the fields straight into the model's dict: the same fields, in the same
    # order (to_dict, and so every hash, reads them in that order), fresh lists each, and a
    # placing counted; a missing or unknown field refused as the dataclass's own __init__ does.
    from dataclasses import fields

    import pytest

    from dungeon_tui.rulesets.skirmish.muster import model_of
    from dungeon_tui.rulesets.skirmish.state import Model

    content = load_content()
    for pid in sorted(content.profiles):
        count = placings()
        made = model_of(content, pid, "w2_03", leader=True)
        assert placings() > count
        kw = {f.name: getattr(made, f.name) for f in fields(Model)}
        plain = Model(**kw)
        assert made == plain and list(vars(made)) == list(vars(plain)) == [f.name for f in fields(Model)]
    one, two = Model.made(**{**kw, "weapons": []}), Model.made(**{**kw, "weapons": []})
    del kw["weapons"], kw["rules"]
    defaulted = Model.made(**kw)
    assert defaulted.weapons == [] and defaulted.rules == [] and defaulted.weapons is not Model.made(**kw).weapons
    assert one.weapons is not two.weapons
    with pytest.raises(TypeError):
        Model.made(**{k: v for k, v in kw.items() if k != "ld"})
    with pytest.raises(TypeError):
        Model.made(**kw, colour="red")
