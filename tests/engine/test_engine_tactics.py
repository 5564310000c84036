"""Tactics scripts: load-time checks and the first entry that holds."""
import pytest

from dungeon_tui.engine import tactics
from dungeon_tui.engine.words import listing as words_listing

reg = tactics.Registry()


@reg.condition
def near(ctx) -> bool:
    return ctx["near"]


@reg.action
def strike(ctx, reach: int = 1) -> str:
    ctx["did"].append(("strike", reach))
    return f"strikes at reach {reach}"


@reg.action
def wait(ctx) -> str:
    ctx["did"].append(("wait",))
    return "waits"


SCRIPTS = {
    "base": [{"when": "near", "do": [{"strike": {"reach": 1}}]}, {"default": ["wait"]}],
    "shy": [{"when": "not near", "do": ["wait"]}, {"default": "base"}],
    "long": {"extends": "base", "params": {"reach": 2}},
}


def test_a_reason_is_the_label_of_what_held_then_what_the_actions_said():
    """Each primitive's words are written at its registration: a format string over its
    parameters, or a function of the context; a negated condition has its own words; an action
    that says nothing of itself is logged by its label; a default entry adds no condition."""
    words = tactics.Registry()

    @words.condition(says="{who} within {n} squares", says_not="nobody within {n} squares")
    def within(ctx, n: int, who: str = "a hero") -> bool:
        return ctx["near"]

    @words.condition(says=lambda ctx: f"{ctx['name']} is hurt")
    def hurt(ctx) -> bool:
        return ctx["hurt"]

    @words.action(says=lambda ctx, target: f"moves next to the {tactics.plain(target)}, {ctx['name']}")
    def move_adjacent(ctx, target: str) -> None:
        ctx["did"].append("move")

    @words.action
    def hold_fast(ctx) -> None:  # no label: its name as plain words
        ctx["did"].append("hold")

    scripts = tactics.compile_scripts({
        "s": [{"when": [{"within": {"n": 2}}, "hurt"], "do": [{"move_adjacent": {"target": "closest_hero"}}]},
              {"when": {"within": {"n": 3, "who": "Quinn"}}, "do": ["hold_fast"]},
              {"default": ["hold_fast"]}],
    }, words)
    ctx = {"near": True, "hurt": True, "name": "Quinn", "did": []}
    assert tactics.run(scripts["s"], scripts, words, ctx) == \
        "a hero within 2 squares and Quinn is hurt: moves next to the closest hero, Quinn"
    ctx["hurt"] = False
    assert tactics.run(scripts["s"], scripts, words, ctx) == "Quinn within 3 squares: hold fast"
    ctx["near"] = False
    assert tactics.run(scripts["s"], scripts, words, ctx) == "hold fast"
    assert ctx["did"] == ["move", "hold", "hold"]


def test_a_negated_condition_has_its_own_words_or_a_not():
    words = tactics.Registry()

    @words.condition(says="provoked", says_not="not yet provoked")
    def provoked(ctx) -> bool:
        return ctx["provoked"]

    @words.condition(says="a hero in sight")
    def sees(ctx) -> bool:
        return ctx["sees"]

    @words.action
    def wait(ctx) -> str:
        return "waits"

    scripts = tactics.compile_scripts({"s": [{"when": "not provoked", "do": ["wait"]},
                                             {"when": "not sees", "do": ["wait"]}, {"default": ["wait"]}]}, words)
    assert tactics.run(scripts["s"], scripts, words, {"provoked": False, "sees": True}) == "not yet provoked: waits"
    assert tactics.run(scripts["s"], scripts, words, {"provoked": True, "sees": False}) == \
        "not a hero in sight: waits"
    assert tactics.run(scripts["s"], scripts, words, {"provoked": True, "sees": True}) == "waits"
    assert words_listing(["a", "b", "c"]) == "a, b and c" and tactics.plain(["first_attack", "one_on_one"]) == \
        "first attack or one on one"


def test_first_holding_entry_fires_and_says_why():
    scripts = tactics.compile_scripts(SCRIPTS, reg)
    ctx = {"near": True, "did": []}
    why = tactics.run(scripts["base"], scripts, reg, ctx)
    assert ctx["did"] == [("strike", 1)] and why == "near: strikes at reach 1"
    ctx = {"near": True, "did": []}
    assert tactics.run(scripts["long"], scripts, reg, ctx).endswith("reach 2") and ctx["did"] == [("strike", 2)]
    ctx = {"near": True, "did": []}
    tactics.run(scripts["shy"], scripts, reg, ctx)
    assert ctx["did"] == [("strike", 1)]
    ctx = {"near": False, "did": []}
    assert "not near" in tactics.run(scripts["shy"], scripts, reg, ctx)


def test_a_word_is_called_by_position_only_where_its_one_parameter_is_its_first():
    """A word given no parameter, or only its first, is called by position (cheaper than
    unpacking keywords); any other is called by keyword, with the same values either way."""
    words = tactics.Registry()

    @words.condition
    def within(ctx, n: int, of: str = "hero") -> bool:
        ctx["asked"].append((n, of))
        return n > 1

    @words.action
    def step(ctx, toward: str = "door", steps: int = 1) -> str:
        ctx["asked"].append((toward, steps))
        return "steps"

    raw = {"x": [{"when": {"within": {"n": 2}}, "do": [{"step": {"steps": 3}}]},
                 {"default": [{"step": {"toward": "stair"}}, "step"]}],
           "y": [{"when": {"within": {"n": 1, "of": "monster"}}, "do": ["step"]}, {"default": "x"}]}
    scripts = tactics.compile_scripts(raw, words)
    first = scripts["x"].entries[0]
    assert first.condition is not None and first.condition.positional == (2,)
    assert first.calls[0].positional is None  # `steps` is not the first parameter
    assert [c.positional for c in scripts["x"].entries[1].calls] == [("stair",), ()]
    assert scripts["y"].entries[0].condition is not None and scripts["y"].entries[0].condition.positional is None
    ctx: dict = {"asked": []}
    tactics.run(scripts["y"], scripts, words, ctx)
    assert ctx["asked"] == [(1, "monster"), (2, "hero"), ("door", 3)]


@pytest.mark.parametrize("raw,needle", [
    ({"x": [{"when": "far", "do": ["wait"]}, {"default": ["wait"]}]}, "unknown condition 'far'"),
    ({"x": [{"default": ["dance"]}]}, "unknown action 'dance'"),
    ({"x": [{"default": [{"strike": {"range": 2}}]}]}, "no parameter 'range'"),
    ({"x": [{"default": [{"strike": {"reach": "far"}}]}]}, "strike.reach should be int"),
    ({"x": [{"when": "near", "do": ["wait"]}]}, "last entry must be a default"),
    ({"x": [{"default": ["wait"]}, {"when": "near", "do": ["wait"]}]}, "default must be the last"),
    ({"a": {"extends": "b"}, "b": {"extends": "a"}}, "loop"),
])
def test_bad_scripts_are_refused_at_load(raw, needle):
    with pytest.raises(tactics.TacticsError, match=needle):
        tactics.compile_scripts(raw, reg)
