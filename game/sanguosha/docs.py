"""Writes data/sanguosha/rules.md, the in-app rules reference, from the prose below and the
card data (so the tables never drift from the TOML). The full specification with every decision
is docs/rules/sanguosha.md.

    python -m game.sanguosha.docs          # rewrite data/sanguosha/rules.md
    python -m game.sanguosha.docs --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import sys
from collections import Counter

from game.core.resources import data_path
from game.sanguosha.cards import SUIT_SYMBOLS, CardSet, card_set, rank_name

INTRO = """# Sanguosha (三國殺)

4–10 players (and a 2-player quick game). Everyone secretly holds an **identity**; only the
Lord's is shown. Each player plays one of 25 **generals** of the Three Kingdoms, each with one or
two skills. Use cards to attack, defend, heal and disrupt; a character whose HP falls to 0 and who
is not saved dies and shows their identity.

## Identities and goals

| players | Lord | Loyalist | Rebel | Renegade | Lord +1 HP |
|---|---|---|---|---|---|
| 2 | 1 | 0 | 1 | 0 | no |
| 4 (default) | 1 | 1 | 2 | 0 | no |
| 4 (option) | 1 | 1 | 1 | 1 | no |
| 4 (option) | 1 | 0 | 2 | 1 | yes |
| 5 | 1 | 1 | 2 | 1 | yes |
| 6 | 1 | 1 | 3 | 1 (option: 2 Rebels, 2 Renegades) | yes |
| 7 | 1 | 2 | 3 | 1 | yes |
| 8 | 1 | 2 | 4 | 1 (option: 3 Rebels, 2 Renegades) | yes |
| 9 | 1 | 3 | 4 | 1 | yes |
| 10 | 1 | 3 | 4 | 2 | yes |

- **Lord and Loyalists** win when every Rebel and Renegade is dead (Loyalists win dead or alive).
- **Rebels** win when the Lord dies, unless a Renegade is the only one left (dead or alive).
- A **Renegade** wins alone, by being the last one alive when the Lord dies.

## Setup

1. Identities are dealt at random; the Lord shows theirs.
2. The Lord chooses a general from Cao Cao, Liu Bei, Sun Quan and 2 random others; then everyone
   else chooses in secret from 3 of the remaining 24 (2 each at 10 players). All are shown together.
3. Max HP is the general's; the Lord has +1 (see the table). Everyone draws 4; the Lord begins.

## Distance and attack range

- **Distance** from A to B: the fewer steps between them round the circle of living players.
  +1 if B has a +1 horse, −1 if A has a −1 horse (or Horsemanship); never below 1. It is not
  symmetric, and the dead no longer count.
- **Attack range** is 1, or your weapon's range (it does not add). A Slash needs the target in
  your attack range; Snatch needs distance 1, whatever your weapon.

## A turn

1. **Start** (Stargazing, Goddess of the Luo).
2. **Judgement**: delayed tricks in your judgement area, newest first; each may be nullified.
3. **Draw** 2 cards.
4. **Play**: use cards and skills one at a time. At most **one Slash** (Zhuge Crossbow, Roar: any
   number). A Peach only on yourself when wounded. No two cards of the same name in a judgement
   area; one card per equipment slot (a new one replaces the old).
5. **Discard** down to your **current HP**.
6. **Finish** (Eclipse the Moon).

## Using and playing

*Using* a card (a Slash, a Dodge against a Slash, a trick) names targets and resolves; *playing*
one (a Slash in a Duel or against Savage Assault, a Dodge against Archery Attack) only shows it.
Only Slashes you **use** in your own play phase count towards the limit.

- **Asking order**: whenever several players may answer (Nullification, Peaches for the dying,
  Royal Escort and Rouse helpers), they are asked one at a time from the **current player** in
  seat order; everyone entitled is asked, whatever they hold, so being asked reveals nothing.
- **Nullification**: before a trick acts on each target, anyone may nullify it; a Nullification
  can itself be nullified, and asking starts again each time. An odd number cancels the trick
  for that target.
- **Needing a Dodge**: your armour (Eight Diagrams: judge, red is a Dodge), then Royal Escort if
  you are the Lord Cao Cao, then a Dodge from hand (or a conversion). Peerless needs two.

## Judgement, damage, dying

- A **judgement** turns up the top card; Demonic Talent may replace it before it takes effect;
  afterwards it is discarded (Heaven's Envy may take it).
- **Damage** lowers HP. At 0 or less you are **dying**: from the current player round the table,
  each may use Peaches on you until you are at 1 HP; if nobody saves you, you die.
- At a death the identity is shown and the game may end at once. Otherwise the dead player's cards
  are discarded, then whoever killed a **Rebel** draws 3, and a **Lord** who killed a **Loyalist**
  discards every hand and equipped card. Lightning and losing HP have no killer.
- When the draw pile runs out the discard pile is shuffled in; if both are empty, or at a 6th
  reshuffle (the stalemate guard), the game is a draw.
"""

OUTRO = """
## Where the rulebook is silent

Our decisions are listed in full (D1–D42) in the specification; the ones you meet most:
newest delayed trick first; a nullified Lightning moves on; the dying window starts from the
current player; hidden cards chosen by another player (Dismantlement, Snatch, Retaliation…) are
picked at random; an equipped card spent as a cost or converted no longer counts for range; the
Green Dragon Blade's extra Slash ignores range and the limit; Rouse that nobody answers cannot be
tried again that play phase. The app asks every entitled player in every window, and your own
side answers "pass" at once when you hold nothing usable.

- **Conceding**: a player who concedes is played by the computer from then on and cannot win.

## At the table

- **Use a card**: drag it onto a glowing seat (Slash, Duel, Snatch…) or onto the middle (Peach,
  equipment, Savage Assault…). A seat out of reach does not glow; a drop there is refused with
  the reason.
- **Answer**: when you are asked for a Dodge, a Slash, a Peach or a Nullification, a tray opens
  in the middle with the card being answered and your cards that answer it: click one, or Pass.
- **Judgements** are turned over in the middle for everyone to see.
- **Point at a seat** to see its general's skills, its distance from you and whether it is in
  your attack range.
- **Guess identities**: click the "?" tag of a hidden seat to note Loyalist?, Rebel? or
  Renegade? on it (click again for the next guess); only you see your notes.
- **Language**: Settings → Language, or the C key, shows card, general, skill and identity names
  in English or Chinese.
- **The computer players** know only what a player at the table could know: their own hand and
  identity, the Lord, and who has harmed or helped whom. From that they guess who is on which
  side, as you do.
"""


def _cards(cs: CardSet) -> list[str]:
    lines = ["## The cards (104, and 4 EX)", "",
             "| card | 中文 | kind | copies | what it does |", "|---|---|---|---|---|"]
    by_kind: dict[str, list] = {}
    for c in cs.cards:
        by_kind.setdefault(c.kind.id, []).append(c)
    for kid in cs.kinds:  # basic cards, tricks, equipment (the data's order)
        copies = by_kind[kid]
        k = copies[0].kind
        kind = k.type if not k.subtype else k.subtype.replace("_", " ")
        if k.is_trick:
            kind += " trick"
        if k.range:
            kind += f", range {k.range}"
        where = ", ".join(f"{SUIT_SYMBOLS[c.suit]}{rank_name(c.rank)}" + (" EX" if c.ex else "")
                          for c in copies)
        lines.append(f"| **{k.name}** | {k.name_zh} | {kind} | {where} | {k.text} |")
    return lines


def _generals(cs: CardSet) -> list[str]:
    lines = ["", "## The generals", "",
             "Lord skills work only for the Lord; locked skills work by themselves.", "",
             "| general | 中文 | kingdom | HP | skills |", "|---|---|---|---|---|"]
    for g in cs.generals:
        skills = []
        for sid in g.skills:
            sk = cs.skills[sid]
            tags = [t for t, on in (("lord", sk.lord), ("locked", sk.locked)) if on]
            tag = f" ({', '.join(tags)})" if tags else ""
            skills.append(f"**{sk.name}** {sk.name_zh}{tag}: {sk.text}")
        sex = "♀ " if g.gender == "female" else ""
        lines.append(f"| {sex}**{g.name}** | {g.name_zh} | {g.kingdom.capitalize()} | {g.hp} | "
                     + " ".join(skills) + " |")
    count = Counter(g.kingdom for g in cs.generals)
    lines.append("")
    lines.append("Wei " + str(count["wei"]) + ", Shu " + str(count["shu"]) + ", Wu "
                 + str(count["wu"]) + ", Qun " + str(count["qun"]) + ".")
    return lines


def render(cs: CardSet | None = None) -> str:
    cs = cs or card_set()
    return INTRO + "\n" + "\n".join(_cards(cs) + _generals(cs)) + "\n" + OUTRO


def main(argv: list[str]) -> int:
    path = data_path("sanguosha", "rules.md")
    text = render()
    if "--check" in argv:
        ok = path.exists() and path.read_text(encoding="utf-8") == text
        print("rules.md is up to date" if ok else "rules.md is out of date")
        return 0 if ok else 1
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
