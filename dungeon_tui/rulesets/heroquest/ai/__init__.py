"""HeroQuest AI: Zargon (dungeon.py), the companions (companions.py; the leader finding the way on
in exploring.py) and the seat that runs their scripts."""
