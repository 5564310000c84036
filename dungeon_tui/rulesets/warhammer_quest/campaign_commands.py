"""`dungeon-tui campaign new|play` for Warhammer Quest, and the same steps for the app's
campaign screens: a party whose gold and treasure carry over from one adventure to the next."""
from __future__ import annotations

from argparse import Namespace
from pathlib import Path
from typing import Any

from ...engine.campaign_file import CampaignError
from ...engine.contract import CampaignPage, CampaignTools, Ruleset
from ...engine.game import Game
from ...engine.words import counted, listing
from . import campaign as camp
from .content import WARRIOR_ORDER


NO_SETTLEMENT = "a Warhammer Quest party buys nothing between adventures here (no settlement yet)"


class Commands:
    format: str = camp.FORMAT
    commands: tuple[str, ...] = ("new", "play")

    def command(self, args: Namespace, ruleset: Ruleset[Any, Any], tools: CampaignTools) -> int:
        path = Path(args.file)
        if args.campaign_command == "new":
            if path.exists() and not args.force:
                raise CampaignError(f"{path} exists; pass --force to start it over")
            tools.say(self.open(ruleset, path, "", args.heroes.split(",") if args.heroes else [], True))
            return 0
        if args.campaign_command != "play":
            raise CampaignError(f"campaign {args.campaign_command} is for HeroQuest campaigns (--game heroquest)")
        if not args.quest:
            raise CampaignError("name the adventure to play with --adventure")
        c = camp.load(path)
        if args.recruit:
            c = camp.recruit(c, args.recruit.split(","))
        game = ruleset.new_game(camp.setup_for(c, args.quest), args.seed)
        game.run(ruleset.ai_controllers())
        c = camp.record_result(c, game)
        camp.save(c, path)
        if args.record:
            tools.save_record(game, Path(args.record) / f"{ruleset.id}-{game.seed}.json", f"campaign {path.stem}")
        tools.say(f"{args.quest}: {(game.result or {}).get('outcome')} in {game.state.turn} turns")
        for w in c.warriors:
            tools.say(f"  {w.name}: {w.gold} gold, {counted(len(w.treasure), 'treasure card')}, "
                      f"{counted(w.starting_wounds, 'Wound')}")
        return 0

    # -- what the app's campaign screens ask ---------------------------------------------
    def open(self, ruleset: Ruleset[Any, Any], path: Path, name: str, heroes: list[str], force: bool = False) -> str:
        if path.exists() and not force:
            raise CampaignError(f"{path} exists already")
        party = ruleset.normalise_setup({"heroes": heroes or None})["heroes"]  # checked as a setup is
        camp.save(camp.Campaign(recruits=party), path)
        return f"new campaign {path} for: {', '.join(party)}"

    def page(self, ruleset: Ruleset[Any, Any], path: Path) -> CampaignPage:
        c = camp.load(path)
        content = ruleset.content()
        taken = {w.type for w in c.warriors} | set(c.recruits)
        adventures = ruleset.adventures()
        return CampaignPage(
            name=path.stem, lines=tuple(camp.describe(c, content)), adventures=tuple(adventures),
            fallen=tuple((t, content.warriors[t].name) for t in c.fallen if t in content.warriors),
            newcomers=tuple((t, content.warriors[t].name) for t in WARRIOR_ORDER if t not in taken),
            heroes=tuple((w.type, w.name, w.gold) for w in c.warriors))

    def settle(self, ruleset: Ruleset[Any, Any], path: Path, fallen: str, newcomer: str | None) -> str:
        c = camp.load(path)
        if fallen not in c.fallen:
            raise CampaignError(f"no fallen {fallen} to replace (fallen: {', '.join(c.fallen) or 'nobody'})")
        c = camp.recruit(c, [newcomer or camp.NOBODY])
        camp.save(c, path)
        names = ruleset.content().warriors
        return (f"a new {names[newcomer].name} will join at the next adventure" if newcomer
                else "the party goes on without a new warrior")

    def buy(self, ruleset: Ruleset[Any, Any], path: Path, hero: str, item: str) -> str:
        raise CampaignError(NO_SETTLEMENT)

    def shop(self, ruleset: Ruleset[Any, Any], path: Path, hero: str | None) -> list[str]:
        raise CampaignError(NO_SETTLEMENT)

    def setup(self, ruleset: Ruleset[Any, Any], path: Path, adventure: str) -> dict[str, Any]:
        return camp.setup_for(camp.load(path), adventure)

    def fold(self, ruleset: Ruleset[Any, Any], path: Path, game: Game, record_path: str | None) -> str:
        c = camp.record_result(camp.load(path), game)
        camp.save(c, path)
        content = ruleset.content()
        lost = [content.warriors[t].name for t in c.fallen if t in content.warriors]
        outcome = (game.result or {}).get("outcome")
        return (f"{camp.adventure_word(content, game.state.adventure)}: {outcome} in {game.state.turn} turns"
                + (f"; fallen: {listing(lost)}" if lost else ""))


COMMANDS = Commands()
