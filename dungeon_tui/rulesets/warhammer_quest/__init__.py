"""Warhammer Quest (1995): warriors, the dungeon deck, monsters played by their tactics."""
