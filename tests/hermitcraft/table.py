"""Hand-made Hermitcraft positions for rule tests: put Hermits, items and effect cards where a
test wants them, script the coins, and act through the real legal actions."""

from __future__ import annotations

from game.core.contract import Action
from game.core.flow import mark
from game.hermitcraft import GAME
from game.hermitcraft import rules as R
from game.hermitcraft.board import about
from game.hermitcraft.state import BURN, POISON, HermitState

FILLER = "balanced_item"


class Coins:
    """A stand-in RNG that deals scripted coins: 'H' heads, 'T' tails (then heads forever)."""

    def __init__(self, script: str = "") -> None:
        self.script = list(script)
        self.state = 0

    def below(self, n: int) -> int:
        if n == 2 and self.script:
            return 0 if self.script.pop(0) == "H" else 1
        return 0

    def clone(self) -> Coins:
        c = Coins()
        c.script = list(self.script)
        return c

    def shuffle(self, items) -> None:
        pass


class Table:
    """A state with empty boards; each seat's deck holds `deck` filler cards (top = last)."""

    def __init__(self, deck: int = 20, reward: bool = False) -> None:
        s = HermitState(GAME, 2)
        s.defs = [FILLER] * (2 * R.DECK_SIZE)
        s.lives = [R.LIVES, R.LIVES]
        s.placed = [True, True]
        s.reward = reward
        self.s = s
        self._next = [0, R.DECK_SIZE]
        for p in range(2):
            s.decks[p] = [self._new(p, FILLER) for _ in range(deck)]
        s.rng = Coins()

    def _new(self, p: int, card_id: str) -> int:
        iid = self._next[p]
        self._next[p] += 1
        self.s.defs[iid] = card_id
        return iid

    # --- building ------------------------------------------------------------------------------
    def hermit(self, p: int, card_id: str, row: int | None = None, *, items=(), effect=None,
               hp: int | None = None, active: bool | None = None, status: str = "",
               sleep: int = 0) -> int:
        """Place a Hermit (the first placed is active); returns its row."""
        s = self.s
        if row is None:
            row = next(r for r in range(5) if s.hermit[p][r] < 0)
        iid = self._new(p, card_id)
        s.hermit[p][row] = iid
        s.hp[p][row] = s.card(iid).health if hp is None else hp
        s.items[p][row] = [self._new(p, i) for i in items]
        s.effect[p][row] = self._new(p, effect) if effect else -1
        if effect == "bed":  # as if played on this Hermit
            mark(s, about(s.effect[p][row], iid), "bed")
        s.dot[p][row] = {"": 0, "burn": BURN, "poison": POISON}[status]
        s.sleep[p][row] = sleep
        if active or (active is None and s.active[p] < 0):
            s.active[p] = row
        return row

    def hand(self, p: int, *card_ids: str) -> list[int]:
        out = [self._new(p, c) for c in card_ids]
        self.s.hands[p] += out
        return out

    def discard(self, p: int, *card_ids: str) -> list[int]:
        out = [self._new(p, c) for c in card_ids]
        self.s.discards[p] += out
        return out

    def start(self, p: int = 0, turn: int = 3) -> Table:
        """Begin turn `turn` for seat p (its start-of-turn steps run)."""
        self.s.turn = turn - 1
        R.start_turn(self.s, p)
        return self

    def coins(self, script: str) -> Table:
        self.s.rng.script = list(script)
        return self

    # --- acting --------------------------------------------------------------------------------
    def legal(self, p: int | None = None) -> list[Action]:
        p = self.s.to_act()[0] if p is None else p
        self.s.changed()  # a test may have edited the position by hand
        return self.s.legal_actions(p)

    def find(self, kind: str, card: str | None = None, target=None, option=None,
             p: int | None = None) -> Action | None:
        p = self.s.to_act()[0] if p is None else p
        self.s.changed()  # a test may have edited the position by hand
        for a in self.s.legal_actions(p):
            if a.kind != kind:
                continue
            if card is not None and (not isinstance(a.source, int) or self.s.defs[a.source] != card):
                continue
            if target is not None and a.target != target:
                continue
            if option is not None and a.option != option:
                continue
            return a
        return None

    def can(self, kind: str, card: str | None = None, target=None, option=None,
            p: int | None = None) -> bool:
        return self.find(kind, card, target, option, p) is not None

    def do(self, kind: str, card: str | None = None, target=None, option=None,
           p: int | None = None) -> list:
        p = self.s.to_act()[0] if p is None else p
        a = self.find(kind, card, target, option, p)
        if a is None:
            labels = [x.label for x in self.s.legal_actions(p)]
            raise AssertionError(f"no legal {kind} {card} {target} {option} for seat {p}; "
                                 f"legal: {labels}; prompt: {self.s.prompt(p)}")
        return self.s.apply(p, a)

    def attack(self, which: str = "secondary") -> list:
        return self.do("attack", option=which)

    def choose(self, value, p: int | None = None) -> list:
        return self.do("choose", target=value, p=p)

    def use(self, card: str) -> list:
        return self.do("single_use", card)

    def end_turn(self) -> list:
        return self.do("end_turn")

    # --- reading -------------------------------------------------------------------------------
    def hp(self, p: int, row: int) -> int:
        return self.s.hp[p][row]

    def effect(self, p: int, row: int) -> str | None:
        iid = self.s.effect[p][row]
        return None if iid < 0 else self.s.defs[iid]

    def hermit_id(self, p: int, row: int) -> str | None:
        iid = self.s.hermit[p][row]
        return None if iid < 0 else self.s.defs[iid]

    def discard_ids(self, p: int) -> list[str]:
        return [self.s.defs[c] for c in self.s.discards[p]]

    def hand_ids(self, p: int) -> list[str]:
        return [self.s.defs[c] for c in self.s.hands[p]]

    def prompt_kind(self) -> str:
        return self.s.decisions[-1].kind if self.s.decisions else ""
