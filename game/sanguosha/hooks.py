"""Sanguosha's two registries, which every other module fills in:

- `rules`, the game's rules flow (game/core/flow.py): its action kinds, each declared for the
  questions it answers, and its rulebook steps, run by name from the state's agenda;
- `EFFECTS`, the effect registry (game/core/effects.py): what each card kind and each skill
  does, as handlers registered by id on the hook points below, in an explicit order.

This module imports only the core, so the engine modules and the card modules never import
each other in a circle: they meet here.

Hooks keyed by a card kind are asked about the card being used. Hooks keyed by a seat's skills
and equipment ("the seat's keys", board.seat_keys: working skills in the general's order, then
the equipped cards) are asked for every key of that seat that has a handler, in `order`, then
by key; the engine passes the seat. Value hooks (marked "value") fold a value through the
handlers and change nothing.
"""

from __future__ import annotations

from game.core.effects import Effects
from game.core.flow import Rules

rules = Rules()

EFFECTS = Effects("sanguosha", hooks={
    # --- a card being used (keyed by its kind) ---------------------------------------------
    "effect": "a used card takes effect on one target (a delayed trick: when judged)",
    "prepare": "a used card has been announced, before any target is resolved",
    "moot": "value: the card's effect on this target would do nothing (no window opens)",
    "finish": "a used card is done (what it left out is put away)",
    "nullified": "a delayed trick was nullified when judged (default: discarded)",
    "targets": "the target tuples a card used on a pair of players may name (candidates)",
    "check_targets": "why a card used on a pair of players may not name these (or None)",
    "target_words": "how an action names the pair a card is used on",
    "chosen": "a card was chosen from a player's zones for this card or skill",
    # --- a seat's skills and equipment (keyed by the seat's keys) -----------------------------
    "convert": "cards a skill or weapon lets a seat use or play as another card",
    "active": "play-phase skill actions a seat may take now (candidates)",
    "act": "a play-phase skill action resolves",
    "offer_options": "the ways an optional skill or weapon may be used now (default: yes)",
    "invoke": "an optional skill or weapon its owner chose to use",
    "start_phase": "the seat's start phase begins",
    "draw_phase": "the seat's draw phase begins (before it draws)",
    "discard_phase": "the seat's discard phase begins (before it discards)",
    "finish_phase": "the seat's finish phase begins",
    "hand_emptied": "the seat's last hand card left its hand",
    "equipment_lost": "a card left the seat's equipment area",
    "trick_used": "the seat used an ordinary trick (Nullification included)",
    "become_target": "the seat became a target of a used card",
    "aiming": "the seat's used card names its targets (once per use)",
    "has_targeted": "value: the seat's used card has targeted a player: may this trigger?",
    "judge_reveal": "a judgement card was revealed (every seat, in R1 order)",
    "judgement_done": "the seat's own judgement has taken effect",
    "slash_dodged": "the seat's Slash was dodged by its target",
    "dealing_damage": "the seat is about to deal damage with a Slash",
    "after_damage": "the seat took damage and is still alive",
    "guard": "a card is about to take effect on the seat: why it has none (or None)",
    "means": "the ways besides its own cards a seat may give a Dodge or a Slash (R3-R5)",
    "means_judged": "value: does this judgement card give what the means judged for?",
    "protects": "value: why a card of this kind may not target the seat (or None)",
    "slash_unlimited": "value: the seat may use any number of Slashes this play phase",
    "slash_targets": "value: how many targets the seat's Slash of these cards may have",
    "offence": "value: how much the seat's distance to others shrinks",
    "ignores_distance": "value: the seat's tricks ignore their reach",
    "damage_amount": "value: the damage the seat deals",
    "responses_needed": "value: how many Dodges or Slashes answer the seat's card",
    "peach_recovery": "value: how much a Peach given to the dying seat recovers",
})

#: steps that take a card out of the processing area (a judgement's, a fetched Slash's): while
#: one is on the agenda, a card may wait there with no card use resolving (state.resolving)
PUTS_AWAY: set[str] = set()


def puts_away(step):
    """Register a rules step that puts a waiting card away (see PUTS_AWAY)."""
    PUTS_AWAY.add(step.__name__)
    return rules.step(step)
