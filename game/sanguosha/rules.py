"""Sanguosha rules, in the spec's order (docs/rules/sanguosha.md): setup, the turn, using a
card, response windows, judgement, damage, dying and death, the end of the game.

Procedures are plain tasks on `s.tasks` (innermost last); `run` pops and performs them until
the rules need an answer (a frame on `s.decisions`) or the game ends. A step that must wait for
a choice pushes its continuation task first and then asks. Triggers raised while a step runs
(Chained Camps, Fierce Princess) collect in `s.pending` and are pushed on top as soon as the
step returns, so they resolve before the interrupted procedure goes on (D39).

The later chapters are their own modules: windows.py (R1–R6: Nullification, needing a Dodge
or a Slash, the Peach rounds) and damage.py (judgement, damage, dying, death). Card and skill
behaviour lives in effects.py, registered in `EFFECTS` by kind or skill id.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from game.core import decisions as dec
from game.core.contract import Action, Outcome
from game.core.effects import Effects
from game.sanguosha import queries as q
from game.sanguosha.cards import EQUIP_SLOTS, common_colour

EFFECTS = Effects("sanguosha", hooks={
    "effect": "a used card takes effect on one target (a delayed trick: when judged)",
    "prepare": "a used card has been announced, before any target is resolved",
    "convert": "cards a skill or weapon lets a seat use or play as another card",
    "active": "play-phase skill actions a seat may take now (candidates)",
    "act": "a play-phase skill action resolves",
    "offer_options": "the ways an optional skill or weapon may be used now (default: yes)",
    "invoke": "an optional skill or weapon its owner chose to use",
    "ask": "the answers to a question a card or skill asks (candidates)",
    "reply": "a question a card or skill asked was answered",
    "chosen": "a card was chosen from a player's zones for this card or skill",
})

STEPS: dict[str, Any] = {}


def step(fn):
    """Register a rules step: tasks name it."""
    STEPS[fn.__name__] = fn
    return fn


# --- small helpers ---------------------------------------------------------------------------

def card(s, c: int):
    return s.cs.cards[c]


def kind_of(s, c: int) -> str:
    return s.cs.kind_ids[c]


def clabel(s, c: int) -> str:
    """'Dodge ♥2', and 'Dodge ♥2 (2)' for the second copy, so labels name one card."""
    return s.cs.labels[c]


def has(s, p: int, skill: str) -> bool:
    """The seat's general has this working skill (a lord skill only for the Lord, D7)."""
    if not s.gen[p] or not s.alive[p]:
        return False
    g = s.cs.general(s.gen[p])
    if skill not in g.skills:
        return False
    return not s.cs.skills[skill].lord or p == s.lord


def kingdom(s, p: int) -> str:
    return s.cs.general(s.gen[p]).kingdom if s.gen[p] else ""


def gender(s, p: int) -> str:
    return s.cs.general(s.gen[p]).gender if s.gen[p] else "male"


def weapon(s, p: int) -> str:
    c = s.equip[p][0]
    return kind_of(s, c) if c >= 0 else ""


def armour(s, p: int) -> str:
    c = s.equip[p][1]
    return kind_of(s, c) if c >= 0 else ""


def name(s, p: int) -> str:
    return s.seat_name(p)


def living(s) -> list[int]:
    return [p for p in range(s.players) if s.alive[p]]


def r1_order(s) -> list[int]:
    """R1: living players from the current player in seat order."""
    return q.seat_order_from(s.current, s.alive)


def skill_name(s, sid: str) -> str:
    if sid in s.cs.skills:
        return s.cs.skills[sid].name
    return s.cs.kinds[sid].name if sid in s.cs.kinds else sid


def cards_of(s, p: int) -> list[int]:
    """A player's cards: hand plus equipment."""
    return s.hand[p] + [c for c in s.equip[p] if c >= 0]


def new_uid(s) -> str:
    s.next_uid += 1
    return str(s.next_uid)


#: card kinds whose use on a player is a hostile act (the public record bots read)
HOSTILE = frozenset({"slash", "duel", "dismantlement", "snatch", "indulgence",
                     "borrowed-sword", "savage-assault", "archery-attack"})


def note(s, a: int, b: int, v: int) -> None:
    """The public record of who harmed (+) or helped (−) whom: everyone saw it happen."""
    if a >= 0 and b >= 0 and a != b:
        s.ledger[a * s.players + b] += v


def push(s, *task) -> None:
    s.tasks.append(tuple(task))


def trigger(s, *task) -> None:
    """A trigger raised now: it runs as soon as the current step returns (D39)."""
    s.pending.append(tuple(task))


# --- the engine -------------------------------------------------------------------------------

def run(s) -> None:
    """Perform tasks until a question is pending or the game is over."""
    while not s.over:
        if s.pending:
            for task in reversed(s.pending):
                s.tasks.append(task)
            s.pending.clear()
        if s.decisions or not s.tasks:
            return
        task = s.tasks.pop()
        if s._memo:
            s._memo = {}  # values cached for a position do not survive a step
        STEPS[task[0]](s, *task[1:])


def end_game(s, result: str, winners: tuple[int, ...]) -> None:
    s.over, s.result, s.winners = True, result, winners
    s.tasks.clear()
    s.pending.clear()
    s.decisions.clear()
    s.discard.extend(s.processing)  # nothing resolves any more: its cards are put away
    s.processing.clear()
    for p in range(s.players):
        s.revealed[p] = True
    s.emit("game_over", f"{result}.", None, winners=list(winners),
           identities=list(s.identity))


# --- the draw pile (spec: Draw pile and reshuffle) ----------------------------------------

def top_card(s) -> int | None:
    """Take the top card of the draw pile, reshuffling the discard pile in when it is empty.
    None when the game has just ended as a draw."""
    if not s.draw:
        if not s.discard:
            end_game(s, "Draw: the cards have run out", ())
            return None
        if s.stalemate_guard and s.reshuffles >= 5:
            end_game(s, "Draw: the discard pile would be reshuffled a 6th time", ())
            return None
        s.draw = list(s.discard)
        s.reshuffled = sorted(s.discard)
        s.discard.clear()
        s.rng.shuffle(s.draw)
        s.reshuffles += 1
        s.emit("reshuffle", "The discard pile is shuffled into a new draw pile.", None,
               counters=((None, "draw", len(s.draw)),))
    return s.draw.pop()


def draw_cards(s, p: int, n: int) -> None:
    got = []
    for _ in range(n):
        c = top_card(s)
        if c is None:
            return
        s.hand[p].append(c)
        got.append(c)
    if got:
        s.emit("draw", f"{name(s, p)} draws {len(got)}.", p,
               private=lambda: f"You draw {', '.join(clabel(s, c) for c in got)}.",
               seen_by=(p,), secret={"cards": got},
               counters=((p, "hand", len(s.hand[p])), (None, "draw", len(s.draw))))


# --- moving cards -------------------------------------------------------------------------------

def to_hand(s, p: int, c: int, public: bool) -> None:
    """A card enters p's hand; if everyone saw which (Amazing Grace, a taken equipped card)
    it stays known to all while it remains there (`shown`)."""
    s.hand[p].append(c)
    if public:
        s.shown.append(c)


def remove_card(s, p: int, c: int) -> str:
    """Take card c out of p's zones; return the zone it left. Raises triggers: Chained Camps
    when the last hand card goes, Fierce Princess for each equipped card (D39)."""
    if c in s.hand[p]:
        s.hand[p].remove(c)
        if c in s.shown:
            s.shown.remove(c)
        if not s.hand[p] and has(s, p, "lianying"):
            trigger(s, "offer", p, "lianying")
        return "hand"
    if c in s.equip[p]:
        s.equip[p][s.equip[p].index(c)] = -1
        if has(s, p, "xiaoji"):
            trigger(s, "offer", p, "xiaoji")
        return "equip"
    for i, (jc, _) in enumerate(s.judge[p]):
        if jc == c:
            del s.judge[p][i]
            return "judge"
    raise ValueError(f"card {c} is not in {p}'s zones")


def discard_cards(s, p: int, cs: list[int], why: str = "discards") -> None:
    for c in cs:
        remove_card(s, p, c)
        s.discard.append(c)
    if cs:
        s.emit("discard", f"{name(s, p)} {why} {', '.join(clabel(s, c) for c in cs)}.", p,
               cards=list(cs), counters=((p, "hand", len(s.hand[p])),))


def give_card(s, src: int, dst: int, c: int, face_up: bool, gift: bool = False) -> None:
    """Move a card from src's zones into dst's hand (Snatch, Retaliation, Benevolence...).
    A hand card moved face down is named only to the two of them."""
    was_shown = c in s.shown
    zone = remove_card(s, src, c)
    public = face_up or zone != "hand" or was_shown
    to_hand(s, dst, c, public)
    if gift:
        s.emit("give", f"{name(s, src)} gives {'a card' if not public else clabel(s, c)} to "
               f"{name(s, dst)}.", src,
               private=lambda: f"{name(s, src)} gives {clabel(s, c)} to {name(s, dst)}.",
               seen_by=(src, dst), secret={"card": c}, dst=dst,
               counters=((src, "hand", len(s.hand[src])), (dst, "hand", len(s.hand[dst]))))
    elif public:
        s.emit("take", f"{name(s, dst)} takes {clabel(s, c)} from {name(s, src)}.", dst,
               card=c, src=src, counters=((src, "hand", len(s.hand[src])),
                                          (dst, "hand", len(s.hand[dst]))))
    else:
        s.emit("take", f"{name(s, dst)} takes a card from {name(s, src)}'s hand.", dst,
               private=lambda: f"{name(s, dst)} takes {clabel(s, c)} from {name(s, src)}.",
               seen_by=(src, dst), secret={"card": c}, src=src,
               counters=((src, "hand", len(s.hand[src])), (dst, "hand", len(s.hand[dst]))))


def random_hand_card(s, p: int) -> int:
    """A face-down hand card chosen by another player is a random one (D19)."""
    return s.hand[p][s.rng.below(len(s.hand[p]))]


def recover(s, p: int, n: int) -> None:
    gain = min(n, s.max_hp[p] - s.hp[p])
    if gain > 0:
        s.hp[p] += gain
        s.emit("recover", f"{name(s, p)} recovers {gain} HP ({s.hp[p]}/{s.max_hp[p]}).", p,
               counters=((p, "hp", s.hp[p]),))


def _skill_keys(s, p: int) -> list[str]:
    keys = [sid for sid in (s.cs.general(s.gen[p]).skills if s.gen[p] else ()) if has(s, p, sid)]
    if weapon(s, p):
        keys.append(weapon(s, p))
    return keys


def _resp_label(s, cs, k, via) -> str:
    real = ", ".join(clabel(s, c) for c in cs)
    if not via:
        return real
    return f"{skill_name(s, via)}: {real} as {s.cs.kinds[k].name}"


# --- setup (spec: Setup) -------------------------------------------------------------------------

def setup(s) -> None:
    s.draw = list(s.cs.deck(s.ex))
    s.rng.shuffle(s.draw)
    split = q.identity_split(s.players, s.four_player, s.two_renegades)
    ids = list(split.cards())
    s.rng.shuffle(ids)
    if s.human_lord:  # option (D35): seat 0 holds the Lord's card
        i = ids.index("lord")
        ids[0], ids[i] = ids[i], ids[0]
    s.identity = ids
    s.lord = ids.index("lord")
    s.revealed[s.lord] = True
    s.current = s.lord
    s.emit("identity", f"{name(s, s.lord)} is the Lord.", s.lord, lord=s.lord)
    # 2. choosing generals: the Lord sees the 3 lord generals and 2 of the other 22 (D6)
    others = sorted(g.id for g in s.cs.generals if not g.lord)
    s.rng.shuffle(others)
    s.offers[s.lord] = [g.id for g in s.cs.lord_generals] + others[:2]
    dec.ask(s, "general", s.lord, prompt="{seat}: you are the Lord; choose your general")


def lord_chose(s, gid: str) -> None:
    s.gen[s.lord] = gid
    s.offers[s.lord] = []
    s.emit("general", f"The Lord chooses {s.cs.general(gid).name}.", s.lord, general=gid)
    pool = sorted(g.id for g in s.cs.generals if g.id != gid)
    s.rng.shuffle(pool)
    k = q.general_offer_size(s.players, len(pool))
    seats = [p for p in q.seat_order_from(s.lord, s.alive) if p != s.lord]
    for i, p in enumerate(seats):
        s.offers[p] = pool[i * k:(i + 1) * k]
    ask_general(s, tuple(seats))


def ask_general(s, seats: tuple) -> None:
    """The others choose one at a time in seat order after the Lord (D37: one pending choice
    at a time); each pick stays hidden until all are shown together."""
    dec.ask(s, "general", seats[0], context=seats[1:],
            prompt="{seat}: choose your general (hidden until everyone has chosen)")


def general_picked(s, p: int, gid: str, rest: tuple) -> None:
    s.picks[p] = gid
    s.emit("general_chosen", f"{name(s, p)} has chosen a general.", p,
           private=lambda: f"You choose {s.cs.general(gid).name}.", seen_by=(p,),
           secret={"general": gid})
    if rest:
        ask_general(s, rest)
    else:
        generals_revealed(s)


def generals_revealed(s) -> None:
    for p in range(s.players):
        if s.picks[p]:
            s.gen[p], s.picks[p] = s.picks[p], ""
        s.offers[p] = []
    s.emit("generals", "The generals are revealed: " + ", ".join(
        name(s, p) for p in range(s.players)) + ".", None, generals=list(s.gen))
    start_game(s)


def start_game(s) -> None:
    """3. HP (the Lord +1 except where D5 says not) and 4. four cards each; the Lord begins."""
    split = q.identity_split(s.players, s.four_player, s.two_renegades)
    for p in range(s.players):
        s.max_hp[p] = s.cs.general(s.gen[p]).hp + (1 if p == s.lord and split.lord_bonus else 0)
        s.hp[p] = s.max_hp[p]
    for p in q.seat_order_from(s.lord, s.alive):
        draw_cards(s, p, 4)
    push(s, "turn_start", s.lord)


def determinize_generals(real, st, player: int, rng) -> None:
    """The generals offered to other seats (and their hidden picks) are dealt anew."""
    if real.phase != "generals":
        return
    if not real.gen[real.lord]:  # the Lord is choosing: his two random extras are hidden
        if player != real.lord:
            extras = sorted(g.id for g in real.cs.generals if not g.lord)
            rng.shuffle(extras)
            st.offers[real.lord] = [g.id for g in real.cs.lord_generals] + extras[:2]
        return
    known = set(real.offers[player]) | {real.gen[real.lord], real.picks[player]}
    pool = sorted(g.id for g in real.cs.generals if g.id not in known)
    rng.shuffle(pool)
    for p in range(real.players):
        if p in (player, real.lord):
            continue
        k = len(real.offers[p])
        st.offers[p] = pool[:k]
        del pool[:k]
        if real.picks[p]:
            st.picks[p] = st.offers[p][rng.below(k)]


# --- the turn (spec: A turn) -----------------------------------------------------------------

@step
def turn_start(s, p: int) -> None:
    s.current = p
    s.turn += 1
    s.marks = {}
    s.phase_used = {}
    s.emit("turn", f"{name(s, p)}'s turn.", p)
    push(s, "turn_end", p)
    for ph in reversed(("start", "judgement", "draw", "play", "discard", "finish")):
        push(s, "phase", p, ph)


@step
def turn_end(s, p: int) -> None:
    push(s, "turn_start", q.next_living(p, s.alive))


@step
def phase(s, p: int, ph: str) -> None:
    if not s.alive[p]:
        return  # the current player died: the rest of the turn is skipped
    s.phase = ph
    if ph == "play" and s.marks.get("skip_play"):
        s.emit("phase", f"{name(s, p)} skips the play phase (Indulgence).", p, phase=ph)
        return
    if ph == "discard" and s.marks.get("skip_discard"):
        s.emit("phase", f"{name(s, p)} skips the discard phase (Self-Restraint).", p, phase=ph)
        return
    s.emit("phase", f"{name(s, p)}: {ph} phase.", p, phase=ph)
    if ph == "start":
        for sid in ("guanxing", "luoshen"):
            if has(s, p, sid):
                push(s, "offer", p, sid)
    elif ph == "judgement":
        push(s, "judge_next", p)
    elif ph == "draw":
        push(s, "draw_phase", p)
        for sid in ("yingzi", "luoyi", "tuxi"):
            if has(s, p, sid) and (sid != "tuxi" or any(
                    s.hand[x] for x in living(s) if x != p)):
                push(s, "offer", p, sid)
    elif ph == "play":
        s.phase_used = {}
        push(s, "play", p)
    elif ph == "discard":
        push(s, "discard_phase", p)
        if has(s, p, "keji") and not s.marks.get("slashed"):
            push(s, "offer", p, "keji")
    elif ph == "finish":
        if has(s, p, "biyue"):
            push(s, "offer", p, "biyue")


@step
def judge_next(s, p: int) -> None:
    """Judgement phase: delayed tricks one at a time, the most recently placed first (D12)."""
    if not s.alive[p]:
        return
    for c, k in reversed(s.judge[p]):
        if not s.marks.get(f"judged:{c}"):
            s.marks[f"judged:{c}"] = 1
            push(s, "judge_next", p)
            remove_card(s, p, c)
            s.processing.append(c)
            uid = new_uid(s)
            s.uses[uid] = {"user": -1, "kind": k, "cards": (c,), "suit": card(s, c).suit,
                           "colour": card(s, c).colour, "targets": (p,), "via": ""}
            s.emit("judge_trick", f"{name(s, p)}'s {s.cs.kinds[k].name} ({clabel(s, c)}) is "
                   f"judged.", p, card=c)
            push(s, "delayed_go", uid, p)
            push(s, "nullify_window", uid, p, 0)
            return


@step
def delayed_go(s, uid: str, p: int) -> None:
    u = s.uses[uid]
    if s.flags.pop(f"null:{uid}:{p}", 0):
        s.emit("nullified", f"{s.cs.kinds[u['kind']].name} is nullified.", p)
        if u["kind"] == "lightning":
            lightning_moves_on(s, uid, p)
        else:
            finish_use(s, uid)
        return
    EFFECTS.run("effect", u["kind"], s, uid, p)  # its effect is its judgement


@step
def delayed_result(s, uid: str, p: int, key: str) -> None:
    u = s.uses[uid]
    c = s.flags[key]
    jc = card(s, c)
    if u["kind"] == "indulgence":
        if q.indulgence_skips_play(jc.suit):
            s.marks["skip_play"] = 1
            s.emit("message", f"Indulgence holds: {name(s, p)} will skip the play phase.", p)
        else:
            s.emit("message", "Indulgence fails on a heart.", p)
        push(s, "finish_use", uid)
        return
    if q.lightning_strikes(jc.suit, jc.rank):
        s.emit("message", f"Lightning strikes {name(s, p)}!", p)
        push(s, "finish_use", uid)
        push(s, "damage", p, 3, -1, uid, "lightning")
    else:
        lightning_moves_on(s, uid, p)


def lightning_moves_on(s, uid: str, p: int) -> None:
    """D14: to the next living player whose judgement area has no Lightning; else it stays."""
    c = s.uses[uid]["cards"][0]
    s.processing.remove(c)
    dest = p
    for x in q.seat_order_from(p, s.alive)[1:] + [p]:
        if not any(k == "lightning" for _, k in s.judge[x]):
            dest = x
            break
    s.judge[dest].append((c, "lightning"))
    if dest == p:
        s.marks[f"judged:{c}"] = 1
    s.emit("move", f"Lightning moves to {name(s, dest)}.", dest, card=c)
    del s.uses[uid]


@step
def draw_phase(s, p: int) -> None:
    if not s.alive[p] or s.marks.get("tuxi"):
        return
    n = 2 + s.marks.get("draw_extra", 0)
    draw_cards(s, p, max(0, n))


@step
def play(s, p: int) -> None:
    if not s.alive[p]:
        return
    dec.ask(s, "play", p, prompt="{seat}: use a card or a skill, or end the play phase")


@step
def discard_phase(s, p: int) -> None:
    """The hand limit is current HP, never below 0."""
    if not s.alive[p] or s.marks.get("skip_discard"):
        return
    excess = len(s.hand[p]) - max(0, s.hp[p])
    if excess > 0:
        # one card at a time, each discarded at once (the frame holds no hidden card)
        dec.ask(s, "discard", p, (), (excess,),
                prompt=f"{{seat}}: discard {excess} card{'s' if excess > 1 else ''} "
                       f"(hand limit {max(0, s.hp[p])})")


# --- using a card (spec: How a used card resolves) -----------------------------------------------

def slash_unlimited(s, p: int, spent: tuple = ()) -> bool:
    """Roar, or a Zhuge Crossbow that is not itself being spent (D41)."""
    w = s.equip[p][0]
    return has(s, p, "paoxiao") or (w >= 0 and kind_of(s, w) == "crossbow" and w not in spent)


def offence(s, p: int, spent: tuple = ()) -> int:
    h = s.equip[p][3]
    return (1 if h >= 0 and h not in spent else 0) + (1 if has(s, p, "mashu") else 0)


def defence(s, p: int) -> int:
    return 1 if s.equip[p][2] >= 0 else 0


def dist(s, a: int, b: int, spent: tuple = ()) -> int:
    """Distance from a to b; equipped cards being spent do not count (D20)."""
    if a == b:
        raise ValueError("distance needs two different players")
    steps = q.steps_table(tuple(s.alive))[a][b]
    if steps < 0:
        raise ValueError("distance is only counted between living players")
    return max(1, steps + defence(s, b) - offence(s, a, spent))


def attack_range(s, p: int, spent: tuple = ()) -> int:
    w = s.equip[p][0]
    return q.attack_range(card(s, w).kind.range if w >= 0 and w not in spent else 0)


def facts(s, p: int) -> q.SeatFacts:
    """The public facts about seat p (computed once per position: the rules change the state
    only between positions)."""
    got = s._memo.get(p)
    if got is None:
        got = s._memo[p] = _facts(s, p)
    return got


def _facts(s, p: int) -> q.SeatFacts:
    skills = frozenset(sid for sid in (s.cs.general(s.gen[p]).skills if s.gen[p] else ())
                       if has(s, p, sid))
    return q.SeatFacts(p, name(s, p), len(s.hand[p]),
                       len(s.hand[p]) + sum(c >= 0 for c in s.equip[p]) + len(s.judge[p]),
                       s.equip[p][0] >= 0, frozenset(k for _, k in s.judge[p]), skills,
                       gender(s, p), s.hp[p], s.max_hp[p])


def why_not_slash_at(s, p: int, t: int, spent: tuple = (), ignore_range: bool = False):
    if not s.alive[t]:
        return f"{name(s, t)} is dead."
    if t == p:
        return "You cannot Slash yourself."
    return q.why_not_slash_target(facts(s, p), facts(s, t), dist(s, p, t, spent),
                                  attack_range(s, p, spent), ignore_range)


#: card kinds used on every other living player / every living player
ALL_OTHERS = ("savage-assault", "archery-attack")
ALL_PLAYERS = ("peach-garden", "amazing-grace")


def why_not_use(s, p: int, cards: tuple, kind: str, targets: tuple) -> str | None:
    """Can p use `cards` as `kind` on `targets` in the play phase? (the card part is checked
    by the caller: real card or conversion)."""
    k = s.cs.kinds[kind]
    me = facts(s, p)
    if kind in ("dodge", "nullification"):
        return f"A {k.name} cannot be used on your own initiative."
    if k.is_equipment:
        return None if targets == (p,) else "Equipment goes into your own equipment area."
    if kind in ("peach", "ex-nihilo", "lightning"):
        if targets != (p,):
            return f"{k.name} is used on yourself."
        return q.why_not_self_use(kind, me)
    if kind in ALL_OTHERS + ALL_PLAYERS:
        return None if targets == () else f"{k.name} has no chosen target."
    if kind == "slash":
        if not targets or len(set(targets)) != len(targets):
            return "Choose whom to Slash."
        if s.phase_used.get("slash", 0) >= 1 and not slash_unlimited(s, p, cards):
            return "You have already used a Slash this play phase."
        if len(targets) > 1:
            last = set(cards) == set(s.hand[p]) and all(c in s.hand[p] for c in cards)
            if weapon(s, p) != "halberd" or s.equip[p][0] in cards or not last \
                    or len(targets) > 3:
                return "Only a Sky Halberd Slash of your last hand cards has extra targets."
        for t in targets:
            why = why_not_slash_at(s, p, t, cards)
            if why:
                return why
        return None
    if kind == "borrowed-sword":
        if len(targets) != 2:
            return "Choose the weapon holder, then whom they must Slash."
        h, v = targets
        if not (s.alive[h] and s.alive[v]):
            return "Both must be alive."
        return q.why_not_borrowed_sword(me, facts(s, h), facts(s, v), dist(s, h, v),
                                        attack_range(s, h))
    if len(targets) != 1 or not s.alive[targets[0]]:
        return f"Choose one living player for {k.name}."
    t = targets[0]
    d = dist(s, p, t, cards) if t != p else 1
    return q.why_not_card_target(kind, me, facts(s, t), d, ignore_distance=has(s, p, "qicai"))


def use_targets(s, p: int, kind: str, cards: tuple) -> list[tuple]:
    """Candidate target tuples for a kind (the checks keep the legal ones)."""
    k = s.cs.kinds[kind]
    others = [t for t in living(s) if t != p]
    if k.is_equipment or kind in ("peach", "ex-nihilo", "lightning"):
        return [(p,)]
    if kind in ALL_OTHERS + ALL_PLAYERS:
        return [()]
    if kind in ("dodge", "nullification"):
        return []
    if kind == "borrowed-sword":
        return [(h, v) for h in others if s.equip[h][0] >= 0 for v in living(s) if v != h]
    singles = [(t,) for t in others]
    if kind == "slash" and weapon(s, p) == "halberd" and set(cards) == set(s.hand[p]):
        ok = [t for t in others if why_not_slash_at(s, p, t, cards) is None]
        singles += [c for n in (2, 3) for c in combinations(ok, n)]
    return singles


def real_or_converted(s, p: int, cards: tuple, kind: str, via: str, purpose: str) -> str | None:
    """Are these the player's cards, used as this kind? A real card must be in hand; a
    conversion must be one the skill or weapon `via` offers now."""
    if not via:
        if len(cards) != 1 or cards[0] not in s.hand[p]:
            return "That card is not in your hand."
        if kind_of(s, cards[0]) != kind:
            return f"{clabel(s, cards[0])} is not a {s.cs.kinds[kind].name}."
        return None
    if (cards, kind) not in conversions(s, p, purpose, via):
        return f"{skill_name(s, via)} cannot turn those cards into a {s.cs.kinds[kind].name}."
    return None


def conversions(s, p: int, purpose: str, only: str = "") -> list[tuple[tuple, str]]:
    """(real cards, kind) pairs p may use or play through skills and weapons for `purpose`
    ("play", "dodge", "slash", "peach")."""
    out = []
    keys = [sid for sid in (s.cs.general(s.gen[p]).skills if s.gen[p] else ()) if has(s, p, sid)]
    w = weapon(s, p)
    if w:
        keys.append(w)
    for key in keys:
        if only and key != only:
            continue
        fn = EFFECTS.get("convert", key)
        if fn is not None:
            out.extend((tuple(cs), k) for cs, k in fn(s, p, purpose))
    return out


def begin_use(s, p: int, cards: tuple, kind: str, targets: tuple, via: str = "",
              count: bool = True, extra: dict | None = None, placed: bool = False) -> str:
    """Announce a used card: its real cards go to the processing area (equipment to its slot,
    a delayed trick to its target's judgement area), the targets are named, and the tasks of
    its resolution are pushed (become-target, targeted, each target in seat order, done)."""
    k = s.cs.kinds[kind]
    suits = [card(s, c).suit for c in cards]
    uid = new_uid(s)
    n = s.players
    victim = ()
    if kind == "borrowed-sword":  # the holder is the target; the victim is named with it
        targets, victim = targets[:1], targets[1:]
    order = tuple(sorted(targets, key=lambda t: (t - p) % n))
    s.uses[uid] = {"user": p, "kind": kind, "cards": tuple(cards), "victim": victim,
                   "suit": suits[0] if len(suits) == 1 else "",
                   "colour": common_colour(suits) or "" if cards else "",
                   "targets": order, "via": via, "real": not via, **(extra or {})}
    if kind == "slash" and count and p == s.current and s.phase == "play":
        s.phase_used["slash"] = s.phase_used.get("slash", 0) + 1
    if kind == "slash" and p == s.current and s.phase == "play":
        s.marks["slashed"] = 1
    what = k.name if not via else f"{k.name} ({skill_name(s, via)})"
    real = ", ".join(clabel(s, c) for c in cards)
    on = f" on {', '.join(name(s, t) for t in order)}" if order and order != (p,) else ""
    s.emit("use", f"{name(s, p)} uses {what}{' [' + real + ']' if via and real else ''}{on}.",
           p, card=kind, cards=list(cards), targets=list(order),
           counters=((p, "hand", sum(1 for c in s.hand[p] if c not in cards)),))
    push(s, "finish_use", uid)
    if k.is_equipment:
        for c in cards:
            remove_card(s, p, c)
        equip_card(s, p, cards[0])
        return uid
    if k.is_delayed:
        for c in cards:
            remove_card(s, p, c)
        s.judge[order[0]].append((cards[0], kind))
        if kind == "indulgence":
            note(s, p, order[0], 2)
        return uid
    if not placed:  # (a Rouse Slash is already in the processing area)
        for c in cards:
            remove_card(s, p, c)
            s.processing.append(c)
    if kind in ALL_OTHERS:
        order = tuple(t for t in q.seat_order_from(p, s.alive) if t != p)
    elif kind in ALL_PLAYERS:
        order = tuple(q.seat_order_from(p, s.alive))
    s.uses[uid]["targets"] = order
    if kind in HOSTILE and kind not in ALL_OTHERS:
        for t in order:
            note(s, p, t, 1)
    push(s, "resolve_targets", uid)
    push(s, "targeted", uid)
    push(s, "become_target", uid)
    if kind in s.cs.kinds and EFFECTS.has("prepare", kind):
        push(s, "prepare_use", uid)
    if k.subtype == "ordinary" and has(s, p, "jizhi"):
        trigger(s, "offer", p, "jizhi")
    return uid


def equip_card(s, p: int, c: int) -> None:
    slot = EQUIP_SLOTS.index(card(s, c).kind.subtype)
    old = s.equip[p][slot]
    if old >= 0:
        remove_card(s, p, old)
        s.discard.append(old)
        s.emit("discard", f"{name(s, p)} replaces {clabel(s, old)}.", p, cards=[old])
    s.equip[p][slot] = c
    s.emit("equip", f"{name(s, p)} equips {clabel(s, c)}.", p, card=c)


@step
def prepare_use(s, uid: str) -> None:
    EFFECTS.run("prepare", s.uses[uid]["kind"], s, uid)


@step
def become_target(s, uid: str) -> None:
    """Step 2: skills of the targets that react to becoming a target (Deflect)."""
    u = s.uses[uid]
    if u["kind"] != "slash":
        return
    for t in reversed(u["targets"]):
        if has(s, t, "liuli") and cards_of(s, t):
            push(s, "offer", t, "liuli", uid)


@step
def targeted(s, uid: str) -> None:
    """Step 2, user side: Iron Cavalry and Double Swords, target by target (the user picks
    the order of two of them for one target, D38)."""
    u = s.uses[uid]
    p = u["user"]
    if u["kind"] != "slash" or not s.alive[p]:
        return
    if weapon(s, p) == "qinggang-sword":  # locked: armour has no effect on this Slash
        u["ignore_armour"] = True
    for t in reversed(u["targets"]):
        both = [k for k in ("tieqi", "double-swords") if
                (k == "tieqi" and has(s, p, "tieqi")) or
                (k == "double-swords" and weapon(s, p) == k and gender(s, t) != gender(s, p))]
        if len(both) == 2:
            push(s, "choose_trigger_order", p, uid, t)
        elif both:
            push(s, "offer", p, both[0], uid, t)


@step
def choose_trigger_order(s, p: int, uid: str, t: int) -> None:
    dec.ask(s, "trigger_order", p, ("tieqi", "double-swords"), (uid, t),
            prompt="{seat}: which resolves first, Iron Cavalry or Double Swords?")


@step
def resolve_targets(s, uid: str) -> None:
    u = s.uses[uid]
    for t in reversed(u["targets"]):
        push(s, "effect_on", uid, t)


@step
def effect_on(s, uid: str, t: int) -> None:
    """Step 3 for one target: a trick's Nullification window, then its effect. A target who
    has died meanwhile is skipped."""
    u = s.uses[uid]
    if not s.alive[t]:
        return
    k = s.cs.kinds[u["kind"]]
    if k.is_trick and not u.get("no_nullify"):
        if u["kind"] == "peach-garden" and s.hp[t] >= s.max_hp[t]:
            return  # nothing to cancel, no window (D23)
        push(s, "effect_go", uid, t)
        push(s, "nullify_window", uid, t, 0)
        return
    EFFECTS.run("effect", u["kind"], s, uid, t)


@step
def effect_go(s, uid: str, t: int) -> None:
    u = s.uses[uid]
    if s.flags.pop(f"null:{uid}:{t}", 0):
        s.emit("nullified", f"{s.cs.kinds[u['kind']].name} is nullified for {name(s, t)}.", t)
        return
    if s.alive[t]:
        EFFECTS.run("effect", u["kind"], s, uid, t)


@step
def finish_use(s, uid: str) -> None:
    """Step 4: the card goes to the discard pile unless it is already elsewhere."""
    u = s.uses.pop(uid, None)
    s.flags.pop(f"bsrouse:{uid}", None)
    if u is None:
        return
    for c in u["cards"]:
        if c in s.processing:
            s.processing.remove(c)
            s.discard.append(c)
    if u["kind"] == "amazing-grace" and s.ag:
        s.discard.extend(s.ag)
        s.emit("discard", "The Amazing Grace cards left over are discarded.", None,
               cards=list(s.ag))
        s.ag.clear()


def check_game_end(s) -> bool:
    """End of the game: the Lord dies, or every Rebel and Renegade is dead (D17)."""
    alive = living(s)
    if not s.alive[s.lord]:
        if len(alive) == 1 and s.identity[alive[0]] == "renegade":
            end_game(s, "The Renegade wins alone", (alive[0],))
        else:
            end_game(s, "The Rebels win", tuple(p for p in range(s.players)
                                                  if s.identity[p] == "rebel"))
        return True
    if not any(s.identity[p] in ("rebel", "renegade") for p in alive):
        end_game(s, "The Lord's side wins", tuple(p for p in range(s.players)
                                                   if s.identity[p] in ("lord", "loyalist")))
        return True
    return False


def outcome(s) -> Outcome:
    scores = tuple(1.0 if p in s.winners else 0.0 for p in range(s.players))
    return Outcome(tuple(s.winners), scores, s.result, {
        "identities": list(s.identity), "generals": list(s.gen),
        "deaths": [list(d) for d in s.deaths], "turns": s.turn})


# --- offers: optional skills and weapons ----------------------------------------------------

@step
def offer(s, p: int, key: str, *args) -> None:
    """Ask p whether to use an optional skill or weapon now (if it still applies)."""
    if not s.alive[p]:
        return
    dec.ask(s, "offer", p, (key,), (key, *args),
            prompt=f"{{seat}}: use {skill_name(s, key)}?")


def offer_options(s, p: int, frame) -> list[Action]:
    key = frame.context[0]
    opts = EFFECTS.run("offer_options", key, s, p, *frame.context[1:]) \
        if EFFECTS.has("offer_options", key) else None
    if opts is None:
        opts = [Action("invoke", None, None, key, label=f"Use {skill_name(s, key)}")]
    return opts + [Action("pass", label="Do not use it")]


def offer_answer(s, p: int, a: Action, frame) -> None:
    dec.pop(s)
    if a.kind == "pass":
        return
    key, *args = frame.context
    s.emit("skill", f"{name(s, p)} uses {skill_name(s, key)}.", p, skill=key)
    EFFECTS.run("invoke", key, s, p, a, *args)


# --- the play phase: candidates and answers ------------------------------------------------

def play_candidates(s, p: int) -> list[Action]:
    acts: list[Action] = []
    for c in sorted(s.hand[p]):
        k = kind_of(s, c)
        for tg in use_targets(s, p, k, (c,)):
            acts.append(_use_action(s, p, (c,), k, tg, ""))
    for via in _skill_keys(s, p):
        for cs, k in conversions(s, p, "play", via):
            for tg in use_targets(s, p, k, cs):
                acts.append(_use_action(s, p, cs, k, tg, via))
    for sid in _skill_keys(s, p):
        fn = EFFECTS.get("active", sid)
        if fn is not None:
            acts.extend(fn(s, p))
    acts.append(Action("end", label="End the play phase"))
    return acts


def _use_action(s, p: int, cs: tuple, k: str, tg: tuple, via: str) -> Action:
    what = ", ".join(clabel(s, c) for c in cs)
    if via:
        what = f"{skill_name(s, via)}: {what} as {s.cs.kinds[k].name}"
    on = ""
    if tg and tg != (p,):
        on = " → " + (f"{name(s, tg[0])} Slashes {name(s, tg[1])}" if k == "borrowed-sword"
                      else ", ".join(name(s, t) for t in tg))
    return Action("use", cs, tg, (k, via), label=f"{what}{on}")


def check_use(s, p: int, a: Action) -> str | None:
    frame = dec.top(s)
    if frame is None or frame.kind != "play":
        return "You can only use a card on your own initiative in your play phase."
    if not (isinstance(a.source, tuple) and isinstance(a.target, tuple)
            and isinstance(a.option, tuple) and len(a.option) == 2):
        return "That is not a card use."
    k, via = a.option
    if k not in s.cs.kinds:
        return "Unknown card."
    why = real_or_converted(s, p, a.source, k, via, "play")
    return why or why_not_use(s, p, a.source, k, a.target)


def play_answer(s, p: int, a: Action, frame) -> None:
    dec.pop(s)
    if a.kind == "end":
        s.emit("phase", f"{name(s, p)} ends the play phase.", p)
        return
    push(s, "play", p)
    if a.kind == "use":
        k, via = a.option
        begin_use(s, p, a.source, k, a.target, via)
    else:
        s.emit("skill", f"{name(s, p)} uses {skill_name(s, a.option)}.", p, skill=a.option)
        EFFECTS.run("act", a.option, s, p, a)


# --- candidates, checks and answers for every question --------------------------------------

def candidates(s, p: int) -> list[Action]:
    frame = dec.top(s)
    if frame is None:
        return []
    k = frame.kind
    if k == "general":
        return [Action("general", None, None, g, label=f"Choose {s.cs.general(g).name}")
                for g in s.offers[p]]
    if k == "play":
        return play_candidates(s, p)
    if k == "nullify":
        return [Action("respond", (c,), None, ("nullification", ""), label=clabel(s, c))
                for c in sorted(s.hand[p]) if kind_of(s, c) == "nullification"] + \
            [Action("pass", label="Pass")]
    if k == "need":
        return windows.need_options(s, p, frame)
    if k == "helper":
        return windows.helper_options(s, p, frame)
    if k == "peach":
        return [Action("respond", cs, None, (kk, via), label=_resp_label(s, cs, kk, via))
                for cs, kk, via in windows.peach_sources(s, p)] + [Action("pass", label="Pass")]
    if k == "discard":
        return [Action("pick", c, label=f"Discard {clabel(s, c)}") for c in sorted(s.hand[p])]
    if k == "offer":
        return offer_options(s, p, frame)
    if k == "trigger_order":
        return [Action("choose", None, None, x, label=f"{skill_name(s, x)} first")
                for x in frame.options]
    if k == "zone_card":
        return zone_card_options(s, p, frame)
    return EFFECTS.run("ask", k, s, p, frame)


def check_action(s, p: int, a: Action) -> str | None:
    """The one check: an action is legal when it is among the shapes offered for the
    question asked now and (for a card use) the use is legal."""
    frame = dec.top(s)
    if frame is None:
        return "Nothing is being asked now."
    if frame.kind == "play" and a.kind == "use":
        if a in candidates_cached(s, p):  # made from the seat's own cards or a conversion:
            return why_not_use(s, p, a.source, a.option[0], a.target)  # only the use is left
        return check_use(s, p, a)
    if a in candidates_cached(s, p):
        return None
    return f"{describe(s, a)} is not a possible answer to: {frame.words(s.seat_name)}"


def describe(s, a: Action) -> str:
    """An action in words, for refusals of actions the rules did not offer (no label)."""
    if a.label:
        return a.label
    cards = a.source if isinstance(a.source, tuple) else ()
    if cards and all(isinstance(c, int) and 0 <= c < len(s.cs.cards) for c in cards):
        return ", ".join(clabel(s, c) for c in cards)
    return {"pass": "Passing", "end": "Ending the play phase", "done": "Done"}.get(
        a.kind, f"{a.kind!r}")


def candidates_cached(s, p: int) -> frozenset[Action]:
    """The candidates of the question asked now, computed once per position (the state drops
    the cache whenever it changes)."""
    cache = _cached(s, p)
    if cache[2] is None:
        cache[2] = frozenset(cache[1])
    return cache[2]


def _cached(s, p: int) -> list:
    """[seat, candidates, their set (made when first asked)]."""
    if s._cache is None or s._cache[0] != p:
        s._cache = [p, candidates(s, p), None]
    return s._cache


def candidate_list(s, p: int) -> list[Action]:
    return list(_cached(s, p)[1])


# --- choosing a card from a player's zones (Dismantlement, Snatch, Retaliation, ...) -------

def ask_zone_card(s, p: int, t: int, key: str, zones: str = "hej", *extra) -> bool:
    """p chooses one card of t's zones for `key`; a hand card is a random one (D19)."""
    if not ("h" in zones and s.hand[t] or "e" in zones and any(c >= 0 for c in s.equip[t])
            or "j" in zones and s.judge[t]):
        return False
    dec.ask(s, "zone_card", p, (), (key, t, zones, *extra),
            prompt=f"{{seat}}: choose a card of {name(s, t)} ({skill_name(s, key)})")
    return True


def zone_card_options(s, p: int, frame) -> list[Action]:
    key, t, zones, *extra = frame.context
    acts = []
    if "h" in zones and s.hand[t]:
        acts.append(Action("choose", None, t, "hand",
                           label=f"A random card from {name(s, t)}'s hand"))
    if "e" in zones:
        acts += [Action("choose", None, t, c, label=clabel(s, c)) for c in s.equip[t] if c >= 0]
    if "j" in zones:
        acts += [Action("choose", None, t, c, label=f"{clabel(s, c)} (judgement area)")
                 for c, _ in s.judge[t]]
    return acts


def zone_card_answer(s, p: int, a: Action, frame) -> None:
    key, t, zones, *extra = frame.context
    dec.pop(s)
    c = random_hand_card(s, t) if a.option == "hand" else a.option
    EFFECTS.run("chosen", key, s, p, t, c, *extra)


def answer(s, p: int, a: Action) -> None:
    frame = dec.top(s)
    k = frame.kind
    if k == "general":
        dec.pop(s)
        if p == s.lord and not s.gen[p]:
            lord_chose(s, a.option)
        else:
            general_picked(s, p, a.option, frame.context)
        return
    if k == "play":
        play_answer(s, p, a, frame)
    elif k == "nullify":
        windows.nullify_answer(s, p, a, frame)
    elif k == "need":
        windows.need_answer(s, p, a, frame)
    elif k == "helper":
        windows.helper_answer(s, p, a, frame)
    elif k == "peach":
        windows.peach_answer(s, p, a, frame)
    elif k == "discard":
        (left,) = frame.context
        dec.pop(s)
        if left > 1:
            s.decisions.append(dec.Decision("discard", (p,), dec.ONE, (), (left - 1,),
                                            prompt=f"{{seat}}: discard {left - 1} more"))
        discard_cards(s, p, [a.source])
    elif k == "offer":
        offer_answer(s, p, a, frame)
    elif k == "trigger_order":
        dec.pop(s)
        uid, t = frame.context
        other = [x for x in frame.options if x != a.option][0]
        push(s, "offer", p, other, uid, t)
        push(s, "offer", p, a.option, uid, t)
    elif k == "zone_card":
        zone_card_answer(s, p, a, frame)
    else:  # a question a card or skill asked itself, named after it
        EFFECTS.run("reply", k, s, p, a, frame)


CHECKS = {k: check_action for k in ("general", "use", "skill", "end", "respond", "pass",
                                     "invoke", "choose", "pick", "done")}


# the rulebook's later chapters, and what each card and skill does (they register their steps)
from game.sanguosha import damage, effects, windows  # noqa: E402,F401
