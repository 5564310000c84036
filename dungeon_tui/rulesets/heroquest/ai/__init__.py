"""HeroQuest AI: Zargon (dungeon.py), the companions (companions.py) and the seat that runs their scripts."""
