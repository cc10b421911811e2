"""Hermitcraft bots: a readable heuristic (a priority list that plays any legal deck) and the
evaluation ISMCTS scores its short playouts with.

The heuristic decides from what its seat may know: its own hand and the public table. It asks
the rules for damage previews (attacks.expected_damage) instead of recomputing them.
"""

from __future__ import annotations

from game.ai.agents import Agent
from game.core.contract import Action
from game.core.rng import Rng
from game.hermitcraft import attacks
from game.hermitcraft.queries import can_pay
from game.hermitcraft.state import ROWS, HermitState

#: random playout moves before `evaluate` scores the position
PLAYOUT_CUTOFF = 40

#: single-use cards the heuristic plays right before attacking with them
ATTACK_CARDS = {"iron_sword", "diamond_sword", "netherite_sword", "golden_axe", "tnt", "bow",
                "crossbow"}
#: effect cards worth most on the Hermit in front
DEFENCE = {"netherite_armour": 5, "totem": 5, "diamond_armour": 4, "iron_armour": 3,
           "shield": 3, "thorns": 2, "wolf": 2, "gold_armour": 1, "loyalty": 1}


def evaluate(s: HermitState) -> list[float]:
    """Each seat's expected share of the win, from what is on the table: a life is worth a
    quarter of the game, Hermit health the rest of the lead."""
    if s.is_over():
        winners = s.outcome().winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(2)] if winners \
            else [0.5, 0.5]
    health = [sum(hp for h, hp in zip(s.hermit[p], s.hp[p], strict=True) if h >= 0)
              for p in range(2)]
    lead = 0.25 * (s.lives[0] - s.lives[1])
    lead += 0.25 * (health[0] - health[1]) / max(1, health[0] + health[1])
    first = min(0.95, max(0.05, 0.5 + lead))
    return [first, 1.0 - first]


class HeuristicBot(Agent):
    """Plays Hermits, feeds items to the Hermit in front, protects it, heals when it pays,
    attacks with the best expected damage, and switches out a Hermit about to fall."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

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
        for step in (self.first_hermit, self.more_hermits, self.item, self.effect_card,
                     self.heal_or_help, self.attack_card, self.escape, self.attack):
            action = step(s, p, by_kind)
            if action is not None:
                return action
        return by_kind["end_turn"][0] if "end_turn" in by_kind else legal[0]

    def first_hermit(self, s, p, acts):
        if s.active[p] >= 0 or "play_hermit" not in acts:
            return None
        return max(acts["play_hermit"], key=lambda a: (s.card(a.source).health, -a.target))

    def more_hermits(self, s, p, acts):
        on_board = sum(1 for r in range(ROWS) if s.hermit[p][r] >= 0)
        if on_board >= 4 or "play_hermit" not in acts:
            return None
        return max(acts["play_hermit"], key=lambda a: (s.card(a.source).health, -a.target))

    def item(self, s, p, acts):
        """An item to the Hermit whose attacks it helps pay, the active one first."""
        best, best_score = None, 0
        for a in acts.get("attach_item", ()):
            r, item = a.target, s.card(a.source)
            hermit = s.card(s.hermit[p][r])
            cost = hermit.secondary.cost
            have = [s.card(i) for i in s.items[p][r]]
            if can_pay(cost, have):
                continue
            useful = item.type in cost or "any" in cost
            score = (3 if r == s.active[p] else 1) + (2 if useful else 0) + item.points
            if useful and score > best_score:
                best, best_score = a, score
        return best

    def effect_card(self, s, p, acts):
        best, best_score = None, 0
        for a in acts.get("attach_effect", ()):
            card_id, r = s.defs[a.source], a.target
            score = DEFENCE.get(card_id, 0)
            if card_id in ("milk_bucket", "water_bucket"):
                score = 4 if s.dot[p][r] else 1
            if card_id == "bed":
                score = 3 if s.hp[p][r] < s.card(s.hermit[p][r]).health // 2 else 0
            if r == s.active[p]:
                score += 2
            if score > best_score:
                best, best_score = a, score
        return best

    def heal_or_help(self, s, p, acts):
        """Instant single-use cards that help now (heals, draws, statuses, curses)."""
        best, best_score = None, 0
        q = 1 - p
        hurt = max((s.card(s.hermit[p][r]).health - s.hp[p][r]
                    for r in range(ROWS) if s.hermit[p][r] >= 0), default=0)
        for a in acts.get("single_use", ()):
            card = s.card(a.source)
            cid, score = card.id, 0
            if cid in ("instant_health", "instant_health_ii", "golden_apple",
                       "splash_potion_of_healing"):
                score = 3 if hurt >= card.params["heal"] else 0
            elif cid in ("milk_bucket", "water_bucket"):
                score = 4
            elif cid in ("lava_bucket", "splash_potion_of_poison"):
                r = s.active[q]
                score = 3 if r >= 0 and not s.dot[q][r] else 0
            elif cid in ("fishing_rod", "chest"):
                score = 2
            elif cid in ("clock", "invisibility_potion", "curse_of_vanishing", "looting",
                         "spyglass", "fortune", "efficiency"):
                score = 2 if not s.acted else 1
            elif cid in ("composter", "flint_and_steel"):
                score = 1 if len(s.hands[p]) <= 4 else 0
            if score > best_score:
                best, best_score = a, score
        return best

    def attack_card(self, s, p, acts):
        """Put a damage card in the slot when an attack (Hermit or card) can follow."""
        if s.su_slot >= 0:
            return None
        for a in acts.get("single_use", ()):
            if s.defs[a.source] in ATTACK_CARDS and (not s.acted or s.grant):
                return a
        return None

    def escape(self, s, p, acts):
        """Switch out an active Hermit that cannot attack, for one that can."""
        r = s.active[p]
        if "switch" not in acts or r < 0 or "attack" in acts:
            return None
        ready = [a for a in acts["switch"]
                 if can_pay(s.card(a.source).primary.cost,
                            [s.card(i) for i in s.items[p][a.target]])]
        return max(ready, key=lambda a: s.hp[p][a.target]) if ready else None

    def attack(self, s, p, acts):
        options = acts.get("attack", [])
        if options:
            def value(a):
                return attacks.expected_damage(s, p, a.option) + (
                    5 if s.card(a.source).attack(a.option).special else 0)
            return max(options, key=value)
        if "su_attack" in acts:
            return acts["su_attack"][0]
        return None

    # --- answering the rules' questions -----------------------------------------------------
    def answer(self, s: HermitState, p: int, kind: str, legal: list[Action]) -> Action:
        q = 1 - p
        if kind in ("new_active", "forced_switch", "self_switch"):
            if kind == "self_switch" and s.active[p] >= 0 and \
                    s.hp[p][s.active[p]] * 2 >= s.card(s.hermit[p][s.active[p]]).health:
                stay = [a for a in legal if a.target == -1]
                if stay:
                    return stay[0]
            return max(legal, key=lambda a: self.fitness(s, p, a.target))
        if kind in ("hypno_target", "bow_target"):
            return min(legal, key=lambda a: s.hp[q][a.target])
        if kind == "crossbow_targets":
            return min(legal, key=lambda a: sum(s.hp[q][r] for r in a.target))
        if kind in ("keralis_heal", "heal_target"):
            return max(legal, key=lambda a: s.card(s.hermit[p][a.target]).health - s.hp[p][a.target])
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
    def fitness(s: HermitState, p: int, r: int) -> int:
        """How good a Hermit is in front: its HP, more if its items pay an attack."""
        if r < 0:
            return -1
        card, items = s.card(s.hermit[p][r]), [s.card(i) for i in s.items[p][r]]
        return s.hp[p][r] + (100 if can_pay(card.primary.cost, items) else 0) + (
            50 if can_pay(card.secondary.cost, items) else 0)

    @staticmethod
    def keep_value(s: HermitState, iid: int) -> int:
        card = s.card(iid)
        return {"hermit": 30, "effect": 20, "single_use": 15}.get(card.kind, 5) + \
            {"common": 0, "rare": 5, "ultra_rare": 10}[card.rarity]
