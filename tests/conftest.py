"""The whole suite: content is parsed from its YAML in every test process (no kept copy in the
user's cache folder); the cache's own tests name a folder of their own."""
import os

os.environ["DUNGEON_TUI_CACHE"] = ""
# No content pack from the player's own folder joins a test's games; the packs' tests name theirs.
os.environ["DUNGEON_TUI_PACKS"] = ""
