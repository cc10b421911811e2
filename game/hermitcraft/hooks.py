"""The Hermitcraft hook points: the moments where card text acts (handlers in effects.py).

The engine (board.py, attacks.py, rules.py) calls `EFFECTS.run(hook, card id, ...)` at the
moment the rulebook names; it never names a card itself.
"""

from __future__ import annotations

from game.core.effects import Effects

EFFECTS = Effects("hermitcraft", hooks={
    # Hermit attacks (keyed by the Hermit whose attack is used, own or copied)
    "attack_check": "may the special attack be used now? (a reason, or None)",
    "waiting": "the defender's waiting effect, marked on the attacker's seat, flips before the "
               "attack's own effects (D35 step 2)",
    "attack_choices": "choices before the attack resolves (D35 step 1): True if a frame was pushed",
    "own_effects": "the attack's own coin flips and effects, before any damage (D35 step 3)",
    "after_attack": "after the hits: queue switches, steals and grants (s.pending)",
    "known_bonus": "the attack's additions and multipliers that no coin decides (pure): "
                   "(add, [percent, ...])",
    "card_step": "a card's own after-attack step, queued by after_attack (Grian's Borrow: "
                 "flip, then take the opposing active's effect card)",
    # attached effect cards
    "reduce": "reduce one hit on the card's Hermit (armour budgets, Shield, Netherite)",
    "played": "the card is played from the hand onto a Hermit (Bed)",
    "attached": "the card arrives in a slot, played or moved (buckets cure, D37)",
    "immune": "the card refuses a status effect (buckets)",
    "revive": "the Hermit at 0 HP revives instead of being knocked out (Deathloop's mark on "
              "the Hermit, then Totem): (its HP, what revived it), or None",
    "hp_zero": "the Hermit's HP reached 0 and no revival saved it; acts before any "
               "after-attack effect (Loyalty, D40)",
    "woke": "the card's Hermit wakes up (the Bed played on it is discarded)",
    "stays_active": "the opponent cannot force this Hermit AFK (Netherite)",
    "reaction": "strike back after its side was damaged (Thorns, then Wolf: the handlers' "
                "order): the hit's source, or None when it does not fire",
    # single-use cards
    "can_use": "can the card apply at all? (a reason, or None)",
    "use": "an instant card's effect, on confirmation",
    "su_choices": "an attack card's targets: True if a frame was pushed",
    "su_hits": "an attack card's hits: [(seat, row, damage)]",
    "before_hits": "an attack card's effect before the hits (Golden Axe)",
    "follow_up": "a follow-up card after the Hermit attack (Knockback, Chorus Fruit)",
})
