"""Hermitcraft bots: a readable heuristic (a priority list that plays any legal deck) and the
evaluation ISMCTS scores its short playouts with.

The heuristic decides from what its seat may know: its own hand and the public table. It asks
the rules for damage previews (attacks.expected_damage) and adds only what the preview leaves
out on purpose: the odds of the coins (heads is 1 in 2, certain under Fortune) and the worth of a
status, a skipped turn or a heal.

Its turn, in order (`HeuristicBot.main_phase`):
 1. lead with the Hermit that can attack soonest and lasts longest;
 2. put more Hermits on the bench (up to 4 on the board), the sturdiest first;
 3. one item: to the active Hermit until its best attack is paid, then to the AFK Hermit next
    in line;
 4. effect cards: armour and the Totem on the Hermit in front, buckets where a status is;
 5. a single-use card when it pays now: a damage card that knocks out, a Clock, a heal that
    heals fully, a curse on an effect card, card draw; then a damage card for the attack;
 6. switch when the Hermit in front cannot attack or is about to fall, for one that can;
 7. attack with the best expected value (a knock-out first).
"""

from __future__ import annotations

import math

from game.ai.agents import Agent
from game.ai.ismcts import ISMCTS
from game.core.contract import Action
from game.core.flow import marked
from game.core.rng import Rng
from game.hermitcraft import attacks
from game.hermitcraft.queries import can_pay
from game.hermitcraft.state import ROWS, HermitState

#: playouts stop at the start of the turn this many turns after the searched position's, and
#: `evaluate` scores it there (where it was fitted)
HORIZON_TURNS = 2
#: visits the heuristic's own move starts with in each search node (its prior): with a small
#: budget the search plays as the heuristic does, and leaves it only for a move it found better
PRIOR_VISITS = 30

#: single-use cards that deal damage with the next attack (card id -> damage to the active)
DAMAGE_CARDS = {"iron_sword": 20, "diamond_sword": 40, "netherite_sword": 60, "golden_axe": 40,
                "tnt": 60, "bow": 0, "crossbow": 20}
#: effect cards worth most on the Hermit in front
DEFENCE = {"netherite_armour": 5, "totem": 5, "diamond_armour": 4, "iron_armour": 3,
           "shield": 3, "thorns": 2, "wolf": 2, "gold_armour": 1, "loyalty": 1}
HEALS = ("instant_health", "instant_health_ii", "golden_apple", "splash_potion_of_healing")
#: what a status or a skipped turn is worth, in damage
BURN_WORTH, POISON_WORTH, SKIP_WORTH = 40, 40, 70
#: the damage an opposing active Hermit is taken to deal next turn when we cannot see its items
THREAT = 80
#: at most this many Hermits on the board: a reserve in hand replaces the fallen
BENCH = 4


def evaluate(s: HermitState) -> list[float]:
    """Each seat's chance to win, from what is on the table: a logistic model of the features
    below, the side to move against the other, fitted to the winners of heuristic self-play
    at the start of each turn (docs/rules/hermitcraft.md, "The search's evaluation"). Lives
    count most; then the Hermits' health (a Hermit low on health is a life about to go), the
    damage the active Hermit's paid attacks do and whether they knock out the opposing one."""
    if s.is_over():
        winners = s.outcome().winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(2)] if winners \
            else [0.5, 0.5]
    m = s.current
    z = EVAL_MOVER + sum(w * (a - b) for w, a, b in zip(EVAL_WEIGHTS, features(s, m),
                                                        features(s, 1 - m), strict=True))
    mover = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return [mover, 1.0 - mover] if m == 0 else [1.0 - mover, mover]


#: weights of `features` (per life, per 100 HP, per 100 missing HP, per Hermit, per status,
#: per 100 damage of the best paid attack, a knock-out in reach, per 100 HP of the active
#: Hermit), fitted to 9,833 turn starts of 300 heuristic games (log-loss 0.542 on 5,339 others;
#: the material count it replaced scored 0.658, a coin 0.693)
EVAL_WEIGHTS = (2.28, 0.32, -0.33, -0.79, -0.22, 0.61, 0.53, 0.09)
#: the side to move's edge at the start of its turn
EVAL_MOVER = 0.39


def features(s: HermitState, p: int) -> tuple[float, ...]:
    """What `evaluate` weighs for seat p (all public)."""
    rows = [r for r in range(ROWS) if s.hermit[p][r] >= 0]
    a, q = s.active[p], 1 - p
    damage = 0
    if a >= 0 and s.sleep[p][a] == 0:
        card = s.card(s.hermit[p][a])
        damage = max([card.attack(w).damage for w in ("primary", "secondary")
                      if payable(s, p, a, w)], default=0)
    target = s.active[q]
    knocks_out = damage > 0 and target >= 0 and damage >= s.hp[q][target]
    hp = sum(s.hp[p][r] for r in rows)
    missing = sum(s.card(s.hermit[p][r]).health for r in rows) - hp
    return (s.lives[p], hp / 100, missing / 100, len(rows),
            sum(1 for r in rows if s.dot[p][r]), damage / 100, float(knocks_out),
            (s.hp[p][a] if a >= 0 else 0) / 100)


# --- what the heuristic asks of the table ---------------------------------------------------------

def heads_chance(s: HermitState, p: int) -> float:
    """The chance a coin flipped for p lands heads: certain under Fortune, else 1 in 2."""
    return 1.0 if marked(s, p, "heads_until", 0) >= s.turn else 0.5


def items_of(s: HermitState, p: int, r: int) -> list:
    return [s.card(i) for i in s.items[p][r]]


def payable(s: HermitState, p: int, r: int, which: str) -> bool:
    return can_pay(s.card(s.hermit[p][r]).attack(which).cost, items_of(s, p, r))


def can_attack_from(s: HermitState, p: int, r: int) -> bool:
    """Whether the Hermit in row r could attack if it were in front (awake, an attack paid)."""
    return s.sleep[p][r] == 0 and (payable(s, p, r, "primary") or payable(s, p, r, "secondary"))


def missing_hp(s: HermitState, p: int, r: int) -> int:
    return s.card(s.hermit[p][r]).health - s.hp[p][r]


def threat_to(s: HermitState, p: int, r: int) -> int:
    """The damage the opposing active Hermit can deal to our row r next turn: its paid attacks'
    base damage plus weakness (its next item may pay more, so an unpaid Hermit counts THREAT)."""
    q = 1 - p
    a = s.active[q]
    if a < 0:
        return 0
    card = s.card(s.hermit[q][a])
    paid = [card.attack(w).damage for w in ("primary", "secondary") if payable(s, q, a, w)]
    damage = max(paid) if paid else THREAT
    if s.cs.weak_against(card.type, s.card(s.hermit[p][r]).type):
        damage += 20
    return damage + (40 if s.dot[p][r] else 0)


def attack_value(s: HermitState, p: int, which: str) -> float:
    """The expected worth of an attack, in damage: the rules' preview, then the coins' odds and
    the worth of what the attack does besides damage."""
    r, q = s.active[p], 1 - p
    card = s.card(s.hermit[p][r])
    at = card.attack(which)
    damage = float(attacks.expected_damage(s, p, which))
    if not at.special:
        value = damage
    else:
        h = heads_chance(s, p)
        cid = card.id
        if cid == "docm_r":  # heads ×2, tails ×0.5
            value = damage * (2 * h + 0.5 * (1 - h))
        elif cid == "etho_ur":  # 3 coins, +20 per heads
            value = damage + 60 * h
        elif cid == "mumbo_r":
            value = damage + 40 * h
        elif cid == "etho_r":
            value = damage + BURN_WORTH * h * (not s.dot[q][s.active[q]])
        elif cid == "xisuma_r":
            value = damage + POISON_WORTH * h * (not s.dot[q][s.active[q]])
        elif cid == "joe_r":
            skips = not (s.skipped[q] or s.skip_next[q])
            value = damage + SKIP_WORTH * h * skips
        elif cid == "false_r":
            value = damage + 20 * h * (missing_hp(s, p, r) >= 40)
        elif cid == "bdubs_r":  # heals to full, then sleeps: worth it only when badly hurt
            value = missing_hp(s, p, r) - 120
        elif cid in ("cleo_r", "rendog_r"):  # the best attack it could copy
            value = best_copy(s, p, cid)
        elif cid == "stress_r":
            value = damage if s.hp[p][r] > damage + 60 else damage - 60
        else:
            value = damage + 10  # the ability's effect is worth something
    # a knock-out takes a life: worth the most
    target = s.active[q]
    if target >= 0 and damage >= s.hp[q][target]:
        value += 200
    return value


def best_copy(s: HermitState, p: int, copier: str) -> float:
    side = 1 - p if copier == "rendog_r" else p
    rows = [r for r in range(ROWS) if s.hermit[side][r] >= 0
            and (copier == "rendog_r" or r != s.active[p])]
    best = 0
    for r in rows:
        card = s.card(s.hermit[side][r])
        for w in ("primary", "secondary"):
            if card.id not in ("cleo_r", "rendog_r"):
                best = max(best, card.attack(w).damage)
    return best


class HeuristicBot(Agent):
    """The priority list in the module docstring; `answer` for the rules' questions."""

    name = "heuristic"

    def __init__(self, seed: int = 0, retreat: bool = True) -> None:
        self.rng = Rng(seed)
        self.retreat = retreat

    def choose_seat_options(self, game, seat: int, rng: Rng) -> dict:
        """A starter deck for the seat, any of the four."""
        starters = [d.id for d in game.card_set().starters]
        return {"deck": starters[rng.below(len(starters))]}

    def choose(self, s: HermitState, player: int) -> Action:
        legal = s.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        kind = s.decisions[-1].kind
        if kind == "turn":
            return self.main_phase(s, player, legal)
        return self.answer(s, player, kind, legal)

    # --- the main phase, in priority order -------------------------------------------------------
    def main_phase(self, s: HermitState, p: int, legal: list[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        for step in (self.lead_hermit, self.bench_hermit, self.item, self.effect_card,
                     self.single_use_now, self.damage_card, self.switch, self.attack):
            action = step(s, p, by_kind)
            if action is not None:
                return action
        return by_kind["end_turn"][0] if "end_turn" in by_kind else legal[0]

    def lead_hermit(self, s, p, acts):
        """The first Hermit: one whose attack the items in hand can pay, sturdy, not weak to
        the opposing active Hermit."""
        if s.active[p] >= 0 or "play_hermit" not in acts:
            return None
        hand_items = [s.card(i) for i in s.hands[p] if s.card(i).kind == "item"]

        def lead(a):
            card = s.card(a.source)
            score = card.health
            if can_pay(card.primary.cost, hand_items):
                score += 60
            q = 1 - p
            if s.active[q] >= 0:
                other = s.card(s.hermit[q][s.active[q]]).type
                score -= 40 if s.cs.weak_against(other, card.type) else 0
                score += 40 if s.cs.weak_against(card.type, other) else 0
            return score, -a.target
        return max(acts["play_hermit"], key=lead)

    def bench_hermit(self, s, p, acts):
        on_board = sum(1 for r in range(ROWS) if s.hermit[p][r] >= 0)
        if on_board >= BENCH or "play_hermit" not in acts:
            return None
        return max(acts["play_hermit"], key=lambda a: (s.card(a.source).health, -a.target))

    def item(self, s, p, acts):
        """An item to the active Hermit until its best attack is paid, then to the AFK Hermit
        that will take over (the most items already, then the most HP)."""
        best, best_score = None, None
        a_row = s.active[p]
        for a in acts.get("attach_item", ()):
            r, item = a.target, s.card(a.source)
            cost = s.card(s.hermit[p][r]).secondary.cost
            have = items_of(s, p, r)
            if can_pay(cost, have):
                score = -100  # nothing more to pay here
            elif not can_pay(cost, have + [item]) and not (item.type in cost or "any" in cost):
                score = -50  # the wrong type
            else:
                score = 0
            if r == a_row and not payable(s, p, r, "secondary"):
                score += 50
            score += 10 * len(have) + s.hp[p][r] / 100 + item.points
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best if best_score is not None and best_score > -100 else None

    def effect_card(self, s, p, acts):
        best, best_score = None, 0
        for a in acts.get("attach_effect", ()):
            card_id, r = s.defs[a.source], a.target
            score = DEFENCE.get(card_id, 0)
            if card_id in ("milk_bucket", "water_bucket"):
                score = 4 if s.dot[p][r] else 1
            if card_id == "bed":
                score = 4 if missing_hp(s, p, r) >= 120 else 0
            if card_id == "totem" and r != s.active[p]:
                score = 1
            if r == s.active[p]:
                score += 2
            if score > best_score:
                best, best_score = a, score
        return best

    def single_use_now(self, s, p, acts):
        """The single-use card that pays most now, before any damage card: only one per turn."""
        if s.acted and not s.grant:
            return None
        best, best_score = None, 0
        q = 1 - p
        rows = [r for r in range(ROWS) if s.hermit[p][r] >= 0]
        afk = [r for r in rows if r != s.active[p]]
        for a in acts.get("single_use", ()):
            cid, score = s.defs[a.source], 0
            card = s.card(a.source)
            if cid in DAMAGE_CARDS:
                score = 6 if self.damage_card_knocks_out(s, p, cid) else 0
            elif cid == "clock":
                score = 6
            elif cid in ("instant_health", "instant_health_ii"):
                need = card.params["heal"]
                score = 4 if any(missing_hp(s, p, r) >= need for r in rows) else 0
            elif cid == "golden_apple":
                score = 4 if any(missing_hp(s, p, r) >= 80 for r in afk) else 0
            elif cid == "splash_potion_of_healing":
                score = 3 if sum(missing_hp(s, p, r) >= 20 for r in rows) >= 2 else 0
            elif cid in ("milk_bucket", "water_bucket"):
                score = 4 if any(s.dot[p][r] for r in rows) else 0
            elif cid in ("lava_bucket", "splash_potion_of_poison"):
                r = s.active[q]
                score = 3 if r >= 0 and not s.dot[q][r] and s.hp[q][r] > 60 else 0
            elif cid == "curse_of_vanishing":
                r = s.active[q]
                score = 3 if r >= 0 and s.effect[q][r] >= 0 else 0
            elif cid == "fortune":
                score = 4 if self.coin_attack_ready(s, p) else 0
            elif cid in ("fishing_rod", "chest"):
                score = 2
            elif cid == "knockback":
                score = 2 if self.attack_follows(s, p) and self.weaker_afk(s, q) else 0
            elif cid == "chorus_fruit":
                score = 2 if self.attack_follows(s, p) and self.ought_to_retreat(s, p) else 0
            elif cid in ("invisibility_potion", "curse_of_binding", "looting", "spyglass",
                         "efficiency", "emerald", "lead", "mending"):
                score = 1
            elif cid in ("composter", "flint_and_steel"):
                score = 1 if len(s.hands[p]) <= 4 else 0
            if score > best_score:
                best, best_score = a, score
        return best

    def damage_card(self, s, p, acts):
        """A damage card in the slot when an attack will follow this turn."""
        if s.su_slot >= 0 or not self.attack_follows(s, p):
            return None
        cards = [a for a in acts.get("single_use", ()) if s.defs[a.source] in DAMAGE_CARDS]
        if s.hp[p][s.active[p]] <= 40:  # TNT would hurt our own Hermit too much
            cards = [a for a in cards if s.defs[a.source] != "tnt"]
        return max(cards, key=lambda a: DAMAGE_CARDS[s.defs[a.source]], default=None)

    def switch(self, s, p, acts):
        """Switch out a Hermit that cannot attack, or one about to fall that will not knock out
        first, for the AFK Hermit best placed to fight."""
        r = s.active[p]
        if "switch" not in acts or r < 0:
            return None
        ready = [a for a in acts["switch"] if can_attack_from(s, p, a.target)]
        if not ready:
            return None
        if "attack" in acts:
            if not (self.retreat and self.ought_to_retreat(s, p)):
                return None
            if any(attack_value(s, p, a.option) >= 200 for a in acts["attack"]):
                return None  # a knock-out first
            ready = [a for a in ready if s.hp[p][a.target] > threat_to(s, p, a.target)]
        return max(ready, key=lambda a: self.fitness(s, p, a.target), default=None)

    def attack(self, s, p, acts):
        options = acts.get("attack", [])
        if options:
            best = max(options, key=lambda a: attack_value(s, p, a.option))
            if attack_value(s, p, best.option) > 0 or "su_attack" not in acts:
                return best
        if "su_attack" in acts:
            return acts["su_attack"][0]
        return None

    # --- small judgements -------------------------------------------------------------------
    @staticmethod
    def attack_follows(s: HermitState, p: int) -> bool:
        r = s.active[p]
        return (not s.acted and s.turn > 1 and r >= 0 and s.sleep[p][r] == 0
                and (payable(s, p, r, "primary") or payable(s, p, r, "secondary")))

    def damage_card_knocks_out(self, s: HermitState, p: int, cid: str) -> bool:
        q = 1 - p
        t = s.active[q]
        if t < 0 or not self.attack_follows(s, p) or cid == "bow":
            return False
        best = max(attacks.expected_damage(s, p, w) for w in ("primary", "secondary")
                   if payable(s, p, s.active[p], w))
        return best < s.hp[q][t] <= best + DAMAGE_CARDS[cid]

    @staticmethod
    def coin_attack_ready(s: HermitState, p: int) -> bool:
        r = s.active[p]
        return (r >= 0 and s.card(s.hermit[p][r]).id in ("docm_r", "etho_ur", "joe_r", "mumbo_r")
                and payable(s, p, r, "secondary") and not s.acted and s.sleep[p][r] == 0)

    @staticmethod
    def weaker_afk(s: HermitState, q: int) -> bool:
        """Whether the opponent has an AFK Hermit that would do worse in front."""
        a = s.active[q]
        return a >= 0 and any(r != a and s.hermit[q][r] >= 0 and not can_attack_from(s, q, r)
                              for r in range(ROWS))

    @staticmethod
    def ought_to_retreat(s: HermitState, p: int) -> bool:
        r = s.active[p]
        return r >= 0 and s.hp[p][r] <= threat_to(s, p, r)

    @staticmethod
    def fitness(s: HermitState, p: int, r: int) -> float:
        """How good a Hermit is in front: its HP, more if its items pay an attack, less if the
        opposing active Hermit is strong against it."""
        if r < 0:
            return -1
        card, items = s.card(s.hermit[p][r]), items_of(s, p, r)
        score = s.hp[p][r] + (100 if can_pay(card.primary.cost, items) else 0) + (
            50 if can_pay(card.secondary.cost, items) else 0)
        q = 1 - p
        if s.active[q] >= 0:
            other = s.card(s.hermit[q][s.active[q]]).type
            score -= 30 if s.cs.weak_against(other, card.type) else 0
            score += 30 if s.cs.weak_against(card.type, other) else 0
        return score - 100 * (s.sleep[p][r] > 0)

    # --- answering the rules' questions -----------------------------------------------------
    def answer(self, s: HermitState, p: int, kind: str, legal: list[Action]) -> Action:
        q = 1 - p
        if kind in ("new_active", "forced_switch", "self_switch"):
            if kind == "self_switch" and s.active[p] >= 0 and not self.ought_to_retreat(s, p):
                stay = [a for a in legal if a.target == -1]
                if stay:
                    return stay[0]
            return max(legal, key=lambda a: self.fitness(s, p, a.target))
        if kind in ("hypno_target", "bow_target"):
            return min(legal, key=lambda a: s.hp[q][a.target])
        if kind == "crossbow_targets":
            return min(legal, key=lambda a: sum(s.hp[q][r] for r in a.target))
        if kind in ("keralis_heal", "heal_target"):
            return max(legal, key=lambda a: missing_hp(s, p, a.target))
        if kind == "bucket_target":
            return max(legal, key=lambda a: (s.dot[p][a.target] > 0, -s.hp[p][a.target]))
        if kind == "copy_attack":
            return max(legal, key=lambda a: s.card(a.target[0]).attack(a.target[1]).damage)
        if kind == "grian_steal":
            return next(a for a in legal if a.target == "attach")
        if kind == "composter_discard":
            return min(legal, key=lambda a: self.keep_value(s, a.target))
        if kind in ("spyglass_discard", "chest_card", "looting_item"):
            return max(legal, key=lambda a: self.keep_value(s, a.target))
        return legal[0]

    @staticmethod
    def keep_value(s: HermitState, iid: int) -> int:
        card = s.card(iid)
        return {"hermit": 30, "effect": 20, "single_use": 15}.get(card.kind, 5) + \
            {"common": 0, "rare": 5, "ultra_rare": 10}[card.rarity]


def distinct_moves(s: HermitState, p: int) -> list[Action]:
    """The legal moves, one for each different effect: copies of the same card, and a Hermit
    played into one empty row or another, count once."""
    seen, out = set(), []
    for a in s.legal_actions(p):
        if a.kind in ("play_hermit", "attach_item", "attach_effect", "single_use"):
            key = (a.kind, s.defs[a.source], a.target if a.kind != "play_hermit" else 0)
        else:
            out.append(a)
            continue
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def ismcts(seed: int = 0, **overrides) -> ISMCTS:
    """The "ismcts" bot: ISMCTS guided by the heuristic. In every node the heuristic's move
    starts with PRIOR_VISITS visits at the position's value, so with a small budget the search
    plays as the heuristic does and leaves it only for a move it found better; moves that differ
    only by which copy of a card or which empty row are searched once (`distinct_moves`). The
    opponent plays as the heuristic inside the tree (`others`), and so do the playouts, which
    stop HORIZON_TURNS turns after the searched position, scored by `evaluate`. A `seconds`
    budget without `iterations` makes the budget time-only."""
    options = {"iterations": 1000, "playout": HeuristicBot, "others": HeuristicBot,
               "guide": HeuristicBot, "prior_visits": PRIOR_VISITS, "moves": distinct_moves,
               "horizon_rounds": HORIZON_TURNS, "evaluate": evaluate}
    if "seconds" in overrides and "iterations" not in overrides:
        options.pop("iterations")
    options.update(overrides)
    return ISMCTS(seed, **options)
