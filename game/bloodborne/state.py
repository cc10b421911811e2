"""The Bloodborne game state: plain ints and lists, the decision stack, a hand-written clone,
exact JSON (spec: docs/rules/bloodborne.md).

Card instance ids: seat p's five starter cards are 5p..5p+4, then one id per upgrade copy
(5P..5P+31), then the 10 dungeon slots and the final boss (monster_base..monster_base+10).
Which monster lies in which dungeon slot is `slot_monsters` (hidden until revealed; determinize
resamples it). Cards chosen in secret (steps 1 and 2) are the answers of the secret decision
frame until they are revealed into `chosen` / `transform_weapon`.

Legality is written once: `candidates` lists what the top decision asks for and `checks` (one
function per action kind, at the end of this file) says why an action is refused.
"""

from __future__ import annotations

from game.bloodborne import rules
from game.core import decisions
from game.core.contract import Action, Outcome, State
from game.core.rng import Rng

#: per-seat lists of ints/bools, copied by clone and JSON
_SEAT_LISTS = ("health", "collected", "banked", "trophies", "chosen", "transform_weapon",
               "deaths", "out", "dead", "damaged", "cancelled", "prevention", "extra_damage")
_PILES = ("dungeon", "defeated", "escaped", "upgrade_deck", "available", "removed")
_SCALARS = ("round", "first_player", "start_player", "current", "echoes", "echoes_full",
            "revealed", "attack_reduction", "tie_break", "end_reason")
#: decisions whose choices share one card: legal_actions remembers checks per action there
_BY_ACTION = frozenset({"protect", "cancel_target"})


class BloodborneState(State):
    __slots__ = ("card_set", "cards", "monster_base", "rng", "slot_monsters", "hand", "used",
                 "winners", "last_roll", "_asked_by", "_asked", "_tables", "_passed",
                 "recording") + _SEAT_LISTS + _PILES + _SCALARS

    def __init__(self, game, players: int, seed: int, final_boss: str = "random") -> None:
        super().__init__(game, players)
        #: `State.recording` as a plain attribute (the rules ask it at every event): True only
        #: while `apply` records this state's events (see `_apply`)
        self.recording = False
        self._asked_by = self._asked = None  # to_act's memo: the top frame and its answer
        #: the card set and the instance table (card id -> definition); never change
        self.card_set = game.card_set()
        self.cards = self.card_set.instances(players)
        # shared by every state of this card set and player count: the card actions, and
        # legal_actions' memo of the checks' results
        self._tables = rules.card_action_tables(self)
        self._passed = self.card_set.legal_memo(players)
        #: the first monster card id (the dungeon slots, then the final boss)
        self.monster_base = len(self.cards)
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
        self.last_roll = None  # [die, face indices, total] of the last monster attack
        self.winners = []
        rules.setup(self, final_boss)

    # --- turn structure --------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return self.round

    @property
    def final_boss(self):
        return self.slot_monsters[-1]

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

    def candidates(self, player: int) -> list[Action]:
        frame = self.decisions[-1]
        kind, act = frame.kind, rules.action
        if kind == "choose":
            table = self._tables["choose"]
            return [table[c] for c in self.hand[player]]
        if kind == "transform":
            table = self._tables["transform"]
            return [table[c] for c in rules.transform_options(self, player)]
        if kind == "protect":
            card = frame.context[0]
            targets = rules.cancel_targets(self, player)
            return [act(self, "shield", card, "self"),
                    act(self, "cancel", card, targets[0] if len(targets) == 1 else None)]
        if kind == "cancel_target":
            return [act(self, "cancel_target", frame.context[0], q) for q in frame.options]
        if kind == "upgrade":
            table = self._tables["upgrade"]
            out = [table[c] for c in frame.options]
            if self.dead[player]:
                out.append(act(self, "skip_upgrade"))
            return out
        if kind == "remove":  # the picks so far have left the hand already
            table = self._tables["remove"]
            return [table[c] for c in sorted(self.hand[player])]
        return []

    def legal_actions(self, player: int) -> list[Action]:
        """`State.legal_actions` (the candidates the checks pass), with the checks' results
        remembered: besides the action's own parts (and the card's printed text), a check
        reads only facts every candidate has by how it was built — the card is in the hand,
        the upgrade is on offer, skip_upgrade is offered only to a hunter who died, the melee
        attacks a step 3 card may cancel are those `cancel_targets` gave the candidates. So the
        result is kept per decision kind and card (per card set and player count); in step 3,
        where the choices share one card, per action.

        tests/bloodborne/test_rules.py compares the result with the core's plain filter on
        many random positions."""
        if player not in self.to_act() or type(player) is not int:
            self.check_seat(player)  # a seat that is not at the table: NoSuchSeat
            return []
        kind = self.decisions[-1].kind
        memo = self._passed.get(kind)
        if memo is None:
            memo = self._passed[kind] = (set(), set())
        candidates = self.candidates(player)
        keys = candidates if kind in _BY_ACTION else [a.source for a in candidates]
        if memo[0].issuperset(keys):  # every check known to pass
            return candidates
        return self._check_candidates(player, candidates, keys, *memo)

    def _check_candidates(self, player: int, candidates: list[Action], keys: list,
                          passing: set, refused: set) -> list[Action]:
        """The candidates the checks pass, checking those not checked before (see
        legal_actions) and remembering their results by key (the card, or the action)."""
        checks = self.checks
        for a, k in zip(candidates, keys, strict=True):
            if k not in passing and k not in refused:
                ok = checks[a.kind](self, player, a) is None
                (passing if ok else refused).add(k)
        return [a for a, k in zip(candidates, keys, strict=True) if k in passing]

    def _apply(self, player: int, action: Action) -> None:
        """Called by `State.apply` only, which records the events."""
        self.recording = True
        try:
            APPLY[action.kind](self, player, action)
        finally:
            self.recording = False

    def step(self, player: int, action: Action) -> None:
        """`State.step` without the extra call (the search's hot path)."""
        APPLY[action.kind](self, player, action)

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
        d = self.slot_monsters[slot - self.monster_base].to_view()
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
            "last_roll": None if self.last_roll is None else list(self.last_roll),
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
            seen = {d.slot_monsters[c - base].id for c in d.defeated + d.escaped}
            if d.current >= 0:
                seen.add(d.slot_monsters[d.current - base].id)
            bosses = sum(d.slot_monsters[c - base].boss for c in d.dungeon)
            pool_m = [m for m in d.card_set.monsters if m.id not in seen]
            pool_b = [m for m in d.card_set.bosses if m.id not in seen]
            rng.shuffle(pool_m)
            rng.shuffle(pool_b)
            fresh = pool_m[:len(d.dungeon) - bosses] + pool_b[:bosses]
            rng.shuffle(fresh)
            for slot, m in zip(sorted(d.dungeon), fresh, strict=True):
                d.slot_monsters[slot - base] = m
        d.rng = Rng(rng.next64())
        return d

    def is_over(self) -> bool:
        return self.end_reason != ""

    def outcome(self) -> Outcome:
        P = self.players
        scores = tuple(float(rules.score(self, p)) for p in range(P))
        details = {
            "rounds": self.round,
            "final_boss": self.final_boss.id,
            "start_player": self.start_player,
            "reason": self.end_reason,
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
        c.recording = False
        c._asked_by = c._asked = None
        c.game, c.players, c.card_set, c.cards, c.monster_base = (
            self.game, self.players, self.card_set, self.cards, self.monster_base)
        c._tables, c._passed = self._tables, self._passed
        c.decisions = self.decisions[:]
        c.rng = Rng(self.rng.state) if type(self.rng) is Rng else self.rng.clone()
        c.slot_monsters = self.slot_monsters[:]
        c.hand = [h[:] for h in self.hand]
        c.used = [u[:] for u in self.used]
        c.winners = self.winners[:]
        c.last_roll = self.last_roll  # replaced, never changed in place
        c.health = self.health[:]
        c.collected = self.collected[:]
        c.banked = self.banked[:]
        c.trophies = self.trophies[:]
        c.chosen = self.chosen[:]
        c.transform_weapon = self.transform_weapon[:]
        c.deaths = self.deaths[:]
        c.out = self.out[:]
        c.dead = self.dead[:]
        c.damaged = self.damaged[:]
        c.cancelled = self.cancelled[:]
        c.prevention = self.prevention[:]
        c.extra_damage = self.extra_damage[:]
        c.dungeon = self.dungeon[:]
        c.defeated = self.defeated[:]
        c.escaped = self.escaped[:]
        c.upgrade_deck = self.upgrade_deck[:]
        c.available = self.available[:]
        c.removed = self.removed[:]
        c.round, c.first_player, c.start_player = self.round, self.first_player, self.start_player
        c.current, c.echoes, c.echoes_full = self.current, self.echoes, self.echoes_full
        c.revealed, c.attack_reduction = self.revealed, self.attack_reduction
        c.tie_break, c.end_reason = self.tie_break, self.end_reason
        return c

    def to_json(self) -> dict:
        data = {"game": "bloodborne", "players": self.players, "rng": self.rng.state,
                "decisions": decisions.stack_to_json(self.decisions),
                "slot_monsters": [m.id for m in self.slot_monsters],
                "hand": [h[:] for h in self.hand], "used": [u[:] for u in self.used],
                "winners": self.winners[:],
                "last_roll": None if self.last_roll is None else [
                    self.last_roll[0], list(self.last_roll[1]), self.last_roll[2]]}
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
        s.recording = False
        s._asked_by = s._asked = None
        s.game = game
        s.players = P = int(data["players"])
        s.card_set = game.card_set()
        s.cards = s.card_set.instances(P)
        s._tables = rules.card_action_tables(s)
        s._passed = s.card_set.legal_memo(P)
        s.monster_base = len(s.cards)
        s.decisions = decisions.stack_from_json(data["decisions"])
        s.rng = Rng(int(data["rng"]))
        s.slot_monsters = [s.card_set.monster_by_id[i] for i in data["slot_monsters"]]
        s.hand = [list(h) for h in data["hand"]]
        s.used = [list(u) for u in data["used"]]
        s.winners = list(data["winners"])
        roll = data["last_roll"]
        s.last_roll = None if roll is None else [str(roll[0]), list(roll[1]), int(roll[2])]
        for key in _SEAT_LISTS + _PILES:
            setattr(s, key, list(data[key]))
        for key in _SCALARS:
            setattr(s, key, data[key])
        return s

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


# --- legality: one check per action kind ------------------------------------------------------

def _asked(s, kind: str, step: str) -> str | None:
    if not s.decisions or s.decisions[-1].kind != kind:
        return step
    return None


def check_choose(s, p: int, a: Action) -> str | None:
    """Step 1: one card from your own hand."""
    if not s.decisions or s.decisions[-1].kind != "choose":
        return "Action cards are chosen at the start of the round, not now."
    if a.target != "chosen" or a.option is not None or a.source not in s.hand[p]:
        return "That card is not in your hand."
    return None


def check_transform(s, p: int, a: Action) -> str | None:
    """Step 2: a melee or ranged weapon from your hand (no Dream after Transform)."""
    refused = _asked(s, "transform", "You can only pick a weapon right after revealing "
                                     "Transform.")
    if refused:
        return refused
    card = s.cards[a.source] if isinstance(a.source, int) and 0 <= a.source < len(s.cards) \
        else None
    if card is not None and card.ability == "dream":
        return "You cannot go to the Dream after Transform."
    if card is not None and not card.weapon:
        return "Transform needs a melee or ranged weapon."
    if a.source not in s.hand[p] or a.target != "chosen":
        return "That weapon is not in your hand."
    return None


def _immediate_card(s, a: Action) -> str | None:
    frame = decisions.top(s)
    if frame is None or frame.kind not in ("protect", "cancel_target"):
        return "Immediate cards act in step 3 of the round."
    if a.source != frame.context[0]:
        return "Only the Immediate card you played can act now."
    return None


def check_shield(s, p: int, a: Action) -> str | None:
    """Step 3: a ranged card that may protect its owner prevents damage to you."""
    refused = _immediate_card(s, a)
    if refused:
        return refused
    if decisions.top(s).kind != "protect":
        return "Choose whose melee attack to cancel."
    return None if a.target == "self" else "A protection is for yourself."


def check_cancel(s, p: int, a: Action) -> str | None:
    """Step 3: cancel another hunter's melee attack (named when there is only one)."""
    refused = _immediate_card(s, a)
    if refused:
        return refused
    if decisions.top(s).kind != "protect":
        return "Choose whose melee attack to cancel."
    targets = rules.cancel_targets(s, p)
    expected = targets[0] if len(targets) == 1 else None
    if a.target != expected:
        return _why_not_a_target(s, p, a.target)
    return None


def check_cancel_target(s, p: int, a: Action) -> str | None:
    """Step 3: the melee attack to cancel is another hunter's, not already cancelled."""
    refused = _immediate_card(s, a)
    if refused:
        return refused
    if decisions.top(s).kind != "cancel_target":
        return "First choose: protect yourself or cancel a melee attack."
    if a.target not in rules.cancel_targets(s, p):
        return _why_not_a_target(s, p, a.target)
    return None


def _why_not_a_target(s, p: int, t) -> str:
    if t == p:
        return "You cannot cancel your own attack."
    if isinstance(t, int) and 0 <= t < s.players:
        if s.cancelled[t]:
            return f"{s.seat_name(t)}'s melee attack is already cancelled."
        return f"{s.seat_name(t)} is not making a melee attack."
    return "Choose a hunter whose melee attack to cancel."


def check_upgrade(s, p: int, a: Action) -> str | None:
    """Step 7: one of the Available Upgrades, once per visit to the Dream."""
    frame = decisions.top(s)
    if frame is None or frame.kind != "upgrade":
        if frame is not None and frame.kind == "remove":
            return "You have already taken an upgrade this round."
        return "Upgrades are taken in the Hunter's Dream (step 7)."
    if a.source not in frame.options or a.target != "hand":
        return "That card is not among the Available Upgrades."
    return None


def check_skip_upgrade(s, p: int, a: Action) -> str | None:
    """Step 7: only a hunter who died may take no upgrade."""
    frame = decisions.top(s)
    if frame is None or frame.kind != "upgrade":
        return "There is no upgrade to take now."
    return None if s.dead[p] else "A hunter in the Dream must take an upgrade."


def check_remove(s, p: int, a: Action) -> str | None:
    """Step 7: down to the hand limit, removing cards from your own hand."""
    frame = decisions.top(s)
    if frame is None or frame.kind != "remove":
        if frame is not None and frame.kind == "upgrade":
            return "Take an upgrade first; then check the hand limit."
        return "Cards are removed only at the hand limit, in the Hunter's Dream."
    if a.target != "removed" or a.source not in s.hand[p]:  # picks leave the hand at once
        return "Remove a card from your own hand."
    return None


BloodborneState.checks = {"choose": check_choose, "transform": check_transform,
                          "shield": check_shield, "cancel": check_cancel,
                          "cancel_target": check_cancel_target, "upgrade": check_upgrade,
                          "skip_upgrade": check_skip_upgrade, "remove": check_remove}

#: action kind -> the rules step that answers it (rules.on_*, which read the action's parts)
APPLY = {"choose": rules.on_choose, "transform": rules.on_transform, "shield": rules.on_shield,
         "cancel": rules.on_cancel, "cancel_target": rules.on_cancel_target,
         "upgrade": rules.on_upgrade, "skip_upgrade": rules.on_skip_upgrade,
         "remove": rules.on_remove}
