"""`dungeon-tui campaign ...` for HeroQuest, and the same steps for the app's campaign screens:
sheets, the armory, replacements and quests in order (spec §5.13).  Every change is made on a
copy and written only when it is whole, so an error leaves the file as it was."""
from __future__ import annotations

from argparse import Namespace
from pathlib import Path
from typing import Any

from ...engine.campaign_file import CampaignError
from ...engine.contract import ArmoryItem, CampaignPage, CampaignTools, Ruleset
from ...engine.game import Game
from ...engine.words import listing
from . import campaign as camp
from .ai.shopping import shopping_list
from .content import HERO_ORDER, load_content


class Commands:
    format: str = camp.FORMAT
    commands: tuple[str, ...] = ("new", "play", "show", "buy", "shop", "main", "give", "replace")

    def command(self, args: Namespace, ruleset: Ruleset[Any, Any], tools: CampaignTools) -> int:
        path = Path(args.file)
        cmd = args.campaign_command
        if cmd == "new":
            if path.exists() and not args.force:
                raise CampaignError(f"{path} exists; pass --force to start it over")
            heroes = args.heroes.split(",") if args.heroes else []
            tools.say(self.open(ruleset, path, args.name or path.stem, heroes, True))
            return 0
        if args.recruit:
            raise CampaignError("--recruit is for Warhammer Quest; a HeroQuest party replaces the fallen "
                                "with `campaign replace`")
        if cmd == "show":
            tools.say("\n".join(camp.describe(camp.load(path))))
            return 0
        if cmd == "buy":
            tools.say(self.buy(ruleset, path, args.hero, args.item))
            return 0
        if cmd == "shop":
            tools.say("\n".join(self.shop(ruleset, path, args.hero)))
            return 0
        if cmd == "replace":
            tools.say(self.settle(ruleset, path, args.hero, None if args.with_type == camp.NOBODY else args.with_type))
            return 0
        c = camp.load(path)
        if cmd == "main":
            c = camp.set_main(c, args.hero, args.weapon)
            weapon = camp.item_word(args.weapon)
            tools.say(f"the {c.hero(args.hero).name} will start the next quest with {weapon} in hand")
        elif cmd == "give":
            c = camp.give(c, args.giver, args.taker, args.gold)
            tools.say(f"{args.gold} gold from the {c.hero(args.giver).name} to the {c.hero(args.taker).name}")
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
            tools.say(self.fold(ruleset, path, game, str(record_path) if record_path else None))
            tools.say("\n".join(camp.describe(camp.load(path))[1:]))
            return 0
        camp.save(c, path)
        return 0

    # -- what the app's campaign screens ask ---------------------------------------------
    def open(self, ruleset: Ruleset[Any, Any], path: Path, name: str, heroes: list[str], force: bool = False) -> str:
        if path.exists() and not force:
            raise CampaignError(f"{path} exists already")
        c = camp.new(name, heroes or None)
        camp.save(c, path)
        return f"new HeroQuest campaign {path} for: {listing([camp.hero_word(h.hero_type) for h in c.party])}"

    def page(self, ruleset: Ruleset[Any, Any], path: Path) -> CampaignPage:
        c = camp.load(path)
        content = load_content()
        try:
            upcoming = [camp.next_quest(c)]
        except CampaignError:
            upcoming = []
        quests = upcoming + [q for q in camp.quests_in_order() if q in c.unlocked and q not in upcoming]
        taken = {h.hero_type for h in c.living()}
        wizards = listing([h.name for h in content.heroes.values() if h.wizard]) or "wizards"
        return CampaignPage(
            name=c.name, lines=tuple(camp.describe(c, recent=10)[1:]),
            adventures=tuple((q, camp.quest_word(q)) for q in quests),
            fallen=tuple((h.hero_type, camp.hero_word(h.hero_type)) for h in c.fallen()),
            newcomers=tuple((t, camp.hero_word(t)) for t in HERO_ORDER if t not in taken),
            heroes=tuple((h.hero_type, h.name, h.gold) for h in c.living()),
            armory=tuple(ArmoryItem(key, eq.name, eq.gold, f"the {wizards} only" if eq.wizard_only else
                                    f"anyone but the {wizards}" if eq.not_wizard else "anyone")
                         for key, eq in content.equipment.items()))

    def settle(self, ruleset: Ruleset[Any, Any], path: Path, fallen: str, newcomer: str | None) -> str:
        c = camp.replace(camp.load(path), fallen, newcomer or camp.NOBODY)
        camp.save(c, path)
        return camp.log_line(c.log[-1])

    def buy(self, ruleset: Ruleset[Any, Any], path: Path, hero: str, item: str) -> str:
        c = camp.buy(camp.load(path), hero, item)
        camp.save(c, path)
        h = c.hero(hero)
        return f"the {h.name} buys {load_content().equipment[item].name}; {h.gold} gold left"

    def shop(self, ruleset: Ruleset[Any, Any], path: Path, hero: str | None) -> list[str]:
        """The companion's buying for one hero or every living one, written at once; a line
        for each hero saying what he bought and why, or what he saves for."""
        c = camp.load(path)
        content = load_content()
        lines = []
        for h in [c.hero(hero)] if hero else c.living():
            keys, said = shopping_list(content.heroes[h.hero_type], h.equipment + h.artifacts, h.main_weapon,
                                       h.gold, content)
            for key in keys:
                c = camp.buy(c, h.hero_type, key)
            lines.append(f"the {h.name} " + "; ".join(said))
        camp.save(c, path)
        return lines

    def setup(self, ruleset: Ruleset[Any, Any], path: Path, adventure: str) -> dict[str, Any]:
        return camp.setup_for(camp.load(path), adventure)

    def fold(self, ruleset: Ruleset[Any, Any], path: Path, game: Game, record_path: str | None) -> str:
        c = camp.record_result(camp.load(path), game, record_path)
        camp.save(c, path)
        result = game.result or {}
        return (f"{camp.quest_word(game.state.quest)}: {result.get('outcome')} after {game.state.turn} rounds "
                f"({result.get('why', '')})")


COMMANDS = Commands()
