"""Warhammer Quest board painting: a view becomes cells of two characters and a role.

Glyphs alone tell everything apart (NO_COLOR, 256 colours); roles pick the theme colours.
"""
from __future__ import annotations

from typing import Any

Cell = tuple[str, str]  # (two characters, role)

TERRAIN: dict[str, Cell] = {
    ".": ("· ", "floor"),
    "p": (": ", "pit"),
    "c": ("≈≈", "chasm"),
    "b": ("==", "floor"),
    "s": ("= ", "floor"),
    "X": ("██", "wall"),
    "H": ("()", "pit"),
    "R": ("%%", "wall"),
}
DARK: Cell = ("░░", "fog")


def paint(view: dict[str, Any], glyphs: dict[str, str]) -> tuple[dict[tuple[int, int], Cell], tuple[int, int, int, int]]:
    """Cells keyed by square, and the bounds (min x, min y, max x, max y)."""
    cells: dict[tuple[int, int], Cell] = {}
    lit = set(view.get("lit", []))
    xs, ys = [0], [0]
    for x, y, t, sec in view.get("terrain", []):
        xs.append(x)
        ys.append(y)
        cells[(x, y)] = TERRAIN.get(t, TERRAIN["."]) if sec in lit else (DARK if t not in "XcR" else TERRAIN[t])
    for d in view.get("doorways", {}).values():
        if d["state"] == "unexplored":
            for x, y in d["squares"]:
                cells[(x, y)] = ("+ ", "door")
        elif d["state"] in ("sealed", "dead_end"):
            for x, y in d["squares"]:
                cells[(x, y)] = ("x ", "door")
    for fid, f in view.get("figures", {}).items():
        if not isinstance(f, dict) or f.get("pos") is None:
            continue
        pos = tuple(f["pos"])
        g = glyphs.get(f["kind"], "?")
        if f["side"] == "hero":
            cells[pos] = (g + ("_" if f["status"] == "unconscious" else " "), "hero")
        else:
            cells[pos] = (g + fid[-1], "monster")
    return cells, (min(xs), min(ys), max(xs), max(ys))
