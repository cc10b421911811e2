"""Which table scene plays which game: game name -> TableScene subclass (DESIGN §3)."""

from __future__ import annotations

from scenes.bloodborne import BloodborneTable
from scenes.madoka import MadokaTable

TABLES: dict[str, type] = {"madoka": MadokaTable, "bloodborne": BloodborneTable}
