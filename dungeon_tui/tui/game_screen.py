"""The game screen: map, hero sheets, the pending choices, the log of rolls and decisions."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..engine.game import Action
from .map_view import MapView
from .session import Session
from .whq_board import paint


class Confirm(ModalScreen[bool]):
    BINDINGS = [Binding("y", "answer(True)", "yes"), Binding("n,escape", "answer(False)", "no")]
    DEFAULT_CSS = "Confirm { align: center middle; } Confirm > Static { width: 44; padding: 1 2; border: thick $accent; background: $panel; }"

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(f"{self.question}\n\n[b]y[/b] yes   [b]n[/b] no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class GameOver(ModalScreen[None]):
    BINDINGS = [Binding("enter,escape,q", "close", "back to the title")]
    DEFAULT_CSS = "GameOver { align: center middle; } GameOver > Static { width: 70; padding: 1 2; border: thick $accent; background: $panel; }"

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text + "\n\n[b]enter[/b] back to the title")

    def action_close(self) -> None:
        self.dismiss(None)


class GameScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "choose_square", "do it here", id="game.choose"),
        Binding("tab", "next_target", "next target", id="game.target"),
        Binding("e", "end", "end / pass", id="game.end"),
        Binding("o", "focus_options", "choices", id="game.options"),
        Binding("space", "skip", "skip AI", id="game.skip"),
        Binding("ctrl+s", "save", "save", id="game.save"),
        Binding("question_mark", "help", "help", id="game.help"),
        Binding("q", "quit_game", "quit", id="game.quit"),
    ]
    DEFAULT_CSS = """
    GameScreen #main { height: 1fr; }
    GameScreen MapView { width: 1fr; }
    GameScreen #side { width: 48; }
    GameScreen #sheets { height: auto; max-height: 60%; border: round $panel-lighten-2; padding: 0 1; }
    GameScreen #options { height: 1fr; border: round $accent; }
    GameScreen #log { height: 8; border: round $panel-lighten-2; }
    """

    def __init__(self, session: Session, ai_delay: float = 0.15) -> None:
        super().__init__()
        self.session = session
        self.ai_delay = ai_delay
        self.shown_events = 0
        self.last_owner: str | None = None
        self._timer: Any = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield MapView(id="map")
            with Vertical(id="side"):
                yield Static(id="sheets")
                yield OptionList(id="options")
        yield RichLog(id="log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MapView).focus()
        self.refresh_view(centre=True)
        self._timer = self.set_interval(max(self.ai_delay, 0.02), self.advance)

    # -- playing -------------------------------------------------------------------------------
    def advance(self) -> None:
        """Play AI decisions: chance ones at once, one visible AI decision per tick."""
        s = self.session
        played = False
        for _ in range(500):
            d = s.game.pending
            if d is None or s.is_human(d.seat):
                break
            s.play_ai_step()
            played = True
            if d.seat != "chance" and self.ai_delay > 0:
                break
        if played:
            s.autosave()
            self.refresh_view(centre=True)
        if s.game.over:
            self._finish()

    def action_skip(self) -> None:
        self.ai_delay = 0
        self.advance()
        self.ai_delay = 0.15

    def play(self, action: Action) -> None:
        self.session.play_human(action)
        self.session.autosave()
        self.refresh_view(centre=True)
        self.advance()

    def _finish(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.session.save(label="finished game")
        # Leave the game screen once the summary closes; done after the modal is gone, not inside its dismiss.
        self.app.push_screen(GameOver(self.summary()), lambda _: self.app.call_later(self.app.pop_screen))

    def summary(self) -> str:
        g = self.session.game
        s = g.state
        res = g.result or {}
        lines = [f"[b]{res.get('outcome', 'over').upper()}[/b]: {res.get('why', '')}", ""]
        for w in s.heroes():
            lines.append(f"{w.name:10} {w.status:11} kills {w.total_kills:2}  gold {w.gold:5}  "
                         f"dealt {w.damage_dealt:3}  taken {w.damage_taken:3}  cards {len(w.treasure)}")
        return "\n".join(lines)

    # -- drawing ---------------------------------------------------------------------------------------
    def viewing_seat(self) -> str:
        d = self.session.game.pending
        if d is not None and self.session.is_human(d.seat):
            return d.seat
        humans = [seat for seat, who in self.session.owners.items() if who != "AI"]
        return humans[0] if humans else "dungeon"

    def refresh_view(self, centre: bool = False) -> None:
        g = self.session.game
        content = g.content
        view = g.view(self.viewing_seat())
        glyphs = {k: w.glyph for k, w in content.warriors.items()} | {k: m.glyph for k, m in content.monsters.items()}
        cells, bounds = paint(view, glyphs)
        d = self.session.human_pending()
        reach = {tuple(a.get("to")) for a in (d.options if d else []) if isinstance(a.get("to"), tuple)}
        reach |= {tuple(a.get("at")) for a in (d.options if d else []) if isinstance(a.get("at"), tuple)}
        mv = self.query_one(MapView)
        mv.show(cells, bounds, reach)
        if centre and d is not None:
            who = d.context.get("figure")
            f = g.state.figures.get(who) if who else None
            if f is not None and f.pos is not None:
                mv.move_cursor_to(f.pos)
        self._sheets()
        self._options(d)
        self._log()
        if d is not None:
            owner = self.session.owners.get(d.seat)
            if self.last_owner is not None and owner != self.last_owner:
                self.notify(f"{owner}: your turn ({d.seat})", title="Hotseat", timeout=4)
            self.last_owner = owner

    def _sheets(self) -> None:
        g = self.session.game
        s = g.state
        out = [f"[b]{g.content.adventures[s.adventure].name if s.adventure in g.content.adventures else s.adventure}[/b]"
               f"  turn {s.turn}, {s.phase}", f"power {s.power}  tokens {s.power_tokens}"]
        for w in s.heroes():
            p = g.content.warriors[w.kind]
            bar_len = 10
            filled = round(bar_len * w.wounds / w.max_wounds) if w.max_wounds else 0
            bar = "█" * filled + "░" * (bar_len - filled)
            lamp = " (lantern)" if w.id == s.lantern else ""
            flags = ", ".join(k for k in ("webbed", "in_pit", "berserk", "tripped") if w.flags.get(k))
            state = "" if w.status == "active" else f" {w.status.upper()}"
            out.append(f"[b]{p.glyph} {w.name}[/b]{lamp} {bar} {w.wounds}/{w.max_wounds}{state}")
            out.append(f"  M{p.move} WS{p.ws} BS{p.bs}+ S{p.strength} T{p.toughness}+{p.armour} I{p.initiative} A{p.attacks}"
                       f" {w.gold}g{'  ' + flags if flags else ''}")
            cards = [g.content.treasure[c['id']].name for c in w.treasure if c["id"] in g.content.treasure]
            if cards or w.equipment:
                out.append("  " + ", ".join(w.equipment + cards))
            if w.id == "wizard" and s.spells:
                out.append("  spells: " + ", ".join(f"{g.content.spells[x].name}({g.content.spells[x].cost})" for x in s.spells))
        self.query_one("#sheets", Static).update("\n".join(out))

    def _options(self, d: Any) -> None:
        ol = self.query_one("#options", OptionList)
        ol.clear_options()
        if d is None:
            ol.border_title = "the dungeon is acting..." if not self.session.game.over else "game over"
            return
        ol.border_title = d.prompt
        ol.add_options([Option(str(a), id=str(i)) for i, a in enumerate(d.options)])
        ol.highlighted = 0

    def _log(self) -> None:
        log = self.query_one(RichLog)
        events = self.session.game.events
        for e in events[self.shown_events:]:
            if e.kind == "decision":
                if e.data["seat"] in ("chance",):
                    continue
                why = f"  ({e.data['why']})" if e.data.get("why") else ""
                log.write(f"> {e.data['action']}{why}")
            elif e.text:
                log.write(e.text)
        self.shown_events = len(events)

    # -- input --------------------------------------------------------------------------------------------
    def _option_for_square(self, sq: tuple[int, int]) -> Action | None:
        d = self.session.human_pending()
        if d is None:
            return None
        g = self.session.game
        for a in d.options:
            to = a.get("to") or a.get("at")
            if isinstance(to, tuple) and tuple(to) == sq:
                return a
        f = g.state.at(sq)
        if f is not None:
            for a in d.options:
                if a.get("target") == f.id and a.kind in ("attack", "shoot", "cast", "use", "scroll"):
                    return a
        return None

    def action_choose_square(self) -> None:
        a = self._option_for_square(self.query_one(MapView).cursor)
        if a is not None:
            self.play(a)
        else:
            self.notify("Nothing to do on that square; press o for the list of choices.", timeout=2)

    def on_map_view_square_chosen(self, message: MapView.SquareChosen) -> None:
        a = self._option_for_square(message.square)
        if a is not None:
            self.play(a)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        d = self.session.human_pending()
        if d is not None and message.option.id is not None:
            self.play(d.options[int(message.option.id)])
            self.query_one(MapView).focus()

    def action_next_target(self) -> None:
        d = self.session.human_pending()
        g = self.session.game
        targets = [g.state.figures[a.get("target")] for a in (d.options if d else []) if a.get("target") in g.state.figures]
        squares = sorted({f.pos for f in targets if f.pos is not None}, key=lambda q: (q[1], q[0]))
        if not squares:
            return
        mv = self.query_one(MapView)
        later = [q for q in squares if (q[1], q[0]) > (mv.cursor[1], mv.cursor[0])]
        mv.move_cursor_to((later or squares)[0])

    def action_end(self) -> None:
        d = self.session.human_pending()
        for a in d.options if d else []:
            if a.kind in ("end", "pass", "done"):
                self.play(a)
                return

    def action_focus_options(self) -> None:
        self.query_one("#options", OptionList).focus()

    def action_save(self) -> None:
        path = self.session.save()
        self.notify(f"Saved to {path}", timeout=3)

    def action_help(self) -> None:
        from .help_screen import HelpScreen
        self.app.push_screen(HelpScreen())

    def action_quit_game(self) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                from .session import saves_dir
                self.session.save(label="quit")
                self.session.save(saves_dir() / "autosave.json", "autosave")
                self.app.exit()
        self.app.push_screen(Confirm("Quit the game? It is saved and `continue` resumes it."), done)
