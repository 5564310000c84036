"""Whole battles: every scenario played by the AI on both sides to its end, by the scenario's
rules; the command line's list, content check, simulate and replay for the game."""
from __future__ import annotations

import pytest

from dungeon_tui import cli
from dungeon_tui.engine import record
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.skirmish import invariants

SCENARIOS = ("border_patrol", "defend_the_village", "barrow_tomb", "hold_the_ruin")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_scenario_plays_to_its_end_with_ai_on_both_sides(scenario):
    rs = get("sk")
    for seed in range(3):
        game = rs.new_game({"adventure": scenario, "magic": seed == 2}, seed)
        controllers = rs.ai_controllers()
        while not game.over:
            d = game.pending
            game.play(*(controllers.get(d.seat) or controllers["*"]).choose(game, d))
            assert invariants.check(game) == []
        result = game.result
        assert result["outcome"] in ("side_1", "side_2", "draw") and result["why"]
        assert game.state.game_turn <= game.content.scenarios[scenario].turn_limit
        ends = [e for e in game.events if e.kind == "end"]
        assert len(ends) == 1 and ends[0].text


def test_a_record_replays_to_the_same_state(tmp_path):
    rs = get("skirmish")
    game = rs.new_game({"adventure": "barrow_tomb", "warband_1": "skaven_scouts", "warband_2": "undead_host"}, 5)
    game.run(rs.ai_controllers())
    path = tmp_path / "sk.json"
    record.save(game, path, "test", {"label": "test"})
    again = rs.new_game(game.setup, game.seed)
    again.replay_actions(game.decisions)
    assert again.state_hash() == game.state_hash() and again.result == game.result


def test_command_line(capsys, tmp_path):
    assert cli.main(["content", "check", "--game", "skirmish"]) == 0
    assert cli.main(["simulate", "--game", "sk", "--games", "2", "--record", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Warhammer Skirmish: 2 games" in out
    saved = sorted(tmp_path.glob("*.json"))
    assert saved and cli.main(["replay", str(saved[0]), "--headless"]) == 0
    assert cli.main(["list"]) == 0 and "skirmish" in capsys.readouterr().out


def test_unknown_warband_is_one_line():
    from dungeon_tui.engine.contract import SetupError

    with pytest.raises(SetupError, match="unknown warband 'elves'"):
        get("sk").normalise_setup({"warband_2": "elves"})


def test_the_app_opens_a_battle_at_the_players_first_choice():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.tui.helpers import at_first_choice, screen_text
    from dungeon_tui.tui.session import Options, new_session

    session = new_session("skirmish", {"adventure": "border_patrol"}, 3, options=Options(ai_speed="instant"))

    async def look(app, pilot):
        text = screen_text(app)
        assert "Border Patrol" in text and "Ostland Road Wardens: 12/12 left" in text and "tests for rout" in text
        assert "Deploy Empire Captain at 0,31" in text and "▒2" in text  # the hill by the road, its level shown
        assert "w1_" not in text and "w2_" not in text  # names, never ids

    at_first_choice(session, (140, 45), look)


def test_a_model_sheet_names_each_role_once():
    """A leader whose role is "leader" reads "(leader)", not "(leader, leader)"; the others
    read their role alone."""
    from dungeon_tui.rulesets import get
    rs = get("skirmish")
    game = rs.new_game({}, 3)
    p = rs.presenter()
    firsts = {m.id: p.sheet(game, "side:1", m.id).splitlines()[0] for m in game.state.models.values()}
    leader = next(m for m in game.state.models.values() if m.leader)
    assert firsts[leader.id].startswith(f"{leader.name} (leader), ")
    assert all("leader, leader" not in line for line in firsts.values())
