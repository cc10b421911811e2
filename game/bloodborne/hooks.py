"""Bloodborne's hook points and effect registry (spec: docs/rules/bloodborne.md, Cards).

The rules (rules.py) call the hook points below at their rulebook step; the handlers that act
there are registered per ability keyword in effects.py with `on`. This module sits below both,
so the rules reach the handlers without importing the module that defines them.

Value hooks (their handlers return a number or a flag and change nothing, so bots and the table
may ask them) fold `value = handler(value, ...)`; the other hooks act on the state.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.effects import Effects

#: hook point -> (whose ability it is, when it acts)
HOOKS = {
    # hunter cards
    "weapon_damage": ("hunter", "value: the damage a card deals, before the monster's defence"),
    "on_strike": ("hunter", "a card is about to deal its damage (it may cost something)"),
    "after_attack": ("hunter", "step 5: right after the card dealt its damage"),
    "immediate": ("hunter", "step 3: the Immediate card acts"),
    "damage_taken": ("hunter", "value: the monster's damage to the hunter who played the card"),
    "transforms": ("hunter", "value: whether the card's hunter picks a weapon in step 2"),
    "rests_in_dream": ("hunter", "value: whether the card takes its hunter to the Dream (step 7)"),
    # monsters and bosses (while they are fought, or when they come and go)
    "defence": ("monster", "value: the damage a hunter's attack deals it"),
    "monster_attack": ("monster", "value: its attack's total, step 4"),
    "preventable": ("monster", "value: whether card effects may prevent or reduce its damage"),
    "dream_halves": ("monster", "value: whether hunters in the Dream take half"),
    "on_wound": ("monster", "step 4: its attack wounded a hunter"),
    "end_of_round": ("monster", "step 8: it survived the round"),
    "on_reveal": ("monster", "it is turned up"),
    "on_escape": ("monster", "step 6: it escapes"),
    # final bosses: the whole game
    "final_attack": ("final", "value: every monster attack's total, step 4"),
    "monster_hp": ("final", "value: a monster's echoes when it is revealed"),
    "available_size": ("final", "value: how many Available Upgrades lie face up"),
    "on_death": ("final", "a hunter dies"),
    "on_kill": ("final", "a monster is slain"),
}

EFFECTS = Effects("bloodborne", {hook: what for hook, (_, what) in HOOKS.items()})


#: hook -> {keyword: handler}: the registry as flat tables for the rules' hot paths (a look-up
#: and a call, with no wrapper in between), filled as `on` registers
HANDLERS: dict[str, dict[str, Callable]] = {hook: {} for hook in HOOKS}


def on(hook: str, key: str, order: int = 0) -> Callable[[Callable], Callable]:
    """Register the decorated handler for ability `key` at `hook` (in `order` among a fold's
    handlers)."""

    def register(fn: Callable) -> Callable:
        EFFECTS.on(hook, key, order=order)(fn)
        HANDLERS[hook][key] = fn
        return fn

    return register


def keywords(family: str) -> set[str]:
    """The ability keywords a card of `family` ("hunter", "monster", "final") may name."""
    hooks = [hook for hook, (fam, _) in HOOKS.items() if fam == family]
    return {key for key in EFFECTS.keys() if any(EFFECTS.has(h, key) for h in hooks)}


def value(hook: str, key: str, v, *args):
    """A value hook for one card's keyword (a card has one ability): its handler's answer, or
    `v` unchanged when the keyword has none at this hook."""
    fn = HANDLERS[hook].get(key)
    return v if fn is None else fn(v, *args)


def run(hook: str, key: str, *args) -> None:
    """The keyword's handler at a hook that acts on the state, if it has one."""
    fn = HANDLERS[hook].get(key)
    if fn is not None:
        fn(*args)


_FOLDS: dict = {}


def fold(hook: str, keys: tuple[str, ...], v, *args):
    """A value hook for several keywords, through their handlers in registered `order` (the
    ordering is worked out once per set of keywords)."""
    handlers = _FOLDS.get((hook, keys))
    if handlers is None:
        handlers = _FOLDS[(hook, keys)] = [fn for _, fn in EFFECTS.ordered(hook, keys)]
    for fn in handlers:
        v = fn(v, *args)
    return v
