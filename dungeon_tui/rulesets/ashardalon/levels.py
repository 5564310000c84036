"""Level 2 (spec §5.10): after a natural 20, a level-1 hero's player may spend 5 XP."""
from __future__ import annotations


from ...engine.game import Action, Decision, Game, Procedure
from . import combat
from .spending import can_spend, spending_choice
from .state import Figure, State



def level_up_offer(game: Game, hero: Figure) -> Procedure:
    """After a level-1 hero's natural 20 resolves, the player may spend 5 XP to reach level 2."""
    s: State = game.state
    if not hero.flags.pop("natural_20", False) or hero.level >= 2:
        return
    if not can_spend(game, 5):
        game.emit("level", hero=hero.id, text=f"A natural 20! But the party has only {combat.xp_total(game)} XP.")
        return
    seat = s.seat_of[s.active or hero.id]
    a = yield spending_choice(game, seat, "level_up", 5, f"A natural 20: level {hero.name} up?",
                              lambda xp: f"Spend {xp} XP: {hero.name} reaches level 2", "Stay at level 1",
                              {"figure": hero.id})
    if a.get("values") is None:
        return
    combat.spend(game, tuple(a.get("values")))
    yield from become_level_2(game, hero)


def become_level_2(game: Game, hero: Figure) -> Procedure:
    s: State = game.state
    l2 = game.content.level_2
    hero.level = 2
    hero.ac += l2.ac
    hero.max_hp += l2.hp
    hero.hp += l2.hp
    hero.surge += l2.surge
    game.emit("level", hero=hero.id,
              text=f"{hero.name} reaches level 2: AC {hero.ac}, HP {hero.hp}/{hero.max_hp}, surge {hero.surge}.")
    cls = game.content.heroes[hero.kind].hero_class
    dailies = [pid for pid, p in sorted(game.content.powers.items())
               if p.hero_class == cls and p.type == "daily" and not p.fixed and pid not in hero.powers]
    if dailies:
        seat = s.seat_of[hero.id]
        options = [Action.make(seat, "daily", text=f"Take {game.content.powers[p].name}", power=p) for p in dailies]
        a = yield Decision(seat, f"{hero.name} picks a second daily power", options, context={"figure": hero.id})
        hero.powers[a.get("power")] = True
