"""The table every game shares (see base.py for what it does and the parts it is made of)."""

from scenes.table.base import TableScene
from scenes.table.pieces import Place, Spot

__all__ = ["Place", "Spot", "TableScene"]
