"""Hand-made Madoka states for tests, bots and tutorials (spec: docs/rules/madoka.md).

    s = make_state(players=2, hands=[["homura1", "mami2"], ["kyoko1", "madoka4"]],
                   rows={"mami": 1}, deck=["sayaka1"], witches_up=["charlotte"], grief=1)

Cards are written "<girl><number>" ("homura3", "qb1"). `deck` and `witch_deck` are listed
top first (the next card drawn / witch revealed comes first); `witches_up` bottom first (top
last). Every card not placed goes to the bottom of the deck (`rest="deck"`) or to the discard
pile (`rest="discard"`), so the 40 (45) cards are always all there.
"""

from __future__ import annotations

from game.madoka.rules import ALL_NUMBERS, WALPURGISNACHT, ask_for_a_turn, start_of_game_flags


def parse_card(game, card) -> int:
    """'homura3' or ('homura', 3) -> identity code (girl index * 4 + number - 1)."""
    if isinstance(card, str):
        girl, number = card[:-1], int(card[-1])
    else:
        girl, number = card
    if girl not in game.girl_index or number not in (1, 2, 3, 4):
        raise ValueError(f"not a card: {card!r}")
    return game.girl_index[girl] * 4 + number - 1


def make_state(players: int = 4, hands=None, deck=None, rows=None, discard=None, grief: int = 0,
               witch_deck=None, witches_up=None, witch_known: int = 0, current: int = 0,
               qb: bool = False, seed: int = 0, rest: str = "deck", final_turns: int = -1):
    from game.madoka import GAME
    from game.madoka.state import MadokaState

    game = GAME
    s = game.new_state(players, seed, qb=qb)  # for the Rng and the defaults
    pool = list(game.identity_codes[qb])

    def take(card) -> int:
        code = parse_card(game, card)
        if code not in pool:
            raise ValueError(f"no {card!r} left to place")
        pool.remove(code)
        return code

    codes: list[int] = []

    def place(card) -> int:
        codes.append(take(card))
        return len(codes) - 1

    s2 = MadokaState(game, players)
    s2.variant, s2.rng = qb, s.rng
    s2.girl_count = 6 if qb else 5
    s2.all_girls = (1 << s2.girl_count) - 1
    hands = hands if hands is not None else [[] for _ in range(players)]
    if len(hands) != players:
        raise ValueError("one hand per player")
    s2.hands = [[place(c) for c in hand] for hand in hands]
    rows = rows or {}
    s2.rows = [[place((gid, n)) for n in range(1, rows.get(gid, 0) + 1)]
               for gid in game.girl_ids[: s2.girl_count]]
    s2.discard = [place(c) for c in (discard or [])]
    top_first = [place(c) for c in (deck or [])]
    leftovers = []
    while pool:
        codes.append(pool.pop())
        leftovers.append(len(codes) - 1)
    if rest == "deck":
        s2.deck = leftovers + top_first[::-1]
    else:
        s2.discard += leftovers
        s2.deck = top_first[::-1]
    s2.set_identities(codes)
    total = len(codes)
    s2.girls_possible = [s2.all_girls] * total
    s2.numbers_possible = [ALL_NUMBERS] * total
    s2.clued = [0] * total
    s2.grief = grief
    wi = game.witch_index
    up = [wi[w] for w in (witches_up or [])]
    if witch_deck is None:
        others = [w for w in range(8) if w not in up]
        s2.witch_deck = ([] if WALPURGISNACHT in up else [WALPURGISNACHT]) + others[::-1]
    else:
        s2.witch_deck = [wi[w] for w in witch_deck][::-1]
    s2.returned_on_top = witch_known
    s2.witches_up = up
    s2.witches_gone = []
    s2.current = current
    start_of_game_flags(s2, final_turns)
    ask_for_a_turn(s2)
    return s2


def card_at(s, seat: int, slot: int) -> int:
    """The card id in `seat`'s hand at `slot` (0 = oldest)."""
    return s.hands[seat][slot]


def name_of(s, c: int) -> str:
    """'homura3' for a card id."""
    return f"{s.game.girl_ids[s.girl_of[c]]}{s.number_of[c]}"
