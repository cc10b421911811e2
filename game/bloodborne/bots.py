"""Bloodborne bots: a readable heuristic hunter, and ISMCTS using it for playouts
(spec: docs/rules/bloodborne.md).

The heuristic decides from its seat's information only: its own hand, the monster, the cards
everyone has revealed, health and echoes (hands are public knowledge in this game). A card
laid face down (steps 1 and 2) counts as unknown until it is revealed, and it never looks at
the dungeon or the deck. Damage comes from the rules' own queries (`rules.attack_damage`,
`rules.attack_blow`, `rules.damage_to_hunter`), never from a copy of them.
"""

from __future__ import annotations

from game.ai.agents import Agent
from game.bloodborne import rules
from game.core.contract import Action

# --- the monster's die: chance that an attack deals at least x --------------------------------

_TAILS: dict[tuple, list[float]] = {}


def attack_tail(die) -> list[float]:
    """tail[x] = P(roll total >= x), exploding faces included (cut at 4 explosions)."""
    key = tuple(die.faces)
    tail = _TAILS.get(key)
    if tail is None:
        dist = [0.0] * 40

        def walk(total: int, prob: float, depth: int) -> None:
            for v, boom in zip(die.values, die.explodes, strict=True):
                p = prob / 6
                if boom and depth < 4:
                    walk(total + v, p, depth + 1)
                else:
                    dist[min(total + v, 39)] += p

        walk(0, 1.0, 0)
        tail = [sum(dist[x:]) for x in range(40)] + [0.0] * 60
        _TAILS[key] = tail
    return tail


def death_chance(s, p: int, card=None, shield: int = 0, heal: int = 0) -> float:
    """The chance the monster's attack kills hunter p this round if p plays `card` (default:
    a plain weapon), with `shield` more prevention and `heal` more health. The rules say what
    each roll total does (`rules.attack_blow`, `rules.damage_to_hunter`)."""
    m = rules.monster(s)
    if m is None:
        return 0.0
    tail = attack_tail(s.card_set.dice[m.lantern])
    card = card if card is not None else s.card_set.starter[0]
    h = min(rules.MAX_HEALTH, s.health[p] + heal)

    def damage(total: int) -> int:
        blow = rules.attack_blow(s, total)
        return rules.damage_to_hunter(s, p, blow, card) - (shield if blow[1] else 0)

    # The damage grows with the total, mostly one for one: start where that would kill, then
    # step down to the smallest total that kills; if it grows slower (the Dream halves it),
    # search the totals above.
    t = min(39, max(0, h - damage(0)))
    if damage(t) >= h:
        while t > 0 and damage(t - 1) >= h:
            t -= 1
        return tail[t]
    lo, hi = t + 1, 39
    if damage(hi) < h:
        return 0.0
    while lo < hi:
        mid = (lo + hi) // 2
        if damage(mid) >= h:
            hi = mid
        else:
            lo = mid + 1
    return tail[lo]


def card_risk(s, p: int, c) -> float:
    """The chance of dying this round if hunter p plays c (protections counted)."""
    ab = c.ability
    if ab == "lure":
        return death_chance(s, p, shield=99)
    if ab == "numb":
        return death_chance(s, p, shield=c.amount)
    if ab == "heal":
        return death_chance(s, p, heal=c.amount)
    if c.protection == "choose" or (c.protection == "shield" and c.immediate):
        return death_chance(s, p, shield=c.shield)
    return death_chance(s, p, card=c)


# --- how good a card is ---------------------------------------------------------------------------

_VALUES: dict[str, float] = {}


def card_value(c) -> float:
    """A static worth for taking upgrades and for choosing what to remove at the hand limit."""
    v = _VALUES.get(c.id)
    if v is None:
        v = _VALUES[c.id] = _card_value(c)
    return v


def _card_value(c) -> float:
    if c.ability == "dream":
        return 100.0
    if c.ability == "transform":
        return 4.0
    v = float(c.damage)
    ab, amt = c.ability, c.amount
    v += {"bane": 0.5, "boss_slayer": 0.6, "blood_price": 0.7, "executioner": 0.6,
          "frenzy": 0.4, "recoil": -0.4, "heal": 0.6, "numb": 1.2, "lure": 2.5,
          "recall": 1.5}.get(ab, 0.0) * amt
    v += {"bank": 3.5, "roar": 2.0}.get(ab, 0.0)
    if c.immediate and c.damage:
        v += 0.7
    if c.protection == "shield":
        v += 0.4 * c.shield
    elif c.protection == "cancel":
        v += 0.6
    elif c.protection == "choose":
        v += 0.6 + 0.3 * c.shield
    return v


class HeuristicAgent(Agent):
    """A priority list, top rule first. Fast: a few list scans per decision."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        kind = state.decisions[-1].kind
        if kind == "choose":
            pick = self.choose_action_card(state, player)
        elif kind == "transform":
            pick = self.choose_transform_weapon(state, player)
        elif kind in ("protect", "cancel_target"):
            return self.choose_immediate(state, player, legal)
        else:  # "upgrade", "remove"
            return self.choose_in_dream(state, player, legal)
        for a in legal:
            if a.source == pick:
                return a
        return legal[0]

    # step 1 ----------------------------------------------------------------------------------
    def choose_action_card(self, s, p: int) -> int:
        cards, hand = s.cards, s.hand[p]
        by_ability = {}
        for c in hand:
            by_ability.setdefault(cards[c].ability, c)
        dream = by_ability.get("dream")
        weapons = [c for c in hand if cards[c].weapon or (cards[c].damage and cards[c].immediate)]
        collected = s.collected[p]
        risk = death_chance(s, p)
        rom_risk = s.final_boss.ability == "rom" and s.deaths[p] >= 1
        m = rules.monster(s)
        # 0. Rom: a second death puts you out, so take the safest card when the blow may kill
        if rom_risk and (risk >= 0.1):
            return min(hand, key=lambda c: (card_risk(s, p, cards[c]), -card_value(cards[c])))
        # 1. Dream: nothing to fight with, or the echoes and the life at stake are too much
        if dream is not None:
            if not weapons:
                return dream
            if risk >= 0.3 and (collected >= 2 or rom_risk):
                return dream
            if risk >= 0.12 and (collected >= 8 or rom_risk):
                return dream
            if collected >= 14:
                return dream
            # heal up while the Dream is safe, before a blow from a stronger monster
            low = 5 if rom_risk else 4
            if s.health[p] <= low and death_chance(s, p, card=cards[dream]) < 0.15:
                return dream
            if len(weapons) <= 1 and len(s.used[p]) >= 3 and collected >= 3:
                return dream
        # 2. a Blood Vial when the next blow may kill
        vial = by_ability.get("heal")
        if vial is not None and risk >= 0.3 and s.health[p] <= 4:
            return vial
        # 3. bank with Madman's Knowledge when echoes pile up under threat
        know = by_ability.get("bank")
        if know is not None and collected >= 6 and risk >= 0.1:
            return know
        # 4. hide behind a lure or the mist when the fight is deadly
        for ab in ("lure", "numb"):
            c = by_ability.get(ab)
            if c is not None and risk >= 0.3:
                return c
        # 5. old bones bring back the weapons when the hand runs dry
        bone = by_ability.get("recall")
        if bone is not None and len(weapons) <= 1 and len(s.used[p]) >= 2:
            return bone
        if not weapons:
            for c in hand:
                if cards[c].ability != "dream":
                    return c
            return hand[0]
        # 6. a shielding shot when the fight is risky but there is little to bank
        shielded = [c for c in weapons if cards[c].protection in ("shield", "choose")]
        if shielded and risk >= 0.2:
            best = max(shielded, key=lambda c: cards[c].shield)
            if death_chance(s, p, shield=cards[best].shield) < risk / 2:
                return best
        # 7. Transform keeps the choice open and adds 1, when the hand is rich
        tf = by_ability.get("transform")
        if tf is not None and len(weapons) >= 2 and len(hand) >= 4:
            return tf
        # 8. the weapon that takes the most echoes; among equals, the weakest card
        left = s.echoes if m is not None else 0
        return max(weapons, key=lambda c: (min(rules.attack_damage(s, p, cards[c]), left),
                                           -card_value(cards[c])))

    # step 2 ---------------------------------------------------------------------------------
    def choose_transform_weapon(self, s, p: int) -> int:
        """The revealed cards are known: take the most echoes left after the hunters who strike
        first. Another transforming hunter's weapon is still face down: not counted."""
        cards = s.cards
        left = s.echoes
        for q in rules.turn_order(s):
            if q == p:
                break
            c = rules.played_card(s, q)  # the revealed card (Transform itself while face down)
            if c is not None and c.weapon:
                left -= rules.attack_damage(s, q, c)
        left = max(left, 0)
        options = rules.transform_options(s, p)
        return max(options, key=lambda c: (min(rules.attack_damage(s, p, cards[c], True), left),
                                           -card_value(cards[c])))

    # step 3 ---------------------------------------------------------------------------------
    def choose_immediate(self, s, p: int, legal: list[Action]) -> Action:
        """Shield when the blow may kill; else cancel the strongest melee striking before me."""
        shield = [a for a in legal if a.kind == "shield"]
        if shield and death_chance(s, p) >= 0.15:
            return shield[0]
        order = rules.turn_order(s)
        mine = order.index(p)
        cancels = [a for a in legal if a.kind in ("cancel", "cancel_target")]
        if cancels:
            def threat(a):
                targets = [a.target] if a.target is not None else rules.cancel_targets(s, p)
                return max((order.index(q) < mine,
                            rules.attack_damage(s, q, rules.played_card(s, q)))
                           for q in targets)
            best = max(cancels, key=threat)
            if threat(best)[0] or not shield:
                return best
        return shield[0] if shield else legal[0]

    # step 7 ----------------------------------------------------------------------------------
    def choose_in_dream(self, s, p: int, legal: list[Action]) -> Action:
        cards = s.cards
        if s.decisions[-1].kind == "upgrade":  # take the most valuable upgrade
            ups = [a for a in legal if a.kind == "upgrade"]
            return max(ups, key=lambda a: card_value(cards[a.source]))
        # hand limit: remove the weakest card
        return min(legal, key=lambda a: card_value(cards[a.source]))


def estimated_score(s, p: int) -> float:
    """Banked echoes and trophy points, plus most of the collected echoes (they may be lost)."""
    return s.banked[p] + 0.7 * s.collected[p] + rules.trophy_points(s, p)


def evaluate(s) -> list[float]:
    """Rewards in [0, 1] for a playout cut short: 1 for a clear leader, less for the others
    by how far behind they are (ties share); a finished game scores as the rules say."""
    if s.is_over():
        winners = s.winners
        return [1 / len(winners) if p in winners else 0.0 for p in range(s.players)]
    est = [estimated_score(s, p) for p in range(s.players)]
    best = max(est)
    return [0.0 if s.out[p] else max(0.0, 1.0 - (best - e) / 10.0) for p, e in enumerate(est)]


#: playout actions before `evaluate` judges the position (about three rounds at 4 players)
CUTOFF = 24


def ismcts_factory(seed: int = 0, seconds: float = 1.0, **overrides):
    """SO-ISMCTS with the heuristic hunter as its playout policy (about 1 s per decision);
    playouts stop after CUTOFF actions and `evaluate` scores the position."""
    from game.ai.ismcts import ISMCTS

    options = {"playout": HeuristicAgent, "cutoff": CUTOFF, "evaluate": evaluate}
    options.update(overrides)
    return ISMCTS(seed, seconds=seconds, **options)
