"""Dice expressions from the rules and the content ("D6", "2D6", "D6x100") rolled and logged."""
from __future__ import annotations


from ...engine.dice import roll, roll_event
from ...engine.game import Game, Procedure



def dice_value(game: Game, expr: str | int, rule: str, what: str) -> Procedure:
    """Roll a dice expression such as 6, D6, 2D6, D3, D6+6, D6x100 and log it."""
    if isinstance(expr, int):
        return expr
    text = str(expr)
    if text.isdigit():
        return int(text)
    mult = 1
    if "x" in text:
        text, m = text.split("x")
        mult = int(m)
    add = 0
    for sign in ("+", "-"):
        if sign in text:
            text, a = text.split(sign)
            add = int(a) * (1 if sign == "+" else -1)
    n_str, sides_str = text.split("D")
    n = int(n_str or 1)
    sides = int(sides_str)
    faces = yield from roll(game, n, 6 if sides == 3 else sides, rule)
    base = sum((f + 1) // 2 for f in faces) if sides == 3 else sum(faces)
    total = (base + add) * mult
    roll_event(game, rule, f"{n}d{sides}", faces, outcome=total, modifiers={"add": add} if add else {},
               text=f"{expr} for {what}: {total}.")
    return total
