"""`dungeon-tui campaign new|play` for Warhammer Quest: a party whose gold and treasure carry
over from one adventure to the next, played with AI on every seat."""
from __future__ import annotations

from argparse import Namespace
from pathlib import Path
from typing import Any

from ...engine.campaign_file import CampaignError
from ...engine.contract import CampaignTools, Ruleset
from ...engine.words import counted
from . import campaign as camp


class Commands:
    format: str = camp.FORMAT
    commands: tuple[str, ...] = ("new", "play")

    def command(self, args: Namespace, ruleset: Ruleset[Any, Any], tools: CampaignTools) -> int:
        path = Path(args.file)
        if args.campaign_command == "new":
            if path.exists() and not args.force:
                raise CampaignError(f"{path} exists; pass --force to start it over")
            heroes = ruleset.normalise_setup({"heroes": args.heroes.split(",") if args.heroes else None})["heroes"]
            camp.save(camp.Campaign(recruits=heroes), path)
            tools.say(f"new campaign {path} for: {', '.join(heroes)}")
            return 0
        if args.campaign_command != "play":
            raise CampaignError(f"campaign {args.campaign_command} is for HeroQuest campaigns (--game heroquest)")
        if not args.quest:
            raise CampaignError("name the adventure to play with --adventure")
        c = camp.load(path)
        if args.recruit:
            c.recruits = sorted(set(c.recruits) | set(args.recruit.split(",")))
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


COMMANDS = Commands()
