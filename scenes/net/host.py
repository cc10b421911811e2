"""Host a table: pick the game, the number of players, who sits in each seat (you, a friend on
another computer, or the AI), the AI's level, the table's name and yours; then Open the table.

Opening starts the host (game/net/hosting.py: the same code as `python -m game host`) in a
thread of the app and goes to the lobby, where friends take their seats with the codes shown
there, and you start the game.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import net
from scenes.manager import HEIGHT, WIDTH, Scene
from scenes.setup import PANEL, GameTile, bot_levels, level_tip
from sprites import theme
from sprites.widgets import (
    Button,
    Choice,
    Label,
    Spinner,
    Toggle,
    WidgetGroup,
    dim,
    draw_text,
    draw_wrapped,
    fill_rounded,
    shadow,
)

SEAT_KINDS = [("you", "You"), ("friend", "Friend"), ("ai", "AI")]
ROW = 46  # one line of seats


class HostSetup(Scene):
    def __init__(self, app, game_name: str | None = None) -> None:
        super().__init__(app)
        from game.registry import all_games

        self.games = all_games()
        self.game_name = game_name if game_name in self.games else next(iter(self.games))
        self.players = 0
        self.seats: list[str] = []
        self.bot = ""
        self.table_name = ""
        self.player_name = getattr(app, "player_name", "")
        self.hints = False
        self.problem = ""
        self.group = WidgetGroup()
        self.pick_game(self.game_name)

    @property
    def game(self) -> Any:
        return self.games[self.game_name]

    # --- choices ----------------------------------------------------------------------------
    def pick_game(self, name: str) -> None:
        """A game: its smallest table of up to four, you at seat 1 and friends elsewhere, its
        best AI level."""
        self.game_name = name
        game = self.game
        self.players = max(game.min_players, min(4, game.max_players))
        self.seats = ["you"] + ["friend"] * (game.max_players - 1)
        levels = bot_levels(game)
        self.bot = levels[-1][0] if levels else ""
        self.rebuild()

    def set_players(self, n: int) -> None:
        self.players = n
        self.rebuild()

    def set_seat(self, i: int, kind: str) -> None:
        if kind == "you":  # one "you": the seat you left becomes a friend's
            self.seats = ["friend" if s == "you" else s for s in self.seats]
        elif self.seats[i] == "you":  # you must sit somewhere: the first other seat
            j = next(k for k in range(self.players) if k != i)
            self.seats[j] = "you"
        self.seats[i] = kind
        self.rebuild()

    def chosen_seats(self) -> list[str]:
        return self.seats[: self.players]

    # --- opening the table ----------------------------------------------------------------
    def open_table(self) -> None:
        from game.net.hosting import Hosting
        from scenes.net.lobby import Lobby

        who = self.player_name.strip()
        name = self.table_name.strip() or (f"{who}'s table" if who else self.game.title)
        try:
            hosting = Hosting(self.game_name, self.players, self.chosen_seats(), name=name,
                              player_name=who, bot=self.bot or None,
                              hints=self.hints, wait=net.FRIEND_WAIT, bind=net.HOST_BIND,
                              port=net.HOST_PORT if net.HOST_PORT is not None else
                              _default_port(), announce_on=net.MDNS_INTERFACES)
        except (OSError, ValueError) as e:
            self.problem = f"The table could not be opened: {getattr(e, 'strerror', None) or e}."
            return
        self.app.player_name = who
        self.app.leave_network()
        self.app.network = hosting
        self.app.manager.replace(Lobby(self.app, hosting.session, hosting))

    def back(self) -> None:
        self.app.manager.pop()

    # --- layout -----------------------------------------------------------------------------
    def rebuild(self) -> None:
        g = self.group = WidgetGroup()
        for i, game in enumerate(self.games.values()):
            tile = g.add(GameTile((40, PANEL.top + i * 108, 370, 94), game, self.pick_game))
            tile.selected = game.name == self.game_name
        game = self.game
        x, y, w = PANEL.left + 28, PANEL.top + 70, PANEL.width - 56
        counts = list(range(game.min_players, game.max_players + 1))
        g.add(Choice((x, y, min(w, 170 + 62 * len(counts)), 42), [(n, str(n)) for n in counts],
                     self.players, self.set_players, label="Players", label_width=170))
        y += 54
        half = (w - 20) // 2
        for i in range(self.players):  # two columns of seats
            cx = x + (i % 2) * (half + 20)
            cy = y + (i // 2) * ROW
            g.add(Label((cx, cy + 21), f"Seat {i + 1}", 18, anchor="midleft"))
            c = g.add(Choice((cx + 76, cy, half - 76, 42), SEAT_KINDS, self.seats[i],
                             lambda k, i=i: self.set_seat(i, k)))
            c.tooltip = "Friend: a seat for someone on another computer (they get a code)"
        y += ((self.players + 1) // 2) * ROW + 4
        levels = bot_levels(game)
        if levels:
            level = dict(levels).get(self.bot, "")
            g.add(Spinner((x, y, half, 42), levels, self.bot, self._set_bot,
                          label="AI level", label_width=100,
                          tooltip=level_tip(self.bot, level) + "; it also plays a friend's "
                          "seat while they are away"))
        g.add(Toggle((x + half + 6, y, half + 14, 42), "Allow hints", self.hints,
                     self._set_hints, tooltip="Propose the coach's hints: they are on only "
                     "if every person seated agrees in the lobby (you do, proposing them)"))
        y += ROW + 4
        g.add(Label((x, y + 21), "Table name", 18, anchor="midleft"))
        self.name_field = g.add(net.PasteField((x + 120, y, half - 120, 42), self.table_name,
                                               game.title, 30, self._set_table_name))
        g.add(Label((x + half + 20, y + 21), "Your name", 18, anchor="midleft"))
        self.you_field = g.add(net.PasteField((x + half + 130, y, half - 130, 42),
                                              self.player_name, "shown to your friends", 24,
                                              self._set_player_name))
        g.add(Button((40, HEIGHT - 80, 170, 50), "Back", self.back, "ghost"))
        g.add(Button((226, HEIGHT - 80, 170, 50), "Rules",
                     lambda: self.app.open_rules(self.game_name), "ghost",
                     tooltip=f"How to play {game.title}"))
        self.open_button = g.add(Button((WIDTH - 300, HEIGHT - 80, 260, 50), "Open the table",
                                        self.open_table, "primary", size=22,
                                        tooltip="Start hosting: friends can join from now on"))

    def _set_bot(self, bot: str) -> None:
        self.bot = bot
        self.rebuild()

    def _set_hints(self, on: bool) -> None:
        self.hints = on

    def _set_table_name(self, text: str) -> None:
        self.table_name = text

    def _set_player_name(self, text: str) -> None:
        self.player_name = text

    # --- scene ------------------------------------------------------------------------------
    def on_enter(self) -> None:
        pygame.key.start_text_input()

    def on_exit(self) -> None:
        pygame.key.stop_text_input()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface, self.game_name)
        dim(surface, (6, 6, 10, 90))
        draw_text(surface, "Host a table", (40, 30), 38, theme.ACCENT_HI, "serif")
        shadow(surface, PANEL, 14, 6, 130)
        fill_rounded(surface, (*theme.PANEL, 232), PANEL, 14)
        fill_rounded(surface, theme.PANEL_EDGE, PANEL, 14, 1)
        game = self.game
        draw_text(surface, game.title or game.name, (PANEL.left + 28, PANEL.top + 18), 28,
                  theme.TEXT, "serif")
        friends = self.chosen_seats().count("friend")
        words = (f"{friends} seat{'s' if friends != 1 else ''} for friends" if friends else
                 "No seat for a friend: everyone else is the AI")
        draw_text(surface, words, (PANEL.right - 28, PANEL.top + 30), 16, theme.TEXT_DIM,
                  anchor="topright")
        box = pygame.Rect(PANEL.left + 28, PANEL.bottom - 56, PANEL.width - 56, 44)
        text = self.problem or ("Friends on this network find the table under Join a table; "
                                "over the internet they need the code and your port "
                                f"{_default_port()} open to this computer.")
        draw_wrapped(surface, text, box, 15, theme.WARN if self.problem else theme.TEXT_DIM)
        self.group.draw(surface)
        self.group.draw_overlays(surface)


def _default_port() -> int:
    from game.net.protocol import DEFAULT_PORT

    return DEFAULT_PORT
