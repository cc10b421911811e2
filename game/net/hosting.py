"""A table hosted by the app (the menu's "Host a table").

It is the headless host's code (game/net/host.py) run in a thread of the app: the same `Host`,
the same `HostTable` holding the only state, the same autosave. The person hosting sits at one
of its seats like every friend does, as a client through a `NetworkSession` on 127.0.0.1, so
there is one authority and one way to a table. The table is announced on the local network
(mDNS) while it is open, and its announcement follows who has taken which seat.
"""

from __future__ import annotations

import logging
import random
import threading
from pathlib import Path
from typing import Any

from game.net.client import NetworkSession
from game.net.host import HostThread
from game.net.protocol import DEFAULT_PORT, join_code, show_seat_code
from game.net.table import DEFAULT_WAIT, HostTable

log = logging.getLogger("card-table.hosting")

#: what a seat of a hosted table is: the person hosting, a friend's seat, or a bot
YOU, FRIEND, AI = "you", "friend", "ai"


class Hosting:
    """`seats`: YOU (exactly one), FRIEND or AI per seat. The host listens on `bind`:`port`
    (another free port when that one is taken) and names `address` in the join codes (this
    computer's address on the local network by default)."""

    def __init__(self, game: str, players: int, seats: list[str], *, name: str = "",
                 player_name: str = "", bot: str | None = None,
                 options: dict[str, Any] | None = None, seed: int | None = None,
                 hints: bool = False, wait: float = DEFAULT_WAIT, port: int = DEFAULT_PORT,
                 bind: str = "0.0.0.0", address: str | None = None,
                 save_dir: Path | None = None, announce: bool = True,
                 announce_on: list[str] | None = None) -> None:
        from game.net.cli import default_save_dir, local_address, new_table_id

        if len(seats) != players or seats.count(YOU) != 1:
            raise ValueError("a hosted table has one seat for you, and a kind for every seat")
        self.you = seats.index(YOU)
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
        self.save_dir = save_dir or default_save_dir()
        self.save_dir.mkdir(parents=True, exist_ok=True)
        self.table = HostTable(new_table_id(), game, players, seed,
                               [i for i, k in enumerate(seats) if k != AI], bot=bot,
                               options=options, name=name, wait=wait, save_dir=self.save_dir,
                               hints=hints)
        if hints:  # the person who proposes hints agrees to them (the lobby can take it back)
            self.table.agreed.add(self.you)
        self.table.save()
        try:
            self.thread = HostThread([self.table], host=bind, port=port, auto_start=False)
        except OSError:  # the port is taken (another host on this computer): any free one
            self.thread = HostThread([self.table], host=bind, port=0, auto_start=False)
        self.port = self.thread.port
        self.address = address or (bind if bind not in ("0.0.0.0", "::") else local_address())
        self.announcer = None
        self.problem = ""  # what could not be done (the lobby says it)
        self._announce_lock = threading.Lock()
        if announce:
            try:
                from game.net.discovery import Announcer

                self.announcer = Announcer([self.table], self.address, self.port,
                                           interfaces=announce_on)
            except Exception as e:  # no multicast here: friends use the join codes
                log.warning("could not announce the table: %s", e)
                self.problem = "The table could not be announced on the local network: " \
                               "friends join with the codes."
        self.thread.host.on_change = self._changed
        token = self.table.seats[self.you].token
        self.session = NetworkSession("127.0.0.1", self.port, self.table.id, self.you, token,
                                      player_name, retries=120)

    # --- what the lobby shows -----------------------------------------------------------
    @property
    def friend_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.table.seats) if s.open and i != self.you]

    def join_code(self, seat: int) -> str:
        """The code a friend pastes to take `seat` (tokens never change: safe to read here)."""
        return join_code(self.address, self.port, self.table.id, seat,
                         self.table.seats[seat].token)

    def seat_code(self, seat: int) -> str:
        return show_seat_code(self.table.seats[seat].token)

    # --- what the person hosting does -----------------------------------------------------
    def start_game(self) -> None:
        """Start: seats nobody took wait like dropped ones (then their bot plays)."""
        self.thread.call(self.thread.host.start_table, self.table.id)

    def set_hints(self, on: bool) -> None:
        """Propose the coach's hints (or withdraw them); proposing, you agree to them too."""
        self.thread.call(self.thread.host.set_hints, self.table.id, on)
        if on:
            self.session.agree(True)

    def close(self, wait: float = 0.0) -> None:
        """The table closes: every friend is disconnected. The host and the announcement stop
        on a thread of their own (each waits a little for its goodbyes; the caller waits up to
        `wait` seconds, a window never does)."""
        self.session.close()
        announcer, self.announcer = self.announcer, None

        def stop() -> None:
            self.thread.stop()
            if announcer is not None:
                announcer.close()

        stopping = threading.Thread(target=stop, name="hosting-close", daemon=True)
        stopping.start()
        if wait:
            stopping.join(wait)

    def _changed(self, table: HostTable) -> None:
        """On the host's loop after every change: the announcement follows the free seats
        (updated on a thread of its own: an mDNS update waits for its broadcasts)."""
        if self.announcer is None or table.started:
            return
        threading.Thread(target=self._reannounce, daemon=True).start()

    def _reannounce(self) -> None:
        with self._announce_lock:
            announcer = self.announcer
            if announcer is not None:
                try:
                    announcer.update([self.table])
                except Exception as e:  # the announcement is a convenience
                    log.warning("could not update the announcement: %s", e)
