"""Hand-made Sanguosha positions for rule tests: choose the generals, identities, hands,
equipment, judgement areas and the top of the draw pile, then start a phase of P0's turn."""

from __future__ import annotations

from game.core.contract import Action
from game.core.flow import later
from game.sanguosha import GAME, rules
from game.sanguosha.cards import EQUIP_SLOTS, card_set
from game.sanguosha.targets import use_targets

CS = card_set()
_IDS = {c.id: i for i, c in enumerate(CS.cards)}


def cid(card_id: str) -> int:
    """The instance id of a card by its data id, e.g. cid('s7-slash')."""
    return _IDS[card_id]


def table(gens, ids=None, *, lord=0, current=0, hands=None, equip=None, judge=None, hp=None,
          top=(), at="play", ex=True, four_player="1/1/2/0"):
    """A state at the start of `at` ("play", "judgement", "turn", "draw", "discard") of
    `current`'s turn. `top` are the next cards drawn or judged, in order. Unlisted cards form
    the rest of the draw pile (below `top`) in id order."""
    n = len(gens)
    s = GAME.new_state(n, 0, ex=ex, four_player=four_player)
    s.decisions.clear()
    s.agenda.clear()
    s.identity = list(ids) if ids else (["lord", "loyalist", "rebel", "renegade", "rebel",
                                         "loyalist", "rebel", "rebel", "loyalist", "renegade"])[:n]
    s.lord = lord
    s.revealed = [p == lord for p in range(n)]
    s.gen = list(gens)
    s.offers = [[] for _ in range(n)]
    for p in range(n):
        s.max_hp[p] = CS.general(gens[p]).hp
        s.hp[p] = s.max_hp[p]
    for p, v in (hp or {}).items():
        s.hp[p], s.max_hp[p] = v if isinstance(v, tuple) else (v, s.max_hp[p])
    used = set()
    s.hand = [[] for _ in range(n)]
    for p, cs in (hands or {}).items():
        s.hand[p] = [cid(c) if isinstance(c, str) else c for c in cs]
        used.update(s.hand[p])
    s.equip = [[-1] * 4 for _ in range(n)]
    for p, cs in (equip or {}).items():
        for c in cs:
            i = cid(c)
            s.equip[p][EQUIP_SLOTS.index(CS.cards[i].kind.subtype)] = i
            used.add(i)
    s.judge = [[] for _ in range(n)]
    for p, js in (judge or {}).items():
        for c in js:
            c, k = (c, None) if isinstance(c, str) else c
            i = cid(c)
            s.judge[p].append((i, k or CS.cards[i].kind.id))
            used.add(i)
    tops = [cid(c) for c in top]
    used.update(tops)
    rest = [i for i in CS.deck(ex) if i not in used]
    s.draw = rest + tops[::-1]  # the end of the list is the top
    s.discard = []
    s.current = current
    s.phase = at
    s.marks, s.phase_used, s.flags, s.uses = {}, {}, {}, {}
    if at == "turn":
        later(s, "turn_start", current)
    else:
        phases = rules.PHASES
        later(s, "turn_end", current)
        for ph in reversed(phases[phases.index(at):]):
            later(s, f"{ph}_phase", current)
    rules.rules.advance(s)
    return s


def interrupt(s, *task):
    """Run a rules step now, as if it happened in the middle of the current play phase."""
    if s.decisions and s.decisions[-1].kind == "play":
        s.decisions.pop()
        later(s, "play", s.current)
    later(s, *task)
    s.forget()
    rules.rules.advance(s)


def acts(s, seat):
    s.forget()  # tests change states by hand
    return s.legal_actions(seat)


def labels(s, seat):
    return [a.label for a in acts(s, seat)]


def find(s, seat, text: str) -> Action:
    """The one legal action of `seat` whose label contains `text` (exact match first)."""
    legal = acts(s, seat)
    exact = [a for a in legal if a.label == text]
    if exact:
        return exact[0]
    found = [a for a in legal if text in a.label]
    assert len(found) == 1, f"{text!r} matches {[a.label for a in found]} of " \
                            f"{[a.label for a in legal]}"
    return found[0]


def do(s, seat, text: str):
    s.forget()
    return s.apply(seat, find(s, seat, text))


def use(s, seat, card: str, *targets, via: str = "", kind: str | None = None):
    """Use a hand card (by data id) in the play phase."""
    c = cid(card)
    k = kind or CS.cards[c].kind.id
    tg = tuple(targets) if targets else use_targets(s, seat, k, (c,))[0]
    s.forget()
    return s.apply(seat, Action("use", (c,), tg, (k, via)))


def can_use(s, seat, card: str, *targets, kind: str | None = None, via: str = "") -> bool:
    c = cid(card)
    k = kind or CS.cards[c].kind.id
    tg = tuple(targets) if targets else (use_targets(s, seat, k, (c,)) or [()])[0]
    return Action("use", (c,), tg, (k, via)) in acts(s, seat)


def pass_(s, seat):
    s.forget()
    return s.apply(seat, Action("pass"))


def pass_all(s, *, until=None, limit=50):
    """Everyone asked passes (optionally until `until(s)` is true)."""
    for _ in range(limit):
        if s.is_over() or (until and until(s)):
            return
        seat = s.to_act()[0]
        if Action("pass") not in s.legal_actions(seat):
            return
        pass_(s, seat)


def asked(s):
    """(question kind, seat) now."""
    f = s.decisions[-1] if s.decisions else None
    return (f.kind, f.seats[0]) if f else None


def respond(s, seat, card: str, kind: str | None = None, via: str = ""):
    c = cid(card)
    k = kind or CS.cards[c].kind.id
    s.forget()
    return s.apply(seat, Action("respond", (c,), None, (k, via)))


def end_play(s, seat):
    return s.apply(seat, Action("end"))


def texts(events):
    return [e.text for e in events if e.text]
