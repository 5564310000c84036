"""Items in a warrior's pack: healing on the friend who needs it most, and the one-shot
treasures (potions, rings, bombs) where they change a fight."""
from __future__ import annotations

from ....engine.game import Action, Game
from ....engine.words import counted
from ..items import HEAL_ONE
from ..state import UNCONSCIOUS, Figure, State
from .danger import danger_now, peril
from .odds import menace

Choice = tuple[Action, str]
# Attack items: how many Wounds they deal on average, roughly.
BLASTS = {"lightning_fire_ring": 17.5, "spear": 7.0, "quake_scroll": 7.0, "firebomb": 3.5, "talon_of_death": 3.5}


def healing_left(s: State) -> list[str]:
    """The healing the party still carries, for the reason's words."""
    return [i for w in s.heroes() if w.active for i in (*w.equipment, *(c["id"] for c in w.treasure
                                                                      if not c.get("spent")))
            if i in HEAL_ONE or i == "incense_of_healing"]


def aid(game: Game, opts: list[Action]) -> Choice:
    """The end-of-turn call: a friend dies unless healed now."""
    s: State = game.state
    uses = [a for a in opts if a.kind == "use"]
    if not uses:
        return opts[-1], "nothing left to heal with"
    # The warrior's own Healing Potion restores every Wound: the best thing to lift a fallen friend.
    best = max(uses, key=lambda a: (HEAL_ONE.get(a.get("item"), "") is None, a.get("target"), a.get("item")))
    who = s.figures[best.get("target")]
    left = len(healing_left(s)) - 1
    return best, (f"heals the {who.name}: he dies at the end of the turn otherwise"
                  + ("; it is the last healing the party carries" if left <= 0 else f"; {left} more healing left"))


def use_now(game: Game, warrior: Figure, uses: list[Action]) -> Choice | None:
    """An item worth using in the warrior's own turn, or None."""
    if not uses:
        return None
    s: State = game.state
    c = game.content
    fallen = [a for a in uses if a.get("item") in HEAL_ONE and a.get("target")
              and s.figures[a.get("target")].status == UNCONSCIOUS]
    if fallen:
        a = fallen[0]
        return a, f"the {s.figures[a.get('target')].name} lies unconscious: heal him before he dies"
    for a in uses:
        item, tgt = a.get("item"), s.figures.get(a.get("target")) if a.get("target") else None
        if item in HEAL_ONE and tgt is not None and tgt.active and not tgt.flags.get("in_pit"):
            missing = tgt.max_wounds - tgt.wounds
            full = HEAL_ONE[item] is None
            # A full-heal potion waits until most Wounds are gone; 2D6 ones when 7 would not be wasted.
            # (the danger is worked out only when an item asks: it is the same all decision long)
            if missing >= (6 if not full else tgt.max_wounds // 2) and \
                    peril(tgt, danger_now(game).get(tgt.id, 0)) >= 0.8:
                return a, (f"heals the {tgt.name}: {counted(tgt.wounds, 'Wound')} left and about "
                           f"{danger_now(game)[tgt.id]:.0f} coming at him")
            if tgt.wounds * 4 <= tgt.max_wounds and (missing >= 7 or full):
                return a, f"heals the {tgt.name}: down to {tgt.wounds} of {tgt.max_wounds} Wounds"
    here = [x for x in s.heroes() if x.on_board and warrior.pos and s.section_of(x.pos) == s.section_of(warrior.pos)]
    for a in uses:
        item = a.get("item")
        if item == "incense_of_healing":
            missing = sum(min(7, x.max_wounds - x.wounds) for x in here)
            if missing >= 10 or any(x.status == UNCONSCIOUS for x in here):
                return a, f"the Incense heals everyone in this section ({missing} Wounds to win back)"
        elif item == "magic_potion" and warrior.wounds * 4 <= warrior.max_wounds and not healing_left(s):
            return a, "nothing else can heal him: gamble on the Magic Potion"
        elif item in ("invisibility_ring", "potion_of_toughness") and \
                peril(warrior, danger_now(game)[warrior.id]) >= 0.8:
            return a, f"about {danger_now(game)[warrior.id]:.0f} Wounds coming at him with {warrior.wounds} left"
        elif item == "time_freezing_ring" and not warrior.flags.get("attacking") and any(
                warrior.pos and m.pos and s.grid.adjacent(warrior.pos, m.pos) for m in s.monsters()):
            return a, "foes beside him: time stands still and he strikes twice"
        elif item == "flash_powder" and len(s.monsters()) >= 3:
            return a, "a crowd of foes: every warrior who has not struck yet gains an Attack"
        elif item in ("potion_of_strength", "lucky_talisman", "hell_mace", "amulet_of_power"):
            big = [m for m in s.monsters() if m.wounds >= 8]
            near = [m for m in big if warrior.pos and m.pos and s.grid.adjacent(warrior.pos, m.pos)]
            if near:
                return a, f"a big foe beside him ({near[0].name})"
        elif item in BLASTS:
            tgt = s.figures.get(a.get("target")) if a.get("target") else None
            foes = s.monsters()
            if tgt is not None and ((tgt.wounds <= BLASTS[item] * 1.2 and menace(c, tgt) >= 3) or tgt.wounds >= 8):
                return a, f"the {game.content.treasure[item].name} at {tgt.name}, a dangerous foe"
            if tgt is None and len(foes) >= 3:
                return a, f"the {game.content.treasure[item].name}: {len(foes)} foes around"
    return None
