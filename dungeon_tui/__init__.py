"""dungeon-tui: tabletop dungeon games in the terminal."""

__version__ = "0.1.0"
