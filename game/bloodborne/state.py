"""The Bloodborne game state: plain ints and lists, a hand-written clone, exact JSON.

Card instance ids: seat p's five starter cards are 5p..5p+4, then one id per upgrade copy
(5P..5P+31), then the 10 dungeon slots and the final boss (mbase..mbase+10). Which monster
sits in which dungeon slot is `mdef` (hidden until revealed; determinize resamples it).
"""

from __future__ import annotations

from game.bloodborne import rules
from game.bloodborne.rules import CHOOSE, DREAM, IMMEDIATE, OVER, PHASES, TRANSFORM
from game.core.contract import Action, Outcome, State
from game.core.rng import Rng

#: per-seat lists of ints/bools copied by clone and JSON
_SEAT_LISTS = ("health", "collected", "banked", "trophies", "chosen", "tform", "deaths", "out",
               "dead", "damaged", "cancelled", "shield", "extra")
_PILES = ("dungeon", "defeated", "escaped", "upgrade_deck", "available", "removed", "queue")
_SCALARS = ("phase", "round", "first", "start_player", "current", "hp", "hp_full", "revealed",
            "numb", "waiting", "dream_stage", "tie_break", "over_reason")


class BloodborneState(State):
    __slots__ = ("game", "players", "cs", "cards", "mbase", "rng", "mdef", "hand", "used",
                 "winners", "_events") + _SEAT_LISTS + _PILES + _SCALARS

    def __init__(self, game, players: int, seed: int, final_boss: str = "random") -> None:
        self._events = None
        self.game = game
        self.players = players
        self.cs = game.card_set()
        self.cards = self.cs.instances(players)
        self.mbase = len(self.cards)
        self.rng = Rng(seed)
        P = players
        for key in _SEAT_LISTS:
            setattr(self, key, [0] * P)
        self.trophies = [0] * (3 * P)
        for key in ("out", "dead", "damaged", "cancelled"):
            setattr(self, key, [False] * P)
        self.chosen = [-1] * P
        self.tform = [-1] * P
        self.used = [[] for _ in range(P)]
        self.hand = [[] for _ in range(P)]
        for key in _PILES:
            setattr(self, key, [])
        self.phase, self.round, self.first = CHOOSE, 0, 0
        self.current, self.hp, self.hp_full, self.revealed = -1, 0, 0, 0
        self.numb, self.waiting, self.dream_stage = 0, -1, 0
        self.tie_break, self.over_reason = False, ""
        self.winners = []
        rules.setup(self, final_boss)

    # --- turn structure --------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return self.round

    def to_act(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == CHOOSE:
            return rules.to_choose(self)
        if ph == TRANSFORM:
            return tuple(self.queue)
        if ph == OVER:
            return ()
        return (self.waiting,)

    def legal_actions(self, player: int) -> list[Action]:
        ph = self.phase
        act = rules.action
        if ph == CHOOSE:
            if self.chosen[player] >= 0 or self.out[player]:
                return []
            return [act(self, "choose", c, "chosen") for c in self.hand[player]]
        if ph == TRANSFORM:
            if player not in self.queue:
                return []
            return [act(self, "transform", c, "chosen")
                    for c in rules.transform_options(self, player)]
        if ph == OVER or player != self.waiting:
            return []
        if ph == IMMEDIATE:
            c = rules.played_id(self, player)
            return [act(self, "immediate", c, t, m)
                    for t, m in rules.immediate_options(self, player)]
        # DREAM
        if self.dream_stage == 1:
            out = [act(self, "upgrade", c, "hand") for c in self.available]
            if self.dead[player]:
                out.append(act(self, "skip_upgrade"))
            return out
        return [act(self, "remove", c, "removed") for c in self.hand[player]]

    def _apply(self, player: int, action: Action) -> None:
        kind = action.kind
        if kind == "choose":
            rules.on_choose(self, player, action.source)
        elif kind == "transform":
            rules.on_transform(self, player, action.source)
        elif kind == "immediate":
            rules.on_immediate(self, player, action.target, action.option)
        elif kind == "upgrade":
            rules.on_upgrade(self, player, action.source)
        elif kind == "skip_upgrade":
            rules.on_skip_upgrade(self, player)
        elif kind == "remove":
            rules.on_remove(self, player, action.source)
        else:
            raise ValueError(f"unknown action kind {kind!r}")

    def why_illegal(self, player: int, action: Action) -> str:
        kind, src, ph = action.kind, action.source, self.phase
        card = self.cards[src] if isinstance(src, int) and 0 <= src < len(self.cards) else None
        hand = self.hand[player]
        if ph == OVER:
            return "The game is over."
        if self.out[player]:
            return f"{self.seat_name(player)} is out of the game."
        if kind == "choose":
            if ph != CHOOSE:
                return "Action cards are chosen at the start of the round, not now."
            mine = self.chosen[player]
            if mine >= 0 and not hand and self.cards[mine].ability == "dream":
                return "You must choose Hunter's Dream: it is your only card."
            if mine >= 0:
                return "You have already chosen your card this round."
            if src not in hand:
                return "That card is not in your hand."
            if len(hand) == 1:
                return f"You must choose {self.cards[hand[0]].name}: it is your only card."
        if kind == "transform":
            if ph != TRANSFORM:
                return "You can only pick a weapon right after revealing Transform."
            if card is not None and card.ability == "dream":
                return "You cannot go to the Dream after Transform."
            if card is not None and not card.weapon:
                return "Transform needs a melee or ranged weapon."
            if src not in hand:
                return "That weapon is not in your hand."
        if kind == "immediate":
            if ph != IMMEDIATE:
                return "Immediate cards act in step 3 of the round."
            if action.option == "cancel" and isinstance(action.target, int):
                t = action.target
                if t == player:
                    return "You cannot cancel your own attack."
                if 0 <= t < self.players and not rules.played_card(self, t).melee:
                    return f"{self.seat_name(t)} is not making a melee attack."
            return "That Immediate card cannot do that."
        if kind in ("upgrade", "skip_upgrade", "remove"):
            if ph != DREAM or player != self.waiting:
                return "Upgrades are taken in the Hunter's Dream (step 7)."
            if kind == "skip_upgrade":
                if self.dream_stage != 1:
                    return "There is no upgrade to take now."
                return "A hunter in the Dream must take an upgrade."
            if kind == "upgrade":
                if self.dream_stage != 1:
                    return "You have already taken an upgrade this round."
                return "That card is not among the Available Upgrades."
            if kind == "remove":
                if self.dream_stage == 1:
                    return "Take an upgrade first; then check the hand limit."
                return "Remove a card from your own hand."
        if player not in self.to_act():
            return f"It is not {self.seat_name(player)}'s turn."
        return f"{action} is not allowed now."

    # --- information -------------------------------------------------------------------
    def _card(self, cid: int) -> dict:
        d = self.cards[cid].to_view()
        d["card"] = cid
        return d

    def _monster(self, slot: int) -> dict:
        d = self.mdef[slot - self.mbase].to_view()
        d["card"] = slot
        return d

    def view(self, player: int | None) -> dict:
        """What `player` may see (None: a spectator). Hands are public knowledge (starter
        cards are known, upgrades are taken openly, used piles lie face up); only the
        unrevealed choices of steps 1 and 2 and the order of the decks are hidden."""
        ph = self.phase
        hidden_choice = ph == CHOOSE
        hidden_tform = ph == TRANSFORM
        hunters = []
        for p in range(self.players):
            mine = p == player
            chosen, tform = self.chosen[p], self.tform[p]
            h = {
                "seat": p,
                "health": self.health[p],
                "collected": self.collected[p],
                "banked": self.banked[p],
                "trophies": {k: self.trophies[3 * p + i]
                             for i, k in enumerate(("kin", "humanoid", "beast"))},
                "trophy_points": rules.trophy_points(self, p),
                "used": [self._card(c) for c in self.used[p]],
                "hand_size": len(self.hand[p]),
                "chosen": chosen >= 0,
                "card": self._card(chosen) if chosen >= 0 and (mine or not hidden_choice)
                else None,
                "transform_chosen": tform >= 0,
                "transform": self._card(tform) if tform >= 0 and (mine or not hidden_tform)
                else None,
                "dead": self.dead[p],
                "out": self.out[p],
                "deaths": self.deaths[p],
            }
            # cards in hand or face down before the reveal: public as a set, not which is which
            holding = list(self.hand[p])
            if chosen >= 0 and hidden_choice:
                holding.append(chosen)
            if tform >= 0 and hidden_tform:
                holding.append(tform)
            h["holding"] = sorted(holding)
            hunters.append(h)
        m = rules.monster(self)
        view = {
            "game": "bloodborne",
            "you": player,
            "round": self.round,
            "phase": PHASES[ph],
            "to_act": list(self.to_act()),
            "waiting": self.waiting,
            "first_player": self.first,
            "monster": None if m is None else dict(self._monster(self.current),
                                                    echoes=self.hp, hp_total=self.hp_full),
            "final_boss": self._monster(self.mbase + rules.DUNGEON_SIZE),
            "dungeon": {"revealed": self.revealed, "size": rules.DUNGEON_SIZE,
                        "left": len(self.dungeon), "cards": list(self.dungeon)},
            "defeated": [self._monster(c) for c in self.defeated],
            "escaped": [self._monster(c) for c in self.escaped],
            "available": [self._card(c) for c in self.available],
            "upgrade_deck": len(self.upgrade_deck),
            "removed": [self._card(c) for c in self.removed],
            "hunters": hunters,
            "hand": [self._card(c) for c in sorted(self.hand[player])]
            if player is not None else None,
            "over": ph == OVER,
            "winners": list(self.winners),
        }
        return view

    def determinize(self, player: int, rng) -> BloodborneState:
        """Resample what `player` cannot see: others' unrevealed choices (from their public
        hands), which monsters lie in the dungeon and in what order, the upgrade deck order,
        and the future dice."""
        d = self.clone()
        d.rng = Rng(rng.next64())
        if d.phase == CHOOSE:
            for q in range(d.players):
                if q != player and d.chosen[q] >= 0:
                    hand = d.hand[q]
                    hand.append(d.chosen[q])
                    pick = hand[rng.below(len(hand))]
                    hand.remove(pick)
                    d.chosen[q] = pick
        elif d.phase == TRANSFORM:
            for q in range(d.players):
                if q != player and d.tform[q] >= 0:
                    d.hand[q].append(d.tform[q])
                    weapons = rules.transform_options(d, q)
                    pick = weapons[rng.below(len(weapons))]
                    d.hand[q].remove(pick)
                    d.tform[q] = pick
        rng.shuffle(d.upgrade_deck)
        if d.dungeon:
            base = d.mbase
            seen = {d.mdef[c - base].id for c in d.defeated + d.escaped}
            if d.current >= 0:
                seen.add(d.mdef[d.current - base].id)
            bosses = sum(d.mdef[c - base].boss for c in d.dungeon)
            pool_m = [m for m in d.cs.monsters if m.id not in seen]
            pool_b = [m for m in d.cs.bosses if m.id not in seen]
            rng.shuffle(pool_m)
            rng.shuffle(pool_b)
            fresh = pool_m[:len(d.dungeon) - bosses] + pool_b[:bosses]
            rng.shuffle(fresh)
            for slot, m in zip(d.dungeon, fresh, strict=True):
                d.mdef[slot - base] = m
        return d

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        P = self.players
        scores = tuple(float(rules.score(self, p)) for p in range(P))
        details = {
            "rounds": self.round,
            "final_boss": self.mdef[-1].id,
            "start_player": self.start_player,
            "reason": self.over_reason,
            "tie_break": self.tie_break,
            "hunters": [{"seat": p, "banked": self.banked[p],
                         "trophy_points": rules.trophy_points(self, p),
                         "trophies": self.trophies[3 * p:3 * p + 3],
                         "deaths": self.deaths[p], "out": self.out[p]} for p in range(P)],
        }
        return Outcome(tuple(self.winners), scores, "", details)

    # --- copying ---------------------------------------------------------------------------
    def clone(self) -> BloodborneState:
        c = BloodborneState.__new__(BloodborneState)
        c._events = None
        c.game, c.players, c.cs, c.cards, c.mbase = (self.game, self.players, self.cs,
                                                     self.cards, self.mbase)
        c.rng = Rng(self.rng.state) if type(self.rng) is Rng else self.rng.clone()
        c.mdef = self.mdef[:]
        c.hand = [h[:] for h in self.hand]
        c.used = [u[:] for u in self.used]
        c.winners = self.winners[:]
        c.health = self.health[:]
        c.collected = self.collected[:]
        c.banked = self.banked[:]
        c.trophies = self.trophies[:]
        c.chosen = self.chosen[:]
        c.tform = self.tform[:]
        c.deaths = self.deaths[:]
        c.out = self.out[:]
        c.dead = self.dead[:]
        c.damaged = self.damaged[:]
        c.cancelled = self.cancelled[:]
        c.shield = self.shield[:]
        c.extra = self.extra[:]
        c.dungeon = self.dungeon[:]
        c.defeated = self.defeated[:]
        c.escaped = self.escaped[:]
        c.upgrade_deck = self.upgrade_deck[:]
        c.available = self.available[:]
        c.removed = self.removed[:]
        c.queue = self.queue[:]
        c.phase, c.round, c.first, c.current = self.phase, self.round, self.first, self.current
        c.start_player = self.start_player
        c.hp, c.hp_full, c.revealed, c.numb = self.hp, self.hp_full, self.revealed, self.numb
        c.waiting, c.dream_stage = self.waiting, self.dream_stage
        c.tie_break, c.over_reason = self.tie_break, self.over_reason
        return c

    def to_json(self) -> dict:
        data = {"game": "bloodborne", "players": self.players, "rng": self.rng.state,
                "mdef": [m.id for m in self.mdef],
                "hand": [h[:] for h in self.hand], "used": [u[:] for u in self.used],
                "winners": self.winners[:]}
        for key in _SEAT_LISTS + _PILES:
            data[key] = getattr(self, key)[:]
        for key in _SCALARS:
            data[key] = getattr(self, key)
        return data

    @staticmethod
    def from_json(game, data: dict) -> BloodborneState:
        """Rebuild a state from `to_json`; raise ValueError on data that is not one."""
        if not isinstance(data, dict) or data.get("game") != "bloodborne":
            raise ValueError("not a Bloodborne state")
        try:
            return BloodborneState._from_json(game, data)
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise ValueError(f"malformed Bloodborne state ({e!r})") from None

    @staticmethod
    def _from_json(game, data: dict) -> BloodborneState:
        s = BloodborneState.__new__(BloodborneState)
        s._events = None
        s.game = game
        s.players = P = int(data["players"])
        s.cs = game.card_set()
        s.cards = s.cs.instances(P)
        s.mbase = len(s.cards)
        s.rng = Rng(int(data["rng"]))
        s.mdef = [s.cs.monster_by_id[i] for i in data["mdef"]]
        s.hand = [list(h) for h in data["hand"]]
        s.used = [list(u) for u in data["used"]]
        s.winners = list(data["winners"])
        for key in _SEAT_LISTS + _PILES:
            setattr(s, key, list(data[key]))
        for key in _SCALARS:
            setattr(s, key, data[key])
        return s

    def card_ids(self) -> list[int]:
        """Every starter and upgrade card (hands, used piles, chosen slots, the Available
        row, the deck, the removed pile) and every monster card in play (dungeon, current,
        defeated, escaped, the final boss beside the dungeon)."""
        ids = []
        for h in self.hand:
            ids.extend(h)
        for u in self.used:
            ids.extend(u)
        ids.extend(c for c in self.chosen if c >= 0)
        ids.extend(c for c in self.tform if c >= 0)
        ids.extend(self.available)
        ids.extend(self.upgrade_deck)
        ids.extend(self.removed)
        ids.extend(self.dungeon)
        ids.extend(self.defeated)
        ids.extend(self.escaped)
        if self.current >= 0:
            ids.append(self.current)
        final = self.mbase + rules.DUNGEON_SIZE
        if self.current != final and final not in self.defeated:
            ids.append(final)
        return ids
