"""Warhammer Skirmish game state: the models of both warbands with their profiles copied in,
what each did this turn, and the scenario's running score.  Plain data: keyframes are deep
copies and the record's hash is of `to_dict()`.  The battlefield itself never changes in play,
so it is not here (terrain.py builds it from the content)."""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any

Sq = tuple[int, int]

STANDING, KNOCKED_DOWN, STUNNED, OUT_OF_ACTION, FLED = "standing", "knocked_down", "stunned", "out_of_action", "fled"
DOWN = (KNOCKED_DOWN, STUNNED)
GONE = (OUT_OF_ACTION, FLED)  # off the table: both count for the rout test
# How bad each injury is: a model already down keeps the worse of its state and the new one.
SEVERITY = {STANDING: 0, KNOCKED_DOWN: 1, STUNNED: 2, OUT_OF_ACTION: 3}

# What a model did this turn, or suffered in it: cleared for every model when a side's turn begins.
TURN_FLAGS = ("moved", "ran", "charged", "failed_charge", "stood_up", "rallied", "failed_fear", "fell",
              "stood_and_shot", "hid_blocked", "searched", "no_shoot", "fear_sixes", "diving", "first_round")


@dataclass
class Model:
    id: str  # w1_01 ... : side, then the order of the warband list
    side: int  # 1 or 2
    profile: str
    name: str  # as a player says it: "Orc Boy 2"
    role: str  # leader, melee, shooter, wizard
    leader: bool
    m: int
    ws: int
    bs: int
    s: int
    t: int
    w: int  # the profile's Wounds
    i: int
    a: int
    ld: int
    weapons: list[str] = field(default_factory=list)
    armour: list[str] = field(default_factory=list)  # what it wears, as the content names it
    save_base: int | None = None  # its body armour's save (None: no body armour)
    shield: int = 0  # a shield's improvement to the save
    rules: list[str] = field(default_factory=list)
    spells: list[str] = field(default_factory=list)
    poison_weapons: list[str] = field(default_factory=list)  # poisoned with these only (empty: all)
    pos: Sq | None = None
    wounds: int = 0  # left
    status: str = STANDING
    fleeing: bool = False
    hidden: bool = False
    # this turn (see TURN_FLAGS), and the close combat it fights
    moved: bool = False
    ran: bool = False
    charged: bool = False  # declared a charge that reached contact this turn
    failed_charge: bool = False
    stood_up: bool = False
    rallied: bool = False
    failed_fear: bool = False  # a charger that failed its fear test: no move or shot
    fell: bool = False
    stood_and_shot: bool = False
    hid_blocked: bool = False
    searched: bool = False
    no_shoot: bool = False
    fear_sixes: bool = False  # failed a fear test as a charge's target: hits fear-causers on 6s only
    diving: bool = False  # a passed diving charge: +1 S and -1 to the hit need next combat phase
    first_round: bool = False  # charged or was charged this turn
    weapon_choice: str | None = None  # its melee weapon in its current combat
    panic_phase: int = -1  # the phase in which it took its one panic test
    crit_phase: int = -1  # the phase in which it scored its one critical
    ward_side_turn: int = -1  # warded until the caster's side's turn with this number starts
    carrying: bool = False  # the relic (barrow_tomb)

    @property
    def on_table(self) -> bool:
        return self.pos is not None and self.status not in GONE

    # standing and down read the fields rather than on_table (neither status is GONE): the AI
    # and the rules ask them tens of thousands of times a battle.
    @property
    def standing(self) -> bool:
        return self.pos is not None and self.status == STANDING

    @property
    def down(self) -> bool:
        return self.pos is not None and self.status in DOWN

    if TYPE_CHECKING:
        @property
        def at(self) -> Sq:
            """Its square (asked only of a model on the table)."""
    else:
        # Its square, read by a getter written in C: the rules and the AI ask it half a million
        # times in ten battles, and a property written in Python costs a call each time.
        at = property(attrgetter("pos"))

    def __setattr__(self, name: str, value: Any) -> None:
        # Every change of a model's square, status, hiding and fleeing counts (see `placings`):
        # what is kept of where the models stand and how is known to hold while the count
        # stands.  A write of the value it holds is no change (every shot unhides its shooter,
        # mostly not hidden: the kept answers then held, but were all read again).
        if name in _PLACING and self.__dict__.get(name, _UNSET) != value:
            _PLACINGS[0] += 1
        _SET(self, name, value)

    @classmethod
    def made(cls, **given: Any) -> Model:
        """The model `cls(**given)` makes, its fields written straight into its dict in their
        order (a model holds a dict: more than 30 fields) rather than one __setattr__ call
        each: a battle musters some 25 models of 51 fields, two thirds of the calls that
        count placings.  Counted once (a new model placed)."""
        obj = cls.__new__(cls)
        values = {}
        for name, default, factory in _MADE:
            if name in given:
                values[name] = given.pop(name)
            elif factory is not None:
                values[name] = factory()
            elif default is MISSING:
                raise TypeError(f"Model.made() missing {name!r}")
            else:
                values[name] = default
        if given:
            raise TypeError(f"Model.made() got unexpected fields {sorted(given)}")
        obj.__dict__.update(values)
        _PLACINGS[0] += 1
        return obj

    def has(self, rule: str) -> bool:
        return rule in self.rules

    @property
    def immune(self) -> bool:
        """Immune to psychology: passes fear, panic, all alone and dread without rolling."""
        return self.has("immune_psychology") or self.has("undead")

    @property
    def causes_fear(self) -> bool:
        return self.has("cause_fear") or self.has("undead")

    def new_turn(self) -> None:
        # Every flag at once (each model, each side turn): the fields are plain attributes.
        self.__dict__.update(_CLEARED)


_CLEARED = dict.fromkeys(TURN_FLAGS, False)
# Model.made's fields in order: (name, default, default factory or None).
_MADE = tuple((f.name, f.default, None if f.default_factory is MISSING else f.default_factory)
              for f in fields(Model))
# The fields that say where a model stands and how (seeing.arrangement reads them), and how many
# times any of them has been written, of any model (never part of a state: a count per process).
_PLACING = frozenset(("pos", "status", "hidden", "fleeing"))
_PLACINGS = [0]
_UNSET = object()  # a field not yet written
_SET = object.__setattr__  # (a name looked up once, not object's attribute at each write)


def placed(s: State) -> dict[Any, Any]:
    """Answers about where the state's models stand and how, kept while no model's square,
    status, hiding or fleeing is written (placings): emptied then, or when another state asks.
    Each asker keys its own answers (on_table: by side)."""
    if _PLACED[0] is not s or _PLACED[1] != _PLACINGS[0] or _PLACED[2] != len(s.models):
        _PLACED[:] = [s, _PLACINGS[0], len(s.models), {}]  # (the models are listed as a battle is set up)
    return _PLACED[3]


_PLACED: list[Any] = [None, -1, 0, {}]


def placings() -> int:
    """How many times a model's square, status, hiding or fleeing has been changed in this
    process: while it stands, no model of any state has moved or changed how it stands, so an
    answer kept for a state's arrangement of its models still holds without reading them all
    (a write of the value a model holds already is not counted)."""
    return _PLACINGS[0]


@dataclass
class State:
    scenario: str
    warbands: list[str]  # side 1's, side 2's
    seat_of: dict[str, str]  # "1" / "2" -> seat
    magic: bool = False
    models: dict[str, Model] = field(default_factory=dict)
    starting: dict[str, int] = field(default_factory=dict)  # side -> models at the start
    game_turn: int = 0
    first_side: int = 1
    active: int = 1  # the side whose turn it is
    side_turns: int = 0  # turns played by either side: ward and other "until" marks count these
    phase: str = "setup"
    phase_no: int = 0  # counts phases: one critical per model per phase
    roles: dict[str, str] = field(default_factory=dict)  # scenario roles: "1" -> defender, ...
    objectives: dict[str, Any] = field(default_factory=dict)  # the scenario's running marks
    points: dict[str, int] = field(default_factory=dict)  # scored by side
    no_run: list[str] = field(default_factory=list)  # this turn: models with an enemy within 8
    fallen: list[dict[str, Any]] = field(default_factory=list)  # this phase: out of action or fled a combat
    result: dict[str, Any] | None = None

    @property
    def turn(self) -> int:
        """The game turn, as saves and records name it."""
        return self.game_turn

    # -- who is where ----------------------------------------------------------------
    def side_models(self, side: int) -> list[Model]:
        table = placed(self)  # kept, and a copy given, as on_table's
        found = table.get(("side", side))
        if found is None:
            found = table[("side", side)] = [m for m in self.models.values() if m.side == side]
        return list(found)

    def on_table(self, side: int | None = None) -> list[Model]:
        # Kept while no model moves or changes (placed): the rules and the AI ask this many
        # times a decision.  A copy: the caller may keep or change its list.
        table = placed(self)
        found = table.get(side)
        if found is None:
            # Model.on_table read directly.
            found = table[side] = [m for m in self.models.values()
                                   if (side is None or m.side == side) and m.pos is not None and m.status not in GONE]
        return list(found)

    def at(self, sq: Sq) -> Model | None:
        for m in self.models.values():
            if m.pos == sq and m.on_table:
                return m
        return None

    def occupied(self) -> dict[Sq, Model]:
        return {m.at: m for m in self.models.values() if m.on_table}

    def leader(self, side: int) -> Model | None:
        return next((m for m in self.models.values() if m.side == side and m.leader), None)

    def seat(self, side: int) -> str:
        return self.seat_of[str(side)]

    def side_of_seat(self, seat: str) -> int | None:
        return next((int(k) for k, v in self.seat_of.items() if v == seat), None)

    def lost(self, side: int) -> int:
        """Models out of action or fled off the table."""
        return sum(1 for m in self.side_models(side) if m.status in GONE)

    def to_dict(self) -> dict[str, Any]:
        out = {name: getattr(self, name) for name in _STATE_FIELDS}
        out["models"] = {k: {**vars(m), "pos": list(m.pos) if m.pos else None} for k, m in self.models.items()}
        return out


# State's fields but the models, in order (dataclasses.fields is slow to ask at every checkpoint).
_STATE_FIELDS = tuple(f.name for f in fields(State) if f.name != "models")


def enemy(side: int) -> int:
    return 3 - side
