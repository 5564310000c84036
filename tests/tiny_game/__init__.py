"""Goblin Cellar: a tiny but complete game on the dungeon-tui contract, kept with the tests.
docs/adding-a-game.md walks through it."""
