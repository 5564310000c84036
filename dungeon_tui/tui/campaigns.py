"""Campaigns from the title screen: the campaign files, a new one, and one campaign between
adventures (the party's sheets, the armory, a fallen hero's place, the next adventure).

Every rule and every word about a party comes from the game's campaign methods
(`Ruleset.campaign`: page, open, settle, buy, setup, fold); these screens only ask and show.
A quest started here carries the campaign file's path in its session, so the save, Continue
and the end of the game all know where its result goes."""
from __future__ import annotations

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from .dialogs import Choose
from .keys_footer import KeysFooter
from .saves import saves_dir
from .tick_box import TickBox

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..engine.contract import Campaign, Ruleset


def campaigns_dir() -> Path:
    """Campaign files live beside the saves (DUNGEON_TUI_SAVES moves both)."""
    return saves_dir() / "campaigns"


def campaign_games() -> list[Ruleset[Any, Any]]:
    """The games whose parties carry over between adventures, in the order of their ids."""
    from ..rulesets import all_games
    return sorted((rs for rs in all_games() if rs.campaign is not None), key=lambda rs: rs.id)


def game_of(path: Path) -> Ruleset[Any, Any] | None:
    """The game a campaign file belongs to, by the format it names; None if no game's."""
    from ..engine.campaign_file import format_of
    kept = format_of(path)
    return next((rs for rs in campaign_games() if rs.campaign is not None and rs.campaign.format == kept), None)


def book(rs: Ruleset[Any, Any]) -> Campaign:
    assert rs.campaign is not None  # only games from campaign_games() come here
    return rs.campaign


def file_for(name: str) -> Path:
    """A new campaign's file: its name in lower case, letters and digits, never an old file."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "campaign"
    path, n = campaigns_dir() / f"{stem}.json", 2
    while path.exists():
        path, n = campaigns_dir() / f"{stem}-{n}.json", n + 1
    return path


class CampaignsScreen(Screen[None]):
    """The campaign files, the newest first, and a new campaign."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "back")]
    DEFAULT_CSS = """
    CampaignsScreen { align: center top; }
    CampaignsScreen Vertical { width: 80; max-width: 100%; height: auto; }
    CampaignsScreen #where { color: $text-muted; margin: 1 0; }
    CampaignsScreen OptionList { height: auto; max-height: 20; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[Path] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("[b]Campaigns[/b]: a party whose gold, gear and wounds carry over from one adventure "
                         "to the next")
            yield Static(f"in {escape(str(campaigns_dir()))}", id="where")
            yield OptionList(id="campaigns")
        yield KeysFooter()

    def on_screen_resume(self) -> None:  # also when first shown
        self.fill()

    def fill(self) -> None:
        from ..engine.campaign_file import CampaignError
        menu = self.query_one(OptionList)
        menu.clear_options()
        folder = campaigns_dir()
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []
        self.paths = []
        options = [Option("Start a new campaign", id="new")]
        for path in files:
            rs = game_of(path)
            if rs is None:
                options.append(Option(f"{escape(path.name)}: not a campaign file", disabled=True))
                continue
            try:
                page = book(rs).page(rs, path)
            except CampaignError as err:
                options.append(Option(escape(f"{path.name}: {err}"), disabled=True))
                continue
            party = ", ".join(name for _t, name, _g in page.heroes) or "nobody left"
            self.paths.append(path)
            options.append(Option(escape(f"{page.name} ({rs.title}): {party}"), id=str(len(self.paths) - 1)))
        menu.add_options(options)
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        if message.option.id == "new":
            self.app.push_screen(NewCampaignScreen())
        elif message.option.id is not None:
            path = self.paths[int(message.option.id)]
            rs = game_of(path)
            if rs is not None:
                self.app.push_screen(CampaignScreen(rs.id, path))


class NewCampaignScreen(Screen[None]):
    """The game, the campaign's name and its party."""

    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("ctrl+n", "start", "start")]
    DEFAULT_CSS = """
    NewCampaignScreen { align: center top; }
    NewCampaignScreen VerticalScroll { width: 72; max-width: 100%; }
    NewCampaignScreen .row { height: auto; }
    NewCampaignScreen .row Label { width: 14; padding: 1 1 0 0; }
    NewCampaignScreen .row Input, NewCampaignScreen .row Select { width: 1fr; }
    NewCampaignScreen #party { height: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.game_id = campaign_games()[0].id

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("[b]New campaign[/b]")
            yield Horizontal(Label("Game"), Select([(rs.title, rs.id) for rs in campaign_games()], value=self.game_id,
                                                   allow_blank=False, id="game"), classes="row")
            yield Horizontal(Label("Name"), Input("The Company", id="name"), classes="row")
            yield Static("Party (one to four):")
            yield Vertical(*self.party_boxes(), id="party")
            yield Button("Start the campaign", variant="primary", id="start")
        yield KeysFooter()

    def party_boxes(self) -> list[Any]:
        from ..rulesets import get
        rs = get(self.game_id)
        usual = rs.default_heroes()
        return [TickBox(hero.name, hero.id in usual, id=f"in-{hero.id}") for hero in rs.heroes()]

    async def on_select_changed(self, message: Select.Changed) -> None:
        if message.value != self.game_id:
            self.game_id = str(message.value)
            box = self.query_one("#party", Vertical)
            await box.remove_children()
            await box.mount_all(self.party_boxes())

    def on_button_pressed(self, message: Button.Pressed) -> None:
        self.action_start()

    def action_start(self) -> None:
        from ..engine.campaign_file import CampaignError
        from ..rulesets import get
        rs = get(self.game_id)
        heroes = [hero.id for hero in rs.heroes() if self.query_one(f"#in-{hero.id}", TickBox).value]
        name = self.query_one("#name", Input).value.strip() or "The Company"
        path = file_for(name)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            said = book(rs).open(rs, path, name, heroes)
        except (CampaignError, ValueError, OSError) as err:
            self.notify(str(err), severity="error", timeout=6)
            return
        self.notify(said, timeout=4)
        self.app.pop_screen()
        self.app.push_screen(CampaignScreen(rs.id, path))


class CampaignScreen(Screen[None]):
    """One campaign between adventures: what the party carries and has played, and what to do next."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "back")]
    DEFAULT_CSS = """
    CampaignScreen { layout: horizontal; }
    CampaignScreen #sheets { width: 1fr; padding: 0 1; }
    CampaignScreen #side { width: 44; padding: 0 1; }
    CampaignScreen OptionList { height: auto; }
    CampaignScreen DataTable { height: 1fr; margin-top: 1; }
    """

    def __init__(self, game_id: str, path: Path) -> None:
        super().__init__()
        self.game_id, self.path = game_id, path
        self.page: Any = None

    @property
    def ruleset(self) -> Ruleset[Any, Any]:
        from ..rulesets import get
        return get(self.game_id)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="sheets"):
            yield Static(id="lines")
        with Vertical(id="side"):
            yield OptionList(id="actions")
            yield DataTable(cursor_type="row", zebra_stripes=True, id="armory")
        yield KeysFooter()

    def on_screen_resume(self) -> None:  # also when first shown
        self.refresh_page()

    def refresh_page(self) -> None:
        from ..engine.campaign_file import CampaignError
        try:
            self.page = book(self.ruleset).page(self.ruleset, self.path)
        except CampaignError as err:
            self.notify(str(err), severity="error", timeout=6)
            self.app.pop_screen()
            return
        page = self.page
        heading = f"[b]{escape(page.name)}[/b] ({escape(self.ruleset.title)})"
        self.query_one("#lines", Static).update("\n".join([heading, *map(escape, page.lines)]))
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        options = []
        for kind, shown in page.fallen:
            options.append(Option(f"Settle the fallen {escape(shown)}'s place", id=f"fallen:{kind}"))
        if page.adventures:
            options.append(Option(f"Play the next: {escape(page.adventures[0][1])}", id="play:0"))
            if len(page.adventures) > 1:
                options.append(Option("Play another adventure...", id="pick"))
        if page.armory:
            options.append(Option("Buy from the armory (the list below)", id="armory"))
            options.append(Option("Let the companions shop for a hero...", id="shop"))
        options.append(Option("Back", id="back"))
        actions.add_options(options)
        actions.highlighted = 0
        actions.focus()
        table = self.query_one("#armory", DataTable)
        table.clear(columns=True)
        table.display = bool(page.armory)
        if page.armory:
            table.add_columns("item", "gold", "who may use it")
            for item in page.armory:
                table.add_row(item.name, str(item.price), item.users, key=item.key)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        choice = message.option.id or ""
        if choice == "back":
            self.app.pop_screen()
        elif choice.startswith("fallen:"):
            self.settle(choice.split(":", 1)[1])
        elif choice.startswith("play:"):
            self.play(self.page.adventures[int(choice.split(":", 1)[1])][0])
        elif choice == "pick":
            shown = [name for _a, name in self.page.adventures]
            self.app.push_screen(Choose("Which adventure?", shown),
                                 lambda i: None if i is None else self.play(self.page.adventures[i][0]))
        elif choice == "armory":
            self.query_one("#armory", DataTable).focus()
        elif choice == "shop":
            self.shop()

    def shop(self) -> None:
        """The companion's buying for a hero the player picks (or every hero), each line shown."""
        heroes = list(self.page.heroes)
        choices = [f"{n} ({gold} gold)" for _t, n, gold in heroes] + ["every hero"]

        def chosen(i: int | None) -> None:
            if i is not None:
                hero = heroes[i][0] if i < len(heroes) else None
                self.change(lambda: "\n".join(book(self.ruleset).shop(self.ruleset, self.path, hero)), timeout=8)
        self.app.push_screen(Choose("Who lets the companion shop for him?", choices), chosen)

    def change(self, make: Callable[[], str], timeout: float = 4) -> bool:
        """One change to the campaign file: what it says is shown and the page read again, or
        its refusal is shown and nothing changes.  True when it was made."""
        from ..engine.campaign_file import CampaignError
        try:
            said = make()
        except CampaignError as err:
            self.notify(str(err), severity="error", timeout=6)
            return False
        self.notify(said, timeout=timeout)
        self.refresh_page()
        return True

    def settle(self, fallen: str, then: str | None = None) -> None:
        """Ask who takes a fallen hero's place (or nobody); then play `then`, if given."""
        shown = dict(self.page.fallen)[fallen]
        newcomers = list(self.page.newcomers)
        choices = [f"a new {name}" for _k, name in newcomers] + ["nobody: go on without"]

        def chosen(i: int | None) -> None:
            if i is None:
                return
            newcomer = newcomers[i][0] if i < len(newcomers) else None
            if self.change(lambda: book(self.ruleset).settle(self.ruleset, self.path, fallen, newcomer)) \
                    and then is not None:
                self.play(then)
        self.app.push_screen(Choose(f"The {shown} has fallen. Who takes their place?", choices), chosen)

    def on_data_table_row_selected(self, message: DataTable.RowSelected) -> None:
        item = str(message.row_key.value)
        heroes = list(self.page.heroes)
        if not heroes:
            return
        name = next(i.name for i in self.page.armory if i.key == item)

        def chosen(i: int | None) -> None:
            if i is not None:
                self.change(lambda: book(self.ruleset).buy(self.ruleset, self.path, heroes[i][0], item))
        self.app.push_screen(Choose(f"Who buys the {name}?", [f"{n} ({gold} gold)" for _t, n, gold in heroes]), chosen)

    def play(self, adventure: str) -> None:
        """The adventure in the app, with the campaign's party; its end folds back into the file."""
        from ..engine.campaign_file import CampaignError
        from .session import new_session
        if self.page.fallen:  # asked first, never assumed
            self.settle(self.page.fallen[0][0], then=adventure)
            return
        try:
            setup = book(self.ruleset).setup(self.ruleset, self.path, adventure)
            session = new_session(self.game_id, setup, int(time.time()) % 1_000_000)
        except (CampaignError, ValueError) as err:
            self.notify(str(err), severity="error", timeout=6)
            return
        session.campaign = self.path
        self.app.start(session)  # type: ignore[attr-defined]


def fold_into_campaign(session: Any, record_path: Path | None) -> tuple[str, bool]:
    """A finished campaign adventure into its campaign file: the line to show and whether it
    went in (a file moved, changed or broken since is one line, and the game's record stands)."""
    from ..engine.campaign_file import CampaignError
    path = Path(session.campaign)
    rs = session.ruleset
    if rs.campaign is None:
        return f"{rs.title} has no campaigns", False
    try:
        return rs.campaign.fold(rs, path, session.game, str(record_path) if record_path else None), True
    except (CampaignError, OSError) as err:
        return f"the campaign {path.name} was not updated: {err}", False
