"""Playing with friends on other computers: the menu's "Host a table" and "Join a table".

- host.py: `HostSetup`, pick the game, the players, who sits where (you, a friend, the AI),
  the table's and your name; it opens the table (game/net/hosting.py) and its lobby;
- join.py: `JoinScene`, the tables heard on the local network, a join code or an address
  and a seat code, your name;
- lobby.py: `Lobby`, who has taken which seat; the person hosting sees each friend's code,
  allows hints and starts the game; then everybody is at the game's own table, given a
  `NetworkSession` (game/net/client.py), like any other table session;
- pause.py: the pause menu of a network game (leave, concede, close the table).

The app keeps the one network game it is in as `app.network` (a `Hosting` or a
`NetworkSession`); going back to the menu closes it (`App.leave_network`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from sprites.widgets import TextField

#: where the desktop host listens, and which interfaces mDNS uses (None: every one); tests
#: set 127.0.0.1, port 0 (any free one) and ["127.0.0.1"]
HOST_BIND = "0.0.0.0"
HOST_PORT: int | None = None  # None: the protocol's default port
MDNS_INTERFACES: list[str] | None = None
#: seconds the host's table waits for an away friend before the AI plays their seat
FRIEND_WAIT = 60.0


def clipboard_text() -> str:
    """The clipboard's text ("" when there is none or no clipboard at all)."""
    try:
        if hasattr(pygame.scrap, "get_text"):
            return pygame.scrap.get_text() or ""
    except pygame.error:
        pass
    return ""


def copy_text(text: str) -> bool:
    try:
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError):
        return False


class PasteField(TextField):
    """A text field for codes, addresses and names: any text, Ctrl+V pastes."""

    def __init__(self, rect, text: str = "", placeholder: str = "", max_len: int = 40,
                 on_change: Callable[[str], Any] | None = None, tooltip: str = "") -> None:
        super().__init__(rect, text, placeholder, digits=False, max_len=max_len,
                         on_change=on_change, tooltip=tooltip)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.paste(clipboard_text())
            return True
        return super().key(event)

    def paste(self, text: str) -> None:
        self._insert(" ".join(text.split()))

    def set(self, text: str) -> None:
        self.text = text[: self.max_len]
        if self.on_change:
            self.on_change(self.text)
