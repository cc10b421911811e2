"""The Bloodborne game state: plain ints and lists and the decision stack, run by the core
flow (spec: docs/rules/bloodborne.md; the steps and action kinds are in rules.py).

Card instance ids: seat p's five starter cards are 5p..5p+4, then one id per upgrade copy
(5P..5P+31), then the 10 dungeon slots and the final boss (monster_base..monster_base+10).
Which monster lies in which dungeon slot is `slot_monsters` (monster ids; hidden until revealed;
determinize resamples it). Cards chosen in secret (steps 1 and 2) are the answers of the secret
decision frame until they are revealed into `chosen` / `transform_weapon`.

Clone and JSON are generated from `fields`; what follows from the game and the player count
alone (the card set, the instance table, the card actions) is set again by `_clean`.
"""

from __future__ import annotations

from game.bloodborne import rules
from game.core import decisions
from game.core import fields as F
from game.core.contract import Action, Outcome
from game.core.flow import FlowState
from game.core.rng import Rng

#: per-seat lists of ints/bools, and the card piles
_LISTS = ("health", "collected", "banked", "trophies", "chosen", "transform_weapon", "deaths",
          "out", "dead", "damaged", "cancelled", "prevention", "extra_damage",
          "dungeon", "defeated", "escaped", "upgrade_deck", "available", "removed",
          "slot_monsters", "winners")
_SCALARS = ("round", "first_player", "start_player", "current", "echoes", "echoes_full",
            "revealed", "attack_reduction", "tie_break", "end_reason", "last_roll", "turn")
#: (card set, instances, monster_base, card action tables) per game and player count
_TABLES: dict = {}


class BloodborneState(FlowState):
    __slots__ = ("card_set", "cards", "monster_by_id", "monster_base", "rng", "hand", "used",
                 "_asked_by", "_asked", "_tables", "recording") + _LISTS + _SCALARS

    rules = rules.rules  # the module's Rules: the steps and action kinds
    concedable = True  # D10
    fields = {"rng": F.RNG, "hand": F.LISTS, "used": F.LISTS,
              **{k: F.LIST for k in _LISTS}, **{k: F.VALUE for k in _SCALARS}}

    def __init__(self, game, players: int, seed: int, final_boss: str = "random") -> None:
        super().__init__(game, players)
        self._clean()
        self.rng = Rng(seed)
        P = players
        self.health = [0] * P
        self.collected = [0] * P  # echoes taken this trip, lost on death
        self.banked = [0] * P  # echoes banked in the Dream, never lost
        self.trophies = [0] * (3 * P)  # seat p's Kin, Humanoid, Beast counts at 3p..3p+2
        self.chosen = [-1] * P  # the revealed action card (-1: none yet)
        self.transform_weapon = [-1] * P  # the revealed Transform weapon (-1: none)
        self.deaths = [0] * P
        self.out = [False] * P  # out of the game (Rom)
        self.dead = [False] * P  # died this round
        self.damaged = [False] * P  # dealt damage to the monster this round (D5)
        self.cancelled = [False] * P  # melee attack cancelled this round
        self.prevention = [0] * P  # damage prevented this round (step 3 protections)
        self.extra_damage = [0] * P  # extra damage taken this round (lure)
        self.used = [[] for _ in range(P)]
        self.hand = [[] for _ in range(P)]
        self.dungeon, self.defeated, self.escaped = [], [], []
        self.upgrade_deck, self.available, self.removed = [], [], []
        self.slot_monsters = []
        self.round, self.first_player, self.start_player = 0, 0, 0
        self.current = -1  # the monster card fought (-1: none)
        self.echoes = self.echoes_full = 0  # echoes on the monster; its echoes when revealed
        self.revealed = 0  # dungeon cards revealed so far
        self.attack_reduction = 0  # the monster's attack deals this much less (numb)
        self.tie_break, self.end_reason = False, ""
        self.last_roll = None  # (die, face indices, total) of the last monster attack
        self.turn = -1  # the hunter asked in step 3 or 7 (the step goes on after them)
        self.winners = []
        rules.setup(self, final_boss)
        self.rules.advance(self)

    def _clean(self) -> None:
        """What follows from the game and the player count (shared by every state of this
        card set and player count), and the per-position memos."""
        super()._clean()
        #: `State.recording` as a plain attribute (the rules ask it at every event): True only
        #: while `apply` records this state's events
        self.recording = False
        self._asked_by = self._asked = None  # to_act's memo: the top frame and its answer
        key = (self.game, self.players)
        shared = _TABLES.get(key)
        if shared is None:
            cs = self.game.card_set()
            cards = cs.instances(self.players)
            self.card_set, self.cards, self.monster_base = cs, cards, len(cards)
            self.monster_by_id = cs.monster_by_id
            shared = _TABLES[key] = (cs, cards, len(cards), cs.monster_by_id,
                                     rules.card_action_tables(self))
        (self.card_set, self.cards, self.monster_base, self.monster_by_id,
         self._tables) = shared

    # --- turn structure --------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return self.round

    @property
    def final_boss(self):
        return self.monster_by_id[self.slot_monsters[-1]]

    def to_act(self) -> tuple[int, ...]:
        """The seats the top decision waits for (a game that is over has no decisions left).
        Frames are immutable, so the answer is remembered for the frame it was read from."""
        if not self.decisions:
            return ()
        frame = self.decisions[-1]
        if frame is not self._asked_by:  # Decision.waiting_for, inlined (the contract test
            if frame.how != decisions.SECRET:  # checks they agree)
                seats = frame.seats[:1]
            elif frame.answers:
                done = [seat for seat, _ in frame.answers]
                seats = tuple([seat for seat in frame.seats if seat not in done])
            else:
                seats = frame.seats
            self._asked_by, self._asked = frame, seats
        return self._asked

    def apply(self, player: int, action, **how):
        """`FlowState.apply`, with `recording` set while it records the events."""
        self.recording = True
        try:
            return super().apply(player, action, **how)
        finally:
            self.recording = False

    def prompt(self, player: int | None) -> str:
        """What is asked, in `player`'s words: "Choose your action card" for a seat asked,
        "Waiting for …" for the others."""
        if self.is_over():
            return rules.END_REASONS[self.end_reason]
        frame = decisions.top(self)
        if frame is None:
            return ""
        waiting = frame.waiting_for()
        if player in waiting:
            words = frame.prompt.replace("{seat}: ", "")
            return words[:1].upper() + words[1:]
        who = ", ".join(self.seat_name(p) for p in waiting)
        what = {"choose": "to choose their action cards" if len(waiting) > 1
                else "to choose an action card",
                "transform": "to choose a weapon for Transform"}.get(frame.kind, "to decide")
        if frame.how == decisions.SECRET and player in frame.seats:  # answered already
            done = "your card" if frame.kind == "choose" else "your weapon"
            return f"You have chosen {done}; waiting for {who} {what}."
        return f"Waiting for {who} {what}."

    # --- information -----------------------------------------------------------------------
    def _card(self, cid: int) -> dict:
        d = self.cards[cid].to_view()
        d["card"] = cid
        return d

    def _monster(self, slot: int) -> dict:
        d = self.monster_by_id[self.slot_monsters[slot - self.monster_base]].to_view()
        d["card"] = slot
        return d

    def secret_answer(self, p: int, kind: str) -> int:
        """p's face-down card in the open secret frame of `kind` ("choose", "transform"), or
        -1. Only the rules, p's own view and determinize may call this."""
        frame = decisions.top(self)
        if frame is None or frame.kind != kind:
            return -1
        a = frame.answer_of(p)
        return -1 if a is None else a

    def _view(self, player: int | None) -> dict:
        """What `player` may see (None: a spectator). Hands are public knowledge (starter
        cards are known, upgrades are taken openly, used piles lie face up); only the cards
        laid face down in steps 1 and 2, the dungeon and the deck orders are hidden."""
        frame = decisions.top(self)
        secret = frame.kind if frame is not None and frame.how == decisions.SECRET else ""
        answered = {s for s, _ in frame.answers} if secret else set()
        hunters = []
        for p in range(self.players):
            mine = p == player
            face_down = self.secret_answer(p, secret) if secret else -1
            chosen = self.chosen[p] if secret != "choose" else face_down
            weapon = self.transform_weapon[p] if secret != "transform" else face_down
            h = {
                "seat": p,
                "health": self.health[p],
                "max_health": rules.MAX_HEALTH,
                "collected": self.collected[p],
                "banked": self.banked[p],
                "trophies": {k: self.trophies[3 * p + i]
                             for i, k in enumerate(("kin", "humanoid", "beast"))},
                "trophy_points": rules.trophy_points(self, p),
                "score": rules.score(self, p),
                "used": [self._card(c) for c in self.used[p]],
                "hand_size": len(self.hand[p]),
                "chosen": self.chosen[p] >= 0 or (secret == "choose" and p in answered),
                "card": self._card(chosen) if chosen >= 0 and (mine or secret != "choose")
                else None,
                "transform_chosen": self.transform_weapon[p] >= 0
                or (secret == "transform" and p in answered),
                "transform": self._card(weapon) if weapon >= 0
                and (mine or secret != "transform") else None,
                "dead": self.dead[p] and self.health[p] <= 0,  # lying dead (until the Dream)
                "died_this_round": self.dead[p],
                "out": self.out[p],
                "deaths": self.deaths[p],
            }
            # cards in hand or face down: public as a set, not which is which
            holding = list(self.hand[p])
            if face_down >= 0:
                holding.append(face_down)
            h["holding"] = sorted(holding)
            h["holding_ids"] = [self.cards[c].id for c in h["holding"]]  # public, as the set
            hunters.append(h)
        m = rules.monster(self)
        return {
            "game": "bloodborne",
            "you": player,
            "round": self.round,
            "step": rules.step_name(self),
            "prompt": self.prompt(player),
            "decision": frame.public(player) if frame is not None else None,
            "to_act": list(self.to_act()),
            "first_player": self.first_player,
            "monster": None if m is None else dict(self._monster(self.current),
                                                    echoes=self.echoes,
                                                    hp_total=self.echoes_full),
            "final_boss": self._monster(self.monster_base + rules.DUNGEON_SIZE),
            "dungeon": {"revealed": self.revealed, "size": rules.DUNGEON_SIZE,
                        "left": len(self.dungeon), "cards": list(self.dungeon)},
            "defeated": [self._monster(c) for c in self.defeated],
            "escaped": [self._monster(c) for c in self.escaped],
            "available": [self._card(c) for c in self.available],
            "upgrade_deck": len(self.upgrade_deck),
            "removed": [self._card(c) for c in self.removed],
            "last_roll": None if self.last_roll is None else [
                self.last_roll[0], list(self.last_roll[1]), self.last_roll[2]],
            "hunters": hunters,
            "hand": [self._card(c) for c in sorted(self.hand[player])]
            if player is not None else None,
            "hand_limit": rules.HAND_LIMIT,
            "over": self.is_over(),
            "end_reason": self.end_reason,
            "winners": list(self.winners),
        }

    def determinize(self, player: int, rng) -> BloodborneState:
        """Resample what `player` cannot see, from what the seat knows and `rng` alone: the
        others' face-down cards (from their public hands, sorted before drawing), which
        monsters lie in the dungeon and in what order, the upgrade deck order, and the future
        dice (the state's Rng is reseeded)."""
        d = self.clone()
        frame = decisions.top(d)
        if frame is not None and frame.how == decisions.SECRET:
            answers = []
            for q, card in frame.answers:
                if q != player:
                    pool = sorted(d.hand[q] + [card])
                    if frame.kind == "transform":
                        options = [c for c in pool if d.cards[c].weapon]
                    else:
                        options = pool
                    card = options[rng.below(len(options))]
                    pool.remove(card)
                    d.hand[q] = pool
                answers.append((q, card))
            d.decisions[-1] = frame._replace(answers=tuple(answers))
        d.upgrade_deck.sort()
        rng.shuffle(d.upgrade_deck)
        if d.dungeon:
            base = d.monster_base
            slots, by_id = d.slot_monsters, d.monster_by_id
            seen = {slots[c - base] for c in d.defeated + d.escaped}
            if d.current >= 0:
                seen.add(slots[d.current - base])
            bosses = sum(by_id[slots[c - base]].boss for c in d.dungeon)
            pool_m = [m for m in d.card_set.monsters if m.id not in seen]
            pool_b = [m for m in d.card_set.bosses if m.id not in seen]
            rng.shuffle(pool_m)
            rng.shuffle(pool_b)
            fresh = pool_m[:len(d.dungeon) - bosses] + pool_b[:bosses]
            rng.shuffle(fresh)
            for slot, m in zip(sorted(d.dungeon), fresh, strict=True):
                slots[slot - base] = m.id
        d.rng = Rng(rng.next64())
        return d

    def is_over(self) -> bool:
        return self.end_reason != ""

    # --- table actions (the core flow's concede and timeout) ---------------------------------
    def concede(self, player: int) -> None:
        rules.concede(self, player)

    def default_answer(self, player: int) -> Action:
        """A hunter out of time rests in the Hunter's Dream when they may choose it (the safe
        card), else takes the first answer offered (prevent damage before cancelling; the first
        weapon, upgrade or card to remove)."""
        legal = self.legal_actions(player)
        if self.decisions[-1].kind == "choose":
            cards = self.cards
            return next((a for a in legal if rules.rests_in_dream(cards[a.source])), legal[0])
        return legal[0]

    def outcome(self) -> Outcome:
        P = self.players
        scores = tuple(float(rules.score(self, p)) for p in range(P))
        details = {
            "rounds": self.round,
            "final_boss": self.final_boss.id,
            "start_player": self.start_player,
            "reason": self.end_reason,
            "tie_break": self.tie_break,
            "conceded": list(self.conceded),
            "hunters": [{"seat": p, "banked": self.banked[p],
                         "trophy_points": rules.trophy_points(self, p),
                         "trophies": self.trophies[3 * p:3 * p + 3],
                         "deaths": self.deaths[p], "out": self.out[p]} for p in range(P)],
        }
        return Outcome(tuple(self.winners), scores, "", details)

    def card_ids(self) -> list[int]:
        """Every starter and upgrade card (hands, used piles, face down, chosen, the Available
        row, the deck, the removed pile) and every monster card in play (dungeon, current,
        defeated, escaped, the final boss beside the dungeon)."""
        ids = []
        for h in self.hand:
            ids.extend(h)
        for u in self.used:
            ids.extend(u)
        frame = decisions.top(self)
        if frame is not None and frame.how == decisions.SECRET:
            ids.extend(card for _, card in frame.answers)
        ids.extend(c for c in self.chosen if c >= 0)
        ids.extend(c for c in self.transform_weapon if c >= 0)
        ids.extend(self.available)
        ids.extend(self.upgrade_deck)
        ids.extend(self.removed)
        ids.extend(self.dungeon)
        ids.extend(self.defeated)
        ids.extend(self.escaped)
        if self.current >= 0:
            ids.append(self.current)
        final = self.monster_base + rules.DUNGEON_SIZE
        if self.current != final and final not in self.defeated:
            ids.append(final)
        return ids

    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {}
        for p in range(len(self.hand)):
            z[f"hand:{p}"] = list(self.hand[p])
            z[f"used:{p}"] = list(self.used[p])
            z[f"chosen:{p}"] = [self.chosen[p]] if self.chosen[p] >= 0 else []
        frame = decisions.top(self)
        z["face down"] = [card for _, card in frame.answers] \
            if frame is not None and frame.how == decisions.SECRET else []
        z["transforming"] = [c for c in self.transform_weapon if c >= 0]
        z["available"] = list(self.available)
        z["upgrade deck"] = list(self.upgrade_deck)
        z["removed"] = list(self.removed)
        z["dungeon"] = list(self.dungeon)
        z["defeated"] = list(self.defeated)
        z["escaped"] = list(self.escaped)
        z["current monster"] = [self.current] if self.current >= 0 else []
        final = self.monster_base + rules.DUNGEON_SIZE
        z["final boss"] = [final] if self.current != final and final not in self.defeated \
            else []
        return z


