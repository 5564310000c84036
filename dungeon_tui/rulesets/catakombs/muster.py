"""The Master's roster (§3.3): within the points and the box, exactly one leader (D7), rats by
swarms.  A solo Master's is filled in the book's order before play; a hotseat Master picks
card by card as play begins (the setup then names no roster), and the figures are made from
the cards either way."""
from __future__ import annotations

from collections.abc import Generator
from ...engine.game import DUNGEON, Action, Decision, Game
from .acts import short_name
from .content import Content
from .state import MASTER, State, figure_from_card

SWARM_NAMES = "ABCDEFGH"


def points_of(content: Content, cards: list[str]) -> int:
    """What the cards cost together (a party's heroes or a Master's roster)."""
    return sum(content.cards[cid].value or 0 for cid in cards)


def step_of(content: Content, cid: str) -> int:
    """How many of the card come at once: rats by their swarm level, the rest one by one."""
    return content.cards[cid].level("swarm") or 1


def solo_roster(content: Content, points: int) -> list[str]:
    """§3.3: the tomb king, revenants, rats by swarms, Skell, vampire, while the total fits."""
    return solo_fill(content, [], points)


def solo_fill(content: Content, cards: list[str], points: int) -> list[str]:
    """The cards with what the solo order adds to them: each card of the order in turn, as
    often as the box and the points still allow."""
    out = list(cards)
    total = points_of(content, out)
    for cid in content.solo_roster:
        card = content.cards[cid]
        step = step_of(content, cid)
        for _ in range(((card.box or 1) - out.count(cid)) // step):
            cost = (card.value or 0) * step
            if total + cost <= points:
                out += [cid] * step
                total += cost
    return out


def roster_problems(content: Content, cards: list[str], points: int) -> list[str]:
    """§3.3: Master cards only, within the box and the points, exactly one leader (D7)."""
    out = [f"roster: {cid!r} is not a Master card" for cid in dict.fromkeys(cards)
           if cid not in content.cards or not content.cards[cid].group.startswith("master")]
    if out:
        return out
    for cid in dict.fromkeys(cards):
        box = content.cards[cid].box or 0
        if cards.count(cid) > box:
            out.append(f"roster: {cards.count(cid)} {cid} but the box holds {box}")
    leaders = [cid for cid in cards if content.cards[cid].group == "master_leader"]
    if len(leaders) != 1:
        out.append("roster: a Master needs exactly one leader")
    total = points_of(content, cards)
    if total > points:
        out.append(f"roster: {total} points, more than {points}")
    return out


def roster_figures(content: Content, cards: list[str]) -> list[tuple[str, str, int]]:
    """(figure id, card, rats) per figure: numbered when a card comes more than once; rats
    gathered in swarms of their swarm level (§3.3)."""
    out: list[tuple[str, str, int]] = []
    counts = {cid: cards.count(cid) for cid in dict.fromkeys(cards)}
    for cid, n in counts.items():
        card = content.cards[cid]
        swarm = card.level("swarm") if "swarm" in card.skills else 0
        if swarm:
            for i in range(0, n, swarm):
                out.append((f"{cid}s_{SWARM_NAMES[i // swarm].lower()}", cid, min(swarm, n - i)))
        elif n == 1:
            out.append((cid, cid, 0))
        else:
            out += [(f"{cid}_{i}", cid, 0) for i in range(1, n + 1)]
    return out


def enlist(s: State, content: Content, cards: list[str]) -> None:
    """The roster's figures, off the board, in the roster's order (the order they act in)."""
    for fid, cid, rats in roster_figures(content, cards):
        card = content.cards[cid]
        name = card.name if fid == cid else (f"{card.name}s {fid[-1].upper()}" if rats
                                             else f"{card.name} {fid.rsplit('_', 1)[1]}")
        fig = figure_from_card(fid, cid, card, name, MASTER)
        if rats:
            fig.rats, fig.pv = rats, rats * 3
        s.figures[fid] = fig
        s.roster.append(fid)


def muster_offers(content: Content, cards: list[str], points: int) -> list[Action]:
    """What the Master may add next: a leader first (exactly one), then any troop the box and
    the points still allow; done once a leader leads."""
    spent = points_of(content, cards)
    led = any(content.cards[cid].group == "master_leader" for cid in cards)
    out = []
    for cid, card in content.cards.items():
        if card.group != ("master_troop" if led else "master_leader"):
            continue
        step = step_of(content, cid)
        cost = (card.value or 0) * step
        left = (card.box or 0) - cards.count(cid)
        if left >= step and spent + cost <= points:
            what = f"{step} {short_name(card.name)}s (a swarm)" if step > 1 else short_name(card.name)
            out.append(Action.make(DUNGEON, "muster", text=f"{what}, {cost} points ({left} left)", card=cid))
    if led and out:
        rest = solo_fill(content, cards, points)[len(cards):]
        if rest:
            out.append(Action.make(DUNGEON, "muster_rest", text=f"The rest as a solo Master: "
                                   f"{roster_words(content, rest)}, {points_of(content, rest)} points"))
    if led:
        out.append(Action.make(DUNGEON, "muster_done", text=f"Done: muster these, {spent} of {points} points"))
    return out


def pick_roster(game: Game) -> Generator[Decision, Action, None]:
    """§3.3, hotseat: the dungeon seat picks its cards one at a time, until it says done or
    nothing more fits; a leader the box holds alone is taken without asking."""
    s: State = game.state
    content: Content = game.content
    points = int(game.setup["points"])
    cards: list[str] = []
    while True:
        options = muster_offers(content, cards, points)
        adds = [a for a in options if a.kind == "muster"]
        if not adds:
            break
        if not cards and len(adds) == 1:
            cards.append(adds[0].get("card"))
            continue
        so_far = (f"{roster_words(content, cards)}, {points_of(content, cards)} of {points} points" if cards
                  else f"{points} points")
        question = f"The Master's roster: {so_far}. {'Add which?' if cards else 'Who leads it?'}"
        choice = yield Decision(DUNGEON, question, options, context={"roster": list(cards)})
        if choice.kind == "muster_done":
            break
        if choice.kind == "muster_rest":
            cards = solo_fill(content, cards, points)
        else:
            cards += [choice.get("card")] * step_of(content, choice.get("card"))
    enlist(s, content, cards)
    game.emit("muster", cards=cards, text=f"The Master musters {roster_words(content, cards)} "
              f"({points_of(content, cards)} of {points} points).")


def roster_words(content: Content, cards: list[str]) -> str:
    """'Tomb King, 6 Revenants and 8 Rats': each card once, by its short name, with its count."""
    parts = [(f"{n} {short_name(content.cards[cid].name)}s" if (n := cards.count(cid)) > 1
              else short_name(content.cards[cid].name)) for cid in dict.fromkeys(cards)]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
