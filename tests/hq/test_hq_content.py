"""HeroQuest quest files (spec §2.11, §7): all four load, each loader check catches a broken
copy with the exact message, and the three newer quests start and play under AI seats."""
from __future__ import annotations

import pytest

from dungeon_tui.engine.scenario import content_problems_after
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.heroquest.content import cross_check, load_content
from dungeon_tui.rulesets.heroquest.game import GAME
from dungeon_tui.rulesets.heroquest.models import MODELS, QUESTS


def test_all_four_quests_load_with_their_spec_data():
    c = load_content()
    assert sorted(c.quests) == sorted(QUESTS)
    assert [q.id for q in sorted(c.quests.values(), key=lambda q: q.order)] == list(QUESTS)
    ragnar = c.quests["rescue_of_sir_ragnar"]
    assert ragnar.escort == {"id": "sir_ragnar", "at": (5, 11)} and ragnar.fail_if == {"dead": "sir_ragnar"}
    assert ragnar.events[0].trigger == ("door_opened", ((6, 11), (7, 11)))
    assert ragnar.events[0].actions == [("place_escort", {"controller": "opener"}), ("set_flag", {"*": "alarm"}),
                                        ("open_all_doors", {}), ("place_all_monsters", {}), ("reveal_all", {})]
    assert ragnar.reward == {"gold_total": 240} and ragnar.no_search_rooms == ["M"]
    grask = next(m for m in c.quests["warlocks_cellar"].monsters if m.id == "m14")
    assert grask.name == "Grask" and grask.overrides == {"move": 8, "attack": 3, "defend": 4, "body": 3, "mind": 5}
    assert grask.spells == ["ball_of_flame", "fear", "summon_orcs", "escape"] and grask.guard == (23, 2)
    crypt = c.quests["crypt_of_the_bone_lantern"]
    assert crypt.objective.item == "bone_lantern" and crypt.reward == {"gold_each": 120}
    assert crypt.events[0].trigger == ("item_taken", "bone_lantern")
    # Rooms without a door are rock: Ragnar's cell M is not, the unused west rooms of quest 3 are.
    assert "M" not in c.rock["rescue_of_sir_ragnar"] and "A" in c.rock["warlocks_cellar"]


# -- broken copies ----------------------------------------------------------------------------

def piece(data, key, pid):
    return next(p for p in data[key] if p["id"] == pid)


def load_changed(tmp_path, qid, change):
    """Copy the real content, apply `change` to one quest's data, load; the problems raised."""
    return content_problems_after(tmp_path, "heroquest", f"quests/{qid}.yaml", change, MODELS, cross_check)


def setter(key, pid, field, value):
    def change(data):
        piece(data, key, pid)[field] = value
    return change


def put(key, value):
    def change(data):
        data[key] = value
    return change


def append(key, value):
    def change(data):
        data.setdefault(key, []).append(value)
    return change


def event(i, field, value):
    def change(data):
        data["events"][i][field] = value
    return change


R, W, C = "rescue_of_sir_ragnar", "warlocks_cellar", "crypt_of_the_bone_lantern"
BROKEN = [
    # squares on the board, in the named room, on valid squares
    (W, setter("monsters", "m1", "at", [26, 3]), ["monsters.m1.at: [26,3] is off the board"]),
    (R, setter("furniture", "f2", "room", "J"),
     ["furniture.f2: square [19,8] is not in room J", "treasure.1.furniture: f2 is in room J, not I"]),
    (W, setter("traps", "t4", "at", [2, 2]), ["traps.t4.at: [2,2] is in room A, which has no door (solid rock)"]),
    (C, setter("monsters", "m4", "at", [8, 16]), ["monsters.m4.at: [8,16] is under furniture f1"]),
    (W, put("escape_square", [14, 1]), ["escape_square: [14,1] is under furniture f10"]),
    (C, put("blocked", [[12, 7], [13, 6]]), ["blocked.0: [12,7] is in room K; blocked squares go in the corridor"]),
    (R, put("escort", {"id": "sir_ragnar", "at": [1, 9]}), ["escort.at: [1,9] is a blocked square"]),
    # the stairway: one area, nothing on it
    (R, put("stairway", [9, 7]), ["stairway: its squares [9,7], [10,7], [9,8], [10,8] are not all in one area"]),
    (R, setter("monsters", "m1", "at", [11, 8]), ["monsters.m1.at: [11,8] is already taken by the stairway"]),
    # nothing stacked
    (W, setter("traps", "t1", "at", [19, 11]), ["monsters.m9.at: [19,11] is already taken by trap t1"]),
    (C, put("blocked", [[12, 6], [13, 6], [12, 6]]), ["blocked.2: [12,6] is already taken by blocked.0"]),
    (C, setter("monsters", "m2", "at", [14, 12]), ["monsters.m2.at: [14,12] is already taken by monster m1"]),
    (R, setter("furniture", "f2", "at", [17, 7]), ["furniture.f3: square [17,7] is already taken by furniture f2"]),
    # doors
    (C, append("doors", [[0, 0], [1, 0]]), ["doors.12: [0,0]-[1,0] joins two squares of the same area"]),
    (C, append("doors", [[0, 0], [1, 1]]), ["doors.12: [0,0]-[1,1] is not an edge between two squares of the board"]),
    (C, append("doors", [[1, 11], [0, 11]]), ["doors.12: door square [1,11] is under furniture f4"]),
    (W, put("blocked", [[25, 8], [16, 11], [13, 14]]), ["doors.3: door square [13,14] is a blocked square"]),
    (C, append("secret_doors", [[11, 12], [11, 13]]), ["secret_doors.2: [11,12]-[11,13] is already doors.0"]),
    # special treasure and searching name real rooms and furniture
    (W, lambda d: d["treasure"][0].update(furniture="f11"), ["treasure.0.furniture: f11 is in room F, not S"]),
    (W, lambda d: d["treasure"][0].update(room="A", furniture=None),
     ["treasure.0.room: room A has no door in this quest (solid rock)"]),
    (C, lambda d: d["treasure"][1].update(room="C"),
     ["treasure.1.room: room C already has its special treasure in treasure.0",
      "treasure.1.furniture: f3 is in room O, not C"]),
    (R, put("no_search_rooms", ["Z"]), ["no_search_rooms.0: 'Z' is not a room of the board"]),
    # objective, failure and event targets exist
    (W, put("objective", {"kind": "kill", "target": "m99"}), ["objective.target: no monster 'm99' in this quest"]),
    (C, put("objective", {"kind": "carry", "item": "skull"}),
     ["objective.item: no item 'skull' in this quest's treasure"]),
    (R, put("objective", {"kind": "escort", "figure": "m1"}), ["objective.figure: 'm1' is not this quest's escort"]),
    (R, put("fail_if", {"dead": "sir_ragnor"}),
     ["fail_if.dead: 'sir_ragnor' is neither this quest's escort nor one of its monsters"]),
    (R, event(0, "when", "door_opened [[6,12],[7,12]]"),
     ["events.0.when: [6,12]-[7,12] is not one of this quest's doors"]),
    (C, event(0, "when", "item_taken bone_lanter"), ["events.0.when: no item 'bone_lanter' in this quest's treasure"]),
    (C, event(0, "do", ["place_escort", "reveal_all"]), ["events.0.do.0: this quest has no escort"]),
    # names in the other content files
    (W, setter("monsters", "m1", "kind", "troll"), ["monsters.m1.kind: unknown monster 'troll'"]),
    (W, setter("monsters", "m14", "spells", ["ball_of_flame", "fireball"]),
     ["monsters.m14.spells.1: unknown dread spell 'fireball'"]),
    (W, setter("monsters", "m14", "script", "zargon_gaurd"),
     ["monsters.m14.script: unknown tactics script 'zargon_gaurd'"]),
    (W, lambda d: d["treasure"][2]["items"][0].update(artifact="talisman"),
     ["treasure.2.items.0.artifact: unknown artifact 'talisman'"]),
    (C, setter("furniture", "f2", "kind", "sofa"), ["furniture.f2.kind: unknown furniture 'sofa'"]),
    (R, put("escort", {"id": "sir_lancelot", "at": [5, 11]}),
     ["escort.id: unknown escort 'sir_lancelot'", "objective.figure: 'sir_ragnar' is not this quest's escort",
      "fail_if.dead: 'sir_ragnar' is neither this quest's escort nor one of its monsters"]),
    (W, put("wandering_monster", "rat"), ["wandering_monster: unknown monster 'rat'"]),
    # reachability: without the secret door N-P, Ragnar's cell and the fimir beside it are cut off
    (R, put("secret_doors", []),
     ["monsters.m4.at: [8,11] cannot be reached from the stairway",
      "escort.at: [5,11] cannot be reached from the stairway"]),
]


@pytest.mark.parametrize("qid,change,expected", BROKEN, ids=[f"{q}-{e[0].split(':')[0]}-{i}"
                                                            for i, (q, _, e) in enumerate(BROKEN)])
def test_a_broken_quest_is_named_by_file_path_and_problem(tmp_path, qid, change, expected):
    problems = load_changed(tmp_path, qid, change)
    assert problems == [f"content/heroquest/quests/{qid}.yaml: {e}" for e in expected]


def test_blocked_squares_cut_the_way_to_a_monster(tmp_path):
    # Quest 2's goblin m1 at [3,9] sits in a corridor pocket: [1,9] is blocked, walls north
    # and south, room L behind it has no other door; one more block at [4,9] seals it.
    problems = load_changed(tmp_path, R, lambda d: d["blocked"].append([4, 9]))
    assert problems == [f"content/heroquest/quests/{R}.yaml: monsters.m1.at: [3,9] cannot be reached from the stairway"]


def test_furniture_cuts_the_way_to_a_monster(tmp_path):
    # Quest 4's skeleton m13 stands in the corner [5,4] of room E; thrones on its two free
    # neighbours leave no way in, though sight would still pass.
    problems = load_changed(tmp_path, C, lambda d: d["furniture"].extend([
        {"id": "f11", "kind": "throne", "at": [6, 4], "room": "E"},
        {"id": "f12", "kind": "throne", "at": [5, 5], "room": "E"}]))
    assert problems == [
        f"content/heroquest/quests/{C}.yaml: monsters.m13.at: [5,4] cannot be reached from the stairway"]


@pytest.mark.parametrize("when,do,path,problem", [
    ("door_open [[6,11],[7,11]]", ["reveal_all"], "events.0.when",
     "Value error, 'door_open [[6,11],[7,11]]': when must be 'door_opened <edge>' or 'item_taken <item>'"),
    ("door_opened [[6,11]]", ["reveal_all"], "events.0.when",
     "Value error, 'door_opened [[6,11]]': door_opened needs an edge like [[6,11],[7,11]]"),
    ("door_opened [[6,11],[7,11]]", ["set_flag(alarm)", "reveal_al"], "events.0.do.1",
     "Value error, 'reveal_al': unknown action; one of place_escort, set_flag, open_all_doors, "
     "place_all_monsters, reveal_all"),
    ("door_opened [[6,11],[7,11]]", ["set_flag"], "events.0.do.0",
     "Value error, 'set_flag': set_flag needs a name, like set_flag(alarm)"),
    ("door_opened [[6,11],[7,11]]", ["place_escort(controller: zargon)"], "events.0.do.0",
     "Value error, 'place_escort(controller: zargon)': place_escort does not take 'controller: zargon'"),
])
def test_event_typos_are_content_errors_naming_the_path(tmp_path, when, do, path, problem):
    problems = load_changed(tmp_path, R, lambda d: d["events"][0].update(when=when, do=do))
    assert problems == [f"content/heroquest/quests/{R}.yaml: {path}: {problem}"]


@pytest.mark.parametrize("change,path,problem", [
    (lambda d: d["furniture"][0].update(trap={"body_loss": 1, "dice": 2}), "furniture.0.trap",
     "Value error, give exactly one of body_loss or dice"),
    (lambda d: d["treasure"][1]["items"].append({"gold": 5, "item": "gem"}), "treasure.1.items.2",
     "Value error, give exactly one of gold, item or artifact"),
    (lambda d: d.update(objective={"kind": "escort", "target": "m1"}), "objective",
     "Value error, objective escort takes figure only"),
    (lambda d: d.update(reward={"gold_total": 240, "gold_each": 60}), "(top)",
     "Value error, reward is gold_total or gold_each, not both"),
    (lambda d: d["monsters"][1].update(id="m1"), "(top)", "Value error, monster id 'm1' is used twice"),
    (lambda d: d["monsters"][0].update(overrides={"speed": 3}), "monsters.0.overrides.speed.[key]",
     "Input should be 'move', 'attack', 'defend', 'body' or 'mind'"),
])
def test_model_errors_name_the_path(tmp_path, change, path, problem):
    assert load_changed(tmp_path, R, change) == [f"content/heroquest/quests/{R}.yaml: {path}: {problem}"]


# -- the new quests play ------------------------------------------------------------------------

@pytest.mark.parametrize("qid", [R, W, C])
def test_a_new_quest_starts_and_plays_its_first_decisions(qid):
    game = GAME.new_game({"adventure": qid}, 3)
    quest = load_content().quests[qid]
    heroes = game.state.heroes()
    # The heroes start on the stairway in turn order (§3 step 5).
    x, y = quest.stairway
    assert [h.pos for h in heroes] == [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
    ctl = get("heroquest").ai_controllers()
    # Escorts, events and dread spells are still being written, so only "no exception in the
    # first rounds" is asserted here, not how the quest ends.
    for _ in range(300):
        if game.over:
            break
        d = game.pending
        action, why = (ctl.get(d.seat) or ctl["*"]).choose(game, d)
        game.play(action, why)
    assert len(game.decisions) >= 50


# -- effects by id (content check) -------------------------------------------------------------

def test_content_check_passes_on_the_real_content():
    assert GAME.check() == []


def test_content_check_names_content_without_effect_and_effect_without_content():
    import dataclasses
    content = load_content()
    spells = {("frost_bite" if sid == "genie" else sid): sp for sid, sp in content.spells.items()}
    treasure = {cid: card for cid, card in content.treasure.items() if cid != "hazard_pit"}
    changed = dataclasses.replace(content, spells=spells, treasure=treasure)
    assert GAME.content_problems(changed) == [
        "content/heroquest/spells.yaml: spell 'frost_bite' has no effect in the code",
        "content/heroquest/spells.yaml: the code has an effect for spell 'genie', which the content does not declare",
        "content/heroquest/treasure.yaml: the code has an effect for treasure card 'hazard_pit', "
        "which the content does not declare",
    ]


def test_content_check_names_a_dread_spell_and_a_relic_without_effect():
    import dataclasses
    content = load_content()
    dread = dict(content.dread_spells) | {"hex": content.dread_spells["fear"]}
    artifacts = dict(content.artifacts) | {"crown": content.artifacts["ring_of_return"]}
    changed = dataclasses.replace(content, dread_spells=dread, artifacts=artifacts)
    assert GAME.content_problems(changed) == [
        "content/heroquest/spells.yaml: dread spell 'hex' has no effect in the code",
        "content/heroquest/spells.yaml: dread spell (Zargon's test) 'hex' has no effect in the code",
        "content/heroquest/equipment.yaml: relic 'crown' has no effect in the code",
    ]


def test_content_check_names_a_tactics_word_the_ai_does_not_know():
    import dataclasses
    content = load_content()
    tactics = dict(content.tactics) | {"zargon_default": [{"default": ["dance"]}]}
    problems = GAME.content_problems(dataclasses.replace(content, tactics=tactics))
    assert len(problems) == 1 and problems[0].startswith("content/heroquest/tactics.yaml: scripts.zargon_default")
    assert "unknown action 'dance'" in problems[0]
