"""The Monster Hunter TCG effect registry: hook points, and the handlers keyed by ability
keyword (monsters, hunters) or item id. The handlers live in game/mhtcg/abilities.py; this module
only declares the registry, so rules.py can call it without importing the handlers."""

from __future__ import annotations

from game.core.effects import Effects

EFFECTS = Effects("mhtcg", hooks={
    # monsters
    "on_reveal": "a monster is turned face up (Thief, Roar, Flash)",
    "strikes_first": "a face-down monster a hunter attacks strikes first (value: bool)",
    "monster_attack": "a monster's own attack value (value: Pack, Rage)",
    "aura": "another face-up monster in the area changes an attack value (value: Leader)",
    "hunter_damage": "a hunter attack's damage on this monster (value: Armoured, Aloft, Wind)",
    "attack_loss": "the cards an attack makes a hunter lose (value: Poison)",
    "after_loss": "an attack removed at least one card from a hunter's deck (Stench)",
    "result_start": "result step 1 on the owner's sheet (Flame aura)",
    "may_burrow": "result step 1: the owner may turn it face down (value: bool, Burrow)",
    # hunters
    "after_move": "the hunter ended its move (Charge)",
    "hunter_attack": "the hunter's attack value (value: Charge)",
    "never_struck_first": "face-down monsters it attacks never strike first (Sidestep)",
    "after_monster_attack": "a monster's attack reached this hunter (Counter)",
    "window_choices": "what the hunter's window ability offers now: [(card, target, label)] "
                      "(Spotter)",
    "window_problem": "why the window ability may not be used so now, or None",
    "window_ability": "an ability used on a window turn (Spotter)",
    # items, keyed by card id
    "item_targets": "what an item names: the tokens it may aim at, or None",
    "use_problem": "why an item may not be used now (response: as a response), or None",
    "turns_face_up": "a face-down monster it aims at turns face up before it resolves (value: "
                     "bool: bombs, Paintball)",
    "response_problem": "why an Interrupt may not answer the announced item now, or None",
    "response": "an Interrupt resolves before the item it answers (True: that item is cancelled)",
    "item": "an item resolves",
})
