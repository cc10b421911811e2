"""Who may use what on whom (docs/rules/sanguosha.md: A turn 4, How a used card resolves 1):
the public facts that decide a target, the one-Slash limit, the legal targets of each card (its
data's `target`, `reach`, `needs_cards`; the skills and weapons that change them), and the cards
a skill or weapon lets a seat use or play as another card.
"""

from __future__ import annotations

from itertools import combinations

from game.sanguosha import queries as q
from game.sanguosha.board import clabel, gender, handlers, kind_of, living, name, skill_name, value
from game.sanguosha.distance import attack_range, dist
from game.sanguosha.hooks import EFFECTS

# --- the facts a target is judged by ------------------------------------------------------------

def facts(s, p: int) -> q.SeatFacts:
    """The public facts about seat p (worked out once per position while no action is being
    applied: the rules change the state only then)."""
    memo = s._memo
    if memo is None:
        return _facts(s, p)
    got = memo.get(p)
    if got is None:
        got = memo[p] = _facts(s, p)
    return got


def _facts(s, p: int) -> q.SeatFacts:
    return q.SeatFacts(p, name(s, p), len(s.hand[p]),
                       len(s.hand[p]) + sum(c >= 0 for c in s.equip[p]) + len(s.judge[p]),
                       s.equip[p][0] >= 0, frozenset(k for _, k in s.judge[p]),
                       value(s, p, "protects", ()), gender(s, p), s.hp[p], s.max_hp[p])


# --- Slash ---------------------------------------------------------------------------------------

def slash_unlimited(s, p: int, spent: tuple = ()) -> bool:
    """No one-Slash limit this play phase (Roar; a Zhuge Crossbow not itself spent, D41)."""
    return value(s, p, "slash_unlimited", False, spent)


def why_not_slash_at(s, p: int, t: int, spent: tuple = (), ignore_range: bool = False):
    if not s.alive[t]:
        return f"{name(s, t)} is dead."
    if t == p:
        return "You cannot Slash yourself."
    return q.why_not_slash_target(facts(s, p), facts(s, t), dist(s, p, t, spent),
                                  attack_range(s, p, spent), ignore_range)


# --- a card used in the play phase ----------------------------------------------------------------

def why_not_use(s, p: int, cards: tuple, kind: str, targets: tuple) -> str | None:
    """Can p use `cards` as `kind` on `targets` in the play phase? (the card part is checked
    by the caller: real card or conversion)."""
    k = s.cs.kinds[kind]
    me = facts(s, p)
    if k.target == "none":
        return f"A {k.name} cannot be used on your own initiative."
    if k.is_equipment:
        return None if targets == (p,) else "Equipment goes into your own equipment area."
    if k.target == "self":
        if targets != (p,):
            return f"{k.name} is used on yourself."
        return q.why_not_self_use(k, me)
    if k.everyone:
        return None if targets == () else f"{k.name} has no chosen target."
    if kind == "slash":
        if not targets or len(set(targets)) != len(targets):
            return "Choose whom to Slash."
        if s.phase_used.get("slash", 0) >= 1 and not slash_unlimited(s, p, cards):
            return "You have already used a Slash this play phase."
        most = value(s, p, "slash_targets", 1, cards)
        if len(targets) > most:
            return f"This Slash may have {'only one target' if most == 1 else f'{most} targets'}."
        for t in targets:
            why = why_not_slash_at(s, p, t, cards)
            if why:
                return why
        return None
    if k.target == "pair":
        return EFFECTS.run("check_targets", kind, s, p, cards, targets)
    if len(targets) != 1 or not s.alive[targets[0]]:
        return f"Choose one living player for {k.name}."
    t = targets[0]
    d = dist(s, p, t, cards) if t != p else 1
    return q.why_not_target(k, me, facts(s, t), d,
                            ignore_distance=value(s, p, "ignores_distance", False))


def use_targets(s, p: int, kind: str, cards: tuple) -> list[tuple]:
    """Candidate target tuples for a kind (the checks keep the legal ones)."""
    k = s.cs.kinds[kind]
    if k.target == "self":
        return [(p,)]
    if k.everyone:
        return [()]
    if k.target == "none":
        return []
    if k.target == "pair":
        return EFFECTS.run("targets", kind, s, p, cards)
    others = [t for t in living(s) if t != p]
    singles = [(t,) for t in others]
    if kind == "slash":
        most = value(s, p, "slash_targets", 1, cards)
        if most > 1:
            ok = [t for t in others if why_not_slash_at(s, p, t, cards) is None]
            singles += [c for n in range(2, most + 1) for c in combinations(ok, n)]
    return singles


def target_words(s, p: int, kind: str, targets: tuple) -> str:
    """' → P2 Gan Ning, P3 Lü Bu': the targets named in an action's label."""
    if not targets or targets == (p,):
        return ""
    if s.cs.kinds[kind].target == "pair":
        return " → " + EFFECTS.run("target_words", kind, s, p, targets)
    return " → " + ", ".join(name(s, t) for t in targets)


# --- real cards and conversions ----------------------------------------------------------------

def conversions(s, p: int, purpose: str) -> list[tuple[tuple, str, str]]:
    """(real cards, kind, via) that p may use or play as `kind` through the skill or weapon
    `via`, for `purpose` ("play", "dodge", "slash", "peach")."""
    out = []
    for key, fn in handlers(s, p, "convert"):
        out.extend((tuple(cs), k, key) for cs, k in fn(s, p, purpose))
    return out


def real_or_converted(s, p: int, cards: tuple, kind: str, via: str, purpose: str) -> str | None:
    """Are these the player's cards, used as this kind? A real card must be in hand; a
    conversion must be one the skill or weapon `via` offers now."""
    if not via:
        if len(cards) != 1 or cards[0] not in s.hand[p]:
            return "That card is not in your hand."
        if kind_of(s, cards[0]) != kind:
            return f"{clabel(s, cards[0])} is not a {s.cs.kinds[kind].name}."
        return None
    if (cards, kind, via) not in conversions(s, p, purpose):
        return f"{skill_name(s, via)} cannot turn those cards into a {s.cs.kinds[kind].name}."
    return None


def sources(s, p: int, kind: str, purpose: str) -> list[tuple[tuple, str, str]]:
    """Ways p may give a card of `kind` (Dodge, Slash, Peach) from their own cards: a real one
    from hand, or a conversion made for `purpose`: (cards, kind, via)."""
    out = [((c,), kind, "") for c in s.hand[p] if kind_of(s, c) == kind]
    out += [c for c in conversions(s, p, purpose) if c[1] == kind]
    return out


def answer_label(s, cs: tuple, k: str, via: str) -> str:
    real = ", ".join(clabel(s, c) for c in cs)
    if not via:
        return real
    return f"{skill_name(s, via)}: {real} as {s.cs.kinds[k].name}"
