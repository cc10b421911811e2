"""The History screen: every finished and abandoned game, newest first (scenes/history_store.py).

Each line: game, date, seats with the AI's level, result, length. A filter by game; with one
game chosen, its small record (games, the person's wins by the AI's level). The chosen line can
be watched (the replay viewer, scenes/replay.py), exported as a replay file into the data
folder's `replays/`, or deleted (after asking). "Import" watches a replay file from that folder.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from scenes import storage
from scenes.history_store import History, open_history
from scenes.manager import HEIGHT, WIDTH, Dialog, Scene
from sprites import text, theme
from sprites.widgets import Button, Choice, Panel, WidgetGroup, draw_text, fill_rounded

LIST = pygame.Rect(40, 150, 1200, 470)
ROW_H = 34
COLUMNS = ((0, "Game"), (170, "Date"), (330, "Seats"), (770, "Result"), (1100, "Moves"))
#: each column's width: up to the next one
WIDTHS = [b[0] - a[0] - 16 for a, b in zip(COLUMNS, COLUMNS[1:], strict=False)] + [70]


def replays_dir() -> Path:
    return storage.data_dir() / "replays"


class HistoryScene(Scene):
    def __init__(self, app, history: History | None = None) -> None:
        super().__init__(app)
        problem = None
        if history is None:
            history, problem = open_history()
        self.history = history
        if problem:
            app.toast(problem, 6.0)
        from game.registry import all_games

        self.titles = {name: g.title for name, g in all_games().items()}
        self.game: str | None = None
        self.rows = []
        self.selected = 0
        self.scroll = 0
        self.group = WidgetGroup()
        options = [(None, "All")] + [(n, t.split(":")[0]) for n, t in self.titles.items()]
        self.filter = self.group.add(Choice((40, 92, 1200, 40), options, None, self.set_game,
                                            size=15))
        y = HEIGHT - 74
        buttons = [("Watch", self.watch, "primary"), ("Export", self.export, "normal"),
                   ("Delete", self.ask_delete, "danger"), ("Import", self.open_import, "normal"),
                   ("Back", self.back, "ghost")]
        self.buttons = {}
        for i, (label, action, kind) in enumerate(buttons):
            self.buttons[label] = self.group.add(Button((40 + i * 200, y, 180, 48), label,
                                                        action, kind))
        self.reload()

    # --- data -------------------------------------------------------------------------------
    def set_game(self, game: str | None) -> None:
        self.game = game
        self.reload()

    def reload(self) -> None:
        self.rows = self.history.rows(self.game)
        self.selected = min(self.selected, max(0, len(self.rows) - 1))
        for name in ("Watch", "Export", "Delete"):
            self.buttons[name].enabled = bool(self.rows)

    @property
    def row(self):
        return self.rows[self.selected] if self.rows else None

    # --- actions ----------------------------------------------------------------------------
    def watch(self) -> None:
        row = self.row
        if row is None:
            return
        from scenes.replay import open_replay_text

        open_replay_text(self.app, self.history.replay_text(row.id) or "", back=self.reopen)

    def reopen(self) -> None:
        self.app.manager.reset(HistoryScene(self.app, self.history))

    def export(self) -> None:
        row = self.row
        if row is None:
            return
        folder = replays_dir()
        path = folder / f"{row.game}-{row.date.replace(' ', '-').replace(':', '')}-{row.id}.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(self.history.replay_text(row.id) or "", encoding="utf-8")
        except OSError as e:
            self.app.toast(storage.sentence("The replay could not be written",
                                            (e.strerror or "the disk refused it").lower()))
            return
        self.app.toast(f"Exported to {path}", 5.0)

    def ask_delete(self) -> None:
        if self.row is not None:
            self.app.manager.push(ConfirmDelete(self.app, self))

    def delete(self) -> None:
        if self.row is not None:
            self.history.delete(self.row.id)
            self.reload()

    def open_import(self) -> None:
        files = sorted(replays_dir().glob("*.json"), key=lambda p: -p.stat().st_mtime) \
            if replays_dir().is_dir() else []
        if not files:
            self.app.toast(f"Put a replay file (.json) in {replays_dir()} to import it.", 5.0)
            return
        self.app.manager.push(ImportList(self.app, self, files[:10]))

    def back(self) -> None:
        self.history.close()
        self.app.to_menu()

    # --- events and drawing -------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll - event.y, max(0, len(self.rows) - self.visible)))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                LIST.collidepoint(event.pos):
            i = self.scroll + (event.pos[1] - LIST.top - ROW_H) // ROW_H
            if 0 <= i < len(self.rows) and event.pos[1] >= LIST.top + ROW_H:
                if i == self.selected and getattr(event, "clicks", 1) > 1:
                    self.watch()
                self.selected = i

    @property
    def visible(self) -> int:
        return (LIST.height - ROW_H) // ROW_H

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface, "menu")
        draw_text(surface, "History", (40, 24), 40, theme.ACCENT_HI, "serif")
        draw_text(surface, self.summary(), (WIDTH - 40, 40), 17, theme.TEXT_DIM,
                  anchor="topright")
        Panel(LIST).draw(surface)
        for x, name in COLUMNS:
            draw_text(surface, name, (LIST.left + 16 + x, LIST.top + 10), 15, theme.TEXT_DIM,
                      "bold")
        if not self.rows:
            draw_text(surface, "No games yet: every game you finish or abandon is kept here.",
                      LIST.center, 18, theme.TEXT_DIM, anchor="center")
        for n, row in enumerate(self.rows[self.scroll:self.scroll + self.visible]):
            i = self.scroll + n
            y = LIST.top + ROW_H * (n + 1)
            rect = pygame.Rect(LIST.left + 8, y, LIST.width - 16, ROW_H - 2)
            if i == self.selected:
                fill_rounded(surface, (*theme.ACCENT_LO, 90), rect, 6)
            colour = theme.TEXT if row.finished else theme.TEXT_DIM
            cells = (self.titles.get(row.game, row.title).split(":")[0], row.date,
                     row.seat_text, row.result, str(row.length))
            for (x, _), w, cell in zip(COLUMNS, WIDTHS, cells, strict=True):
                draw_text(surface, text.ellipsize(cell, 15, w), (LIST.left + 16 + x, y + 8), 15,
                          theme.GOOD if cell.startswith("You won") else colour)
        self.group.draw(surface)
        self.group.draw_overlays(surface)

    def summary(self) -> str:
        if self.game is None:
            return f"{len(self.rows)} games"
        rec = self.history.record(self.game)
        parts = [f"{rec['games']} games"]
        for level, (wins, games) in rec["by_level"].items():
            parts.append(f"{level}: {wins} won of {games}")
        return "  ·  ".join(parts)


class ConfirmDelete(Dialog):
    """"Delete this game from the history?" — the safe answer is the default."""

    def __init__(self, app, owner: HistoryScene) -> None:
        super().__init__(app)
        self.owner = owner
        row = owner.row
        self.text = f"{row.title.split(':')[0]}, {row.date}: {row.result}." if row else ""
        self.panel = Panel(pygame.Rect(0, 0, 560, 210), "Delete this game?")
        self.panel.rect.center = (WIDTH // 2, HEIGHT // 2)
        body = self.panel.body
        half = (body.width - 16) // 2
        self.group = WidgetGroup()
        keep = self.group.add(Button((body.left, body.bottom - 48, half, 48), "Keep it",
                                     self.close))
        self.group.add(Button((body.right - half, body.bottom - 48, half, 48), "Delete",
                              self.delete, "danger"))
        self.group.set_focus(keep)

    def delete(self) -> None:
        self.close()
        self.owner.delete()

    def draw_body(self, surface: pygame.Surface) -> None:
        draw_text(surface, self.text, (self.panel.body.left, self.panel.body.top + 6), 17,
                  theme.TEXT)


class ImportList(ConfirmDelete):
    """The replay files in the replays folder, newest first: choose one to watch."""

    def __init__(self, app, owner: HistoryScene, files: list[Path]) -> None:
        Scene.__init__(self, app)
        self.owner = owner
        self.text = "Replay files in the replays folder:"
        self.panel = Panel(pygame.Rect(0, 0, 640, 120 + 44 * len(files)), "Import a replay")
        self.panel.rect.center = (WIDTH // 2, HEIGHT // 2)
        body = self.panel.body
        self.group = WidgetGroup()
        for i, path in enumerate(files):
            self.group.add(Button((body.left, body.top + 34 + i * 44, body.width, 38), path.name,
                                  lambda p=path: self.watch(p), "link", 16, align="left"))

    def watch(self, path: Path) -> None:
        from scenes.replay import open_replay_file

        self.close()
        open_replay_file(self.app, str(path), back=self.owner.reopen)
