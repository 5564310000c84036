"""Tactics scripts: load-time checks and the first entry that holds."""
import pytest

from dungeon_tui.engine import tactics

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


def test_first_holding_entry_fires_and_says_why():
    scripts = tactics.compile_scripts(SCRIPTS, reg)
    ctx = {"near": True, "did": []}
    why = tactics.run(scripts["base"], scripts, reg, ctx)
    assert ctx["did"] == [("strike", 1)] and why == "base: near; strikes at reach 1"
    ctx = {"near": True, "did": []}
    assert tactics.run(scripts["long"], scripts, reg, ctx).endswith("reach 2") and ctx["did"] == [("strike", 2)]
    ctx = {"near": True, "did": []}
    tactics.run(scripts["shy"], scripts, reg, ctx)
    assert ctx["did"] == [("strike", 1)]
    ctx = {"near": False, "did": []}
    assert "not near" in tactics.run(scripts["shy"], scripts, reg, ctx)


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
