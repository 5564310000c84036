"""`dungeon-tui campaign ...` for HeroQuest: sheets, the armory, replacements and quests in
order (spec §5.13).  Every change is made on a copy and written only when it is whole, so an
error leaves the file as it was."""
from __future__ import annotations

from argparse import Namespace
from pathlib import Path
from typing import Any

from ...engine.campaign_file import CampaignError
from ...engine.contract import CampaignTools, Ruleset
from ...engine.words import listing
from . import campaign as camp


class Commands:
    format: str = camp.FORMAT
    commands: tuple[str, ...] = ("new", "play", "show", "buy", "main", "give", "replace")

    def command(self, args: Namespace, ruleset: Ruleset[Any, Any], tools: CampaignTools) -> int:
        path = Path(args.file)
        cmd = args.campaign_command
        if cmd == "new":
            if path.exists() and not args.force:
                raise CampaignError(f"{path} exists; pass --force to start it over")
            c = camp.new(args.name or path.stem, args.heroes.split(",") if args.heroes else None)
            camp.save(c, path)
            tools.say(f"new HeroQuest campaign {path} for: {listing([camp.hero_word(h.hero_type) for h in c.party])}")
            return 0
        if args.recruit:
            raise CampaignError("--recruit is for Warhammer Quest; a HeroQuest party replaces the fallen "
                                "with `campaign replace`")
        c = camp.load(path)
        if cmd == "show":
            tools.say("\n".join(camp.describe(c)))
            return 0
        if cmd == "buy":
            c = camp.buy(c, args.hero, args.item)
            h = c.hero(args.hero)
            tools.say(f"the {h.name} buys {ruleset.content().equipment[args.item].name}; {h.gold} gold left")
        elif cmd == "main":
            c = camp.set_main(c, args.hero, args.weapon)
            weapon = camp.item_word(args.weapon)
            tools.say(f"the {c.hero(args.hero).name} will start the next quest with {weapon} in hand")
        elif cmd == "give":
            c = camp.give(c, args.giver, args.taker, args.gold)
            tools.say(f"{args.gold} gold from the {c.hero(args.giver).name} to the {c.hero(args.taker).name}")
        elif cmd == "replace":
            c = camp.replace(c, args.hero, args.with_type)
            tools.say(f"a new {c.hero(args.with_type).name} joins the party in the fallen "
                      f"{camp.hero_word(args.hero)}'s place")
        elif cmd == "play":
            setup = camp.setup_for(c, args.quest)
            if args.app or args.resume:
                game = tools.play_in_app(ruleset, setup, args.seed, args.dungeon or "AI", args.resume)
                if game is None:
                    return 0
            else:
                game = ruleset.new_game(setup, args.seed)
                game.run(ruleset.ai_controllers())
            record_path = None
            if args.record:
                record_path = Path(args.record) / f"{ruleset.id}-{game.state.quest}-{game.seed}.json"
                tools.save_record(game, record_path, f"campaign {c.name}")
            c = camp.record_result(c, game, str(record_path) if record_path else None)
            result = game.result or {}
            tools.say(f"{camp.quest_word(game.state.quest)}: {result.get('outcome')} after {game.state.turn} rounds "
                      f"({result.get('why', '')})")
            tools.say("\n".join(camp.describe(c)[1:]))
        camp.save(c, path)
        return 0


COMMANDS = Commands()
