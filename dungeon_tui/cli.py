"""The command line: play, simulate, replay, content check, list."""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Sequence

from . import __version__
from .engine.errors import ContentError, RecordError

if TYPE_CHECKING:
    from .engine import record as records
    from .engine.contract import Ruleset
    from .engine.game import Game

# Pydantic looks for plugins in every installed package's metadata the first time it builds a
# model; dungeon-tui uses none, and the search is on the way to the first map.  Set before
# pydantic loads; a player who wants plugins sets the variable (empty) themselves.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

# Each command imports what it uses (the engine, a game's rules, the record models, the app),
# so `dungeon-tui new` loads only what the game needs before its first map is drawn
# (bench/tui_speed.py measures it).


class CliError(Exception):
    """A problem worth one line on stderr and a non-zero exit."""


def ruleset_for(name: str) -> Ruleset[Any, Any]:
    from .rulesets import get
    try:
        return get(name)
    except KeyError as err:
        raise CliError(str(err.args[0])) from None


def setup_from(rs: Ruleset[Any, Any], args: argparse.Namespace) -> dict[str, Any]:
    """The setup options a command line gives (--adventure, --heroes, --variant, --set, --placer),
    checked by the game: a bad one is one line, before anything starts."""
    from .engine.contract import SetupError
    setup: dict[str, Any] = {}
    if args.adventure:
        setup["adventure"] = args.adventure
    if args.heroes:
        setup["heroes"] = args.heroes.split(",")
    if getattr(args, "placer", None):
        setup["placer"] = args.placer
    if args.variant:
        if not rs.variants():
            raise CliError(f"{rs.title} has no variants")
        setup["variants"] = args.variant.split(",")
    setup.update(settings_from(args.set))
    try:
        rs.normalise_setup(setup)
    except SetupError as err:
        raise CliError(str(err)) from None
    return setup


def cmd_simulate(args: argparse.Namespace) -> int:
    from .batch import ResultsTable, simulate
    from .progress_bar import ProgressBar
    rs = ruleset_for(args.game)
    setup = setup_from(rs, args)
    if not 1 <= args.jobs <= 64:
        raise CliError("--jobs must be between 1 and 64")
    record_dir = Path(args.record) if args.record else None
    table = ResultsTable(Path(args.csv)) if args.csv else None
    bar = ProgressBar(args.games)

    def played(game: Any) -> None:
        if args.verbose:
            figures = ", ".join(f"{name} {value}" for name, value in game.figures.items())
            bar.say(f"game {game.index + 1}: seed {game.seed} {game.outcome}; {figures}; {game.decisions} decisions")
        if table is not None:
            table.write(game.row())
        bar.advance()

    try:
        with bar:
            summary = simulate(rs, setup, args.games, args.seed, jobs=args.jobs, record_dir=record_dir,
                               version=__version__, each=played)
    finally:
        if table is not None:
            table.close()
    print("\n".join(summary.lines()))
    return 0


def log_line(e: Any) -> str:
    """A headless log line: what happened, and each choice of a player or the AI with its reason
    (as the app's log shows them); dice and draws show through the roll events they bring."""
    if e.kind == "decision":
        if e.data.get("seat") == "chance":
            return ""
        why = e.data.get("why")
        return f"> {e.data.get('action', '')}" + (f"  ({why})" if why else "")
    return str(e.text)


def cmd_replay(args: argparse.Namespace) -> int:
    from .engine import record as records
    from .rulesets import game_from_record as make_game
    rec = records.read(Path(args.file))
    if not args.headless and not args.events and plain_mode(args):
        from .plain.start import replay
        ruleset_for(rec.ruleset)  # a record of a game this build lacks is one line here
        return replay(rec, Path(args.file).name)
    if not args.headless and not args.events:  # --events prints, as --headless does
        from .tui.app import DungeonApp
        ruleset_for(rec.ruleset)  # a record of a game this build lacks is one line here
        records.replay(rec, make_game, upto=0)  # so is one of other rules, before the app opens
        return run_app(DungeonApp(replay=rec, ascii_map=args.ascii))
    lines: list[str] = []
    game_holder: dict[str, Game] = {}

    def build(r: records.RecordModel) -> Game:
        g = make_game(r)
        g.listeners.append(lambda e: lines.append(json.dumps(e.to_json(), sort_keys=True) if args.events
                                                  else log_line(e)))
        game_holder["g"] = g
        return g

    try:
        game = records.replay(rec, build)
    finally:
        out = sys.stdout
        for line in lines:
            if line:
                out.write(line + "\n")
    if not args.events:
        print(f"final state hash {game.state_hash()}")
    else:
        print(json.dumps({"kind": "final", "state_hash": game.state_hash()}))
    return 0


def cmd_content(args: argparse.Namespace) -> int:
    from .engine import packs
    from .rulesets import game_ids
    names = [args.game] if args.game else sorted(game_ids())
    bad = 0
    for name in names:
        rs = ruleset_for(name)
        problems = rs.check()
        for p in problems:
            print(p)
        bad += len(problems)
        if not problems:
            content = rs.content()
            used = "".join(f", with pack {p['name']} {p['version']}" for p in packs.stamps(content))
            print(f"{rs.id}: all content is valid{used} (digest {rs.digest(content)})")
    return 1 if bad else 0


def cmd_schema(args: argparse.Namespace) -> int:
    from .pack_commands import write_schemas
    from .rulesets import game_ids
    count = write_schemas([ruleset_for(name) for name in ([args.game] if args.game else sorted(game_ids()))],
                          Path(args.out))
    print(f"{count} schemas written to {args.out}")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from .rulesets import game_ids
    for name in sorted(game_ids()):
        rs = ruleset_for(name)
        print(f"{rs.title} ({name})")
        print("  heroes: " + ", ".join(f"{hero.id} ({hero.name})" for hero in rs.heroes()))
        print("  adventures:")
        for aid, label in rs.adventures():
            print(f"    {aid}  {label}")
        if rs.variants():
            print("  variants (--variant):")
            for vid, label in rs.variants():
                print(f"    {vid}  {label}")
        if rs.settings():
            print("  options (--set KEY=VALUE):")
            for option in rs.settings():
                print(f"    {option.key}  {option.label}: " + ", ".join(str(v) for _shown, v in option.values))
    return 0


def cmd_campaign(args: argparse.Namespace) -> int:
    """A campaign of the game `--game` names, else the game whose campaign file it is, else the
    first game whose campaigns have the command."""
    from .engine import campaign_file
    from .rulesets import game_ids
    games = [ruleset_for(args.game)] if args.game else [ruleset_for(name) for name in game_ids()]
    with_campaigns = [rs for rs in games if rs.campaign is not None]
    if not with_campaigns:
        raise CliError(f"{games[0].title} has no campaigns")
    kept = campaign_file.format_of(Path(args.file))
    rs = next((rs for rs in with_campaigns if rs.campaign is not None and rs.campaign.format == kept), None)
    rs = rs or next((rs for rs in with_campaigns if rs.campaign is not None
                     and args.campaign_command in rs.campaign.commands), with_campaigns[0])
    assert rs.campaign is not None
    try:
        return rs.campaign.command(args, rs, CampaignTools(args.file, getattr(args, "ascii", None)))
    except (campaign_file.CampaignError, ValueError) as err:
        raise CliError(str(err)) from None


class CampaignTools:
    """What a game's campaign commands borrow from the command line."""

    def __init__(self, campaign_path: str, ascii_map: bool | None = None) -> None:
        self.campaign_path = campaign_path
        self.ascii_map = ascii_map

    def say(self, line: str) -> None:
        print(line)

    def save_record(self, game: Game, path: Path, label: str) -> None:
        from .batch import meta_for
        from .engine import record as records
        records.save(game, path, __version__, meta_for(game, label))

    def play_in_app(self, rs: Ruleset[Any, Any], setup: dict[str, Any], seed: int, dungeon: str,
                    resume: str | None) -> Game | None:
        """A campaign's quest in the terminal app (or a saved one resumed); the finished game, or
        None when the player quits before the end (the save then resumes it)."""
        from .tui.app import DungeonApp
        from .tui.saves import saves_dir
        from .tui.session import load_session, new_session
        if resume:
            session = load_session(Path(resume))
            if session.game.setup.get("sheets") != rs.normalise_setup(setup).get("sheets"):
                raise CliError(f"{resume} is not this campaign's current quest (the party differs)")
        else:
            session = new_session(rs.id, setup, seed, dungeon=dungeon)
        app = DungeonApp(session)
        app.ascii_map = self.ascii_map
        app.run()
        if not session.game.over:
            path = session.save(saves_dir() / f"campaign-{rs.id}-{session.game.seed}.json", "campaign quest")
            print(f"the quest is not over; resume it with: "
                  f"dungeon-tui campaign play {self.campaign_path} --resume {path}")
            return None
        return session.game


def settings_from(pairs: list[str]) -> dict[str, Any]:
    """--set KEY=VALUE options: whole numbers become ints; the ruleset checks the rest."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CliError(f"--set wants KEY=VALUE, got {pair!r}")
        out[key] = int(value) if value.isdigit() else value
    return out


def cmd_play(args: argparse.Namespace) -> int:
    """The terminal app: the title screen, or straight into a new or loaded game."""
    if plain_mode(args):
        from .plain.start import play
        return play(session_from(args), resumed=getattr(args, "command", None) == "load")
    return run_app(play_app(args))


def plain_mode(args: argparse.Namespace) -> bool:
    """--plain or --no-plain, else the saved setting."""
    if getattr(args, "plain", None) is not None:
        return bool(args.plain)
    from .settings import read
    return read()["plain"] == "on"


def cmd_settings(args: argparse.Namespace) -> int:
    from . import settings
    if args.value is not None:
        try:
            path = settings.write(args.key, args.value)
        except ValueError as err:
            raise CliError(str(err)) from None
        print(f"{args.key} is {args.value} (kept in {path})")
        return 0
    if args.key is not None and args.key not in settings.KNOWN:
        raise CliError(f"unknown setting {args.key!r}; the settings are {', '.join(settings.KNOWN)}")
    for key, value in settings.read().items():
        if args.key in (None, key):
            print(f"{key} {value}")
    return 0


def play_app(args: argparse.Namespace) -> Any:
    """The app `dungeon-tui`, `new` and `load` open.  A game named on the command line is set up
    first and the app opens on it (its first frame is the map; the title lies beneath, where
    leaving the game returns); a bad setup or save is one line here, before the app opens."""
    # Start-up makes objects that live as long as the program (modules, models, content, the
    # game): the collector's passes over them found nothing to free and cost about a sixth of
    # the time to the first map.  The app turns it back on once the first frame is up.
    gc.disable()
    from .tui.app import DungeonApp
    return DungeonApp(session_from(args), ascii_map=getattr(args, "ascii", None))


def session_from(args: argparse.Namespace) -> Any:
    """The game `new` sets up or `load` reads (a bad setup or save is one line); None for the title."""
    session: Any = None
    if getattr(args, "command", None) == "new":
        from .tui.session import Options, new_session
        rs = ruleset_for(args.game)
        setup = setup_from(rs, args)
        seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
        try:
            session = new_session(rs.id, setup, seed, dungeon=args.dungeon or "AI",
                                  options=Options(dice=args.dice, draws=args.draws))
        except ValueError as err:  # a setup the game refuses when it deals it out
            raise CliError(str(err)) from None
    elif getattr(args, "command", None) == "load":
        from .tui.session import load_session
        session = load_session(Path(args.file))
    return session


def run_app(app: Any) -> int:
    """Run the app; its exit status is non-zero after an unexpected error (Textual has printed
    it) or a closed terminal (128 + the signal, the game saved first)."""
    app.run()
    return int(app.return_code or 0)


def one_line_error(prog: str) -> Any:
    """An argparse error handler that prints one line (no usage block) and exits 2."""
    def error(message: str) -> None:
        print(f"{prog}: {message}", file=sys.stderr)
        raise SystemExit(2)
    return error


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Random legal play with the ruleset's invariants after every decision; 1 when any failed."""
    from . import fuzz
    rs = ruleset_for(args.game)
    for name in ("games", "max_decisions", "save_every"):
        if getattr(args, name) < 0:
            raise CliError(f"--{name.replace('_', '-')} must not be negative")
    if args.seed < 0:
        raise CliError("--seed must not be negative")
    if not 1 <= args.jobs <= 64:
        raise CliError("--jobs must be between 1 and 64")
    start, shown = time.perf_counter(), [0]

    def progress(done: int, failures: int) -> None:
        # on stderr, so the report on stdout stays the same from run to run
        if done // 100 > shown[0] // 100 or done == args.games:
            shown[0] = done
            print(f"fuzz {rs.id}: {done}/{args.games} games, {failures} failures, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)

    report = fuzz.run(rs, args.games, args.seed, args.max_decisions, args.save_every,
                      jobs=args.jobs, progress=progress if args.progress else None, players=args.players)
    print("\n".join(report.lines()))
    return 0 if report.ok else 1


def ascii_option(default: Any) -> argparse.ArgumentParser:
    """--ascii / --no-ascii for every command that opens the app (unset: the terminal decides)."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--ascii", action=argparse.BooleanOptionalAction, default=default,
                        help="draw the map with ASCII characters only (default: as the terminal allows)")
    return parent


def content_option(default: Any) -> argparse.ArgumentParser:
    """--content DIR (again for more) for every command that plays or checks content."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--content", action="append", default=default, metavar="DIR",
                        help="a content pack's folder: its adventures, quests, heroes and monsters join "
                             "the game's (docs/content.md)")
    return parent


def parser() -> argparse.ArgumentParser:
    from .tui.saves import where_saves_go  # the folder only: no Textual, no engine
    p = argparse.ArgumentParser(prog="dungeon-tui", description="Tabletop dungeon games in the terminal.",
                                epilog=f"Saves go to {where_saves_go()}.",
                                parents=[ascii_option(None), content_option(None)])
    # A command's own --ascii keeps what was given before the command when it is not given again.
    app_opts = [ascii_option(argparse.SUPPRESS), content_option(argparse.SUPPRESS)]
    packs_opt = [content_option(argparse.SUPPRESS)]
    p.add_argument("--version", action="version", version=f"dungeon-tui {__version__}")
    p.add_argument("--plain", action=argparse.BooleanOptionalAction, default=None,
                   help="play in plain lines for a screen reader: no map, no panels (default: the plain setting)")
    sub = p.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="play games with AI on every seat and summarise them", parents=packs_opt)
    sim.add_argument("--game", required=True)
    sim.add_argument("--adventure", help="an adventure id (see list), or random to draw one as the rulebook does")
    sim.add_argument("--heroes", help="comma-separated warriors, e.g. barbarian,elf")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--record", help="folder to write one record per game")
    sim.add_argument("--placer", help="who places the monsters, where a game asks (the same as --set placer=...)")
    sim.add_argument("--variant", help="a game's variants, comma-separated (see `dungeon-tui list`)")
    sim.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                     help="a game's setup option, e.g. surges=3 ties=auto powers=random first=roll (Ashardalon)")
    sim.add_argument("--jobs", type=int, default=1, help="processes to share the games among (the same results)")
    sim.add_argument("--csv", metavar="FILE", help="write one row per game (seed, adventure, party, outcome, "
                     "the game's figures) for balance studies")
    sim.add_argument("--verbose", action="store_true", help="a line per game")
    sim.set_defaults(func=cmd_simulate)
    rep = sub.add_parser("replay", help="replay a saved game", parents=app_opts)
    rep.add_argument("file")
    rep.add_argument("--headless", action="store_true", help="print the log instead of opening the viewer")
    rep.add_argument("--events", action="store_true", help="print every event as one JSON object per line "
                     "(headless)")
    rep.set_defaults(func=cmd_replay)
    con = sub.add_parser("content", help="content tools")
    con_sub = con.add_subparsers(dest="content_command", required=True)
    chk = con_sub.add_parser("check", help="validate the YAML content (and the packs --content names)",
                             parents=packs_opt)
    chk.add_argument("--game")
    chk.set_defaults(func=cmd_content)
    sch = con_sub.add_parser("schema", help="write the JSON Schema of every content file, for an editor")
    sch.add_argument("--game")
    sch.add_argument("--out", default="content-schema", metavar="DIR", help="the folder (default: content-schema)")
    sch.set_defaults(func=cmd_schema)
    cmp = sub.add_parser("campaign", help="campaigns: a party whose gold and gear carry over between adventures")
    cmp_sub = cmp.add_subparsers(dest="campaign_command", required=True)
    game_opt = argparse.ArgumentParser(add_help=False)
    game_opt.add_argument("file")
    game_opt.add_argument("--game", help="the game (default: the campaign file's game, else the first game "
                          "whose campaigns have the command)")
    cnew = cmp_sub.add_parser("new", parents=[game_opt], help="start a campaign file")
    cnew.add_argument("--heroes", help="comma-separated heroes, e.g. barbarian,wizard")
    cnew.add_argument("--name", help="the campaign's name (HeroQuest; default: the file's name)")
    cnew.add_argument("--force", action="store_true")
    cplay = cmp_sub.add_parser("play", parents=[game_opt, *app_opts],
                              help="play the next adventure (AI on every seat, or --app to play it yourself)")
    cplay.add_argument("--quest", "--adventure", dest="quest",
                       help="the adventure or quest (HeroQuest: default the next unlocked one)")
    cplay.add_argument("--seed", type=int, default=1)
    cplay.add_argument("--record", help="folder to write the game's record to")
    cplay.add_argument("--app", action="store_true", help="HeroQuest: play the quest yourself in the terminal app")
    cplay.add_argument("--resume", metavar="SAVE", help="HeroQuest: go on with a campaign quest saved in the app")
    cplay.add_argument("--dungeon", metavar="NAME", help="with --app: a player's name for Zargon (hotseat)")
    cshow = cmp_sub.add_parser("show", parents=[game_opt], help="the party, open quests and history (HeroQuest)")
    cbuy = cmp_sub.add_parser("buy", parents=[game_opt], help="a hero buys from the armory (HeroQuest)")
    cbuy.add_argument("--hero", required=True)
    cbuy.add_argument("--item", required=True)
    cshop = cmp_sub.add_parser("shop", parents=[game_opt],
                               help="the companion buys from the armory for a hero, or every hero (HeroQuest)")
    cshop.add_argument("--hero", help="the hero's type (default: every living hero)")
    cmain = cmp_sub.add_parser("main", parents=[game_opt], help="the weapon a hero starts with in hand (HeroQuest)")
    cmain.add_argument("--hero", required=True)
    cmain.add_argument("--weapon", required=True)
    cgive = cmp_sub.add_parser("give", parents=[game_opt], help="one hero gives gold to another (HeroQuest)")
    cgive.add_argument("--from", dest="giver", required=True)
    cgive.add_argument("--to", dest="taker", required=True)
    cgive.add_argument("--gold", type=int, required=True)
    crep = cmp_sub.add_parser("replace", parents=[game_opt], help="a new hero for a fallen one (HeroQuest)")
    crep.add_argument("--hero", required=True, help="the fallen hero's type")
    crep.add_argument("--with", dest="with_type", required=True,
                      help="the new hero's type, not in the party, or nobody to go on without")
    for c in (cnew, cplay, cshow, cbuy, cshop, cmain, cgive, crep):
        c.set_defaults(func=cmd_campaign, recruit=None)
    cplay.add_argument("--recruit", help="Warhammer Quest: warrior types to recruit for a missing place, e.g. elf, "
                       "or nobody to go on without the fallen")
    new = sub.add_parser("new", help="start a new game in the terminal app", parents=app_opts)
    from .rulesets import DEFAULT as DEFAULT_GAME  # the registry's names only: no game is imported
    new.add_argument("--game", default=DEFAULT_GAME)
    new.add_argument("--adventure")
    new.add_argument("--heroes")
    new.add_argument("--seed", type=int)
    new.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                     help="a game's setup option, e.g. surges=3 ties=auto powers=random first=roll (Ashardalon)")
    new.add_argument("--variant", help="a game's variants, comma-separated (see `dungeon-tui list`)")
    new.add_argument("--dice", choices=["app", "mine", "all"], default="app",
                     help="who rolls: the app; you, for your heroes' rolls (typed in); or you, for every roll")
    new.add_argument("--draws", choices=["app", "mine"], default="app",
                     help="who draws from the decks: the app, or you from your own cards (you name each card)")
    new.add_argument("--dungeon", metavar="NAME", help="a player's name for the dungeon seat (HeroQuest's Zargon) "
                     "in hotseat; default: the AI")
    new.set_defaults(func=cmd_play)
    fz = sub.add_parser("fuzz", help="random legal play on every seat, checking the invariants after every decision")
    fz.add_argument("--game", required=True)
    fz.add_argument("--games", type=int, default=20)
    fz.add_argument("--seed", type=int, default=1)
    fz.add_argument("--max-decisions", type=int, default=5000, help="stop a game after this many decisions")
    fz.add_argument("--save-every", type=int, default=250, help="save, load and compare every this many decisions "
                    "(0: only at the end)")
    fz.add_argument("--jobs", type=int, default=1, help="processes to share the games among (same report)")
    fz.add_argument("--progress", action="store_true", help="a line on stderr every 100 games")
    fz.add_argument("--players", choices=["random", "mixed"], default="random",
                    help="random legal play on every seat, or the AI with one choice in four random (deeper games)")
    fz.set_defaults(func=cmd_fuzz)
    fz.error = one_line_error("dungeon-tui fuzz")  # type: ignore[method-assign]
    load = sub.add_parser("load", help="resume a saved game in the terminal app", parents=app_opts)
    load.add_argument("file")
    load.set_defaults(func=cmd_play)
    st = sub.add_parser("settings", help="show the settings kept between runs, or keep one: settings plain on")
    st.add_argument("key", nargs="?")
    st.add_argument("value", nargs="?")
    st.set_defaults(func=cmd_settings)
    lst = sub.add_parser("list", help="list the games, adventures and heroes")
    lst.set_defaults(func=cmd_list)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if not getattr(args, "func", None):
        args.func = cmd_play
    try:
        from .pack_commands import offer_packs
        offer_packs(getattr(args, "content", None) or [], check=args.func is not cmd_content)
        return int(args.func(args) or 0)
    except (CliError, RecordError) as err:
        print(f"dungeon-tui: {err}", file=sys.stderr)
        return 2
    except ContentError as err:
        for line in err.problems:
            print(line, file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as err:  # a disk that refuses (full, read-only, a file where a folder goes)
        where = f"{err.filename}: " if err.filename else ""
        print(f"dungeon-tui: {where}{err.strerror or err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    finally:
        gc.enable()  # off while the app started (play_app), should it have stopped before its first frame


if __name__ == "__main__":
    raise SystemExit(main())
