"""The solo Master's script and the companions (spec §6): worked example 4 (the 50 % rule),
the Master's turn order and a few script situations on a laid-out quest, with the actions the
rules offer (acts.py) and forced states instead of dice."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dungeon_tui.engine.game import DUNGEON, Action, Decision
from dungeon_tui.rulesets.catakombs import combat, items, movement, spells  # noqa: F401  (their actions register)
from dungeon_tui.rulesets.catakombs.acts import ACTS
from dungeon_tui.rulesets.catakombs.ai import controllers
from dungeon_tui.rulesets.catakombs.ai.companions import CompanionSeat
from dungeon_tui.rulesets.catakombs.ai.interpreter import script_problems
from dungeon_tui.rulesets.catakombs.ai.master import MasterSeat
from dungeon_tui.rulesets.catakombs.ai.words import registry
from dungeon_tui.rulesets.catakombs.board import board_for
from dungeon_tui.rulesets.catakombs.content import load_content
from dungeon_tui.rulesets.catakombs.models import TACTICS_WORDS
from dungeon_tui.rulesets.catakombs.state import MASTER, HERO, State, figure_from_card, key
from dungeon_tui.rulesets.catakombs.terrain import Map


@dataclass
class Table:
    """Just what the AI reads of a game: the state and the content."""
    state: Any
    content: Any


def table(quest: str, heroes: dict[str, tuple[int, int]], master: dict[str, tuple[str, tuple[int, int]]]) -> Table:
    c = load_content()
    s = State(quest=quest, party=list(heroes), seat_of={h: f"hero{i + 1}" for i, h in enumerate(heroes)})
    for hid, sq in heroes.items():
        f = figure_from_card(hid, hid, c.cards[hid], c.cards[hid].name, HERO)
        f.pos = sq
        s.figures[hid] = f
    for fid, (card, sq) in master.items():
        f = figure_from_card(fid, card, c.cards[card], f"{c.cards[card].name} {fid[-1]}", MASTER)
        f.pos, f.ap, f.activated = sq, f.stats["ap"], True
        s.figures[fid] = f
        s.roster.append(fid)
    s.phase = "master"
    return Table(s, c)


def master_decision(t: Table) -> Decision:
    """What the rules offer the Master now: every payable action of each figure, an end of
    activation for each, and the end of the turn."""
    m = Map(t)  # type: ignore[arg-type]
    options: list[Action] = []
    for fid in t.state.roster:
        fig = t.state.figures[fid]
        if not fig.standing or fig.ap <= 0:
            continue
        for act in ACTS.values():
            if act.cost <= fig.ap and not act.heroes_only:
                options += act.offers(m, fig, DUNGEON)
        options.append(Action.make(DUNGEON, "end_activation", figure=fid))
    options.append(Action.make(DUNGEON, "end_master_turn"))
    return Decision(DUNGEON, "The Master acts", options)


def test_the_script_words_are_the_ones_content_checks():
    assert set(registry.conditions) == set(TACTICS_WORDS["conditions"])
    assert set(registry.actions) == set(TACTICS_WORDS["actions"])
    assert script_problems(load_content()) == []
    assert set(controllers()) == {DUNGEON, "*"}


def test_worked_example_4_the_fifty_percent_rule():
    # An activated revenant (3 AP, melee 6) next to Flavien (best armour 4 > 3): a power attack,
    # then with 1 AP left a normal attack.
    t = table("liberation", {"flavien": (10, 12)}, {"revenant_1": ("revenant", (11, 12))})
    seat = MasterSeat()
    action, why = seat.choose(t, master_decision(t))    # type: ignore[arg-type]
    assert (action.kind, action.get("target")) == ("power_attack", "flavien")
    assert "armour 4 is over half of 6" in why and "Flavien" in why
    t.state.figures["revenant_1"].ap = 1
    action, why = seat.choose(t, master_decision(t))    # type: ignore[arg-type]
    assert (action.kind, action.get("target")) == ("melee", "flavien")
    # Next to Torgils (best armour 2 <= 3): three normal attacks.
    t = table("liberation", {"torgils": (10, 12)}, {"revenant_1": ("revenant", (11, 12))})
    for ap in (3, 2, 1):
        t.state.figures["revenant_1"].ap = ap
        action, why = MasterSeat().choose(t, master_decision(t))    # type: ignore[arg-type]
        assert (action.kind, action.get("target")) == ("melee", "torgils"), ap
    assert "at most half of 6" in why


def test_a_roused_figure_runs_at_its_target_then_walks_the_last_step():
    t = table("liberation", {"esterella": (2, 12)}, {"revenant_1": ("revenant", (6, 12))})
    action, why = MasterSeat().choose(t, master_decision(t))    # type: ignore[arg-type]
    # Three steps to a square beside her; the first nearest one in reading order is (3,11).
    assert action.kind == "run" and tuple(action.get("to")) == (4, 10)
    assert why.startswith("Revenant 1: ") and "Esterella" in why
    t.state.figures["revenant_1"].pos = (4, 10)
    t.state.figures["revenant_1"].ap = 2
    action, _ = MasterSeat().choose(t, master_decision(t))    # type: ignore[arg-type]
    assert action.kind == "walk" and tuple(action.get("to")) == (3, 11)   # a run would overshoot the goal


def test_a_figure_not_roused_that_rolled_6_stays_and_the_others_act_first_in_roster_order():
    t = table("liberation", {"esterella": (2, 12)},
              {"revenant_1": ("revenant", (6, 12)), "revenant_2": ("revenant", (28, 3))})
    far = t.state.figures["revenant_2"]
    far.activated, far.inactive_roll = False, 6
    action, why = MasterSeat().choose(t, master_decision(t))    # type: ignore[arg-type]
    assert (action.kind, action.get("figure")) == ("end_activation", "revenant_2")
    assert "stays put" in why


def test_the_master_keeps_fate_for_cancelling_and_accepts_a_failed_block():
    t = table("liberation", {"esterella": (2, 12)}, {"tomb_king": ("tomb_king", (6, 12))})
    use = Action.make(DUNGEON, "use_fate", figure="tomb_king")
    keep = Action.make(DUNGEON, "keep_fate", figure="tomb_king")
    seat = MasterSeat()
    # The context's `use` decides, not the words (a reroll's words may well say "cancel").
    reroll = Decision(DUNGEON, "?", [use, keep], context={"figure": "tomb_king", "fate": "cancel roll again",
                                                         "use": "reroll"})
    cancel = Decision(DUNGEON, "?", [use, keep], context={"figure": "tomb_king", "fate": "undo the blow",
                                                         "use": "cancel"})
    assert seat.choose(t, reroll)[0].kind == "keep_fate"     # type: ignore[arg-type]
    assert seat.choose(t, cancel)[0].kind == "use_fate"      # type: ignore[arg-type]
    go = Action.make(DUNGEON, "break_away", figure="tomb_king")
    stay = Action.make(DUNGEON, "stay_put", figure="tomb_king")
    assert seat.choose(t, Decision(DUNGEON, "?", [go, stay], context={"ask": "block"}))[0] == go  # type: ignore[arg-type]


def test_the_tomb_king_casts_his_most_harmful_spell_at_a_hero_in_sight():
    t = table("liberation", {"irf": (2, 12)}, {"tomb_king": ("tomb_king", (7, 12))})
    action, why = MasterSeat().choose(t, master_decision(t))    # type: ignore[arg-type]
    assert (action.kind, action.get("spell"), action.get("target")) == ("cast", "soul_bolt", "irf")
    assert "a caster" in why and "Irf in sight" in why


def hero_decision(t: Table, hid: str) -> Decision:
    m = Map(t)  # type: ignore[arg-type]
    fig = t.state.figures[hid]
    seat = t.state.seat(fig)
    options = [a for act in ACTS.values() if act.cost <= fig.ap for a in act.offers(m, fig, seat)]
    options.append(Action.make(seat, "end_activation", figure=hid))
    return Decision(seat, "?", options, context={"figure": hid})


def test_companions_shoot_when_shooting_is_their_best_and_fight_when_pinned():
    t = table("liberation", {"irf": (2, 12)}, {"revenant_1": ("revenant", (7, 12))})
    t.state.figures["irf"].ap = 4
    companion = controllers()["*"]
    action, why = companion.choose(t, hero_decision(t, "irf"))    # type: ignore[arg-type]
    assert (action.kind, action.get("target")) == ("shoot", "revenant_1") and why.startswith("Irf: ")
    t = table("liberation", {"torgils": (2, 12)}, {"revenant_1": ("revenant", (3, 12))})
    t.state.figures["torgils"].ap = 4
    action, _ = companion.choose(t, hero_decision(t, "torgils"))    # type: ignore[arg-type]
    assert (action.kind, action.get("target")) == ("melee", "revenant_1")   # armour 2 <= half of 8


def test_the_ai_master_raises_the_most_valuable_troop_first():
    t = table("liberation", {"esterella": (2, 12)}, {"tomb_king": ("tomb_king", (6, 12))})
    options = [Action.make(DUNGEON, "raise", text="Raise Vampire", index=0),
               Action.make(DUNGEON, "raise", text="Raise 4 rats", index=1)]
    action, why = MasterSeat().choose(t, Decision(DUNGEON, "Which of the dead rise?", options,   # type: ignore[arg-type]
                                                  context={"ask": "raise"}))
    assert action.get("index") == 0 and "Vampire" in why


def window_decision(t: Table, hid: str, window: str) -> Decision:
    """A kept point's window as windows.py offers it: the hero's actions for 1 point, pass, and
    (W1, W2) waiting for the end of the Master's turn."""
    d = hero_decision(t, hid)
    seat = t.state.seat(t.state.figures[hid])
    options = [a for a in d.options if a.kind not in ("end_activation", "wait") and ACTS[a.kind].cost <= 1]
    options.append(Action.make(seat, "pass", figure=hid))
    if window != "W3":
        options.append(Action.make(seat, "pass_turn", figure=hid))
    return Decision(seat, "?", options, context={"figure": hid, "window": window})


def test_a_companion_keeps_its_point_for_a_blow_until_the_last_window():
    # Torgils holds a point, the nearest revenant far off: no walking in W1 or W2, a walk in W3.
    t = table("liberation", {"torgils": (2, 12)}, {"revenant_1": ("revenant", (12, 12))})
    torgils = t.state.figures["torgils"]
    torgils.ap, torgils.reserved = 1, 1
    companion = controllers()["*"]
    for window in ("W1", "W2"):
        action, why = companion.choose(t, window_decision(t, "torgils", window))   # type: ignore[arg-type]
        assert action.kind == "pass" and "keeps the point" in why
    action, _ = companion.choose(t, window_decision(t, "torgils", "W3"))   # type: ignore[arg-type]
    assert action.kind in ("walk", "run", "open_door")
    # A revenant beside him in W2: the point strikes.
    t.state.figures["revenant_1"].pos = (3, 12)
    action, _ = companion.choose(t, window_decision(t, "torgils", "W2"))   # type: ignore[arg-type]
    assert (action.kind, action.get("target")) == ("melee", "revenant_1")


def test_only_a_hero_who_can_heal_goes_to_a_downed_ally():
    # Irf down beside Torgils, a revenant next to Torgils: Torgils (no heal, no barrel) fights.
    t = table("liberation", {"torgils": (4, 12), "irf": (3, 12), "esterella": (2, 10)},
              {"revenant_1": ("revenant", (5, 12))})
    irf = t.state.figures["irf"]
    irf.status, irf.pv = "downed", 0
    t.state.figures["torgils"].ap = t.state.figures["esterella"].ap = 4
    companion = controllers()["*"]
    action, _ = companion.choose(t, hero_decision(t, "torgils"))   # type: ignore[arg-type]
    assert (action.kind, action.get("target")) == ("melee", "revenant_1")
    # Esterella has Freya's healing: she tends him (cast on Irf, in sight).
    action, why = companion.choose(t, hero_decision(t, "esterella"))   # type: ignore[arg-type]
    assert (action.kind, action.get("target")) == ("cast", "irf") and "Irf is down" in why


def test_a_healer_mends_an_ally_at_half_pv_or_less():
    t = table("liberation", {"esterella": (2, 12), "torgils": (4, 12)}, {"revenant_1": ("revenant", (12, 12))})
    torgils = t.state.figures["torgils"]
    torgils.pv = torgils.max_pv // 2
    t.state.figures["esterella"].ap = 4
    action, why = controllers()["*"].choose(t, hero_decision(t, "esterella"))   # type: ignore[arg-type]
    assert (action.kind, action.get("spell"), action.get("target")) == ("cast", "freya_healing", "torgils")
    assert "Torgils is badly hurt" in why


def test_a_shooter_shoots_the_tomb_king_first_when_both_are_in_sight():
    # A revenant nearer by walking, the Tomb King in sight too: while he stands the dead return.
    t = table("liberation", {"irf": (2, 12)},
              {"revenant_1": ("revenant", (4, 10)), "tomb_king": ("tomb_king", (8, 12))})
    t.state.figures["irf"].ap = 4
    action, why = controllers()["*"].choose(t, hero_decision(t, "irf"))    # type: ignore[arg-type]
    assert (action.kind, action.get("target")) == ("shoot", "tomb_king") and "Tomb King" in why


def test_a_fighter_meets_a_near_enemy_before_heading_for_the_objective():
    # A revenant 4 steps off at (6,12): Torgils closes on it rather than walking for the cell.
    t = table("liberation", {"torgils": (2, 12)}, {"revenant_1": ("revenant", (6, 12))})
    t.state.figures["torgils"].ap = 4
    action, why = controllers()["*"].choose(t, hero_decision(t, "torgils"))    # type: ignore[arg-type]
    assert action.kind in ("walk", "run") and "advances on Revenant 1" in why


def test_a_companion_jumps_the_lava_when_the_odds_are_good_and_walks_round_when_a_fall_would_kill():
    # Liberation's lava river cuts its zone in two; the cell lies beyond it.
    t = table("liberation", {"irf": (19, 10)}, {})
    t.state.figures["irf"].ap = 4
    action, why = controllers()["*"].choose(t, hero_decision(t, "irf"))    # type: ignore[arg-type]
    assert (action.kind, action.get("to"), action.get("over")) == ("jump", (21, 10), 1) and "jumps" in why
    # With no fate point left, a failed jump over the lava kills: Torgils (Agility 2) goes round.
    t = table("liberation", {"torgils": (19, 10)}, {})
    t.state.figures["torgils"].ap, t.state.figures["torgils"].fate = 4, 0
    board = board_for(t.content, "liberation")
    t.state.doors = {key(sq): "closed" if board.symbol(sq) == "D" else "locked" for sq in board.squares("DL")}
    action, _ = controllers()["*"].choose(t, hero_decision(t, "torgils"))    # type: ignore[arg-type]
    assert action.kind != "jump"


def test_leap_odds_are_the_power_dice_odds():
    from dungeon_tui.rulesets.catakombs.dice import chance as odds
    assert odds(1, 2) == 0 and round(odds(2, 2), 3) == 0.444 and round(odds(4, 4), 3) == 0.469


def test_a_caster_webs_a_free_enemy_not_one_the_roots_already_hold():
    t = table("liberation", {"esterella": (2, 12)}, {"revenant_1": ("revenant", (5, 12)),
                                                     "revenant_2": ("revenant", (5, 14))})
    est = t.state.figures["esterella"]
    est.ap = 4
    t.state.figures["revenant_1"].webbed = 2
    action, why = controllers()["*"].choose(t, hero_decision(t, "esterella"))    # type: ignore[arg-type]
    assert (action.kind, action.get("spell"), action.get("target")) == ("cast", "entangling_roots", "revenant_2")
    t.state.figures["revenant_2"].webbed = 1
    action, _ = controllers()["*"].choose(t, hero_decision(t, "esterella"))    # type: ignore[arg-type]
    assert action.get("spell") != "entangling_roots"


def test_the_cell_door_is_broken_by_a_strong_arm_and_picked_by_a_deft_hand():
    # Liberation's cell door at 30,3: Torgils (Dexterity 1) cannot pick it but breaks it in two
    # blows; Irf (Dexterity 3, fate to spare) picks it sooner than his four blows would break it.
    for hero, kind in (("torgils", "break_door"), ("irf", "pick_lock")):
        t = table("liberation", {hero: (30, 4)}, {})
        t.state.figures[hero].ap = 4
        t.state.doors = {"30,3": "locked"}
        action, why = controllers()["*"].choose(t, hero_decision(t, hero))    # type: ignore[arg-type]
        assert (action.kind, action.get("at")) == (kind, (30, 3)) and "quest" in why


def test_the_uncle_once_talked_round_makes_for_the_stairs_and_the_heroes_leave_them_to_him():
    t = table("old_fool", {"torgils": (2, 12)}, {"revenant_1": ("revenant", (6, 10))})
    c = t.content
    uncle = figure_from_card("uncle", "irf_uncle", c.cards["irf_uncle"], c.cards["irf_uncle"].name, HERO)
    uncle.pos, uncle.ap = (3, 12), 3
    t.state.figures["uncle"] = uncle
    t.state.seat_of["uncle"] = "hero1"
    t.state.flags["uncle_joined"] = True
    action, why = controllers()["*"].choose(t, hero_decision(t, "uncle"))    # type: ignore[arg-type]
    assert action.kind in ("walk", "run") and "objective" in why   # not at the revenant 4 steps off
    t.state.figures["torgils"].ap = 4
    t.state.figures["torgils"].pos = (1, 11)
    action, _ = controllers()["*"].choose(t, hero_decision(t, "torgils"))    # type: ignore[arg-type]
    assert action.get("to") != (1, 12)  # the stairs stay free for the uncle


def test_only_a_hero_who_can_read_it_spends_ap_on_the_secret_writing():
    # Quest IV's secret door at 32,4: Torgils (Intelligence 1) cannot score 4; Esterella can.
    for hero, deciphers in (("torgils", False), ("esterella", True)):
        t = table("escape", {hero: (31, 4)}, {})
        t.state.figures[hero].ap = 4
        t.state.secret = {"32,4": "closed"}
        action, _ = controllers()["*"].choose(t, hero_decision(t, hero))    # type: ignore[arg-type]
        assert (action.kind == "decipher") == deciphers


def test_a_companion_with_the_way_blocked_lets_a_later_friend_go_first():
    """The three heroes stand in a row in the entrance, Torgils behind the others: with
    nothing to do yet, he hands over to Esterella (his AP kept) instead of losing them; the
    last hero in party order never hands back, so the turn cannot go round in circles."""
    from dungeon_tui.rulesets import get
    rs = get("catakombs")
    setup = {"adventure": "lost_treasure", "heroes": ["torgils", "esterella", "irf"]}
    game = rs.new_game(setup, 685973)
    chance = rs.ai_controllers()["chance"]
    spots = {"torgils": (1, 1), "esterella": (2, 1), "irf": (3, 1)}
    while game.pending.seat == "chance" or game.pending.options[0].kind == "deploy":
        d = game.pending
        if d.seat == "chance":
            picked = chance.choose(game, d)
            game.play(picked[0] if isinstance(picked, tuple) else picked)
        else:
            fid = d.context["figure"]
            game.play(next(a for a in d.options if a.get("to") == spots[fid]))
    d = game.pending
    assert d.context["figure"] == "torgils" and game.state.figures["torgils"].ap == 4
    companion = controllers()["*"]
    action, why = companion.choose(game, d)  # type: ignore[arg-type]
    assert (action.kind, action.get("target")) == ("switch_hero", "esterella")
    assert why == "Torgils: nothing to do yet: lets Esterella the Healer go first, keeping 4 AP"
    # Irf, last in party order, is offered nobody to hand over to: he would end his activation.
    assert CompanionSeat.let_a_friend_go_first(game, d, game.state.figures["irf"]) is None
