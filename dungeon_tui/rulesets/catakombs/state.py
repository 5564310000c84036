"""Catakombs game state: the figures with their card numbers, conditions, action points and
fate; the dungeon's things that change in play (doors, barrels, chests, traps, the secret
door, dropped items); the Master's off-board pool; the turn and its phase.  Plain data: squares
that key a dict are written "x,y" so the whole state is JSON."""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

from ...engine.game import DUNGEON
from ...engine.fields import fields_of

Square = tuple[int, int]

HERO: Final = "hero"
MASTER: Final = "master"

# A figure's status.  A Master figure at 0 PV goes off the board and may come back.
STANDING: Final = "standing"
DOWNED: Final = "downed"  # a hero at 0 PV (D13)
DEAD: Final = "dead"
OFF: Final = "off"  # a Master figure removed, in the off-board pool
ESCAPED: Final = "escaped"  # left by an exit, for good
MERGED: Final = "merged"  # a swarm that walked into another (hotseat): its rats are that swarm's now
ON_BOARD: Final = (STANDING, DOWNED)  # the statuses of a figure on the board

STATS: Final = ("cc", "def", "tir", "mag", "str", "pv", "wil", "cha", "agi", "dex", "int", "fate", "ap")
ZONES: Final = ("head", "torso", "arms", "legs")
RAT_PV: Final = 3  # a swarm's pool holds 3 PV per rat (D19)


def key(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


def square(text: str) -> Square:
    x, y = text.split(",")
    return int(x), int(y)


@dataclass
class Figure:
    id: str
    card: str  # the character card (§2.3, §2.4)
    name: str
    side: str  # hero (heroes and the uncle) or master
    stats: dict[str, int]  # the card's characteristics (§2.2), fixed
    armour: dict[str, int]  # per zone
    dmg_melee: int
    dmg_shoot: int | None
    skills: dict[str, int]  # skill id -> its level (0 when it has none)
    spells: list[str]
    size: str = "standard"
    value: int = 0
    pos: Square | None = None
    pv: int = 0
    max_pv: int = 0
    status: str = STANDING
    ap: int = 0
    reserved: int = 0  # wait points, spent only in the Master's next turn
    fate: int = 0
    stun: int = 0  # stun points, taken off the next AP reset
    burning: bool = False
    poisoned: bool = False
    webbed: int = 0  # web level; 0 = free
    blessed: int = 0  # +def until the next heroes' upkeep
    feared: bool = False  # failed this turn's fear test
    downed_turn: int = 0  # the turn it fell (dies at the end of the next)
    removed_turn: int = 0  # a Master figure's turn of removal (returns from the round after)
    rats: int = 0  # a swarm: its figures now; 0 for every other figure
    joining: int = 0  # rats that walked in this turn, counted from the next Master upkeep
    items: list[str] = field(default_factory=list)
    attackers: list[str] = field(default_factory=list)  # distinct melee attackers this side-turn
    activated: bool = False  # Master figures: the C3 snapshot
    inactive_roll: int = 0  # the solo Master's C3 d6 for a figure not activated (0: none)
    fire_rolled: bool = False  # event 2 burned it this turn: no second burn at upkeep
    wandered: bool = False  # the solo Master's idle figure has wandered this turn
    duel: str | None = None  # the figure it duels
    passed_windows: bool = False  # took `pass_turn` in this Master turn's windows

    def stat(self, name: str) -> int:
        """A characteristic as the rules count it now: a swarm adds 1 cc and def per rat past
        the first (§5.13); a blessing adds def (§2.6)."""
        value = self.stats.get(name, 0)
        if self.rats and name in ("cc", "def"):
            value += self.rats - 1
        if name == "def":
            value += self.blessed
        return value

    @property
    def melee_damage(self) -> int:
        return self.dmg_melee + (self.rats - 1 if self.rats else 0)

    @property
    def on_board(self) -> bool:
        return self.pos is not None and self.status in ON_BOARD

    @property
    def standing(self) -> bool:
        return self.pos is not None and self.status == STANDING

    if TYPE_CHECKING:
        @property
        def at(self) -> Square:
            """Its square (asked only of a figure on the board)."""
    else:
        # Its square, read by a getter written in C: the rules and the AI ask it tens of
        # thousands of times a quest, and a property written in Python costs a call each time
        # (the call, not the read, was the cost).  Asked only of a figure on the board.
        at = property(attrgetter("pos"))

    def has(self, skill: str) -> bool:
        return skill in self.skills

    def level(self, skill: str) -> int:
        return self.skills.get(skill, 0)


def figure_from_card(fid: str, card_id: str, card: Any, name: str, side: str) -> Figure:
    """A figure with a card's numbers (§2.2)."""
    stats = dict(card.stats)
    rats = card.level("swarm") if "swarm" in card.skills else 0
    pv = rats * RAT_PV if rats else stats["pv"]
    return Figure(id=fid, card=card_id, name=name, side=side, stats=stats,
                  armour={z: card.armour.of(z) for z in ("head", "torso", "arms", "legs")},
                  dmg_melee=card.dmg_melee, dmg_shoot=card.dmg_shoot,
                  skills={k: card.level(k) for k in card.skills}, spells=list(card.spells), size=card.size,
                  value=card.value or 0, pv=pv, max_pv=pv, fate=stats["fate"], rats=rats)


@dataclass
class State:
    quest: str
    party: list[str]  # hero ids in party (pick) order
    seat_of: dict[str, str]  # hero-side figure -> the seat that plays it
    roster: list[str] = field(default_factory=list)  # Master figure ids in roster order
    options: dict[str, Any] = field(default_factory=dict)
    turn: int = 0
    phase: str = "setup"  # setup, event, heroes, reinforcements, master, end
    current: str | None = None  # the hero whose seat decides in the heroes' turn
    figures: dict[str, Figure] = field(default_factory=dict)
    doors: dict[str, str] = field(default_factory=dict)  # "x,y" -> closed, open, locked, broken
    door_pv: dict[str, int] = field(default_factory=dict)  # "x,y" -> PV left (8 at start)
    secret: dict[str, str] = field(default_factory=dict)  # "x,y" -> closed / open (quest IV)
    chests: dict[str, str] = field(default_factory=dict)  # "x,y" -> closed, locked, open
    barrels: list[str] = field(default_factory=list)  # "x,y" of barrels still standing
    traps: dict[str, bool] = field(default_factory=dict)  # "x,y" -> active
    dropped: list[dict[str, Any]] = field(default_factory=list)  # {"item", "at": [x, y]}
    pool: list[dict[str, Any]] = field(default_factory=list)  # off-board: {"id", "card", "turn"}
    cast_this_turn: dict[str, list[str]] = field(default_factory=dict)  # figure -> spells cast
    flags: dict[str, Any] = field(default_factory=dict)  # quest progress (uncle persuaded, ...)
    next_swarm: int = 1
    rats_lost: int = 0  # numbers the rats in the pool
    result: dict[str, Any] | None = None

    @property
    def adventure(self) -> str:
        return self.quest

    @property
    def round(self) -> int:
        return self.turn

    def heroes(self) -> list[Figure]:
        return [self.figures[h] for h in self.party]

    def hero_side(self) -> list[Figure]:
        """Heroes and the uncle once he is on the board, in party order (the uncle last)."""
        # `on_board` written out here and below: asked many times at every decision.
        return [f for f in self.figures.values() if f.side == HERO and f.pos is not None and f.status in ON_BOARD]

    def master_figures(self) -> list[Figure]:
        """The Master's figures on the board, in roster order."""
        figures = self.figures
        return [f for fid in self.roster if (f := figures[fid]).pos is not None and f.status in ON_BOARD]

    def enemies_of(self, fig: Figure) -> list[Figure]:
        side = MASTER if fig.side == HERO else HERO
        return [f for f in self.figures.values() if f.side == side and f.pos is not None and f.status in ON_BOARD]

    def at(self, sq: Square) -> Figure | None:
        for f in self.figures.values():
            if f.pos == sq and f.on_board:
                return f
        return None

    def occupied(self) -> dict[Square, Figure]:
        # `on_board` written out: a map asks at every offer.  The square first: the fallen and
        # the pool have none, and one test of it is cheaper than the status's two.
        return {f.pos: f for f in self.figures.values() if f.pos is not None and f.status in ON_BOARD}

    def seat(self, fig: Figure) -> str:
        return self.seat_of.get(fig.id, DUNGEON)

    def to_dict(self) -> dict[str, Any]:
        out = fields_of(self)  # never vars(): engine/fields.py says why
        out["figures"] = {k: fields_of(f) for k, f in self.figures.items()}
        return out
