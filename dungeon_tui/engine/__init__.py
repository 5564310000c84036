"""The game-agnostic engine.  Imports nothing from rulesets or the terminal layer."""
from .game import CHANCE, DUNGEON, Action, Chance, Decision, Event, Game, IllegalAction

__all__ = ["CHANCE", "DUNGEON", "Action", "Chance", "Decision", "Event", "Game", "IllegalAction"]
