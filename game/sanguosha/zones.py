"""Moving cards (docs/rules/sanguosha.md: Draw pile and reshuffle; Use, play and discard): the
draw pile and its reshuffles, drawing, taking a card out of a seat's zones (which may raise a
trigger, D39), discarding, giving, recovering HP, and the public record of who harmed whom.
"""

from __future__ import annotations

from game.sanguosha.board import clabel, fire, name
from game.sanguosha.ending import end_game

# --- the draw pile (spec: Draw pile and reshuffle) ----------------------------------------

def top_card(s) -> int | None:
    """Take the top card of the draw pile, reshuffling the discard pile in when it is empty.
    None when the game has just ended as a draw."""
    if not s.draw:
        if not s.discard:
            end_game(s, "Draw: the cards have run out", ())
            return None
        if s.stalemate_guard and s.reshuffles >= 5:
            end_game(s, "Draw: the discard pile would be reshuffled a 6th time", ())
            return None
        s.draw = list(s.discard)
        s.reshuffled = sorted(s.discard)
        s.discard.clear()
        s.rng.shuffle(s.draw)
        s.reshuffles += 1
        s.emit("reshuffle", "The discard pile is shuffled into a new draw pile.", None,
               counters=((None, "draw", len(s.draw)),))
    return s.draw.pop()


def draw_cards(s, p: int, n: int) -> None:
    got = []
    for _ in range(n):
        c = top_card(s)
        if c is None:
            return
        s.hand[p].append(c)
        got.append(c)
    if got:
        s.emit("draw", f"{name(s, p)} draws {len(got)}.", p,
               private=lambda: f"You draw {', '.join(clabel(s, c) for c in got)}.",
               seen_by=(p,), secret={"cards": got},
               counters=((p, "hand", len(s.hand[p])), (None, "draw", len(s.draw))))


# --- moving cards -------------------------------------------------------------------------------

def to_hand(s, p: int, c: int, public: bool) -> None:
    """A card enters p's hand; if everyone saw which (Amazing Grace, a taken equipped card)
    it stays known to all while it remains there (`shown`)."""
    s.hand[p].append(c)
    if public:
        s.shown.append(c)


def remove_card(s, p: int, c: int) -> str:
    """Take card c out of p's zones; return the zone it left. The seat's skills may react
    (the last hand card gone, an equipped card lost): their triggers resolve as soon as the
    step doing this returns (D39)."""
    if c in s.hand[p]:
        s.hand[p].remove(c)
        if c in s.shown:
            s.shown.remove(c)
        if not s.hand[p]:
            fire(s, p, "hand_emptied")
        return "hand"
    if c in s.equip[p]:
        s.equip[p][s.equip[p].index(c)] = -1
        fire(s, p, "equipment_lost")
        return "equip"
    for i, (jc, _) in enumerate(s.judge[p]):
        if jc == c:
            del s.judge[p][i]
            return "judge"
    raise ValueError(f"card {c} is not in {p}'s zones")


def discard_cards(s, p: int, cs: list[int], why: str = "discards") -> None:
    for c in cs:
        remove_card(s, p, c)
        s.discard.append(c)
    if cs:
        s.emit("discard", f"{name(s, p)} {why} {', '.join(clabel(s, c) for c in cs)}.", p,
               cards=list(cs), counters=((p, "hand", len(s.hand[p])),))


def give_card(s, src: int, dst: int, c: int, face_up: bool, gift: bool = False) -> None:
    """Move a card from src's zones into dst's hand (Snatch, Retaliation, Benevolence...).
    A hand card moved face down is named only to the two of them."""
    was_shown = c in s.shown
    zone = remove_card(s, src, c)
    public = face_up or zone != "hand" or was_shown
    to_hand(s, dst, c, public)
    if gift:
        s.emit("give", f"{name(s, src)} gives {'a card' if not public else clabel(s, c)} to "
               f"{name(s, dst)}.", src,
               private=lambda: f"{name(s, src)} gives {clabel(s, c)} to {name(s, dst)}.",
               seen_by=(src, dst), secret={"card": c}, dst=dst,
               counters=((src, "hand", len(s.hand[src])), (dst, "hand", len(s.hand[dst]))))
    elif public:
        s.emit("take", f"{name(s, dst)} takes {clabel(s, c)} from {name(s, src)}.", dst,
               card=c, src=src, counters=((src, "hand", len(s.hand[src])),
                                          (dst, "hand", len(s.hand[dst]))))
    else:
        s.emit("take", f"{name(s, dst)} takes a card from {name(s, src)}'s hand.", dst,
               private=lambda: f"{name(s, dst)} takes {clabel(s, c)} from {name(s, src)}.",
               seen_by=(src, dst), secret={"card": c}, src=src,
               counters=((src, "hand", len(s.hand[src])), (dst, "hand", len(s.hand[dst]))))


def random_hand_card(s, p: int) -> int:
    """A face-down hand card chosen by another player is a random one (D19)."""
    return s.hand[p][s.rng.below(len(s.hand[p]))]


def put_away(s, cards) -> None:
    """Cards waiting in the processing area go to the discard pile."""
    s.processing[:] = [c for c in s.processing if c not in cards]
    s.discard.extend(cards)


# --- HP and the public record -------------------------------------------------------------------

def recover(s, p: int, n: int) -> None:
    gain = min(n, s.max_hp[p] - s.hp[p])
    if gain > 0:
        s.hp[p] += gain
        s.emit("recover", f"{name(s, p)} recovers {gain} HP ({s.hp[p]}/{s.max_hp[p]}).", p,
               counters=((p, "hp", s.hp[p]),))


def note(s, a: int, b: int, v: int) -> None:
    """The public record of who harmed (+) or helped (−) whom: everyone saw it happen."""
    if a >= 0 and b >= 0 and a != b:
        s.ledger[a * s.players + b] += v


def new_uid(s) -> str:
    s.next_uid += 1
    return str(s.next_uid)
