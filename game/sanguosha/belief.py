"""What a seat believes about every hidden identity, from public behaviour only.

Evidence is the public ledger (`state.ledger`: who harmed (+) or helped (−) whom) read against
what is known: the Lord, the revealed dead, and a first reading of the other hidden seats.
Each hidden seat gets two numbers:

- `pro`: acts for the Lord's side (helping the Lord or his revealed side, harming revealed
  Rebels or seats that lean against the Lord);
- `anti`: acts against it (the reverse), plus a little for each time the Lord himself struck it.

A Loyalist rarely acts `anti`, a Rebel rarely `pro`, a Renegade does some of both (it keeps
the Lord alive while it thins out whichever side is ahead). So each identity has a likelihood
exp(−A·…) of the seat's record, and the identities still unaccounted for (the split minus
one's own and the revealed) must be shared out exactly: the belief is the exact posterior over
those assignments (a handful of seats: they are enumerated), `guess` the single most likely
assignment. `uniform=True` is the same belief with the evidence ignored (the inference-off
baseline).
"""

from __future__ import annotations

import math

from game.sanguosha import queries as q

HIDDEN = ("loyalist", "rebel", "renegade")
#: how strongly one unit of contrary behaviour counts against an identity
A = 0.45
#: a Renegade's record: it harms the Lord's side now and then, and helps it more often
RENEGADE_ANTI, RENEGADE_PRO = 0.55, 0.3


def known(s, me: int, seat: int) -> str:
    return s.identity[seat] if seat == me or s.revealed[seat] or seat == s.lord else ""


def left_to_share(s, me: int) -> dict[str, int]:
    split = q.identity_split(s.players, s.four_player, s.two_renegades)
    left = {"loyalist": split.loyalist, "rebel": split.rebel, "renegade": split.renegade}
    for p in range(s.players):
        ident = known(s, me, p)
        if ident in left:
            left[ident] -= 1
    return left


def _side(ident: str) -> int:
    return 1 if ident in ("lord", "loyalist") else -1 if ident == "rebel" else 0


def first_lean(s, seat: int) -> float:
    """A first reading: how much `seat` acted for the Lord's side towards the Lord and the
    revealed (public facts only)."""
    n, lord = s.players, s.lord
    score = -s.ledger[seat * n + lord]
    for x in range(n):
        if x != seat and x != lord and s.revealed[x]:
            score -= _side(s.identity[x]) * s.ledger[seat * n + x]
    return score


def evidence(s, me: int, seat: int, leans: list[float]) -> tuple[float, float]:
    """(pro, anti) of a hidden seat's public record."""
    n, lord = s.players, s.lord
    pro = anti = 0.0
    for x in range(n):
        if x == seat:
            continue
        v = s.ledger[seat * n + x]
        if v == 0:
            continue
        if x == lord or s.revealed[x] or x == me:
            side = _side(known(s, me, x)) if x != me else _side(s.identity[me])
            w = 1.0 if x != me else 0.8
        else:
            side = 1 if leans[x] > 0 else -1 if leans[x] < 0 else 0
            w = 0.5
        if side == 0:
            continue
        # harming (v > 0) a Lord's-side seat is anti, helping one is pro; and the reverse
        if v * side > 0:
            anti += w * abs(v)
        else:
            pro += w * abs(v)
    struck = s.ledger[lord * n + seat]
    if struck > 0:
        anti += 0.3 * struck
    elif struck < 0:
        pro += 0.3 * -struck
    return pro, anti


def log_likelihood(ident: str, pro: float, anti: float) -> float:
    if ident == "loyalist":
        return -A * anti
    if ident == "rebel":
        return -A * pro
    return -A * (RENEGADE_ANTI * anti + RENEGADE_PRO * pro)


class Belief:
    """`probs[seat]` = {identity: probability} for every seat (known ones are certain);
    `best[seat]` = the seat's identity in the most likely assignment."""

    __slots__ = ("probs", "best", "records", "prior", "hidden", "worlds")

    def __init__(self, s, me: int, uniform: bool = False, keep_worlds: bool = False) -> None:
        n = s.players
        self.probs: list[dict[str, float]] = [{} for _ in range(n)]
        self.best: list[str] = [""] * n
        self.records: list[tuple[float, float]] = [(0.0, 0.0)] * n
        #: with keep_worlds: every way to deal the identities left among `hidden`, with its
        #: cumulative weight (for drawing worlds in proportion to their probability)
        self.worlds: list[tuple[float, tuple[str, ...]]] | None = [] if keep_worlds else None
        hidden = []
        for p in range(n):
            ident = known(s, me, p)
            if ident:
                self.probs[p] = {ident: 1.0}
                self.best[p] = ident
            elif s.alive[p]:
                hidden.append(p)
            else:
                hidden.append(p)  # dead but not revealed cannot happen; kept for safety
        left = left_to_share(s, me)
        total = sum(left.values()) or 1
        #: a stranger's odds: the identities left, shared evenly
        self.prior = {k: v / total for k, v in left.items() if v > 0}
        leans = [first_lean(s, p) for p in range(n)]
        ll: list[dict[str, float]] = []
        for p in hidden:
            pro, anti = (0.0, 0.0) if uniform else evidence(s, me, p, leans)
            self.records[p] = (pro, anti)
            ll.append({k: log_likelihood(k, pro, anti) for k in HIDDEN})
        self.hidden = tuple(hidden)
        self._share(hidden, ll, left)

    def _share(self, hidden: list[int], ll: list[dict[str, float]], left: dict[str, int]):
        """Enumerate every way to deal the identities left among the hidden seats, each
        weighed by the likelihood of the seats' records."""
        found: list[tuple[float, tuple[str, ...]]] = []
        assign: list[str] = []

        def walk(i: int, logw: float) -> None:
            if i == len(hidden):
                found.append((logw, tuple(assign)))
                return
            for ident in HIDDEN:
                if left[ident] > 0:
                    left[ident] -= 1
                    assign.append(ident)
                    walk(i + 1, logw + ll[i][ident])
                    assign.pop()
                    left[ident] += 1

        walk(0, 0.0)
        if not found:
            return
        top = max(logw for logw, _ in found)
        totals = [dict.fromkeys(HIDDEN, 0.0) for _ in hidden]
        z = 0.0
        for logw, dealt in found:
            w = math.exp(logw - top)  # the likeliest world weighs 1: no underflow
            z += w
            for j, ident in enumerate(dealt):
                totals[j][ident] += w
            if self.worlds is not None:
                self.worlds.append((z, dealt))
        best = max(found, key=lambda f: f[0])[1]
        for j, p in enumerate(hidden):
            self.probs[p] = {k: v / z for k, v in totals[j].items() if v > 0}
            self.best[p] = best[j]

    def p(self, seat: int, ident: str) -> float:
        return self.probs[seat].get(ident, 0.0)

    def draw_identities(self, rng) -> tuple[str, ...]:
        """One way to deal the identities left among `hidden`, drawn with its probability
        (needs keep_worlds)."""
        x = rng.random() * self.worlds[-1][0]
        lo, hi = 0, len(self.worlds) - 1
        while lo < hi:  # the first world whose cumulative weight reaches x
            mid = (lo + hi) // 2
            if self.worlds[mid][0] < x:
                lo = mid + 1
            else:
                hi = mid
        return self.worlds[lo][1]


def explain(s, me: int, belief: Belief) -> list[str]:
    """One readable line per seat: what `me` believes of it and why (for a debug overlay)."""
    lines = []
    for p in range(s.players):
        name = s.seat_name(p) if hasattr(s, "seat_name") else f"P{p + 1}"
        if known(s, me, p):
            why = "yourself" if p == me else "the Lord" if p == s.lord else "revealed"
            lines.append(f"{name}: {known(s, me, p)} ({why})")
            continue
        pro, anti = belief.records[p]
        odds = ", ".join(f"{k} {100 * v:.0f} %" for k, v in
                         sorted(belief.probs[p].items(), key=lambda kv: -kv[1]))
        lines.append(f"{name}: most likely {belief.best[p]} ({odds}); acted for the Lord's "
                     f"side {pro:g}, against it {anti:g}")
    return lines
