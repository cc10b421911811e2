"""Which table scene plays which game: game name -> TableScene subclass.

A table's module is imported when its game is first opened, so one game's table being rebuilt
(or failing to import) never stops the app or another game's table from opening.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any


class _Tables(dict):
    """name -> TableScene subclass; values given as "module:Class" are imported on first use."""

    def __getitem__(self, name: str) -> type:
        value = super().__getitem__(name)
        if isinstance(value, str):
            module, cls = value.split(":")
            value = getattr(import_module(module), cls)
            super().__setitem__(name, value)
        return value

    def get(self, name: str, default: Any = None) -> Any:
        return self[name] if name in self else default


TABLES: dict[str, type] = _Tables(madoka="scenes.madoka:MadokaTable",
                                  bloodborne="scenes.bloodborne:BloodborneTable",
                                  mhtcg="scenes.mhtcg:MonsterHunterTable",
                                  hermitcraft="scenes.hermitcraft:HermitcraftTable",
                                  sanguosha="scenes.sanguosha:SanguoshaTable")
