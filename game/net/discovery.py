"""Finding tables on the local network: a host announces each table over mDNS (`zeroconf`),
"Join a table" lists what it hears. Only public facts are announced (the table, its game, its
seats and which are free); tokens never are: a player still needs the host's join code or
the seat's token, the announcement only saves typing the address.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

SERVICE = "_cardtable._tcp.local."


@dataclass(frozen=True)
class Found:
    """A table heard on the network."""

    name: str
    host: str
    port: int
    table: str
    game: str
    players: int
    free: tuple[int, ...]  # open seats nobody has taken yet


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    if interfaces:
        return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    return Zeroconf(ip_version=IPVersion.V4Only)


def _properties(table) -> dict[str, str]:
    free = ",".join(str(i) for i, s in enumerate(table.seats) if s.open and not s.taken)
    return {"table": table.id, "game": table.game.name, "players": str(table.players),
            "free": free, "name": table.name}


class Announcer:
    """Announces `tables` served at `address:port` until closed. `interfaces`: limit mDNS to
    these addresses (tests use ["127.0.0.1"])."""

    def __init__(self, tables, address: str, port: int,
                 interfaces: list[str] | None = None) -> None:
        self.zc = _zeroconf(interfaces)
        self.infos = {}
        for t in tables:
            info = ServiceInfo(
                SERVICE, f"{t.name[:40]} {t.id}.{SERVICE}",  # a label is at most 63 bytes
                addresses=[socket.inet_aton(address)], port=port, properties=_properties(t),
            )
            self.zc.register_service(info, allow_name_change=True)
            self.infos[t.id] = info

    def update(self, tables) -> None:
        """Announce the tables' free seats as they are now (blocks for the broadcasts)."""
        for t in tables:
            old = self.infos.get(t.id)
            if old is None or old.properties == {k.encode(): v.encode() for k, v in
                                                 _properties(t).items()}:
                continue
            info = ServiceInfo(SERVICE, old.name, addresses=old.addresses, port=old.port,
                               properties=_properties(t), server=old.server)
            self.zc.update_service(info)
            self.infos[t.id] = info

    def close(self) -> None:
        for info in self.infos.values():
            self.zc.unregister_service(info)
        self.zc.close()


class Browser:
    """Listens for announced tables in the background; `tables()` is what was heard so far
    (safe to call from the UI thread every frame)."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.zc = _zeroconf(interfaces)
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._on_change])

    def _on_change(self, zeroconf: Zeroconf, service_type: str, name: str,
                   state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        if info is None or not info.addresses:
            return
        try:
            p = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
            found = Found(p.get("name", name), socket.inet_ntoa(info.addresses[0]),
                          int(info.port), p["table"], p["game"], int(p["players"]),
                          tuple(int(x) for x in p.get("free", "").split(",") if x))
        except (KeyError, ValueError, UnicodeDecodeError, OSError):
            return  # somebody else's service, or a broken announcement: ignore it
        with self._lock:
            self._found[name] = found

    def tables(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.name, f.host, f.port))

    def close(self) -> None:
        self.browser.cancel()
        self.zc.close()
