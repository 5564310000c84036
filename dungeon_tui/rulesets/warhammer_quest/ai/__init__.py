"""Warhammer Quest's AI: the warriors' companions and the dungeon seat's monster tactics."""
