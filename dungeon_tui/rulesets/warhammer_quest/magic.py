"""The Wizard: spells in hand, power tokens, the power roll and casting (2.5, 5.12)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.dice import draw, roll, roll_event
from ...engine.game import Action, Decision, Game, LazyDecision, Procedure
from .combat import damage_monster
from .rolls import dice_value
from .sight import sees
from .spells import ANY_CAST, SPELLS, Casting, figures_standing
from .state import ACTIVE, ON_BOARD, Figure, State
from .treasure import settle
from .words import counted


SPELL_TYPES = ("attack", "defence", "healing")


def setup_wizard(game: Game) -> Procedure:
    s: State = game.state
    c = game.content
    for kind in SPELL_TYPES:
        pool = sorted(sid for sid, sp in c.spells.items() if sp.type == kind)
        s.spells.append(pool[(yield from draw(game, len(pool), "whq.setup.spells"))])
    seat = s.seat_of.get("wizard")  # his player rolls them at a real table
    (face,) = yield from roll(game, 1, 6, "whq.setup.power_tokens", by=seat)
    faces = [face]
    if face == 1:
        (face,) = yield from roll(game, 1, 6, "whq.setup.power_tokens", by=seat)
        faces.append(face)
    s.power_tokens = face
    roll_event(game, "whq.setup.power_tokens", "1d6", faces, outcome=face,
               text=f"The Wizard starts with {face} power tokens and the spells "
               + ", ".join(c.spells[x].name for x in s.spells) + ".")
    s.adv["hand_of_death"] = True


def power_phase(game: Game) -> Procedure:
    """P2: the Wizard's power roll (the leader rolls, for events only, if he is gone)."""
    s: State = game.state
    wiz = s.figures.get("wizard")
    (face,) = yield from roll(game, 1, 6, "whq.power.roll")
    face = yield from chalice(game, face)
    has_power = wiz is not None and wiz.status == ACTIVE
    mod = s.adv.get("power_mod", 0)  # ic2: the idol drains the winds of magic
    result = max(0, face + mod)
    s.power = result if has_power else 0
    unexpected = face == 1 or (mod and result <= 1)
    if not game.unseen:  # the roll's line, made only for someone to read (see Game.unseen)
        roll_event(game, "whq.power.roll", "1d6", [face], modifiers={"idol": mod} if mod else {}, outcome=result,
                   text=(f"Power roll: {face}" + (f"{mod:+d} = {result}" if mod else "")
                         + (" — the Wizard has that much power this turn" if has_power else "")
                         + (". Something unexpected happens!" if unexpected else ".")))
    return 1 if unexpected else result


def chalice(game: Game, face: int) -> Procedure:
    """The Chalice of Fate: once per adventure its bearer may have the power die rolled again."""
    s: State = game.state
    for w in s.heroes():
        card = next((c for c in w.treasure if c["id"] == "chalice_of_fate" and not c.get("spent")), None)
        if card is None or not w.active:
            continue
        seat = s.seat_of[w.id]
        pick = yield Decision(seat, f"The power die shows {face}. Drink from the Chalice of Fate to roll again?", [
            Action.make(seat, "chalice", text="roll the power die again", again=True),
            Action.make(seat, "chalice", text=f"keep the {face}", again=False)], context={"power": face})
        if pick.get("again"):
            card["spent"] = True
            roll_event(game, "whq.power.roll", "1d6", [face], outcome=face,
                       text=f"Power roll {face}, set aside for the Chalice.")
            (face,) = yield from roll(game, 1, 6, "whq.power.roll")
        break
    return face


def wizard(state: State) -> Figure | None:
    w = state.figures.get("wizard")
    return w if w is not None and w.status == ACTIVE and not w.flags.get("webbed") else None


def orb(state: State) -> dict[str, Any] | None:
    """The Orb of Might's stored power, spent like tokens (2.6)."""
    wiz = state.figures.get("wizard")
    for card in wiz.treasure if wiz else []:
        if card["id"] == "orb_of_might" and card.get("charges", 0) > 0:
            return card
    return None


def affordable(state: State, cost: int) -> bool:
    return power_at_hand(state) >= cost


def power_at_hand(state: State) -> int:
    """This turn's power, the tokens and what the Orb of Might stores: the most a spell may cost."""
    stored = orb(state)
    return state.power + state.power_tokens + (stored["charges"] if stored else 0)


def pay(game: Game, cost: int) -> str:
    """Power first (it is lost at the end of the turn anyway), then the orb, then tokens.
    Returns where the power came from, for the log ("2 from this turn's roll and 3 tokens")."""
    s: State = game.state
    from_power = min(cost, s.power)
    s.power -= from_power
    cost -= from_power
    stored = orb(s)
    used = 0
    if stored and cost:
        used = min(cost, stored["charges"])
        stored["charges"] -= used
        cost -= used
    s.power_tokens -= cost
    parts = ([f"{from_power} from this turn's power roll"] if from_power else []) \
        + ([f"{used} stored in the Orb of Might"] if used else []) + ([counted(cost, "power token")] if cost else [])
    return " and ".join(parts) or "no power"


def cast_options(game: Game, warrior: Figure, types: tuple[str, ...] = SPELL_TYPES) -> list[Action]:
    """Spells of the given types the Wizard may cast now, each with its target (5.12)."""
    casts = Casts(game, warrior, types)
    return casts.casts() + casts.scrolls()


class Casts:
    """`cast_options`, spell by spell: each spell's casts made when first read, then kept, so
    a decision that offers them makes only those someone reads (a companion weighing a blast
    reads the attack spells alone, and most windows end in a pass).  Made for one decision:
    the board does not change while a seat chooses."""

    def __init__(self, game: Game, warrior: Figure, types: tuple[str, ...] = SPELL_TYPES) -> None:
        s: State = game.state
        self.castable: list[tuple[str, Any, Any]] = []  # (id, card, offer) of each spell he may pay for
        self.hand_of_death = False
        self._made: dict[str, list[Action]] = {}
        self._scrolls: list[Action] | None = None
        self._with_deathstone: list[Action] | None = None
        self._deathstone = False
        if warrior.id != "wizard" or wizard(s) is None:
            return
        at_hand = power_at_hand(s)  # looked up once for every spell in his hand
        # Each spell's card read once, its cost first: most windows find the power too low for all.
        spells = game.content.spells
        for sid in s.spells:  # a loop, not a comprehension: every window asks
            sp = spells[sid]
            if sp.cost <= at_hand and sp.type in types:
                offer = SPELLS[sid].offer
                if offer is not None:
                    self.castable.append((sid, sp, offer))
        self.hand_of_death = bool(s.adv.get("hand_of_death")) and "attack" in types
        if not self.castable and not self.hand_of_death:
            return  # the usual case outside his turn: what he sees is not worth working out
        # What the offers ask alike, each found when first asked (by this object's methods, not
        # a closure apiece: a window or a turn of his makes one `Casts`).
        self._state, self._wizard = s, warrior
        self._seen_now: list[Figure] | None = None
        self._acting: list[Figure] | None = None
        self._standing: dict[tuple[int, int], list[tuple[int, Figure]]] | None = None
        living = []
        for x in s.heroes():  # `on_board` written out, a loop: a window or a turn of his asks
            if x.pos is not None and x.status in ON_BOARD:
                living.append(x)
        # One Casting for every spell, its spell set in turn: an offer reads it while it runs and
        # keeps nothing of it (its actions are made there and then).
        self._casting = Casting(game, warrior, s.seat_of[warrior.id], "", None, self._seen, living,
                                self.acting, self.standing)
        self._deathstone = any(c["id"] == "deathstone" for c in warrior.treasure)

    def _seen(self) -> list[Figure]:
        """The monsters he sees: only the spells cast at a monster ask (a line of sight each)."""
        seen = self._seen_now
        if seen is None:
            s, warrior = self._state, self._wizard
            seen = self._seen_now = [m for m in s.monsters() if sees(s, warrior.pos, m.pos)]
        return seen

    def acting(self) -> list[Figure]:
        """`still_to_act`, found once for every spell and warrior weighed."""
        acting = self._acting
        if acting is None:
            acting = self._acting = self._state.still_to_act()
        return acting

    def standing(self) -> dict[tuple[int, int], list[tuple[int, Figure]]]:
        """`figures_standing`, found once for every target an area spell weighs."""
        standing = self._standing
        if standing is None:
            standing = self._standing = figures_standing(self._state)
        return standing

    def of(self, sid: str) -> list[Action]:
        """The casts of one spell of `castable` (its offer's, in its order)."""
        made = self._made.get(sid)
        if made is None:
            offer = self._set(sid)
            made = [] if offer is None else offer(self._casting)
            if offer is not None:
                self._made[sid] = made
        return made

    def _set(self, sid: str) -> Any:
        """The offer of spell `sid` of `castable`, its spell set on the Casting; None if he
        cannot cast it."""
        for spell_id, sp, offer in self.castable:
            if spell_id == sid:
                self._casting.sid, self._casting.spell = sid, sp
                return offer
        return None

    def some(self, sid: str) -> bool:
        """Whether `of(sid)` holds any cast, asked of the spell's offer without making its
        casts where it can tell (`spells.ANY_CAST`)."""
        made = self._made.get(sid)
        if made is not None:
            return bool(made)
        test = ANY_CAST.get(self._set(sid))
        return bool(self.of(sid)) if test is None else test(self._casting)

    def any(self) -> bool:
        """Whether anything is on offer (a cast with the Deathstone is a cast without it too)."""
        for sid, _, _ in self.castable:  # a loop, not any() over a generator: every window asks
            if self.some(sid):
                return True
        return bool(self.scrolls())

    def deathstone(self) -> list[Action]:
        """Every cast again with the Deathstone paying, when he holds one."""
        if self._with_deathstone is None:
            self._with_deathstone = [] if not self._deathstone else [
                Action(a.seat, a.kind, tuple(sorted((*a.args, ("deathstone", True)))),
                       a.text + " (with the Deathstone)")
                for sid, _, _ in self.castable for a in self.of(sid) if a.kind == "cast"]
        return self._with_deathstone

    def casts(self) -> list[Action]:
        """Every cast, spell by spell, then those with the Deathstone."""
        return [a for sid, _, _ in self.castable for a in self.of(sid)] + self.deathstone()

    def scrolls(self) -> list[Action]:
        """The Hand of Death read at each monster he sees, while the scroll is unread."""
        if self._scrolls is None:
            self._scrolls = [] if not self.hand_of_death else [
                Action.sorted_plain(self._casting.seat, "scroll", f"read the Hand of Death at {m.name}",
                                    (("target", m.id),)) for m in self._seen()]
        return self._scrolls


# The last decision that offered casts (a window, or the Wizard's turn) and its `Casts`, made
# when first asked (one, held until the next): the Wizard's seat reads the casts it weighs
# from it rather than making every cast on offer (the board does not change while he chooses).
_LAST_CASTS: list[Any] = [None, None]


def offering(decision: Decision, casts: Callable[[], Casts]) -> None:
    """This decision offers the casts `casts()` makes (see `casts_offered`)."""
    _LAST_CASTS[:] = [decision, casts]


def casts_offered(decision: Decision) -> Casts | None:
    """The `Casts` of this decision, or None when it is not the last one that offered casts."""
    last, casts = _LAST_CASTS
    if last is not decision:
        return None
    found: Casts = casts()
    return found


def window(game: Game, phase: str) -> Procedure:
    """A moment when the Wizard may cast outside his own turn (5.12): attack spells during any
    warrior's turn, the others before the monsters act.  The Wizard's seat casts or passes."""
    s: State = game.state
    wiz = wizard(s)
    if wiz is None:
        return
    if phase == "W" and not s.any_monster():
        # Nothing to fight: whatever he might cast waits for his own turn or the turn's end,
        # rather than asking before every other warrior's turn.
        return
    types = SPELL_TYPES if phase == "W" else ("defence", "healing")
    seat = s.seat_of[wiz.id]
    while wizard(s) is not None:
        casts = Casts(game, wiz, types)
        if not casts.any():  # nothing he may pay for, or nothing to cast it at
            return
        pick = yield _cast_now(seat, wiz, casts, phase)
        if pick.kind == "pass":
            return
        yield from cast(game, wiz, pick)
        yield from settle(game)


def _cast_now(seat: str, wiz: Figure, casts: Casts, phase: str) -> LazyDecision:
    """A window's decision: the casts on offer and the pass, each spell's casts made when a
    reader asks for them (`of_kinds`) or a choice names the spell (`find`)."""
    window = _Window(casts, Action.sorted_plain(seat, "pass", "the Wizard holds his power", ()))
    # The power at hand is on the status line ("power 2+4": this turn's roll, then stored).
    decision = LazyDecision(seat, "Cast a spell now?", window.make, window.find, {"figure": wiz.id, "window": phase},
                            window.of_kinds)
    offering(decision, window.offered)
    return decision


class _Window:
    """A window's options as its decision reads them: its methods are the decision's `make`,
    `find` and `of_kinds` (one object a window, not a closure apiece)."""

    __slots__ = ("casts", "hold")

    def __init__(self, casts: Casts, hold: Action) -> None:
        self.casts, self.hold = casts, hold

    def offered(self) -> Casts:
        return self.casts

    def make(self) -> list[Action]:
        casts = self.casts
        return [*casts.casts(), *casts.scrolls(), self.hold]

    def of_kinds(self, kinds: tuple[str, ...]) -> list[Action]:  # `make()` by kind, in its order
        casts = self.casts
        return [*(casts.casts() if "cast" in kinds else ()), *(casts.scrolls() if "scroll" in kinds else ()),
                *((self.hold,) if "pass" in kinds else ())]

    def find(self, action: Action) -> Action | None:
        casts, kind = self.casts, action.kind
        if kind == "cast":
            offered = casts.deathstone() if ("deathstone", True) in action.args else casts.of(action.get("spell"))
        else:
            offered = casts.scrolls() if kind == "scroll" else [self.hold]
        for a in offered:
            if a is action or a == action:
                return a
        return None


def cast(game: Game, warrior: Figure, action: Action) -> Procedure:
    s: State = game.state
    c = game.content
    if action.kind == "scroll":
        s.adv["hand_of_death"] = False
        m = s.figures[action.get("target")]
        dmg = yield from dice_value(game, "3D6", "whq.item.hand_of_death_scroll", f"the Hand of Death on {m.name}")
        damage_monster(game, m, dmg, warrior, "Hand of Death")
        return
    sid = action.get("spell")
    sp = c.spells[sid]
    if action.get("deathstone"):
        warrior.treasure = [t for t in warrior.treasure if t["id"] != "deathstone"]
        s.treasure_discard.append("deathstone")
        (face,) = yield from roll(game, 1, 6, "whq.item.deathstone")
        free = face >= 3
        roll_event(game, "whq.item.deathstone", "1d6", [face], target=3, outcome="free" if free else "fails",
                   text="The Deathstone pays for the spell." if free
                   else "The Deathstone drinks the power; the spell fails.")
        if not free:
            s.power = 0
            return
        paid = "the Deathstone"
    else:
        paid = pay(game, sp.cost)
    game.emit("spell", spell=sid, text=f"The Wizard casts {sp.name} (power {sp.cost}: {paid}).")
    target = s.figures.get(action.get("target")) if action.get("target") else None
    effect = SPELLS[sid].run(game, warrior, sp, target, f"whq.spell.{sid}")
    if effect is not None:
        yield from effect
