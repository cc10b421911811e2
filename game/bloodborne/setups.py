"""Hand-made Bloodborne states for tests, bots and tutorials (spec: docs/rules/bloodborne.md).

    s = make_state(players=4, monster="scourge_beast", hands={0: ["hunter_axe", "blood_vial"]},
                   health={1: 3}, first=0, dice=[5, 5, 0])

Cards are written by their data id ("hunter_axe", "blood_vial"). A hand given for a seat
replaces that seat's hand: its starter cards not listed go to its used pile, listed upgrades are
taken from the upgrade deck (or the Available row), so every card is always somewhere.
`dice` forces the next die faces (indices into the die's face list, e.g. red 5 is "3+"); after
them the state's own Rng rolls. The round is then started afresh at step 1.
"""

from __future__ import annotations

from game.bloodborne import rules
from game.core.flow import go
from game.core.rng import Rng


class ScriptedRng(Rng):
    """An Rng whose `below` first returns the scripted values (forced dice faces)."""

    __slots__ = ("script",)

    def __init__(self, script=(), seed: int = 0) -> None:
        super().__init__(seed)
        self.script = list(script)

    def below(self, n: int) -> int:
        if self.script:
            return self.script.pop(0)
        return super().below(n)

    def clone(self) -> ScriptedRng:
        return ScriptedRng(self.script, self.state)


def instance(s, seat: int, card: str) -> int:
    """The instance id of `card` in `seat`'s hand."""
    for c in s.hand[seat]:
        if s.cards[c].id == card:
            return c
    raise ValueError(f"{card!r} is not in seat {seat}'s hand")


def take_card(s, seat: int, card: str) -> int:
    """Move one copy of `card` into `seat`'s hand from wherever it waits."""
    for k, c in enumerate(s.cards[:rules.STARTERS * s.players]):
        if c.id == card:
            cid = seat * rules.STARTERS + k % rules.STARTERS
            for pile in (s.used[seat], s.hand[seat]):
                if cid in pile:
                    pile.remove(cid)
            s.hand[seat].append(cid)
            return cid
    for pile in (s.upgrade_deck, s.available):
        for cid in pile:
            if s.cards[cid].id == card:
                pile.remove(cid)
                s.hand[seat].append(cid)
                return cid
    raise ValueError(f"no {card!r} left to deal")


def make_state(players: int = 4, final: str = "rom", monster: str | None = "carrion_crow",
               hp: int | None = None, hands: dict | None = None, health: dict | None = None,
               collected: dict | None = None, used: dict | None = None,
               available: list | None = None, first: int = 0, dice=(), seed: int = 0):
    from game.bloodborne import GAME

    s = GAME.new_state(players, seed, final_boss=final)
    if monster is not None:
        m = s.card_set.monster_by_id[monster]
        if m.final:
            s.dungeon, s.current = [], s.monster_base + rules.DUNGEON_SIZE
            s.revealed = rules.DUNGEON_SIZE
        else:
            s.slot_monsters[s.current - s.monster_base] = m.id
        s.echoes = s.echoes_full = rules.monster_hp(s, m)
    if hp is not None:
        s.echoes = s.echoes_full = hp
    if available is not None:
        s.upgrade_deck.extend(s.available)
        s.available = []
        for card in available:
            cid = next(c for c in s.upgrade_deck if s.cards[c].id == card)
            s.upgrade_deck.remove(cid)
            s.available.append(cid)
    for seat, cards in (hands or {}).items():
        s.used[seat].extend(s.hand[seat])
        s.hand[seat] = []
        for card in cards:
            take_card(s, seat, card)
    for seat, cards in (used or {}).items():
        for card in cards:
            cid = take_card(s, seat, card)
            s.hand[seat].remove(cid)
            if cid in s.used[seat]:
                s.used[seat].remove(cid)
            s.used[seat].append(cid)
    s.health = [rules.MAX_HEALTH] * players  # undo an ambush by the monster dealt at setup
    for seat, h in (health or {}).items():
        s.health[seat] = h
    for seat, n in (collected or {}).items():
        s.collected[seat] = n
    s.first_player = s.start_player = first
    s.rng = ScriptedRng(dice, seed)
    s.round = 0
    del s.decisions[:]  # the round the new state started is dealt again
    s.changed()
    go(s, "choose_action_cards")
    s.rules.advance(s)
    return s


def reveal(s, monster: str) -> None:
    """Put `monster` on top of the dungeon and reveal it (end of round, step 8)."""
    s.slot_monsters[s.dungeon[-1] - s.monster_base] = monster
    s.current = -1
    rules.reveal_next_dungeon_card(s)


def choose_all(s, choices: dict) -> list:
    """Every seat asked in step 1 chooses its card (by data id); returns the events."""
    from game.core.contract import Action

    events = []
    for seat in list(s.to_act()):
        events += s.apply(seat, Action("choose", instance(s, seat, choices[seat]), "chosen"))
    return events
