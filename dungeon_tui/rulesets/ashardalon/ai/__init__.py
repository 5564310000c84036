"""The automated seats of Wrath of Ashardalon: hero companions and the dungeon seat."""
