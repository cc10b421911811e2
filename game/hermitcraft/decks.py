"""Deck rules, deck codes and the reference simulator's legacy deck hash.

A deck is a sequence of card ids, one per card (order does not matter). `validate_deck` says in
a player's words which rules a deck breaks (spec "Deck building", D25, D26); deck codes are our
readable `HC1:` format (D27); the legacy hash is hc-tcg's: base64 of one character per card whose
code is the card's numeric id (`hc_id`), UTF-8 encoded, so its players can bring their decks.
"""

from __future__ import annotations

import base64
import binascii
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.hermitcraft.cards import KINDS, RARITY_NAMES, CardSet, parse_entry

DECK_SIZE = 42
MAX_COPIES = 3  # of any card except items
MAX_RARE = 12  # ×2 items are rare cards and count (D25)
MAX_ULTRA_RARE = 3
MAX_TOKENS = 42  # the token option (D26)
CODE_PREFIX = "HC1:"

#: the two deck-building rule sets: the seed's rarity limits (default) or the token option
RULES = ("rarity", "tokens")


class DeckCodeError(ValueError):
    """A deck code or legacy hash that cannot be read; `str()` is one line saying why."""


# --- counting ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DeckCounts:
    """What the deck editor shows: the total, per kind, per rarity, and the token cost."""

    total: int
    hermit: int
    effect: int
    single_use: int
    item: int
    common: int
    rare: int
    ultra_rare: int
    tokens: int


def card_tokens(cards: CardSet, card_id: str, deck: Sequence[str]) -> int:
    """One card's token cost in this deck (ultra-rare Etho is cheaper in an all-PvP deck)."""
    card = cards.card(card_id)
    discount = getattr(card, "discount_item_type", "")
    if discount:
        items = [cards.card(c) for c in deck if c in cards.by_id and cards.card(c).kind == "item"]
        if all(i.type == discount for i in items):
            return card.discount_tokens
    return card.tokens


def deck_counts(cards: CardSet, deck: Sequence[str]) -> DeckCounts:
    """Counts of the known cards in `deck` (unknown ids are only counted in `total`)."""
    known = [cards.card(c) for c in deck if c in cards.by_id]
    kinds = Counter(c.kind for c in known)
    rarities = Counter(c.rarity for c in known)
    tokens = sum(card_tokens(cards, c.id, deck) for c in known)
    return DeckCounts(len(deck), kinds["hermit"], kinds["effect"], kinds["single_use"],
                      kinds["item"], rarities["common"], rarities["rare"],
                      rarities["ultra_rare"], tokens)


# --- the deck rules ----------------------------------------------------------------------------

def validate_deck(cards: CardSet, deck: Iterable[str], rules: str = "rarity") -> list[str]:
    """Every rule `deck` breaks, one readable sentence each; [] if the deck is legal.

    rules="rarity": the default rules (at most 12 rare and 3 ultra-rare cards, an ultra-rare
    card only once). rules="tokens": the token option instead of those limits (total token
    cost at most 42). Both: exactly 42 cards, at most 3 copies of a non-item card, a Hermit.
    """
    if rules not in RULES:
        raise ValueError(f"unknown deck rules {rules!r} (expected one of {', '.join(RULES)})")
    deck = list(deck)
    problems = []
    unknown = sorted({c for c in deck if c not in cards.by_id})
    if unknown:
        problems.append("Not in the card set: " + ", ".join(repr(c) for c in unknown) + ".")
    if len(deck) != DECK_SIZE:
        problems.append(f"A deck has exactly {DECK_SIZE} cards; this one has {len(deck)}.")
    counts = deck_counts(cards, deck)
    if counts.hermit == 0:
        problems.append("A deck needs at least one Hermit card.")
    copies = Counter(c for c in deck if c in cards.by_id)
    for card_id in sorted(copies, key=lambda c: _export_key(cards, c)):
        card, n = cards.card(card_id), copies[card_id]
        if card.kind == "item":
            continue
        if rules == "rarity" and card.rarity == "ultra_rare" and n > 1:
            problems.append(f"An ultra-rare card may appear only once: {describe(cards, card_id)}"
                            f" appears {n} times.")
        elif n > MAX_COPIES:
            problems.append(f"At most {MAX_COPIES} copies of a card (items excepted): "
                            f"{describe(cards, card_id)} appears {n} times.")
    if rules == "rarity":
        if counts.rare > MAX_RARE:
            problems.append(f"At most {MAX_RARE} rare cards (×2 items count); this deck has "
                            f"{counts.rare}.")
        if counts.ultra_rare > MAX_ULTRA_RARE:
            problems.append(f"At most {MAX_ULTRA_RARE} ultra-rare cards; this deck has "
                            f"{counts.ultra_rare}.")
    elif counts.tokens > MAX_TOKENS:
        problems.append(f"The token option allows {MAX_TOKENS} tokens; this deck costs "
                        f"{counts.tokens}.")
    return problems


def describe(cards: CardSet, card_id: str) -> str:
    """"Grian (rare)": a card's name with its rarity, since names repeat across rarities."""
    card = cards.card(card_id)
    if card.kind == "item":
        return card.name
    return f"{card.name} ({RARITY_NAMES[card.rarity]})"


def starter_decks(cards: CardSet) -> dict[str, list[str]]:
    """Deck id -> its 42 card ids, for the four starter decks (spec "Starter decks")."""
    return {d.id: list(d.cards) for d in cards.starters}


def random_deck(cards: CardSet, rng, rules: str = "rarity") -> list[str]:
    """A legal deck built at random (for bots and for testing every card): one or two types,
    10-14 of their Hermits (whose attacks those items pay), 4-6 effect cards, 8-12 single-use
    cards, and items of those types for the rest."""
    from game.hermitcraft.cards import ANY

    while True:
        types = sorted({rng.choice(cards.items).type for _ in range(1 + rng.below(2))})
        payable = [h for h in cards.hermits
                   if all(t in types or t == ANY for t in h.primary.cost + h.secondary.cost)]
        if not payable:
            continue
        deck = [rng.choice(payable).id for _ in range(10 + rng.below(5))]
        deck += [rng.choice(cards.effects).id for _ in range(4 + rng.below(3))]
        deck += [rng.choice(cards.single_uses).id for _ in range(8 + rng.below(5))]
        items = [i for i in cards.items if i.type in types]
        while len(deck) < DECK_SIZE:
            item = rng.choice(items)
            deck.append(item.id if item.points == 1 or rng.below(4) == 0 else
                        next(i.id for i in items if i.type == item.type and i.points == 1))
        if not validate_deck(cards, deck, rules):
            return deck


# --- HC1 deck codes (D27) ----------------------------------------------------------------------

def _export_key(cards: CardSet, card_id: str) -> tuple[int, str]:
    return KINDS.index(cards.card(card_id).kind), card_id


def encode_code(cards: CardSet, deck: Iterable[str]) -> str:
    """`HC1:grian_c*3,gem_c*2,...`: Hermits, effect cards, single-use cards, items, each by id."""
    copies = Counter(deck)
    unknown = sorted(c for c in copies if c not in cards.by_id)
    if unknown:
        raise DeckCodeError("Cannot write a code for cards not in the set: "
                            + ", ".join(unknown) + ".")
    entries = [c if copies[c] == 1 else f"{c}*{copies[c]}"
               for c in sorted(copies, key=lambda c: _export_key(cards, c))]
    return CODE_PREFIX + ",".join(entries)


def decode_code(cards: CardSet, code: str) -> list[str]:
    """The card ids a `HC1:` code lists (the deck may still be illegal: see validate_deck).

    Spaces and letter case are ignored; an empty code lists no cards. Raises DeckCodeError.
    """
    if not isinstance(code, str):
        raise DeckCodeError("A deck code is text starting with 'HC1:'.")
    text = "".join(code.split())
    head, colon, body = text.partition(":")
    if not colon or not head.upper().startswith("HC"):
        raise DeckCodeError(f"Not a deck code: it must start with '{CODE_PREFIX}' "
                            f"(it starts with {_preview(text)!r}).")
    if head.upper() != CODE_PREFIX[:-1]:
        raise DeckCodeError(f"Deck code version '{head}:' is not known; this app reads "
                            f"'{CODE_PREFIX}' codes.")
    deck: list[str] = []
    unknown: list[str] = []
    for entry in body.split(",") if body else []:
        try:
            card_id, n = parse_entry(entry)
        except ValueError as e:
            raise DeckCodeError(f"Bad deck code: {e}.") from None
        if card_id not in cards.by_id:
            unknown.append(card_id)
        deck += [card_id] * n
    if unknown:
        names = ", ".join(repr(c) for c in dict.fromkeys(unknown))
        raise DeckCodeError(f"Unknown card id{'s' if len(set(unknown)) > 1 else ''} in the deck "
                            f"code: {names}.")
    return deck


def _preview(text: str) -> str:
    return text[:8] + ("…" if len(text) > 8 else "")


# --- the reference simulator's legacy hash ------------------------------------------------------

def encode_legacy_hash(cards: CardSet, deck: Iterable[str]) -> str:
    """hc-tcg's legacy deck hash: base64 of one character per card, its numeric id."""
    deck = list(deck)
    unknown = sorted({c for c in deck if c not in cards.by_id})
    if unknown:
        raise DeckCodeError("Cannot write a hash for cards not in the set: "
                            + ", ".join(unknown) + ".")
    text = "".join(chr(cards.card(c).hc_id) for c in deck)
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def decode_legacy_hash(cards: CardSet, text: str) -> list[str]:
    """The card ids in an hc-tcg legacy deck hash. Cards outside our Season 9 base set are
    named (by their numeric id) in the DeckCodeError."""
    raw = "".join(str(text).split()).replace("-", "+").replace("_", "/")
    if not raw:
        raise DeckCodeError("The deck hash is empty.")
    try:
        data = base64.b64decode(raw + "=" * (-len(raw) % 4), validate=True)
        numbers = [ord(ch) for ch in data.decode("utf-8")]
    except (binascii.Error, ValueError):
        raise DeckCodeError("Not a deck hash: it is not valid base64 of card numbers.") from None
    if not numbers:
        raise DeckCodeError("The deck hash holds no cards.")
    outside = Counter(n for n in numbers if n not in cards.by_hc_id)
    if outside:
        listed = ", ".join(f"#{n}" + (f" ×{k}" if k > 1 else "") for n, k in sorted(outside.items()))
        raise DeckCodeError(f"The deck holds cards outside the Season 9 base set (hc-tcg card "
                            f"numbers): {listed}.")
    return [cards.by_hc_id[n].id for n in numbers]


def import_deck(cards: CardSet, text: str) -> list[str]:
    """Read either a `HC1:` code or a legacy hash (anything without a `HC…:` prefix)."""
    squeezed = "".join(str(text).split())
    if ":" in squeezed:
        return decode_code(cards, squeezed)
    return decode_legacy_hash(cards, squeezed)
