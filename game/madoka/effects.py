"""The witches of Madoka (spec: docs/rules/madoka.md, "The witches"), one handler per witch,
registered in the game's effect registry under the witch's id.

Hook points:

- `on_reveal(s, player, witch)`: the witch is turned up by `player`'s cleanse; her ability
  happens at once (rules.reveal_witch).
- `failed_play_grief(markers, witch)`: a value: the grief a failed play adds while she is the
  top face-up witch (D4: one, unless she says otherwise).
- `information(kinds, witch)`: a value: what a tell may name while she is on top ("girl",
  "number").

The value hooks read only the witch's data, so the game asks them once per witch when it loads
(`MadokaGame.failed_play_grief`, `.numbers_only`). Every number comes from data/madoka/
witches.toml (`amount`, `grief`, `failed_play_grief`); `load_card_set` checks that every witch
has a handler and every handler a witch (a `CardDataError` otherwise).
"""

from __future__ import annotations

from game.core.effects import Effects
from game.core.flow import mark
from game.madoka.rules import (
    ALL_NUMBERS,
    ATE_MAMI,
    GAME_MARKS,
    WALPURGISNACHT,
    add_grief,
    card_name,
    defeat_walpurgisnacht,
    discard_to_pile,
    draw_card,
    eat_highest,
    final_round,
    forbid_telling,
    shuffled_order,
)

EFFECTS = Effects("madoka", hooks={
    "on_reveal": "a witch is turned up from the witch deck: her ability happens at once",
    "failed_play_grief": "the grief markers a failed play adds while she is on top",
    "information": "what a tell may name while she is on top",
})


@EFFECTS.on("on_reveal", "gertrud")
def gertrud(s, player: int, witch) -> None:
    """1. The revealing player's hand is shuffled and everything known about it is forgotten.

    The cards' identities are shuffled among the hand's card ids (the slots and ids stay), so
    the owner cannot follow a card through the shuffle by its id."""
    hand = s.hands[player]
    order = shuffled_order(s.rng, len(hand))
    columns = [list(s.girl_of), list(s.number_of), list(s.card_bits)]
    for col in columns:
        values = [col[c] for c in hand]
        for c, k in zip(hand, order, strict=True):
            col[c] = values[k]
    s.girl_of, s.number_of, s.card_bits = (tuple(col) for col in columns)
    for c in hand:
        s.girls_possible[c] = s.all_girls
        s.numbers_possible[c] = ALL_NUMBERS
        s.clued[c] = 0
    if s.recording:
        # the others see the shuffled hand; its owner only learns that it was shuffled
        s.emit("forget", f"{s.seat_name(player)}'s hand is shuffled and forgotten", player,
               seen_by=s.game.others[s.players][player],
               secret={"hand": [[s.game.girl_ids[s.girl_of[c]], s.number_of[c]] for c in hand]},
               seats=[player], shuffled=True)


@EFFECTS.on("on_reveal", "charlotte")
def charlotte(s, player: int, witch) -> None:
    """2. She eats Mami's highest played card (unless Mami is transformed)."""
    for _ in range(witch.amount):
        if eat_highest(s, s.game.mami, "Charlotte eats"):
            mark(s, GAME_MARKS, ATE_MAMI)


@EFFECTS.on("on_reveal", "elly")
def elly(s, player: int, witch) -> None:
    """3. The next player cannot Give information on their next turn."""
    blocked = (player + 1) % s.players
    forbid_telling(s, blocked, witch.name)
    if s.recording:
        s.emit("message", f"{s.seat_name(blocked)} cannot give information on their "
               "next turn", None, seat=blocked)


@EFFECTS.on("on_reveal", "elsa_maria")
def elsa_maria(s, player: int, witch) -> None:
    """4. The top girl card is discarded without being drawn (D11); Elsa Maria leaves."""
    for _ in range(witch.amount):
        if not s.deck:
            return
        c = s.deck.pop()
        s.discard.append(c)
        if s.recording:
            s.emit("move", f"Elsa Maria sweeps {card_name(s, c)} off the deck", None, card=c,
                   src="deck", dst="discard", face_up=True,
                   girl=s.game.girl_ids[s.girl_of[c]], number=s.number_of[c])
        if not s.deck:
            final_round(s)


@EFFECTS.on("on_reveal", "oktavia")
def oktavia(s, player: int, witch) -> None:
    """5. Sayaka falls: her highest played card goes to the discard pile."""
    for _ in range(witch.amount):
        eat_highest(s, s.game.sayaka, "Oktavia takes")


@EFFECTS.on("on_reveal", "albertine")
def albertine(s, player: int, witch) -> None:
    """6. Every hint on every hand is forgotten."""
    full = s.all_girls
    girls, numbers, clued = s.girls_possible, s.numbers_possible, s.clued
    for hand in s.hands:
        for c in hand:
            girls[c] = full
            numbers[c] = ALL_NUMBERS
            clued[c] = 0
    if s.recording:
        s.emit("forget", "Every hint is scribbled away", None, seats=list(range(s.players)))


@EFFECTS.on("on_reveal", "roberta")
def roberta(s, player: int, witch) -> None:
    """7. The revealing player discards a random card and draws one (D13); Roberta leaves."""
    hand = s.hands[player]
    for _ in range(witch.amount):
        if not hand:
            return
        c = hand.pop(s.rng.below(len(hand)))
        discard_to_pile(s, player, c, f"Roberta snatches {card_name(s, c)} from "
                        f"{s.seat_name(player)}" if s.recording else "")
        draw_card(s, player)


@EFFECTS.on("information", "patricia")
def patricia(kinds: tuple[str, ...], witch) -> tuple[str, ...]:
    """8. While on top: information may name numbers only."""
    return tuple(k for k in kinds if k != "girl")


@EFFECTS.on("on_reveal", "walpurgisnacht")
def walpurgisnacht(s, player: int, witch) -> None:
    """9. Her grief marker; if Madoka is already transformed she is defeated at once (D5)."""
    add_grief(s, witch.grief)
    if s.over:
        return
    if len(s.rows[s.game.madoka]) == 4:
        s.witches_up.remove(WALPURGISNACHT)
        defeat_walpurgisnacht(s)


@EFFECTS.on("failed_play_grief", "walpurgisnacht")
def walpurgisnacht_on_top(markers: int, witch) -> int:
    """9. While on top a failed play adds two markers instead of one."""
    return witch.failed_play_grief
