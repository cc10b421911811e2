"""One effect registry per game: hook points, handlers keyed by card or skill id, in order.

A game declares its hook points (the moments where card text can act: "on_reveal",
"damage_dealt", ...) and registers each card's behaviour under the card's id (or ability
keyword) with a decorator:

    EFFECTS = Effects("bloodborne", hooks={"on_reveal": "a monster is turned up", ...})

    @EFFECTS.on("on_reveal", "ambush")
    def ambush(s, m): ...

`check_data` then matches the registry against the loaded data: every ability the data names
has a handler and every handler belongs to an ability the data names; a mismatch is a
`CardDataError` naming the file and card (or the handler). Value hooks (`modify`) fold a number
through every handler that applies, in their declared `order`, with no side effects, so bots and
the table can ask the rules for a value instead of recomputing it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from game.core.data import CardDataError


class Effects:
    """The registry of one game's card and skill behaviour."""

    def __init__(self, game: str, hooks: dict[str, str]) -> None:
        self.game = game
        self.hooks = dict(hooks)  # name -> what the moment is (documentation and checks)
        self._handlers: dict[str, dict[str, tuple[int, Callable]]] = {h: {} for h in hooks}
        self._where: dict[str, str] = {}  # key -> the module that registered it

    def on(self, hook: str, *keys: str, order: int = 0) -> Callable[[Callable], Callable]:
        """Register the decorated function at `hook` for each of `keys` (card / skill ids)."""
        if hook not in self.hooks:
            raise KeyError(f"{self.game}: no hook point {hook!r} (declared: {', '.join(self.hooks)})")

        def register(fn: Callable) -> Callable:
            for key in keys:
                if key in self._handlers[hook]:
                    raise KeyError(f"{self.game}: {key!r} has two handlers at {hook!r}")
                self._handlers[hook][key] = (order, fn)
                self._where[key] = fn.__module__
            return fn

        return register

    def get(self, hook: str, key: str) -> Callable | None:
        entry = self._handlers[hook].get(key)
        return entry[1] if entry is not None else None

    def has(self, hook: str, key: str) -> bool:
        return key in self._handlers[hook]

    def run(self, hook: str, key: str, *args: Any) -> Any:
        """Call `key`'s handler at `hook`, if it has one; return its result (else None)."""
        entry = self._handlers[hook].get(key)
        return entry[1](*args) if entry is not None else None

    def ordered(self, hook: str, keys: Iterable[str]) -> list[tuple[str, Callable]]:
        """The handlers at `hook` for those of `keys` that have one, in (order, key) order."""
        table = self._handlers[hook]
        found = [(table[k][0], k, table[k][1]) for k in set(keys) if k in table]
        found.sort(key=lambda e: (e[0], e[1]))
        return [(k, fn) for _, k, fn in found]

    def modify(self, hook: str, keys: Iterable[str], value: Any, *args: Any) -> Any:
        """Fold `value` through every handler at `hook` among `keys`, in order:
        value = handler(value, *args). Handlers of a value hook must not change the state."""
        for _, fn in self.ordered(hook, keys):
            value = fn(value, *args)
        return value

    def keys(self) -> set[str]:
        return {k for table in self._handlers.values() for k in table}

    def check_data(self, uses: Iterable[tuple[str, str, str]],
                   plain: Iterable[str] = ()) -> None:
        """Match the registry against the data. `uses` lists (file, card id, key) for every key
        a card names; `plain` keys need no handler (e.g. "none"). Raises CardDataError."""
        plain = set(plain)
        named: set[str] = set()
        for file, card, key in uses:
            named.add(key)
            if key not in plain and key not in self._where:
                raise CardDataError(file, card, None,
                                    f"no rules handler for {key!r} (the {self.game} effect "
                                    f"registry has none)")
        for key, module in sorted(self._where.items()):
            if key not in named:
                raise CardDataError(module.replace(".", "/") + ".py", key, None,
                                    f"a handler for {key!r}, which no {self.game} card has")
