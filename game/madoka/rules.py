"""The Madoka rulebook, step by step (spec: docs/rules/madoka.md).

Each function is one rulebook step, named after it and in rulebook order: setup, the four
actions (give_information, play_card, cleanse_soul_gem, discard_card), the end of the game
(end_turn, final_round, victory, loss) and scoring (score, rank). The four actions are the
action kinds of the core flow (game/core/flow.py) that answer a seat's "turn": each is
declared once below its rulebook step with its candidates, its check (the reason a player
reads, or None) and what its legality reads (`key` / `parts`: the core remembers the legal
actions per key, so a check runs once per hand or per tell key, not at every position).
Answering the turn closes it; the flow carries on at its `then`, `end_turn`. The witches' abilities are in
game/madoka/effects.py, one handler per witch, registered by her id. Queries the table and the
bots ask (no side effects) come last. They work on a `MadokaState` (see state.py for its attributes) and call
`s.emit` for the log; text is only built when `s.recording` is true, so AI search stays fast.

Decisions beyond the spec's D1–D10, taken here:
- D11. Cards milled by Elsa Maria go face up to the discard pile ("unseen" = nobody chose them).
  Milling the last girl card starts the final round like drawing it.
- D12. Cleansing needs a witch in the witch deck other than a defeated Walpurgisnacht (she would
  only come straight back, so cleansing against her alone could repeat forever).
- D13. When Roberta makes a player discard, no witch is returned (it is not the Discard action).
"""

from __future__ import annotations

import functools
import hashlib
import struct
from operator import itemgetter

from game.core.contract import Action
from game.core.flow import Rules, close, mark, marked, unmark
from game.core.rng import Rng

MAX_GRIEF = 3
#: D4: the grief a failed play adds (a witch on top may change it: effects.py)
FAILED_PLAY_GRIEF = 1
_shake = hashlib.shake_128
#: n -> the struct reading n little-endian 32-bit sort keys (shuffled_order)
_keys = functools.lru_cache(maxsize=None)(lambda n: struct.Struct(f"<{n}I"))
#: witch index = number - 1 (the loader guarantees numbers 1–9 and Walpurgisnacht at 9)
WALPURGISNACHT = 8
ALL_NUMBERS = 0b1111

rules = Rules()


# --- small helpers -----------------------------------------------------------------------------

def card_name(s, c: int) -> str:
    return f"{s.game.girl_names[s.girl_of[c]]} {s.number_of[c]}"


def draw_card(s, player: int) -> None:
    """Draw the top girl card into `player`'s hand (newest last); nothing if the deck is empty."""
    deck = s.deck
    if not deck:
        return
    c = deck.pop()
    s.hands[player].append(c)
    s.girls_possible[c] = s.all_girls
    s.numbers_possible[c] = ALL_NUMBERS
    s.clued[c] = 0
    if s._events is not None:
        # your own hand faces away from you: the others see what you drew, you do not
        s.emit("move", f"{s.seat_name(player)} draws a card", player,
               private=lambda: f"{s.seat_name(player)} draws {card_name(s, c)}",
               seen_by=s.game.others[s.players][player],
               secret={"girl": s.game.girl_ids[s.girl_of[c]], "number": s.number_of[c]},
               card=c, src="deck", dst=f"hand:{player}", face_up=False)
    if not deck:
        final_round(s)


def add_grief(s, n: int) -> None:
    """Put `n` grief markers on the Soul Gem; the third turns it black at once (loss)."""
    s.grief += n
    if s._events is not None:
        s.emit("grief", f"The Soul Gem takes {n} grief ({min(s.grief, MAX_GRIEF)}/{MAX_GRIEF})",
               None, markers=min(s.grief, MAX_GRIEF), added=n)
    if s.grief >= MAX_GRIEF:
        s.grief = MAX_GRIEF
        loss(s, "The third grief marker turned the Soul Gem black: a lost game scores 0.")


def discard_to_pile(s, player: int, c: int, why: str) -> None:
    s.discard.append(c)
    if s._events is not None:
        s.emit("move", why, player, card=c, src=f"hand:{player}", dst="discard", face_up=True,
               girl=s.game.girl_ids[s.girl_of[c]], number=s.number_of[c])


# --- Setup -------------------------------------------------------------------------------------

def setup(s, players: int, seed: int, variant: bool) -> None:
    """Shuffle the girl deck, deal hands (D1), pick the first player, build the witch deck (D2)."""
    game = s.game
    s.players, s.variant = players, variant
    s.rng = rng = Rng(seed)
    # Card instance ids 0..N-1 get their identities from a shuffled list, so an id says nothing
    # about the card; the deck is then simply the ids in order (top = last).
    deck_order, witch_order = shuffled_order(rng, len(game.identity_codes[variant]), 8)
    deal = itemgetter(*deck_order)
    girls, numbers, bits = game.identity_columns[variant]
    s.girl_of, s.number_of, s.card_bits = deal(girls), deal(numbers), deal(bits)
    total = len(s.girl_of)
    s.girl_count = 6 if variant else 5
    s.all_girls = (1 << s.girl_count) - 1
    s.girls_possible = [s.all_girls] * total
    s.numbers_possible = [ALL_NUMBERS] * total
    s.clued = [0] * total
    deck, hands = game.dealt(players, total)  # D1: the deal, as card ids
    s.deck = deck[:]
    s.hands = [hand[:] for hand in hands]
    s.rows = [[] for _ in range(s.girl_count)]
    s.discard = []
    s.grief = 0
    s.current = rng.below(players)  # D1: the first player is chosen at random
    s.witch_deck = [WALPURGISNACHT] + witch_order  # D2: Walpurgisnacht at the bottom (top = last)
    s.returned_on_top = 0
    s.witches_up = []
    s.witches_gone = []
    start_of_game_flags(s)
    ask_for_a_turn(s)


# --- card memory (game/core/flow.py marks) ------------------------------------------------------

#: a seat's mark: a witch forbids it to give information on its coming turn (the witch's name)
NO_TELLS = "no_tells"
#: who marks about the whole game are about; ATE_MAMI: Charlotte ate a Mami card (a bonus of
#: the QB variant needs it: `needs_charlotte_ate_mami` in the data)
GAME_MARKS, ATE_MAMI = "game", "charlotte_ate_mami"


def forbid_telling(s, seat: int, witch: str) -> None:
    """`seat` may not give information on its coming turn (a later block replaces this one)."""
    for p in range(s.players):
        unmark(s, p, NO_TELLS)
    mark(s, seat, NO_TELLS, witch)


def blocked_teller(s) -> int | None:
    """The seat that may not give information on its coming or current turn, or None."""
    return next((p for p in range(s.players) if (p, NO_TELLS) in s.marks), None)


def start_of_game_flags(s, final_turns: int = -1) -> None:
    """No witch has acted yet, the game is not over, it is turn 1."""
    s.marks = {}
    s.final_turns = final_turns
    s.over = False
    s.lost = False
    s.reason = ""
    s.walpurgis_defeated = False
    s.turn = 1
    s.last_told = -1


def ask_for_a_turn(s) -> None:
    """The current seat chooses one of the four actions (only Play or Discard in the final
    round): one seat choosing, the top of the decision stack. The frames are made once per
    game (`MadokaGame.turn_frames`), as `decisions.ask` would make them."""
    frame = s.game.turn_frames[s.final_turns >= 0][s.current]
    if s.decisions:
        s.decisions[-1] = frame
    else:
        s.decisions.append(frame)


def hand_key(s, player: int) -> tuple[int, ...]:
    """Play and Discard read only the hand (its ids and order)."""
    return tuple(s.hands[player])


def _check_card(s, player: int, action: Action, kind: str) -> str | None:
    c = action.source
    if action.target != kind:
        return f"A card to {kind} goes to the {kind} zone."
    if c in s.hands[player]:
        return None
    for p, hand in enumerate(s.hands):
        if c in hand:
            return f"That card is in {s.seat_name(p)}'s hand, not yours."
    return "That card is not in your hand."

def shuffled_order(rng: Rng, n: int, *more: int) -> list[int]:
    """A random permutation of range(n), from one number of the state's Rng: that number seeds
    SHAKE-128, whose output gives every position a 32-bit sort key (ties, about 1 in 10^7 for a
    40-card deck, keep index order). Faster than a Python Fisher-Yates loop (the sort runs in
    C), and the same on every machine. With `more` sizes, returns one permutation per size (one draw)."""
    total = n + sum(more)
    keys = _keys(total).unpack(_shake(rng.next64().to_bytes(8, "little")).digest(4 * total))
    if not more:
        return sorted(range(n), key=keys.__getitem__)
    orders = [sorted(range(n), key=keys.__getitem__)]  # (the first n keys: no slice needed)
    start = n
    for size in more:
        orders.append(sorted(range(size), key=keys[start:start + size].__getitem__))
        start += size
    return orders


# --- 1. Give information -----------------------------------------------------------------------

def tell_parts(s, player: int) -> list[int]:
    """A tell to seat t reads four flags (the final round, H.N. Elly's block on the teller, a
    numbers-only witch on top, Kyubey), t and the girls and numbers of t's hand (the bits of
    `card_bits`): that key (flags | t << 4 | mask << 6) for each other seat, the next first."""
    g = s.game
    final = s.final_turns >= 0
    wup = s.witches_up
    if final or wup or s.marks or s.variant:
        flags = (final | ((player, NO_TELLS) in s.marks) << 1
                 | (bool(wup) and g.numbers_only[wup[-1]]) << 2 | s.variant << 3)
    else:
        flags = 0  # the usual case, quickly
    cbit, hands = s.card_bits, s.hands
    out = []
    for t in g.others[s.players][player]:
        m = 0
        for c in hands[t]:
            m |= cbit[c]
        out.append(flags | t << 4 | m << 6)
    return out


def tell_candidates(s, player: int, key: int) -> tuple[Action, ...]:
    """Every tell to the seat of `key` (see tell_parts): each girl of the game, then each
    number."""
    return s.game.tells_to[s.variant][key >> 4 & 3]


def check_tell(s, player: int, action: Action) -> str | None:
    """Give information: one girl or one number, to another seat, pointing at a card (D3)."""
    g = s.game
    if s.final_turns >= 0:
        return "Only Play or Discard is allowed in the final round."
    t = action.target
    if type(t) is not int or not 0 <= t < s.players:
        return "Give information to another player at the table."
    if t == player:
        return "You cannot give information about your own hand."
    witch = marked(s, player, NO_TELLS)
    if witch is not None:
        return f"You cannot give information: {witch} forbids it this turn."
    opt = action.option
    if not (isinstance(opt, tuple) and len(opt) == 2 and opt[0] in ("girl", "number")):
        return "Information names one girl or one number."
    what, value = opt
    if what == "girl":
        if (not isinstance(value, str) or value not in g.girl_index
                or g.girl_index[value] >= s.girl_count):
            return f"{value!r} is not a girl in this game."
        if s.witches_up and g.numbers_only[s.witches_up[-1]]:
            witch = g.witches[s.witches_up[-1]]
            return f"{witch.name} is on top: information may name numbers only."
        gi = g.girl_index[value]
        if not any(s.girl_of[c] == gi for c in s.hands[t]):
            return (f"{g.girl_names[gi]} has no cards in {s.seat_name(t)}'s hand: "
                    "information must point at a card.")
        return None
    if value not in (1, 2, 3, 4) or isinstance(value, bool):
        return "Numbers go from 1 to 4."
    if not any(s.number_of[c] == value for c in s.hands[t]):
        return f"{s.seat_name(t)} has no {value}s: information must point at a card."
    return None


def give_information(s, player: int, action: Action) -> None:
    """Point at every card of one girl or one number in `target`'s hand (D3: at least one),
    record positive and negative knowledge, then add one grief marker."""
    close(s)
    target = s.last_told = action.target  # (public: the conventions read a tell right after it)
    what, value = action.option
    # a girl tell reads and writes the girl columns, a number tell the number columns
    if what == "girl":
        ident, known, want = s.girl_of, s.girls_possible, s.game.girl_index[value]
        bit = 1 << want
    else:
        ident, known, want = s.number_of, s.numbers_possible, value
        bit = 1 << (value - 1)
    clued = s.clued
    hand = s.hands[target]
    pointed = []
    for c in hand:
        if ident[c] == want:
            known[c] = bit
            clued[c] = 1
            pointed.append(c)
        else:
            known[c] &= ~bit
    if s._events is not None:
        about = s.game.girl_names[s.game.girl_index[value]] if what == "girl" else f"the {value}s"
        slots = ", ".join(str(hand.index(c) + 1) for c in pointed)
        card_word = "card" if len(pointed) == 1 else "cards"
        s.emit("tell", f"{s.seat_name(player)} tells {s.seat_name(target)} about {about} "
               f"({card_word} {slots})", player, target=target, what=what, value=value,
               cards=pointed)
    add_grief(s, 1)


# --- 2. Play a card ----------------------------------------------------------------------------

def play_candidates(s, player: int) -> list[Action]:
    """Play each card of the hand (labels name the slot)."""
    acts, slots = s.game.play_actions, s.game.SLOTS
    return [acts[c * slots + k] for k, c in enumerate(s.hands[player])]


def check_play(s, player: int, action: Action) -> str | None:
    """Play a card from your own hand to the girls' rows."""
    return _check_card(s, player, action, "play")


def play_card(s, player: int, action: Action) -> None:
    """Succeed if the card is exactly one more than its girl's row, else discard it with grief
    (D4; two markers while Walpurgisnacht is on top). Then draw."""
    close(s)
    s.last_told = -1
    c = action.source
    s.hands[player].remove(c)
    g = s.girl_of[c]
    row = s.rows[g]
    if s.number_of[c] == len(row) + 1:
        row.append(c)
        if s._events is not None:
            s.emit("move", f"{s.seat_name(player)} plays {card_name(s, c)} — success", player,
                   card=c, src=f"hand:{player}", dst=f"play:{s.game.girl_ids[g]}", face_up=True,
                   girl=s.game.girl_ids[g], number=s.number_of[c], success=True)
        if len(row) == 4:
            transform(s, g)
            if s.over:
                return
    else:
        s.discard.append(c)
        wup = s.witches_up  # (failed_play_grief(s), inline: AI search plays many)
        grief = s.game.failed_play_grief[wup[-1]] if wup else FAILED_PLAY_GRIEF
        if s._events is not None:
            s.emit("move", f"{s.seat_name(player)} plays {card_name(s, c)} — failure", player,
                   card=c, src=f"hand:{player}", dst="discard", face_up=True,
                   girl=s.game.girl_ids[g], number=s.number_of[c], success=False,
                   why=f"{next_needed(s, g)} The card is discarded and the Soul Gem takes "
                   f"{grief} grief.")
        add_grief(s, grief)
        if s.over:
            return
    draw_card(s, player)


def transform(s, g: int) -> None:
    """A girl's 4 is played: her transformation is complete. Madoka defeats a face-up
    Walpurgisnacht (D5); all girls transformed is victory."""
    if s._events is not None:
        s.emit("transform", f"{s.game.girl_names[g]} completes her transformation!", None,
               girl=s.game.girl_ids[g])
    if g == s.game.madoka and WALPURGISNACHT in s.witches_up:
        s.witches_up.remove(WALPURGISNACHT)
        defeat_walpurgisnacht(s)
    rows = s.rows
    for i in range(s.girl_count):
        if len(rows[i]) < 4:
            return
    victory(s)


def defeat_walpurgisnacht(s) -> None:
    """D5: 20 points the first time; she goes face down to the bottom of the witch deck."""
    first = not s.walpurgis_defeated
    s.walpurgis_defeated = True
    s.witch_deck.insert(0, WALPURGISNACHT)
    if s._events is not None:
        more = "" if first else " again (no more points)"
        s.emit("walpurgis_defeated", f"Madoka defeats Walpurgisnacht{more}!", None, first=first)


# --- 3. Cleanse the Soul Gem -------------------------------------------------------------------

def cleanse_limit(s) -> int:
    """How many markers may be cleansed now (0: not allowed)."""
    wdeck = s.witch_deck
    n = len(wdeck)
    if not s.grief or not n or (n == 1 and s.walpurgis_defeated and wdeck[0] == WALPURGISNACHT):
        return 0  # D12
    return min(2, s.grief, n)


def cleanse_candidates(s, player: int) -> tuple[Action, ...]:
    return s.game.cleanse_candidates


def cleanse_key(s, player: int) -> int:
    """Cleansing reads the final round, the grief, the witch deck's size (up to 3),
    Walpurgisnacht at its bottom and Walpurgisnacht defeated."""
    wdeck = s.witch_deck
    n = len(wdeck)
    return ((s.final_turns >= 0) | s.grief << 1 | (n if n < 3 else 3) << 3
            | (n > 0 and wdeck[0] == WALPURGISNACHT) << 5 | s.walpurgis_defeated << 6)


def check_cleanse(s, player: int, action: Action) -> str | None:
    """Cleanse 1 or 2 grief markers, revealing as many witches (D12)."""
    n = action.option
    if s.final_turns >= 0:
        return "Only Play or Discard is allowed in the final round."
    if action.target != "soulgem":
        return "Cleansing is done on the Soul Gem."
    if n not in (1, 2) or isinstance(n, bool):
        return "You may cleanse 1 or 2 grief markers."
    if not s.grief:
        return "The Soul Gem has no grief to cleanse."
    if not s.witch_deck:
        return "The witch deck is empty: there is nothing to cleanse against."
    limit = cleanse_limit(s)
    if limit == 0:
        return ("Only the defeated Walpurgisnacht is left in the witch deck: nothing to cleanse "
                "against.")
    if n > s.grief:
        return f"Cleanse {n} is not possible: the Soul Gem has only {s.grief} grief marker."
    if n > len(s.witch_deck):
        return f"Cleanse {n} is not possible: only {len(s.witch_deck)} witch left."
    return None


def cleanse_soul_gem(s, player: int, action: Action) -> None:
    """Remove n markers, then reveal n witches one at a time, each resolved before the next."""
    close(s)
    s.last_told = -1
    n = action.option
    s.grief -= n
    if s._events is not None:
        s.emit("grief", f"{s.seat_name(player)} cleanses {n} grief from the Soul Gem", player,
               markers=s.grief, added=-n)
    for _ in range(n):
        reveal_witch(s, player)
        if s.over:
            return


def reveal_witch(s, player: int) -> None:
    wdeck = s.witch_deck
    w = wdeck.pop()
    if s.returned_on_top:
        s.returned_on_top -= 1
    witch = s.game.witches[w]
    goes_to_stack = witch.after == "stack"
    if goes_to_stack:
        s.witches_up.append(w)
    else:
        s.witches_gone.append(w)
    if s._events is not None:
        s.emit("witch", f"{witch.name} appears! {witch.text}", player, witch=witch.id,
               action="reveal", dst="stack" if goes_to_stack else "gone", effect=witch.text)
    ability = s.game.reveal_handlers[w]  # game/madoka/effects.py, by the witch's id
    if ability is not None:
        ability(s, player, witch)


def eat_highest(s, g: int, verb: str) -> bool:
    """Charlotte and Oktavia: girl g's highest played card goes to the discard pile (not once
    she is transformed). True if a card was eaten."""
    row = s.rows[g]
    if not row or len(row) == 4:
        return False
    c = row.pop()
    s.discard.append(c)
    if s._events is not None:
        s.emit("move", f"{verb} {card_name(s, c)}", None, card=c,
               src=f"play:{s.game.girl_ids[g]}", dst="discard", face_up=True,
               girl=s.game.girl_ids[g], number=s.number_of[c])
    return True




# --- 4. Discard --------------------------------------------------------------------------------

def discard_candidates(s, player: int) -> list[Action]:
    """Discard each card of the hand (labels name the slot)."""
    acts, slots = s.game.discard_actions, s.game.SLOTS
    return [acts[c * slots + k] for k, c in enumerate(s.hands[player])]


def check_discard(s, player: int, action: Action) -> str | None:
    """Discard a card from your own hand."""
    return _check_card(s, player, action, "discard")


def discard_card(s, player: int, action: Action) -> None:
    """Discard a card, return the top face-up witch to the top of the witch deck (except
    Charlotte for Mami, Oktavia for Sayaka, never Walpurgisnacht; D6: none is fine), draw."""
    close(s)
    s.last_told = -1
    c = action.source
    s.hands[player].remove(c)
    discard_to_pile(s, player, c,
                    f"{s.seat_name(player)} discards {card_name(s, c)}" if s._events is not None else "")
    wup = s.witches_up
    if wup:
        w = wup[-1]
        witch = s.game.witches[w]
        if witch.returnable and s.game.witch_guard[w] != s.girl_of[c]:
            wup.pop()
            s.witch_deck.append(w)
            s.returned_on_top += 1
            if s._events is not None:
                s.emit("witch", f"{witch.name} is sent back to the witch deck", player,
                       witch=witch.id, action="return", dst="deck", effect=witch.text)
        elif s._events is not None:
            s.emit("message", f"{witch.name} stays on top", player, witch=witch.id)
    draw_card(s, player)


# --- A turn: the seat answers with one of the four actions ----------------------------------
# (declared here, in the order the table offers them: the cards of the hand, then the tells,
# then the cleanses)
rules.kind("play", answers=("turn",), candidates=play_candidates, check=check_play,
           key=hand_key)(play_card)
rules.kind("discard", answers=("turn",), candidates=discard_candidates, check=check_discard,
           key=hand_key)(discard_card)
rules.kind("tell", answers=("turn",), candidates=tell_candidates, check=check_tell,
           parts=tell_parts)(give_information)
rules.kind("cleanse", answers=("turn",), candidates=cleanse_candidates, check=check_cleanse,
           key=cleanse_key)(cleanse_soul_gem)


# --- End of the game ---------------------------------------------------------------------------

@rules.step
def end_turn(s) -> None:
    """Pass the turn on; count down the final round (D10)."""
    if s.over:
        return
    if s.marks:  # (usually empty: AI search ends many turns)
        unmark(s, s.current, NO_TELLS)
    if s.final_turns > 0:
        s.final_turns -= 1
        if s.final_turns == 0:
            game_over(s, "The girl deck is exhausted and every player had a final turn.")
            return
    s.current = (s.current + 1) % s.players
    s.turn += 1
    # ask_for_a_turn(s), inline (AI search ends many turns): the next seat chooses
    s.decisions.append(s.game.turn_frames[s.final_turns >= 0][s.current])
    if s._events is not None:
        s.emit("turn", f"{s.seat_name(s.current)}'s turn", s.current, seat=s.current)


def final_round(s) -> None:
    """The last girl card is gone: every player, starting with the next, gets one final turn
    (only Play or Discard). The count includes the current turn, which is about to end."""
    if s.final_turns < 0:
        s.final_turns = s.players + 1
        if s._events is not None:
            s.emit("final_round", "The girl deck is empty: everyone gets one final turn", None,
                   turns=s.players)


def victory(s) -> None:
    game_over(s, "Every magical girl has transformed!")


def loss(s, reason: str) -> None:
    s.lost = True
    game_over(s, reason)


def game_over(s, reason: str) -> None:
    s.over = True
    s.reason = reason
    s.decisions.clear()  # nobody is asked anything any more
    if s._events is not None:
        pts = score(s)
        s.emit("game_over", f"{reason} Score {pts}: {rank(s)}", None, score=pts, rank=rank(s),
               lost=s.lost)


# --- Scoring -----------------------------------------------------------------------------------

def score_details(s) -> dict:
    """Points per girl, bonuses earned, Walpurgisnacht, total (0 after a loss)."""
    sc = s.game.cards.scoring
    ids = s.game.girl_ids
    by_girl = {}
    done = set()
    for g in range(s.girl_count):
        h = len(s.rows[g])
        by_girl[ids[g]] = min(h, 3) * sc.low + (sc.four if h == 4 else 0)
        if h == 4:
            done.add(ids[g])
    bonuses = []
    for b in sc.bonuses:
        if b.variant and not s.variant:
            continue
        if all(g in done for g in b.girls) and (not b.needs_charlotte_ate_mami or marked(s, GAME_MARKS, ATE_MAMI)):
            bonuses.append({"id": b.id, "name": b.name, "points": b.points})
    walp = sc.walpurgisnacht if s.walpurgis_defeated else 0
    total = sum(by_girl.values()) + walp + sum(b["points"] for b in bonuses)
    return {"by_girl": by_girl, "bonuses": bonuses, "walpurgis": s.walpurgis_defeated,
            "walpurgis_points": walp, "total": 0 if s.lost else total}


def score(s) -> int:
    return score_details(s)["total"]


def rank(s) -> str:
    """D8 rank table; a loss is always 'Witch'."""
    return s.game.cards.scoring.rank(score(s), s.lost)


# --- Queries (no side effects: the table and the bots ask them) ---------------------------------

def failed_play_grief(s) -> int:
    """The grief markers a failed play adds now (D4; the top witch may say more)."""
    wup = s.witches_up
    return s.game.failed_play_grief[wup[-1]] if wup else FAILED_PLAY_GRIEF


def numbers_only(s) -> bool:
    """While the top face-up witch says so (Patricia), information may name numbers only."""
    wup = s.witches_up
    return bool(wup) and s.game.numbers_only[wup[-1]]


def next_needed(s, g: int) -> str:
    """What girl g's row needs next, in words: "Homura needs her 3 next."."""
    name = s.game.girl_names[g]
    height = len(s.rows[g])
    if height >= 4:
        return f"{name} is already transformed."
    return f"{name} needs her {height + 1} next."


def points_at(s, giver: int, target: int, what: str, value) -> list[int]:
    """The card ids of `target`'s hand a tell of (`what`, `value`) would point at, as `giver`
    sees them ([] for the giver's own hand, which the giver cannot see)."""
    if target == giver or not 0 <= target < s.players:
        return []
    if what == "girl":
        g = s.game.girl_index.get(value) if isinstance(value, str) else None
        return [c for c in s.hands[target] if s.girl_of[c] == g]
    return [c for c in s.hands[target] if s.number_of[c] == value]


def cost(s, player: int, action) -> str:
    """What an action costs, in a player's words ("1 grief", "reveals 2 witches", ...); "" when
    it costs nothing."""
    kind = action.kind
    if kind == "tell":
        return "1 grief"
    if kind == "play":
        return f"{failed_play_grief(s)} grief if it does not fit"
    if kind == "cleanse":
        n = action.option
        return f"reveals {n} witch{'es' if n != 1 else ''}"
    if kind == "discard" and s.witches_up:
        # (the discarder does not know the card: say the exception rather than look at it)
        witch = s.game.witches[s.witches_up[-1]]
        if not witch.returnable:
            return ""
        guard = s.game.witch_guard[s.witches_up[-1]]
        unless = f" unless it is a {s.game.girl_names[guard]} card" if guard >= 0 else ""
        return f"returns {witch.name}{unless}"
    return ""


def loses(s, player: int, action, may_fail: bool = True) -> str | None:
    """The reason an action would lose the game (ask before doing it), or None. A tell at two
    grief markers surely loses; a play loses if it does not fit (`may_fail`: the player cannot
    be sure it fits)."""
    if action.kind == "tell" and s.grief + 1 >= MAX_GRIEF:
        return "This tell puts the third grief marker on the Soul Gem: it turns black and the team loses."
    if action.kind == "play" and may_fail and s.grief + failed_play_grief(s) >= MAX_GRIEF:
        return ("If this card does not fit, the Soul Gem turns black and the team loses.")
    return None


def tell_options(s, giver: int, target: int) -> list[dict]:
    """Everything a tell menu shows for `target`'s hand, one entry per girl of the game and per
    number: {"action", "what", "value", "cards" (ids it points at), "legal", "reason" (why not,
    None when legal), "cost", "loses"}. Entries that point at no card are left out (D3)."""
    out = []
    for a in s.game.tells_to[s.variant][target]:
        what, value = a.option
        cards = points_at(s, giver, target, what, value)
        if not cards:
            continue
        reason = s.why_illegal(giver, a)
        out.append({"action": a, "what": what, "value": value, "cards": cards,
                    "legal": reason is None, "reason": reason, "cost": cost(s, giver, a),
                    "loses": loses(s, giver, a)})
    return out
