"""Writes data/bloodborne/rules.md, the in-app rules reference, from the prose below and the
card data (so the card tables always match the TOML files). The rules it retells are the
specification's, docs/rules/bloodborne.md.

    python -m game.bloodborne.docs          # rewrite data/bloodborne/rules.md
    python -m game.bloodborne.docs --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import sys

from game.bloodborne.cards import CardSet, load_card_set
from game.core.resources import data_path

RULES = """\
# Bloodborne: The Card Game

3–5 hunters go down into a Chalice Dungeon of ten monsters and bosses, and then face a final
boss. Everyone fights the same monster each round, but only one hunter wins: the one with the
most **banked blood echoes plus trophy points** when the final boss falls.

> **About these cards.** The printed card texts, dice faces and trophy values of the \
published game are not public. This app plays with **our own card set**: the published card \
counts, the abilities known from reviews, and numbers balanced over thousands of games between \
AI hunters. Names come from the world of the video game.

> **How even it is.** With four AI hunters (1,000 games per final boss) a game lasts 15.5 \
rounds on average (15.3–15.9 by final boss), the hunter who plays first in round 1 wins 28.9% \
of games (fair share 25%), and every upgrade card is taken in at least 46% of games.

## Setup

- One **final boss** is drawn at random (or chosen in the game options). Its ability applies to
  the whole game.
- The **Chalice Dungeon**: 7 random monsters and 3 random bosses, shuffled face down.
- The **upgrade deck** is shuffled; as many **Available Upgrades** as hunters lie face up.
- Every hunter holds the five starter cards and has **8 health**.
- A random hunter is the **first player**; the first-player token passes to the left each round.
- The first dungeon card is revealed. Its **echoes** equal its HP: the printed HP is for
  3 hunters, +1 with 4, +2 with 5. A monster's remaining HP *is* the echoes left on it.

## A round, in eight steps

1. **Choose an action card.** Everyone secretly chooses one card from hand; all are revealed
   together. If Hunter's Dream is your only card, you must choose it.
2. **Transform.** Whoever revealed Transform now secretly picks a melee or ranged weapon from
   hand (revealed together); it deals +1. Having seen the others' cards, a transforming hunter
   must fight: no Dream this round.
3. **Immediate effects.** Immediate cards act, from the first player to the left. A ranged card
   protects: it prevents damage to its owner, or cancels another hunter's melee attack (each
   card says which; the Hunter Pistol lets you choose). If the monster dies here, steps 4–6
   are skipped.
4. **Monster attack.** The first player rolls the die of the monster's lantern colour. A face
   with `+` is rolled again and added, as often as it comes up. **Every** hunter takes the total;
   a hunter in the Dream takes half, rounded down. A hunter at 0 health or less **dies**: they
   lose all their collected (unbanked) echoes and sit out until step 7.
5. **Hunter attack.** From the first player to the left, each living hunter who played a weapon
   deals its damage and takes that many echoes from the monster, never more than remain. When
   the monster dies, **every hunter who damaged it this round** (step 3 included) gains one
   trophy of each of its kinds (Kin, Humanoid, Beast).
6. **Escape.** A normal monster still alive escapes (its "on escape" ability acts). Bosses and
   the final boss never escape: next round you fight them again, with their damage.
7. **Hunter's Dream.** In turn order, each hunter who chose the Dream banks all collected echoes
   (banked echoes are never lost), takes back all used cards, takes one Available Upgrade and
   heals to 8. Each hunter who died this round heals to 8 and may take one Available Upgrade,
   but takes back nothing. **Hand limit 7:** with 8 cards, remove one from the game. Then the
   Available Upgrades are refilled while the deck lasts.
8. **End of round.** Played cards go face up on each hunter's used pile. The first player passes
   left. If the monster is dead or gone, the next dungeon card is revealed; after the tenth
   comes the final boss.

## End of the game

When the final boss falls, everyone banks their collected echoes and adds their trophy points.
The highest total wins; a tie goes to more banked echoes; still tied, the win is shared.

## Our decisions where the rules are silent

- A hunter with an empty hand (possible after dying in the Dream) first takes back all used
  cards.
- A hunter who dies takes no further part in the round, so gains no trophy that round.
- Questions with a single answer are not asked: a lone card in hand is played, a lone weapon is
  transformed into, a lone Available Upgrade is taken by a Dreaming hunter, a Pistol with no
  melee attack to cancel protects its owner.
- Under Rom, if every hunter is out of the game, the game ends and no one wins.
- After 100 rounds the dungeon closes: the game is scored as if the final boss had fallen.
- A hunter who concedes can no longer win; a bot plays their seat to the end. When only one
  hunter who may win is left, they win at once.
"""


def _kinds(m) -> str:
    return ", ".join(k.capitalize() for k in m.trophies)


def card_tables(cs: CardSet) -> str:
    out = ["## The cards", ""]
    faces = "; ".join(f"{colour} {' '.join(d.faces)}" for colour, d in cs.dice.items())
    extra = cs.track_extra
    track = ", ".join(str(v) for v in cs.track)
    out += [f"**Dice** (a `+` face rolls again and adds): {faces}.", "",
            f"**Trophy track** per kind, for 1, 2, 3, 4 trophies: {track}; +{extra} for each "
            "more.", ""]
    out += ["### Starter cards (every hunter)", "", "| card | type | damage | text |",
            "|---|---|---|---|"]
    out += [f"| {c.name} | {c.type} | {c.damage} | {c.text} |" for c in cs.starter]
    out += ["", f"### Upgrades ({len(cs.upgrade_instances)} cards)", "",
            "| card | copies | type | damage | text |", "|---|---|---|---|---|"]
    out += [f"| {c.name} | {c.copies} | {c.type} | {c.damage} | {c.text} |"
            for c in cs.upgrades]
    for title, group in (("Monsters", cs.monsters), ("Bosses", cs.bosses),
                         ("Final bosses", cs.finals)):
        out += ["", f"### {title} ({len(group)})", "",
                "| name | HP (3 hunters) | die | trophies | ability |", "|---|---|---|---|---|"]
        out += [f"| {m.name} | {m.hp} | {m.lantern} | {_kinds(m)} | {m.text} |" for m in group]
    return "\n".join(out) + "\n"


def rules_markdown() -> str:
    return RULES + "\n" + card_tables(load_card_set())


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    path = data_path("bloodborne", "rules.md")
    text = rules_markdown()
    if "--check" in argv:
        ok = path.exists() and path.read_text(encoding="utf-8") == text
        print("rules.md is up to date" if ok else "rules.md is out of date")
        return 0 if ok else 1
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
