"""Keyframes and Game.resume: a game rebuilt at any round boundary plays on exactly as the
original did - same state hashes, events, checkpoints and result - for every ruleset."""
from __future__ import annotations

import pytest

from dungeon_tui.rulesets import get
from dungeon_tui.engine.game import Game


@pytest.mark.parametrize("game_id,setup", [("warhammer-quest", {}), ("heroquest", {}),
                                           ("ashardalon", {"heroes": ["quinn", "vistra", "heskan"]})])
def test_a_game_resumed_at_each_keyframe_plays_on_identically(game_id, setup):
    rs = get(game_id)
    game = rs.new_game(setup, 3)
    game.keep_keyframes = True
    game.run(get(game_id).ai_controllers())
    assert len(game.keyframes) >= 5
    assert [f.decisions for f in game.keyframes] == [at for at, _, _ in game.checkpoints[:len(game.keyframes)]]
    for frame in game.keyframes[::3]:
        again = Game.resume(rs, game.setup, game.seed, game.content, frame, game.decisions, game.content_digest)
        assert len(again.decisions) == frame.decisions and not again.resuming
        again.replay_actions(game.decisions[frame.decisions:])
        assert again.state_hash() == game.state_hash() and again.result == game.result
        assert again.checkpoints == game.checkpoints
        assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]


def test_a_keyframe_is_a_private_copy():
    rs = get("warhammer-quest")
    game = rs.new_game({}, 5)
    game.keep_keyframes = True
    game.run(get("warhammer-quest").ai_controllers())
    frame = game.keyframes[1]
    before = rs.state_dict(frame.state)
    again = Game.resume(rs, game.setup, game.seed, game.content, frame, game.decisions, game.content_digest)
    again.replay_actions(game.decisions[frame.decisions:])
    assert rs.state_dict(frame.state) == before  # playing on the resumed game left the keyframe alone


@pytest.mark.parametrize("game_id", ["warhammer-quest", "heroquest"])
def test_rewound_is_the_game_replayed_to_that_point_from_its_last_keyframe(game_id, monkeypatch):
    rs = get(game_id)
    game = rs.new_game({}, 4)
    game.keep_keyframes, game.keyframe_gap = True, 40
    game.run(get(game_id).ai_controllers())
    keep = len(game.decisions) - 7
    played = []
    monkeypatch.setattr(Game, "play", lambda self, a, why="", _play=Game.play: played.append(a) or _play(self, a, why))
    back = game.rewound(keep)
    frame = [f for f in game.keyframes if f.decisions <= keep][-1]
    assert len(played) == keep - frame.decisions < 60  # only what follows the keyframe is played again
    monkeypatch.undo()
    fresh = rs.new_game({}, 4)
    fresh.replay_actions(game.decisions[:keep])
    assert back.state_hash() == fresh.state_hash() and back.checkpoints == fresh.checkpoints
    assert [e.to_json() for e in back.events] == [e.to_json() for e in fresh.events]
    assert back.pending == fresh.pending and back.keep_keyframes
    assert [f.decisions for f in back.keyframes] == [f.decisions for f in game.keyframes if f.decisions <= keep]
    back.replay_actions(game.decisions[keep:])  # and it plays on to the same end
    assert back.state_hash() == game.state_hash() and back.result == game.result


def test_a_game_only_looked_at_keeps_no_hashes_and_plays_the_same():
    rs = get("heroquest")
    game = rs.new_game({}, 6)
    game.run(rs.ai_controllers())
    looked = rs.new_game({}, 6)
    looked.hashes = False
    looked.replay_actions(game.decisions)
    assert [c[:2] for c in looked.checkpoints] == [c[:2] for c in game.checkpoints]
    assert {c[2] for c in looked.checkpoints} == {""} and looked.state_hash() == game.state_hash()
