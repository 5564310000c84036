"""How much harm waits for each warrior in the coming Monsters' Phase, read off the board as a
player sees it: monsters beside him strike him (shared when they stand by several), archers that
see him shoot (shared among everyone they see)."""
from __future__ import annotations

import weakref
from operator import attrgetter
from typing import Any

from ....engine.game import Game
from ..sight import sees
from ..state import ACTIVE, Figure, State
from .odds import monster_blow, struck_key, striker_key


def is_archer(content: Any, monster: Figure) -> bool:
    return "missile" in content.monsters[monster.kind].specials


Keys = dict[str, tuple[Any, ...]]


def threats(s: State, content: Any, blows: dict[tuple[Any, ...], float] | None = None,
            keys: tuple[Keys, Keys] | None = None, monsters: list[Figure] | None = None) -> dict[str, float]:
    """Expected Wounds each warrior takes in the next Monsters' Phase, if nothing changes.
    `blows`: the expected blows already worked out in this game, by the pair's keys;
    `keys`: each warrior's `struck_key` and each monster's `striker_key`, when found already;
    `monsters`: `s.monsters()`, when the caller has it (nothing has changed since)."""
    heroes = s.heroes()
    # `valid_target` written out: those a shot may reach, and of them those a blow may
    # reach (not hovering), in the same order (asked once here, not once per monster).
    # Loops, not comprehensions (each a function made and called): worked out anew at every
    # move on the board.
    targets, struck = [], []
    for w in heroes:
        f = w.flags
        if w.pos is not None and w.status == ACTIVE and not (f.get("in_pit") or f.get("invisible")):
            targets.append(w)
            if not f.get("levitate"):
                struck.append(w)
    out = dict.fromkeys(map(_ID, heroes), 0.0)
    neighbours = s.grid.neighbours
    known: dict[tuple[Any, ...], float] = {} if blows is None else blows
    # Each figure's half of the key found once, whoever it is paired with.
    struck_keys, striker_keys = keys if keys is not None else ({w.id: struck_key(w) for w in targets}, None)

    def blow(m: Figure, mkey: tuple[Any, ...], w: Figure) -> float:
        # Monsters of a kind strike alike unless a spell or a potion marks one apart, and a
        # warrior is struck alike until his flags or gear change: the key is all that counts.
        key = (mkey, struck_keys[w.id])
        found = known.get(key)
        if found is None:
            found = known[key] = monster_blow(content, m, w)
        return found
    for m in s.monsters() if monsters is None else monsters:  # each active on the board
        assert m.pos is not None
        beside = neighbours(m.pos)
        near = []  # grid.adjacent(m.pos, w.pos); a loop, not a comprehension: once a monster
        for w in struck:
            if w.pos and w.pos in beside:
                near.append(w)
        mkey = striker_keys[m.id] if striker_keys is not None else striker_key(m)
        if near:
            for w in near:
                out[w.id] += blow(m, mkey, w) / len(near)
        elif is_archer(content, m):
            seen = []
            for w in targets:
                if sees(s, m.pos, w.pos):
                    seen.append(w)
            for w in seen:
                out[w.id] += blow(m, mkey, w) / len(seen)
        elif struck:
            # A free monster runs at someone: count it, halved, on the nearest warrior it could
            # reach (ties to the first id).  The distance is `chebyshev`, written out: a
            # loop over the few warriors for each free monster, every time threats are new.
            mx, my = m.pos
            w, near_by = struck[0], -1
            for x in struck:
                x_pos = x.pos
                assert x_pos is not None
                d = max(abs(x_pos[0] - mx), abs(x_pos[1] - my))
                if near_by < 0 or d < near_by or (d == near_by and x.id < w.id):
                    w, near_by = x, d
            if near_by <= content.monsters[m.kind].move + 1:
                out[w.id] += blow(m, mkey, w) / 2
    return out


# The last game asked about, weakly (a finished game is not kept alive by it), its decisions
# played then, its threats, the expected blows, the board they were read from, and the content
# the blows were worked out for.  The blows hang on the pair's keys and the content alone, so
# they are kept from game to game while the content is the same (the same pairs come round all
# game long, and again in the next game: a simulate run plays one content).
_KEPT: list[Any] = [None, -1, None, None, None, None]
BLOWS_KEPT = 4096  # pairs kept from game to game (a few hundred come round in a run)


def danger_now(game: Game) -> dict[str, float]:
    """`threats` on the board as it stands, worked out once per decision: one choice asks in
    several places (items, spells, blows, breaking away) and the board does not change while a
    seat chooses; and kept from an earlier decision while the board is as it was then (about
    half of them: a window, then the turn it comes before).  The dict is shared: read it,
    never change it."""
    ref, played, kept, blows, board, content = _KEPT
    same_game = ref is not None and ref() is game
    if same_game and played == len(game.decisions):
        return kept
    if not same_game:
        board = None
    if content is not game.content or (not same_game and len(blows) >= BLOWS_KEPT):
        blows, content = {}, game.content
    s = game.state
    heroes, monsters = s.heroes(), s.monsters()
    # Mapped in C, not comprehensions: a board's key is made at most decisions.
    struck = list(map(struck_key, heroes))
    striker = list(map(striker_key, monsters))
    now = _board(s, heroes, struck, monsters, striker)
    if now != board:
        keys = (dict(zip(map(_ID, heroes), struck, strict=True)), dict(zip(map(_ID, monsters), striker, strict=True)))
        kept = threats(s, game.content, blows, keys, monsters)
    _KEPT[:] = [weakref.ref(game), len(game.decisions), kept, blows, now, content]
    return kept


def _board(s: State, heroes: list[Figure], struck: list[tuple[Any, ...]], monsters: list[Figure],
           striker: list[tuple[Any, ...]]) -> tuple[Any, ...]:
    """Everything `threats` reads: the map as it is laid (a token in the grid's memo, which a
    change to the map empties), and every warrior and monster on it with his square, status
    and his half of a blow's key.  The doorways need no place in it: sight passes between the
    sections they join, and which those are changes only with the map (see `sight.sees`)."""
    memo = s.grid.memo
    token = memo.get(_MAP)
    if token is None:
        token = memo[_MAP] = object()
    # Lists, not generators, inside: made a few thousand times a game, and compared at once;
    # zipped in C (each warrior's id, square, status and key; each monster's id, square, key).
    return (token, list(zip(map(_ID, heroes), map(_POS, heroes), map(_STATUS, heroes), struck, strict=True)),
            list(zip(map(_ID, monsters), map(_POS, monsters), striker, strict=True)))


_MAP = ("whq.danger", "map")
_ID, _POS, _STATUS = attrgetter("id"), attrgetter("pos"), attrgetter("status")


def peril(warrior: Figure, threat: float) -> float:
    """Expected harm against the Wounds he has left: 1 or more means he may well fall."""
    return threat / max(1, warrior.wounds)


def friend_in_peril_beside(game: Game, monster: Figure, but: str | None = None) -> float:
    """The greatest peril among the warriors standing beside the monster (`but` left out): 0
    when nobody does, and then the danger is not worked out (a blow or a step weighs each foe
    by it, and mostly nobody else stands by the foe: the board's key and threats spared)."""
    s: State = game.state
    pos = monster.pos
    if not pos:
        return 0.0
    neighbours = s.grid.neighbours  # `grid.adjacent` written out: asked for every foe weighed
    beside = []  # a loop, not a comprehension: asked for every foe weighed
    for x in s.heroes():
        if x.pos is not None and x.status == ACTIVE and x.id != but and pos in neighbours(x.pos):
            beside.append(x)
    if not beside:
        return 0.0
    danger = danger_now(game)
    return max(peril(x, danger.get(x.id, 0)) for x in beside)
