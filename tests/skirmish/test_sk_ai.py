"""The automated warband (spec §6): situations laid by hand, a decision offered as the rules
would offer it, and the choice the scripts make, with the reason the log shows."""
from __future__ import annotations

import re
from types import SimpleNamespace

from sk_scenario import state, unit

from dungeon_tui.engine.game import DUNGEON, Action, Decision
from dungeon_tui.rulesets.skirmish.ai import controllers, script_problems
from dungeon_tui.rulesets.skirmish.content import load_content

SEAT = DUNGEON
IDS = re.compile(r"w\d_\d\d")


def game_of(*models, scenario="border_patrol", **marks):
    s = state(*models, scenario=scenario)
    s.seat_of = {"1": "hero:warband_1", "2": DUNGEON}
    s.roles.update(marks.pop("roles", {}))
    s.objectives.update(marks)
    return SimpleNamespace(state=s, content=load_content())


def act(kind, **args):
    return Action.make(SEAT, kind, **args)


def choose(game, *options, **context):
    action, why = controllers()[DUNGEON].choose(game, Decision(SEAT, "?", list(options), context=context))
    assert not IDS.search(why), why  # a player reads models' names, never ids
    return action, why


def test_the_scripts_use_only_known_words():
    assert script_problems(load_content()) == []


def test_melee_charges_the_best_odds():
    boy = unit("orc_boy", "w2_01", (10, 32), name="Orc Boy")
    sword = unit("empire_swordsman", "w1_01", (3, 33), name="Swordsman")
    xbow = unit("empire_crossbowman", "w1_02", (17, 33), name="Crossbowman")
    game = game_of(boy, sword, xbow)
    action, why = choose(game, act("declare_charge", model="w2_01", target="w1_01"),
                         act("declare_charge", model="w2_01", target="w1_02"), act("end_charges"))
    assert (action.kind, action.get("target")) == ("declare_charge", "w1_02")
    assert why.startswith("Orc Boy (melee movement, line 2): can charge Crossbowman") and "charges Crossbowman" in why


def test_no_charge_at_a_model_that_causes_fear():
    boy = unit("orc_boy", "w2_01", (10, 32), name="Orc Boy")
    ghoul = unit("ghoul", "w1_01", (14, 32), name="Ghoul")
    game = game_of(boy, ghoul)
    action, why = choose(game, act("declare_charge", model="w2_01", target="w1_01"), act("end_charges"))
    assert action.kind == "end_charges"


def test_an_interceptor_on_the_way_stops_the_charge():
    boy = unit("orc_boy", "w2_01", (10, 32), name="Orc Boy")
    xbow = unit("empire_crossbowman", "w1_02", (17, 32), name="Crossbowman")
    guard = unit("empire_swordsman", "w1_01", (14, 34), name="Swordsman")  # 2 from the path
    action, _ = choose(game_of(boy, xbow, guard), act("declare_charge", model="w2_01", target="w1_02"),
                       act("end_charges"))
    assert action.kind == "end_charges"


def test_worked_example_3_shooter_takes_the_easier_shot():
    # Handgunner (BS3, not moved): Orc Boy A at d 6 behind the low wall (need 6), Arrer Boy B at
    # d 14 in the open (long range, need 5): B is easier.
    gunner = unit("empire_handgunner", "w2_01", (11, 1), name="Handgunner")
    a = unit("orc_boy", "w1_01", (11, 7), name="Orc Boy")          # the low wall at (11,6) before it
    b = unit("orc_arrer_boy", "w1_02", (25, 1), name="Arrer Boy")
    game = game_of(gunner, a, b)
    action, why = choose(game, act("shoot", model="w2_01", target="w1_01", weapon="handgun", shots=1),
                         act("shoot", model="w2_01", target="w1_02", weapon="handgun", shots=1),
                         act("end_shooting"))
    assert action.get("target") == "w1_02"
    assert "shoots at Arrer Boy (5+)" in why


def test_a_threatened_shooter_that_can_hide_holds_and_hides():
    archer = unit("orc_arrer_boy", "w2_01", (12, 12), name="Arrer Boy")     # by the hedge, seen only from the south
    sword = unit("empire_swordsman", "w1_01", (12, 4), name="Swordsman")   # north of the hedge, 8 away
    game = game_of(archer, sword)
    action, why = choose(game, act("move_model", model="w2_01"), act("hide", model="w2_01"), act("end_movement"))
    assert action.kind == "hide" and "an enemy could charge it and can hide here" in why


def test_the_leader_moves_toward_the_enemy_but_stops_at_ten():
    boss = unit("orc_bigboss", "w2_01", (17, 2), name="Big Boss", leader=True)
    sword = unit("empire_swordsman", "w1_01", (17, 20), name="Swordsman")
    game = game_of(boss, sword)
    offered = [act("move", model="w2_01", to=[17, y]) for y in range(3, 7)] + [act("stay", model="w2_01")]
    action, why = choose(game, *offered, figure="w2_01")
    assert action.get("to") == (17, 6)
    assert why == "Big Boss (leader movement, line 4): moves toward the nearest enemy, to 17,6"


def test_stand_and_shoot_when_allowed():
    archer = unit("orc_arrer_boy", "w2_01", (10, 32), name="Arrer Boy")
    sword = unit("empire_swordsman", "w1_01", (10, 25), name="Swordsman")
    game = game_of(archer, sword)
    action, _ = choose(game, act("hold", model="w2_01"), act("stand_and_shoot", model="w2_01"),
                       act("flee", model="w2_01"), figure="w2_01")
    assert action.kind == "stand_and_shoot"
    action, _ = choose(game, act("hold", model="w2_01"), act("flee", model="w2_01"), figure="w2_01")
    assert action.kind == "hold"


def test_one_attack_on_a_stunned_enemy_the_rest_on_the_best_odds():
    boss = unit("orc_bigboss", "w2_01", (10, 32), name="Big Boss", leader=True)
    down = unit("empire_swordsman", "w1_01", (11, 32), name="Swordsman", status="stunned")
    xbow = unit("empire_crossbowman", "w1_02", (9, 32), name="Crossbowman")
    game = game_of(boss, down, xbow)
    splits = [[["w1_01", n], ["w1_02", 3 - n]] for n in range(4)]
    options = [act("allocate_attacks", model="w2_01", split=[p for p in sp if p[1]]) for sp in splits]
    action, why = choose(game, *options, figure="w2_01")
    assert dict(action.get("split")) == {"w1_01": 1, "w1_02": 2}
    assert "1 on Swordsman, 2 on Crossbowman" in why


def test_ward_the_leader_when_it_fights():
    shaman = unit("necromancer", "w2_02", (10, 28), name="Necromancer")
    lord = unit("wight_lord", "w2_01", (10, 32), name="Wight Lord", leader=True)
    sword = unit("empire_swordsman", "w1_01", (11, 32), name="Swordsman")
    game = game_of(shaman, lord, sword)
    action, why = choose(game, act("cast", model="w2_02", spell="ward", target="w2_01"),
                         act("cast", model="w2_02", spell="dread", target="w1_01"),
                         act("pass", model="w2_02"), figure="w2_02")
    assert (action.get("spell"), action.get("target")) == ("ward", "w2_01")
    assert "Aegis can be cast and its leader is fighting: casts Aegis on Wight Lord" in why


def test_automated_deployment_puts_the_leader_near_the_centre():
    boss = unit("orc_bigboss", "w2_01", None, name="Big Boss", leader=True)
    game = game_of(boss, unit("empire_captain", "w1_01", None, name="Captain"))
    options = [act("deploy", model="w2_01", at=[x, y]) for y in range(5) for x in range(36)]
    action, why = choose(game, *options, figure="w2_01")
    assert action.get("at") == (17, 4) and "nearest the centre" in why


def test_interceptor_tie_goes_to_the_best_fighter():
    sword = unit("empire_swordsman", "w1_01", (10, 27), name="Swordsman")
    rat = unit("clanrat", "w2_02", (12, 25), name="Clanrat")
    slave = unit("clanrat_slave", "w2_03", (11, 24), name="Slave")
    action, why = choose(game_of(sword, rat, slave), act("intercept", model="w2_03"), act("intercept", model="w2_02"),
                         figure="w2_03")
    assert action.get("model") == "w2_02"
    assert "Clanrat" in why


def test_stand_and_shoot_takes_several_shots_only_for_more_hits():
    runner = unit("night_runner", "w2_01", (20, 24), name="Night Runner")
    sword = unit("empire_swordsman", "w1_01", (20, 30), name="Swordsman")
    one = act("stand_and_shoot", model="w2_01", weapon="sling", shots=1, need=3)
    two = act("stand_and_shoot", model="w2_01", weapon="sling", shots=2, need=4)
    action, _ = choose(game_of(runner, sword), act("hold", model="w2_01"), one, two, figure="w2_01", charger="w1_01")
    assert action.get("shots") == 2  # 2 x 1/2 beats 1 x 2/3
    three = act("stand_and_shoot", model="w2_01", weapon="sling", shots=2, need=6)
    action, _ = choose(game_of(runner, sword), act("hold", model="w2_01"), one, three, figure="w2_01",
                       charger="w1_01")
    assert action.get("shots") == 1


def test_where_it_goes_is_what_a_fresh_plan_would_choose():
    """The 'where does it go' decision reuses the plan that chose the model (same board, the
    square offered): at every such decision of whole battles a seat that never saw the
    movement decision chooses the same square for the same reason."""
    from dungeon_tui.batch import game_seed
    from dungeon_tui.rulesets.skirmish.ai import WarbandSeat
    from dungeon_tui.rulesets.skirmish.game import GAME

    seat = WarbandSeat()
    checked = 0

    class Checking:
        def choose(self, game, d):
            nonlocal checked
            found = seat.choose(game, d)
            if any(a.kind == "move" for a in d.options):
                assert WarbandSeat().choose(game, d) == found
                checked += 1
            return found

    for scenario in ("border_patrol", "hold_the_ruin", "barrow_tomb"):
        game = GAME.new_game({"adventure": scenario}, game_seed(11, 0))
        game.keep_events = False
        game.run({**GAME.ai_controllers(), DUNGEON: Checking(), "*": Checking()})
    assert checked > 20


def test_a_model_offered_only_to_hide_never_takes_another_models_move():
    """A model that may not move this turn (only hiding is offered for it) but whose script
    would move it is passed over: the next model's own script decides, with its own reason."""
    near = unit("orc_boy", "w2_01", (10, 20), name="Orc Boy 1")  # acts first: nearer the enemy
    far = unit("orc_boy", "w2_02", (10, 30), name="Orc Boy 2")
    sword = unit("empire_swordsman", "w1_01", (10, 5), name="Swordsman")
    action, why = choose(game_of(near, far, sword), act("move_model", model="w2_02"),
                         act("hide", model="w2_01"), act("end_movement"))
    assert (action.kind, action.get("model")) == ("move_model", "w2_02")
    assert why.startswith("Orc Boy 2 (melee movement")


def play_checking(scenarios, check) -> None:
    """Whole battles (seed 11, game 0) of each scenario with the scripts on both warbands,
    `check(game, decision)` called at every decision before the seat chooses."""
    from dungeon_tui.batch import game_seed
    from dungeon_tui.rulesets.skirmish.ai import WarbandSeat
    from dungeon_tui.rulesets.skirmish.game import GAME

    seat = WarbandSeat()

    class Checking:
        def choose(self, game, d):
            check(game, d)
            return seat.choose(game, d)

    for scenario in scenarios:
        game = GAME.new_game({"adventure": scenario}, game_seed(11, 0))
        game.keep_events = False
        game.run({**GAME.ai_controllers(), DUNGEON: Checking(), "*": Checking()})


def models_choosing(game, d, end_kind: str) -> list:
    """The models on the table that a model choice of the phase ending with `end_kind` offers
    (none at any other decision)."""
    from dungeon_tui.rulesets.skirmish.phase_offers import ModelChoice

    if not (isinstance(d, ModelChoice) and d.end.kind == end_kind):
        return []
    return [me for me in map(game.state.models.__getitem__, d.models) if me.on_table]


def test_the_charge_weighed_best_first_is_the_pick_among_every_charge_it_could_make():
    """A charge condition weighs only the enemies it might charge, best first by its selector,
    and stops at the first it can charge: at every charges decision of whole battles, for every
    model offered one and every selector the scripts charge by, that is the model the selector
    picks among all the enemies the model could charge."""
    from dungeon_tui.rulesets.skirmish.ai.plan import Plan
    from dungeon_tui.rulesets.skirmish.ai.words import chargeable, choose_model

    checked = charged = 0

    def check(game, d):
        nonlocal checked, charged
        for me in models_choosing(game, d, "end_charges"):
            if not d.offers_by(me.id):
                continue
            for pick in ("best_odds", "objective_holder", "relic_carrier", "nearest"):
                every = Plan(game, me, d)
                among = [e for e in every.enemies() if every.can_charge(e)]
                assert chargeable(Plan(game, me, d), pick) is choose_model(every, pick, among)
                checked += 1
                charged += bool(among)

    play_checking(("border_patrol", "hold_the_ruin", "barrow_tomb"), check)
    assert checked > 50 and charged > 5


def test_out_of_range_means_no_square_of_its_walk_has_a_shot():
    """A firing spot stays without searching its walk when every enemy it could shoot at is
    beyond its weapons' range plus its walk on either axis: at every movement decision of whole
    battles, for every model of the side, when that holds no square its walk reaches has a
    need below 10; and the count of enemies seeing a square, asked to stop at 1, tells a seen
    square from an unseen one as the whole count does."""
    from dungeon_tui.rulesets.skirmish.ai.plan import Plan

    out = shooters = 0

    def check(game, d):
        nonlocal out, shooters
        for me in models_choosing(game, d, "end_movement"):
            plan = Plan(game, me, None)
            if not plan.missiles():
                continue
            shooters += 1
            if plan.out_of_range(me.m):
                out += 1
                assert all(plan.need_floor(sq) == 10 for sq in [me.at, *plan.moves("walk")])
            for sq in list(plan.moves("walk"))[:5]:
                first = Plan(game, me, None).seen_by(sq, 1)  # before any whole count is kept
                whole = Plan(game, me, None).seen_by(sq)
                assert min(first, 1) == min(whole, 1) and (first >= 1 or first == whole)

    play_checking(("border_patrol", "defend_the_village", "hold_the_ruin"), check)
    assert out > 5 and shooters > out


def test_a_seat_that_overrides_a_handler_is_the_one_asked():
    """The decisions go to the handler of the seat's own class: a warband seat made with its own
    way of shooting is asked about shots, and the other decisions still reach the inherited
    handlers."""
    from dungeon_tui.rulesets.skirmish.ai import WarbandSeat

    class Holding(WarbandSeat):
        def shooting(self, game, d):
            return d.options[-1], "holds its fire"

    shooter = unit("empire_handgunner", "w2_01", (10, 10), name="Handgunner")
    target = unit("orc_boy", "w1_01", (10, 16), name="Orc Boy")
    game = game_of(shooter, target)
    shots = (act("shoot", model="w2_01", target="w1_01", weapon="handgun", shots=1), act("end_shooting"))
    action, why = Holding().choose(game, Decision(SEAT, "?", list(shots)))
    assert (action.kind, why) == ("end_shooting", "holds its fire")
    action, why = WarbandSeat().choose(game, Decision(SEAT, "?", list(shots)))
    assert action.kind == "shoot" and why != "holds its fire"
    first = (act("go_first"), act("go_second"))
    assert Holding().choose(game, Decision(SEAT, "?", list(first)))[0].kind == "go_first"
