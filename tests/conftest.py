"""The whole suite: content is parsed from its YAML in every test process (no kept copy in the
user's cache folder); the cache's own tests name a folder of their own."""
import os

os.environ["DUNGEON_TUI_CACHE"] = ""
# No test reads or writes the player's own settings (a kept `plain on` would change what runs).
os.environ["DUNGEON_TUI_SETTINGS"] = ""
# No content pack from the player's own folder joins a test's games; the packs' tests name theirs.
os.environ["DUNGEON_TUI_PACKS"] = ""
