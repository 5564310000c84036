"""Dice rolled and cards drawn at the table, typed in: the faces a player types, checked
against the dice asked for, or the name of the card drawn from the player's own deck.  A face
is its number, or where the die has symbols its word, the word's first letters, or any part of
it that only one face starts with ("s s w": two skulls and a white shield).  The chance
seat's answer is then the same action an app roll or draw makes, so a game played so records,
replays and undoes like any other."""
from __future__ import annotations

from collections.abc import Sequence

from .game import CHANCE, Action, Chance

TYPED = "typed at the table"  # the record's reason for a typed roll: the record says which were typed


class TypedFacesError(ValueError):
    """What is wrong with the typed faces, in one line."""


def face_words(spec: Chance) -> list[str]:
    """The words a player may type for each face of this die, face 1 first."""
    if spec.faces:
        return list(spec.faces)
    return [str(n) for n in range(1, spec.sides + 1)]


def parse_faces(spec: Chance, typed: str) -> Action:
    """The chance action for what was typed; TypedFacesError when the count or a face is wrong."""
    tokens = typed.replace(",", " ").split()
    if len(tokens) != spec.count:
        raise TypedFacesError(f"{spec.count} {'die' if spec.count == 1 else 'dice'} to type, got {len(tokens)}")
    return spec.action(tuple(face_of(spec, token) for token in tokens))


def face_of(spec: Chance, token: str) -> int:
    if token.isdigit():
        n = int(token)
        if 1 <= n <= spec.sides:
            return n
        raise TypedFacesError(f"{token} is not a face of a d{spec.sides}")
    if not spec.faces:
        raise TypedFacesError(f"type each die's number, 1 to {spec.sides}; {token!r} is not one")
    word = token.lower()
    names = [f.lower() for f in spec.faces]
    exact = [i for i, name in enumerate(names) if name == word]
    if exact:
        return exact[0] + 1
    starts = {name for name in names if name.startswith(word) or initials(name) == word}
    if len(starts) == 1:
        return names.index(starts.pop()) + 1
    shown = ", ".join(dict.fromkeys(spec.faces))
    if starts:
        raise TypedFacesError(f"{token!r} could be {' or '.join(sorted(starts))}; type more of it")
    raise TypedFacesError(f"{token!r} is not a face of this die ({shown})")


def initials(name: str) -> str:
    """'white shield' -> 'ws'."""
    return "".join(part[0] for part in name.split())


def legend(spec: Chance) -> str:
    """What may be typed for each face: 'skull (s), white shield (w or ws), black shield (b or bs)'."""
    if not spec.faces:
        return f"each die's number, 1 to {spec.sides}"
    out = []
    for word in dict.fromkeys(face_words(spec)):
        short = {word[0].lower(), initials(word).lower()} - {word.lower()}
        out.append(f"{word} ({' or '.join(sorted(short))})" if short else word)
    return ", ".join(out)


def parse_answer(spec: Chance, typed: str) -> Action:
    """The chance action for a typed roll or a named card."""
    return parse_card(spec, typed) if spec.kind == "draw" else parse_faces(spec, typed)


def parse_card(spec: Chance, typed: str) -> Action:
    """The draw that takes the card named (its whole name, or a part only one card's name
    starts with); the first of several copies, which are alike."""
    word = " ".join(typed.lower().split())
    names = [n.lower() for n in spec.faces]
    if not word:
        raise TypedFacesError("type the name of the card you drew")
    if word in names:
        return spec.action(names.index(word))
    starts = sorted({n for n in names if n.startswith(word)})
    if len(starts) == 1:
        return spec.action(names.index(starts[0]))
    if starts:
        more = " ..." if len(starts) > 4 else ""
        raise TypedFacesError(f"{typed.strip()!r} could be {' or '.join(starts[:4])}{more}; type more of it")
    raise TypedFacesError(f"no {typed.strip()!r} is left in this deck")


def card_legend(spec: Chance) -> str:
    """The cards left in the deck, each name once."""
    return ", ".join(sorted(dict.fromkeys(spec.faces)))


def led_to(decisions: Sequence[tuple[Action, str]]) -> str:
    """What a roll or draw is for, as the players last saw it: the last choice made by a seat
    other than chance ("Barbarian rolls to move"); empty before any."""
    return next((a.text for a, _why in reversed(decisions) if a.seat != CHANCE), "")


def asking(spec: Chance) -> tuple[str, str, str]:
    """How a front end asks for this roll or draw: what to do ("roll 2 dice"), how to answer
    (the faces or the cards left), and the app's verb when it does it instead ("rolls")."""
    if spec.kind == "draw":
        return "draw a card", f"Name the card drawn. Cards left: {card_legend(spec)}", "draws"
    return (f"roll {spec.count} {'die' if spec.count == 1 else 'dice'}", f"Type the faces: {legend(spec)}",
            "rolls")
