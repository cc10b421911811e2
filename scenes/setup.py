"""New-game setup: pick the game, the number of players, who sits in each seat (you, a hot-seat
friend, or an AI and which bot), each seat's own options (a deck), the game's options and an
optional seed; then Start.

Everything shown comes from the registered `Game`s (title, player range, options, seat options
and the values they offer, bots), so a new game appears here by registering it. A game with a
deck editor (DECK_EDITORS) also offers the player's saved decks and a Decks button. All-AI tables
are allowed: you watch.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.registry import default_bot, playable_bots
from scenes.manager import HEIGHT, WIDTH, Scene
from sprites import theme
from sprites.text import ellipsize
from sprites.widgets import (
    Button,
    Choice,
    Label,
    Pickable,
    Spinner,
    TextField,
    Toggle,
    WidgetGroup,
    dim,
    draw_text,
    fill_rounded,
    shadow,
)

SEAT_KINDS = [("you", "You"), ("human", "Hot-seat"), ("ai", "AI")]
#: how strongly a bot plays, for games that do not name levels themselves (`bot_levels`)
BOT_STRENGTH = {"random": 0, "simple": 1, "greedy": 1, "heuristic": 2, "search": 2,
                "strong": 3, "ismcts": 3}
LEVELS = ("Easy", "Normal", "Hard")
#: games with a deck editor: game name -> its module (a `DeckEditor` scene and `saved_decks()`,
#: name -> cards, which the setup offers as that game's "deck" seat option)
DECK_EDITORS = {"hermitcraft": "scenes.deck_editor"}
#: the seat-option value that leaves the choice to the seat's bot
BOTS_CHOICE = None


def deck_editor(game_name: str) -> Any:
    """The deck editor module of a game, or None."""
    import importlib

    module = DECK_EDITORS.get(game_name)
    return importlib.import_module(module) if module else None


def seat_choices(game: Any, name: str, ai: bool) -> list[tuple[Any, str]]:
    """What a seat may pick for its option `name`: for an AI seat, first its bot's own choice;
    then the game's values (its default first) and, for a deck, the player's saved decks."""
    offered = list(game.seat_option_choices(name))
    editor = deck_editor(game.name)
    if name == "deck" and editor is not None:
        offered += [(cards, f"Saved: {deck}") for deck, cards in editor.saved_decks().items()]
    return ([(BOTS_CHOICE, "AI's choice")] if ai else []) + offered


def bot_levels(game: Any) -> list[tuple[str, str]]:
    """(bot, level) for the seats setup offers, easiest first: the game's own `bot_levels`
    {bot: "Easy"} if it has one; else all its playable bots as Easy / Normal / Hard by
    BOT_STRENGTH when there are three or fewer, and when there are more, three of them:
    Hard is the game's best (its default), Easy the weakest that is not random, Normal the
    strongest of the rest below Hard."""
    bots = playable_bots(game)
    declared = game.bot_levels
    if declared:
        named = [(b, str(declared[b])) for b in bots if b in declared]
        return sorted(named, key=lambda e: LEVELS.index(e[1]) if e[1] in LEVELS else len(LEVELS))

    def strength(b: str) -> tuple[int, int]:
        return BOT_STRENGTH.get(b, 2), -bots.index(b)

    if len(bots) <= 3:
        ranked = sorted(bots, key=strength)
        names = {1: ["Normal"], 2: ["Easy", "Hard"], 3: list(LEVELS)}[len(ranked)]
        return list(zip(ranked, names, strict=True))
    hard = default_bot(game) if default_bot(game) in bots else max(bots, key=strength)
    rest = [b for b in bots if b not in (hard, "random")] or [b for b in bots if b != hard]
    easy = min(rest, key=strength)
    below = [b for b in rest if b != easy and strength(b)[0] < strength(hard)[0]] or \
        [b for b in rest if b != easy]
    normal = max(below, key=strength) if below else None
    chosen = [(easy, "Easy"), (normal, "Normal"), (hard, "Hard")]
    return [(b, label) for b, label in chosen if b is not None]


def level_tip(bot: str, level: str) -> str:
    return f"{level}: played by the “{bot}” AI"
PANEL = pygame.Rect(440, 96, 800, 520)


def _fit(text: str, size: int, width: int) -> str:
    return ellipsize(text, size, width)


class GameTile(Pickable):
    """A selectable card for one game: title, player range, co-op or competitive."""

    def __init__(self, rect, game: Any, on_pick) -> None:
        super().__init__(rect, game.name, on_pick)
        self.game = game

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        shadow(surface, r, 12, 4, 100)
        fill = (44, 47, 58) if self.selected else (30 + int(12 * self._hover_t),) * 2 + (38,)
        fill_rounded(surface, (*fill, 240), r, 12)
        accent = theme.accent(self.game.name)
        bar = pygame.Rect(r.left, r.top, 8, r.height)
        pygame.draw.rect(surface, accent, bar, border_top_left_radius=12,
                         border_bottom_left_radius=12)
        edge = theme.ACCENT if self.selected else theme.PANEL_EDGE
        fill_rounded(surface, edge, r, 12, 2 if self.selected or self.focused else 1)
        draw_text(surface, self.game.title or self.game.name, (r.left + 26, r.top + 16), 22,
                  theme.TEXT, "bold")
        lo, hi = self.game.min_players, self.game.max_players
        players = f"{lo} players" if lo == hi else f"{lo}–{hi} players"
        kind = "cooperative" if self.game.cooperative else "competitive"
        draw_text(surface, f"{players}  ·  {kind}", (r.left + 26, r.top + 52), 16, theme.TEXT_DIM)
        if self.selected:  # a drawn tick, on the short second line (clear of the title)
            x, y = r.right - 34, r.top + 62
            pygame.draw.lines(surface, theme.ACCENT, False, [(x, y), (x + 6, y + 7),
                                                             (x + 18, y - 8)], 4)


class Setup(Scene):
    def __init__(self, app, game_name: str | None = None) -> None:
        super().__init__(app)
        from game.registry import all_games

        self.games = all_games()
        self.game_name = game_name if game_name in self.games else next(iter(self.games), None)
        self.players = 0
        self.seats: list[str] = []
        #: each seat's own options (a deck): name -> value; a missing name is the default (for
        #: an AI seat, its bot's choice)
        self.seat_values: list[dict[str, Any]] = []
        self.options: dict[str, Any] = {}
        self.seed_text = ""
        self.group = WidgetGroup()
        self.start_button: Button | None = None
        if self.game_name:
            self.pick_game(self.game_name)
        else:
            self.rebuild()

    # --- choices ----------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.games.get(self.game_name) if self.game_name else None

    def pick_game(self, name: str) -> None:
        """Select a game: players default to its minimum (or the last setup), seats to you +
        its best AI, options to its defaults."""
        self.game_name = name
        game = self.game
        last = self.app.last_setup or {}
        same = last.get("game_name") == name
        self.players = last["players"] if same else max(game.min_players, min(4, game.max_players))
        best = f"ai:{default_bot(game)}"
        self.seats = list(last["seats"]) if same else ["you"]
        self.seats += [best] * (game.max_players - len(self.seats))
        given = (last.get("seat_options") or []) if same else []
        self.seat_values = [dict(v) for v in given][:game.max_players]
        self.seat_values += [{} for _ in range(game.max_players - len(self.seat_values))]
        self.options = {k: v[0] for k, v in game.options.items()}
        if same:
            self.options.update({k: v for k, v in last.get("options", {}).items()
                                 if k in self.options})
        self.rebuild()

    def set_players(self, n: int) -> None:
        self.players = n
        self.rebuild()

    def set_seat_kind(self, i: int, kind: str) -> None:
        if kind == "you":  # only one "you": the previous one becomes a hot-seat player
            self.seats = ["human" if s == "you" else s for s in self.seats]
            self.seats[i] = "you"
        elif kind == "human":
            self.seats[i] = "human"
        else:
            self.seats[i] = f"ai:{default_bot(self.game)}"
        self.rebuild()

    def set_seat_bot(self, i: int, bot: str) -> None:
        self.seats[i] = f"ai:{bot}"
        self.rebuild()  # the tooltip names the new bot

    def set_option(self, name: str, value: Any) -> None:
        self.options[name] = value

    def set_seat_value(self, i: int, name: str, value: Any) -> None:
        if value is BOTS_CHOICE:
            self.seat_values[i].pop(name, None)
        else:
            self.seat_values[i][name] = value

    def seat_value(self, i: int, name: str) -> Any:
        """Seat i's value for its option `name`, as offered now: what was picked if it is still
        offered (a saved deck may be gone, a person has no bot to choose), else the first
        offer (the bot's choice, or the game's default)."""
        offered = [v for v, _ in seat_choices(self.game, name, self.seats[i].startswith("ai:"))]
        value = self.seat_values[i].get(name, BOTS_CHOICE)
        return value if value in offered else (offered[0] if offered else BOTS_CHOICE)

    def chosen_seats(self) -> list[str]:
        return self.seats[: self.players]

    def chosen_seat_options(self) -> list[dict] | None:
        """Each seat's own options for the Match ({}: its bot's choice, or the defaults)."""
        names = list(self.game.seat_options)
        if not names:
            return None
        return [{n: v for n in names if (v := self.seat_value(i, n)) is not BOTS_CHOICE}
                for i in range(self.players)]

    def start(self) -> None:
        seed = int(self.seed_text) if self.seed_text else None
        try:
            self.app.new_game(self.game_name, self.players, self.chosen_seats(), seed,
                              dict(self.options), self.chosen_seat_options())
        except ImportError:  # the table layer is not installed yet
            self.app.toast("This game cannot be played here yet: its table is not ready.")
        except ValueError as e:  # the game refused an option value: say why, stay here
            self.app.toast(str(e))

    def back(self) -> None:
        self.app.manager.pop()

    def open_decks(self) -> None:
        self.app.manager.push(deck_editor(self.game_name).DeckEditor(self.app))


    # --- layout -----------------------------------------------------------------------------
    def rebuild(self) -> None:
        focus_key = getattr(self.group.focus, "key_name", None)
        g = self.group = WidgetGroup()
        for i, game in enumerate(self.games.values()):
            tile = GameTile((40, PANEL.top + i * 108, 370, 94), game, self.pick_game)
            tile.selected = game.name == self.game_name
            tile.key_name = f"game:{game.name}"
            g.add(tile)
        game = self.game
        if game is not None:
            self._build_panel(game)
        back = g.add(Button((40, HEIGHT - 80, 170, 50), "Back", self.back, "ghost"))
        back.key_name = "back"
        if game is not None:
            rules = g.add(Button((226, HEIGHT - 80, 170, 50), "Rules",
                                 lambda: self.app.open_rules(self.game_name), "ghost",
                                 tooltip=f"How to play {game.title or game.name}"))
            rules.key_name = "rules"
        self.start_button = g.add(Button((WIDTH - 260, HEIGHT - 80, 220, 50), "Start",
                                         self.start, "primary", size=22,
                                         enabled=game is not None))
        self.start_button.key_name = "start"
        if game is not None and not any(s in ("you", "human") for s in self.chosen_seats()):
            self.start_button.text = "Watch"
        for w in g.widgets:
            if getattr(w, "key_name", None) == focus_key:
                g.set_focus(w)

    def _build_panel(self, game: Any) -> None:
        g = self.group
        x, y, w = PANEL.left + 28, PANEL.top + 70, PANEL.width - 56
        counts = list(range(game.min_players, game.max_players + 1))
        players = g.add(Choice((x, y, min(w, 170 + 70 * len(counts)), 42),
                               [(n, str(n)) for n in counts], self.players, self.set_players,
                               label="Players", label_width=170))
        players.key_name = "players"
        if game.name in DECK_EDITORS:  # on the players' line, right: the seats pick decks below
            g.add(Button((PANEL.right - 198, y, 170, 42), "Decks", self.open_decks, "ghost",
                         tooltip=f"Build, save, import and export {game.title} decks"))
        y += 62
        levels = bot_levels(game)
        # columns: seat, who sits there, the bot, then the seat's own options (a deck) if any
        own = list(game.seat_options)
        kind_x, kind_w, bot_x, bot_w = (80, 250, 340, 160) if own else (170, 300, 490, 230)
        own_x = bot_x + bot_w + 10
        own_w = (w - own_x - 10 * (len(own) - 1)) // len(own) if own else 0
        for i in range(self.players):
            seat = self.seats[i]
            kind = "ai" if seat.startswith("ai:") else seat
            g.add(Label((x, y + 21), f"Seat {i + 1}", 18, anchor="midleft"))
            c = g.add(Choice((x + kind_x, y, kind_w, 42), SEAT_KINDS, kind,
                             lambda k, i=i: self.set_seat_kind(i, k)))
            c.key_name = f"seat:{i}"
            if kind == "ai":
                offered = levels if seat[3:] in dict(levels) else \
                    [*levels, (seat[3:], "Custom")]  # a bot from the last setup or --seats
                level = dict(offered)[seat[3:]]
                sp = g.add(Spinner((x + bot_x, y, bot_w, 42), offered, seat[3:],
                                   lambda b, i=i: self.set_seat_bot(i, b),
                                   tooltip=level_tip(seat[3:], level)))
                sp.key_name = f"bot:{i}"
            for k, name in enumerate(own):
                values = [(v, _fit(label, 16, own_w - 48))
                          for v, label in seat_choices(game, name, kind == "ai")]
                if values:
                    sp = g.add(Spinner((x + own_x + k * (own_w + 10), y, own_w, 42), values,
                                       self.seat_value(i, name),
                                       lambda v, i=i, n=name: self.set_seat_value(i, n, v),
                                       tooltip=game.seat_options[name][1]))
                    sp.key_name = f"seat_option:{i}:{name}"
            y += 50
        y += 14
        choices = game.option_choices
        for name, (default, desc) in game.options.items():
            label = desc or name.replace("_", " ").capitalize()
            if isinstance(default, bool):
                t = g.add(Toggle((x - 14, y, w + 14, 42), label, self.options[name],
                                 lambda v, n=name: self.set_option(n, v)))
            elif name in choices:
                # a choice is a value, or a (value, label) pair
                pairs = [c if isinstance(c, tuple) else (c, str(c)) for c in choices[name]]
                t = g.add(Spinner((x, y, w, 42), pairs,
                                  self.options[name], lambda v, n=name: self.set_option(n, v),
                                  label=label, label_width=250))
            else:  # free value (e.g. an id): a text field, the description as its tooltip
                short = label if len(label) <= 40 else name.replace("_", " ").capitalize()
                g.add(Label((x, y + 21), short, 18, anchor="midleft"))
                t = g.add(TextField((x + 250, y, w - 250, 42), str(self.options[name]),
                                    str(default), digits=isinstance(default, int), max_len=40,
                                    on_change=lambda v, n=name: self._set_free_option(n, v),
                                    tooltip=desc))
                if short != label:
                    y += 44
                    g.add(Label((x, y), _fit(desc, 15, w), 15, theme.TEXT_DIM))
            t.key_name = f"opt:{name}"
            y += 50
        # the seed sits in the bottom bar, between Back and Start
        y = HEIGHT - 76
        g.add(Label((PANEL.left, y + 21), "Seed", 18, anchor="midleft"))
        seed = g.add(TextField((PANEL.left + 60, y, 190, 42), self.seed_text, "random",
                               digits=True, max_len=10, on_change=self._set_seed,
                               tooltip="The same seed deals the same cards"))
        seed.key_name = "seed"
        g.add(Label((PANEL.left + 266, y + 21), "empty: a new shuffle", 15, theme.TEXT_DIM,
                    anchor="midleft"))

    def _set_free_option(self, name: str, text: str) -> None:
        default = self.game.options[name][0]
        if isinstance(default, int):
            self.options[name] = int(text) if text else default
        else:
            self.options[name] = text.strip() or default

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    # --- scene ------------------------------------------------------------------------------
    def on_enter(self) -> None:
        pygame.key.start_text_input()
        if self.game is not None and self.game.seat_options:
            self.rebuild()  # back from the deck editor: its saved decks are offered at once

    def on_exit(self) -> None:
        pygame.key.stop_text_input()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.game:
                self.start()

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface, self.game_name or "menu")
        dim(surface, (6, 6, 10, 90))
        draw_text(surface, "New game", (40, 30), 38, theme.ACCENT_HI, "serif")
        game = self.game
        if game is None:
            draw_text(surface, "No games are installed yet.", (WIDTH // 2, HEIGHT // 2), 22,
                      theme.TEXT, anchor="center")
        else:
            shadow(surface, PANEL, 14, 6, 130)
            fill_rounded(surface, (*theme.PANEL, 232), PANEL, 14)
            fill_rounded(surface, theme.PANEL_EDGE, PANEL, 14, 1)
            draw_text(surface, game.title or game.name, (PANEL.left + 28, PANEL.top + 18), 28,
                      theme.TEXT, "serif")
            mode = "Cooperative: everyone wins or loses together" if game.cooperative else \
                "Competitive: the best score wins"
            draw_text(surface, mode, (PANEL.right - 28, PANEL.top + 30), 16, theme.TEXT_DIM,
                      anchor="topright")
            seats = self.chosen_seats()
            if not any(s in ("you", "human") for s in seats):
                draw_text(surface, "All seats are AI: you will watch.",
                          (PANEL.right - 28, PANEL.bottom - 16), 16, theme.ACCENT, anchor="bottomright")
        self.group.draw(surface)
        self.group.draw_overlays(surface)
