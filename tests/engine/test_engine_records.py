"""Records: round trips, limits, clear one-line errors, atomic writes, desync detection."""
import json
from pathlib import Path

import pytest

from dungeon_tui.engine import record
from dungeon_tui.engine.dice import ForcedChance, SeededChance, natural_test, roll, roll_event
from dungeon_tui.engine.game import CHANCE, Action, Decision, Game, IllegalAction


class Toy:
    """Pick a number, roll a die, score = pick + die; a checkpoint after each."""

    id = "toy"
    rules_version = "1"

    def new_state(self, setup, content, seed):
        return {"score": 0, "round": 0}

    def procedure(self, game):
        s = game.state
        for rnd in (1, 2):
            pick = yield Decision("hero:a", "pick", [Action.make("hero:a", "pick", n=n) for n in (1, 2)])
            (face,) = yield from roll(game, 1, 6, "toy.roll")
            roll_event(game, "toy.roll", "1d6", [face], target=4,
                       outcome="hit" if natural_test(face, face, 4) else "miss")
            s["score"] += pick.get("n") + face
            s["round"] = rnd
            game.checkpoint(rnd)
        return {"outcome": "done", "score": s["score"]}

    def state_dict(self, state):
        return dict(state)

    def view(self, state, seat):
        return dict(state)

    def seats(self, state):
        return ["hero:a"]


class First:
    def choose(self, game, decision):
        return decision.options[-1], "take the bigger number"


def toy_game(seed=7, chance=None):
    g = Game(Toy(), {}, seed, None, "d")
    g.run({CHANCE: chance or SeededChance(), "*": First()})
    return g


def make(rec):
    return Game(Toy(), rec.setup, rec.seed, None, rec.content_digest)


def test_play_refuses_what_was_not_offered():
    g = Game(Toy(), {}, 1, None)
    with pytest.raises(IllegalAction):
        g.play(Action.make("hero:a", "pick", n=3))
    g.play(Action.make("hero:a", "pick", n=2), "test")
    with pytest.raises(IllegalAction):
        g.play(Action.make(CHANCE, "dice", faces=(7,)))
    g.play(Action.make(CHANCE, "dice", faces=(6,)))
    assert g.state["score"] == 8
    kinds = [e.kind for e in g.events]
    assert kinds[:2] == ["decision", "decision"] and "roll" in kinds
    assert g.events[0].data == {"seat": "hero:a", "action": "pick(n=2)", "why": "test"}


def test_a_decision_s_event_is_made_only_where_events_are_kept_or_heard():
    """simulate and fuzz keep no events and have no listener: a decision's event would be made
    for nobody, so it is not made; the rules' own events still come back from `play`."""
    quiet = Game(Toy(), {}, 1, None)
    quiet.keep_events = False
    fresh = quiet.play(Action.make("hero:a", "pick", n=2), "test") + quiet.play(Action.make(CHANCE, "dice", faces=(6,)))
    assert [e.kind for e in fresh] == ["roll"] and quiet.events == [] and quiet.state["score"] == 8
    heard: list[str] = []
    quiet.listeners.append(lambda e: heard.append(e.kind))
    quiet.play(Action.make("hero:a", "pick", n=1))
    assert heard == ["decision"]


def test_seeded_dice_and_their_specs_are_kept_without_changing_an_outcome():
    """A roll's spec is kept by what it names and the seed's first mixing step by the seed:
    the same faces as working them out afresh, whatever games interleave."""
    from dungeon_tui.engine.dice import MASK, splitmix64
    chance = SeededChance(salt=5)
    for seed, index in ((3, 0), (4, 0), (3, 9), (3, 9), (1 << 70, 2)):
        fresh = splitmix64(splitmix64(splitmix64((seed ^ 5) & MASK) ^ index) ^ 1) % 6
        assert chance.uniform(seed, index, 1, 6) == fresh
    first = roll(None, 2, 6, "toy.kept")
    again = roll(None, 2, 6, "toy.kept")
    assert next(first).chance is next(again).chance
    assert next(roll(None, 2, 6, "toy.kept", by="hero:a")).chance.by == "hero:a"


def test_a_roll_s_event_is_made_in_run_only_where_events_are_kept_or_heard():
    """Inside `run`, with no events kept and nobody listening, nobody would see a roll's event
    (`run` hands none back): `unseen` says so and `roll_event` makes none; the same game with
    a listener hears every roll, and outside `run` `play` hands them back as before."""
    seen: list[bool] = []

    class Watching(First):
        def choose(self, game, decision):
            seen.append(game.unseen)
            return super().choose(game, decision)

    quiet = Game(Toy(), {}, 7, None)
    quiet.keep_events = False
    quiet.run({CHANCE: SeededChance(), "*": Watching()})
    assert seen == [True, True] and not quiet.unseen and quiet.result == toy_game().result
    heard: list[str] = []
    loud = Game(Toy(), {}, 7, None)
    loud.keep_events = False
    loud.listeners.append(lambda e: heard.append(e.kind))
    loud.run({CHANCE: SeededChance(), "*": First()})
    assert heard.count("roll") == 2 and loud.result == quiet.result


def test_a_chance_action_its_spec_has_just_made_is_played_as_it_is():
    """The seeded dice's action, made by the roll's spec, is recorded as it is; any other is
    made again in the spec's words; one the spec refuses is refused either way."""
    g = Game(Toy(), {}, 1, None)
    g.play(Action.make("hero:a", "pick", n=2))
    spec = g.pending.chance
    made = spec.action((5,))
    g.play(made)
    assert g.decisions[-1][0] is made and made.text == "1d6 = 5"
    g.play(Action.make("hero:a", "pick", n=1))
    plain = Action.make(CHANCE, "dice", faces=(4,))  # no words: the spec gives them
    g.play(plain)
    assert g.decisions[-1][0] == plain and g.decisions[-1][0].text == "1d6 = 4" and g.state["score"] == 12
    g2 = Game(Toy(), {}, 1, None)
    g2.play(Action.make("hero:a", "pick", n=2))
    with pytest.raises(IllegalAction):
        g2.play(g2.pending.chance.action((7,)))  # made by the spec, and still out of its range


def test_forced_dice_give_the_exact_result():
    g = toy_game(chance=ForcedChance([3, 5]))
    assert g.result == {"outcome": "done", "score": 2 + 3 + 2 + 5}


def test_seeded_chance_depends_on_seed_and_index_only():
    a, b = toy_game(11), toy_game(11)
    assert a.state_hash() == b.state_hash()
    faces = {tuple(e.data["faces"]) for seed in range(40) for e in toy_game(seed).events if e.kind == "roll"}
    assert len(faces) == 6


def test_save_read_replay_round_trip(tmp_path):
    g = toy_game()
    path = tmp_path / "toy.json"
    record.save(g, path, "0.test", {"label": "toy"})
    rec = record.read(path)
    again = record.replay(rec, make)
    assert again.state_hash() == g.state_hash() and again.over
    assert record.replay(rec, make, upto=1).state["round"] == 0
    assert record.replay(rec, make, upto=2).state["round"] == 1
    assert [p.name for p in tmp_path.iterdir()] == ["toy.json"]  # no temporary file left


@pytest.mark.parametrize("content,needle", [
    (b"", "empty"),
    (b'{"format": "dungeon-tui-record", "ver', "not valid JSON"),
    (bytes(range(256)) * 4, "not UTF-8"),
    (b'{"format": "something-else"}', "not a dungeon-tui record"),
    (b'{"format": "dungeon-tui-record", "version": 2}', "version 2"),
    (b"[" * 10000 + b"]" * 10000, "nested too deeply"),
])
def test_bad_files_fail_in_one_line_and_stay_untouched(tmp_path, content, needle):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(record.RecordError) as err:
        record.read(path)
    assert needle in str(err.value) and "\n" not in str(err.value)
    assert path.read_bytes() == content


def test_tampered_decision_and_desync_are_reported(tmp_path):
    g = toy_game()
    data = record.to_json(g, "0.test")
    data["decisions"][0]["args"]["n"] = 9
    with pytest.raises(record.RecordError, match="decision 1 is not legal"):
        record.replay(record.parse(json.dumps(data)), make)
    data = record.to_json(g, "0.test")
    data["checkpoints"][0][2] = "0" * 16
    with pytest.raises(record.RecordError, match="desync at round 1"):
        record.replay(record.parse(json.dumps(data)), make)


def test_atomic_write_replaces_whole_file(tmp_path):
    path = tmp_path / "f.json"
    record.write_atomic(path, "one")
    record.write_atomic(path, "two")
    assert path.read_text() == "two" and len(list(tmp_path.iterdir())) == 1


def test_an_action_built_from_sorted_plain_arguments_is_the_one_make_gives():
    made = Action.make("side_1", "move", text="Orc Boy 2 moves to 3,4", to=(3, 4), model="w1_02")
    built = Action.sorted_plain("side_1", "move", "Orc Boy 2 moves to 3,4", (("model", "w1_02"), ("to", (3, 4))))
    assert built == made and hash(built) == hash(made)
    assert (built.seat, built.kind, built.args, built.text) == (made.seat, made.kind, made.args, made.text)
    assert built.to_json() == made.to_json() and Action.from_json(built.to_json()) == made


def test_a_recorded_decision_becomes_the_action_make_gives_it():
    """record.action_of builds a replayed choice without `Action.make`: for every decision of
    every kept record, and for arguments of every shape a record may hold, it is the same
    action, argument for argument (order, tuples for lists, frozen dicts)."""
    folder = Path(__file__).resolve().parents[1] / "records"
    decisions = [d for path in sorted(folder.glob("*-*.json")) for d in record.read(path).decisions]
    decisions += [record.DecisionModel(seat="hero:a", kind=kind, args=args) for kind, args in [
        ("none", {}), ("one", {"n": 2}), ("nothing", {"n": None}), ("flag", {"on": True, "by": 1.5}),
        ("squares", {"to": [3, 4], "path": [[1, 2], [2, 3]], "who": "elf"}),
        ("mixed", {"z": [1, None, "a"], "a": {"b": [1, 2], "a": {"c": 3}}, "m": []})]]
    assert len(decisions) > 2000
    for d in decisions:
        made, built = Action.make(d.seat, d.kind, **d.args), record.action_of(d)
        assert (built.seat, built.kind, built.args, built.text) == (made.seat, made.kind, made.args, made.text)
        assert hash(built) == hash(made) and built.to_json() == made.to_json()
