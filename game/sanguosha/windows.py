"""Response windows (docs/rules/sanguosha.md R1–R6), each a decision frame:

- R2 `nullify_window`: every living player in R1 order may nullify; a Nullification opens a new
  round against itself (the frame's `then`); an odd chain cancels (D10);
- R3 / R4 `need`: a seat must give a Dodge or a Slash: its own cards, or its other means in a
  fixed order (armour, then a Lord's helpers; D27), each once per card needed; a card given
  asks again for the next one (the frame's `then`);
- R5 `ask_helpers`: the other living characters of the Lord's kingdom, in R1 order;
- R6 `peach_window`: while a character is dying, everyone in R1 order may use Peaches; a Peach
  asks the same seat again (the frame's `then`).
"""

from __future__ import annotations

from game.core import decisions as dec
from game.core.contract import Action
from game.core.flow import close, later, mark
from game.sanguosha.answers import offered, passing
from game.sanguosha.board import (
    card,
    clabel,
    fire,
    handlers,
    kind_of,
    kingdom,
    name,
    r1_order,
    skill_name,
    value,
)
from game.sanguosha.hooks import EFFECTS, rules
from game.sanguosha.judgement import judgement
from game.sanguosha.targets import answer_label, sources
from game.sanguosha.zones import note, recover, remove_card

WORDS = {"dodge": "a Dodge", "slash": "a Slash"}

# --- R2: Nullification ------------------------------------------------------------------------

@rules.step
def nullify_window(s, uid: str, t: int, depth: int) -> None:
    """R2: every living player in R1 order may nullify; each Nullification restarts the
    asking. Odd chain: cancelled (D10)."""
    u = s.uses.get(uid)
    what = s.cs.kinds[u["kind"]].name if u else "the trick"
    against = (f"{what} on {name(s, t)}" if depth == 0 else
               f"the Nullification ({depth}) against {what} on {name(s, t)}")
    dec.ask_in_order(s, "nullify", r1_order(s), context=(uid, t, depth),
                     prompt=f"{{seat}}: use a Nullification against {against}?",
                     then="nullify_window")


def nullifications(s, p: int) -> list[Action]:
    return [Action("respond", (c,), None, ("nullification", ""), label=clabel(s, c))
            for c in sorted(s.hand[p]) if kind_of(s, c) == "nullification"]


@rules.kind("respond", answers=("nullify",), candidates=nullifications, check=offered,
            legal_as_built=True)
def nullify(s, p: int, a: Action) -> None:
    uid, t, depth = s.decisions[-1].context
    close(s, uid, t, depth + 1)  # a new round against this Nullification
    c = a.source[0]
    remove_card(s, p, c)
    s.discard.append(c)
    s.emit("use", f"{name(s, p)} uses {clabel(s, c)}.", p, card="nullification", cards=[c],
           counters=((p, "hand", len(s.hand[p])),))
    u = s.uses.get(uid)
    if u is not None:  # cancelling a harmful trick on t helps t; cancelling a gift harms t
        helps = s.cs.kinds[u["kind"]].harmful == (depth % 2 == 0)
        note(s, p, t, -2 if helps else 2)
    fire(s, p, "trick_used", "nullification")


@rules.kind("pass", answers=("nullify",), candidates=passing("Pass"), check=offered,
            legal_as_built=True)
def no_nullification(s, p: int, a: Action) -> None:
    uid, t, depth = s.decisions[-1].context
    if not dec.pass_on(s):
        s.flags[f"null:{uid}:{t}"] = depth % 2


# --- R3 / R4: needing a Dodge or a Slash --------------------------------------------------------

@rules.step
def need(s, p: int, what: str, key: str, uid: str, left: int, tried: tuple, mode: str) -> None:
    """R3 / R4: p must give `left` more Dodges (what="dodge") or Slashes (what="slash");
    flags[key] says at the end whether they were all given. `mode`: "use" or "play" (D21)."""
    if not s.alive[p] or left <= 0:
        s.flags[key] = 1 if left <= 0 else 0
        return
    u = s.uses.get(uid)
    src = s.cs.kinds[u["kind"]].name if u else "it"
    more = f" ({left} needed)" if left > 1 else ""
    verb = "use" if mode == "use" else "play"
    dec.ask(s, "need", p, context=(what, key, uid, left, tried, mode),
            prompt=f"{{seat}}: {verb} {WORDS[what]} against {src}{more}, or pass", then="need")


def means(s, p: int, what: str, uid: str, helping: bool) -> list[tuple[str, str, str]]:
    """p's ways besides its own cards to give a Dodge or a Slash (R3, R4; for a Lord:
    helping=True when p is one of his helpers), in their order: (key, how, label), how being
    "judge" (armour) or "helpers" (a Lord's skill, R5)."""
    out = []
    for key, fn in handlers(s, p, "means"):
        got = fn(s, p, what, uid, helping)
        if got is not None:
            out.append((key, *got))
    return out


def lord_helpers(s, p: int, skill: str) -> tuple[str, str]:
    """What a "means" handler of a Lord skill returns: his kingdom gives him the card (R5)."""
    return ("helpers", f"{skill_name(s, skill)}: ask {kingdom(s, p).capitalize()}")


def slash_means(s, p: int) -> list[str]:
    """The Lord skills by which p may have a Slash from its helpers (Rouse)."""
    return [key for key, how, _ in means(s, p, "slash", "", False) if how == "helpers"]


def next_means(s, p: int, what: str, uid: str, tried: tuple) -> list[tuple[str, str, str]]:
    """The means offered now: the first not tried after the last tried (D27: each once per
    card needed, in order; a card from hand may be given at any point)."""
    ways = means(s, p, what, uid, False)
    done = [i for i, (key, _, _) in enumerate(ways) if key in tried]
    after = done[-1] + 1 if done else 0
    return ways[after:after + 1]


def need_cards(s, p: int) -> list[Action]:
    what = s.decisions[-1].context[0]
    return [Action("respond", cs, None, (k, via), label=answer_label(s, cs, k, via))
            for cs, k, via in sources(s, p, what, what)]


def need_means(s, p: int) -> list[Action]:
    what, key, uid, left, tried, mode = s.decisions[-1].context
    return [Action("invoke", None, None, mkey, label=label)
            for mkey, _, label in next_means(s, p, what, uid, tried)]


@rules.kind("respond", answers=("need",), candidates=need_cards, check=offered,
            legal_as_built=True)
def card_given(s, p: int, a: Action) -> None:
    what, key, uid, left, tried, mode = s.decisions[-1].context
    close(s, p, what, key, uid, left - 1, (), mode)  # the next one is asked for
    give(s, p, a.source, a.option[0], a.option[1], mode)


@rules.kind("invoke", answers=("need",), candidates=need_means, check=offered,
            legal_as_built=True)
def means_tried(s, p: int, a: Action) -> None:
    what, key, uid, left, tried, mode = dec.pop(s).context
    mkey = a.option
    how = next(h for k, h, _ in means(s, p, what, uid, False) if k == mkey)
    tried += (mkey,)
    if how == "judge":
        # the judgement is put away before the next card is asked for (Peerless asks
        # twice), so each judgement has its card to itself
        jkey = f"{key}:j"
        later(s, "judged_means_done", p, what, key, uid, left, tried, mode, jkey)
        judgement(s, p, jkey, ("judged_means", p, mkey, what, jkey), mkey)
        return
    s.emit("skill", f"{name(s, p)} uses {skill_name(s, mkey)}: {kingdom(s, p).capitalize()}, "
           f"give {WORDS[what]} for the Lord?", p, skill=mkey)
    later(s, "helpers_done", p, what, key, uid, left, tried, mode)
    ask_helpers(s, mkey, p, what, key, uid, "need")


@rules.kind("pass", answers=("need",), candidates=passing("Pass"), check=offered,
            legal_as_built=True)
def not_given(s, p: int, a: Action) -> None:
    key = dec.pop(s).context[1]
    s.flags[key] = 0


def give(s, p: int, cs: tuple, k: str, via: str, mode: str, for_lord: int = -1) -> None:
    """A Dodge or Slash used or played in answer: its cards go to the discard pile."""
    for c in cs:
        remove_card(s, p, c)
        s.discard.append(c)
    verb = "uses" if mode == "use" else "plays"
    whose = f" for {name(s, for_lord)}" if for_lord >= 0 else ""
    via_t = f" ({skill_name(s, via)})" if via else ""
    s.emit("respond", f"{name(s, p)} {verb} {s.cs.kinds[k].name}{via_t} "
           f"[{', '.join(clabel(s, c) for c in cs)}]{whose}.", p, card=k, cards=list(cs),
           counters=((p, "hand", len(s.hand[p])),))
    if k == "slash" and p == s.current and s.phase == "play":
        mark(s, p, "slashed")


@rules.step
def judged_means(s, p: int, mkey: str, what: str, jkey: str) -> None:
    """Armour's judgement (Eight Diagrams: red) may give the card."""
    if EFFECTS.run("means_judged", mkey, s, card(s, s.flags[jkey])):
        s.emit("message", f"{skill_name(s, mkey)} gives {name(s, p)} {WORDS[what]}.", p)
        s.flags[f"{jkey}:given"] = 1


@rules.step
def judged_means_done(s, p: int, what: str, key: str, uid: str, left: int, tried: tuple,
                      mode: str, jkey: str) -> None:
    if s.flags.pop(f"{jkey}:given", 0):
        later(s, "need", p, what, key, uid, left - 1, (), mode)
    else:
        later(s, "need", p, what, key, uid, left, tried, mode)


# --- R5: the Lord's helpers ---------------------------------------------------------------------

def ask_helpers(s, skill: str, lord: int, what: str, key: str, uid: str,
                purpose: str) -> None:
    """R5: the other living characters of the Lord's kingdom, in R1 order (D37). What they
    give is left in flags[f"{key}:given"]."""
    helpers = [x for x in r1_order(s) if x != lord and kingdom(s, x) == kingdom(s, lord)]
    dec.ask_in_order(s, "helper", helpers, context=(skill, lord, what, key, uid, purpose),
                     prompt=f"{{seat}}: give {WORDS[what]} for the Lord "
                            f"({skill_name(s, skill)})?")


def helper_cards(s, p: int) -> list[Action]:
    what = s.decisions[-1].context[2]
    return [Action("respond", cs, None, (k, via), label=answer_label(s, cs, k, via))
            for cs, k, via in sources(s, p, what, what)]


def helper_means(s, p: int) -> list[Action]:
    skill, lord, what, key, uid, purpose = s.decisions[-1].context
    return [Action("invoke", None, None, mkey, label=label)
            for mkey, how, label in means(s, p, what, uid, True)
            if how == "judge" and not s.flags.get(f"{key}:tried:{p}:{mkey}")]


@rules.kind("respond", answers=("helper",), candidates=helper_cards, check=offered,
            legal_as_built=True)
def helper_gives(s, p: int, a: Action) -> None:
    skill, lord, what, key, uid, purpose = dec.pop(s).context
    if purpose == "use":  # a Slash the Lord then uses (Rouse): it waits in processing
        for c in a.source:
            remove_card(s, p, c)
            s.processing.append(c)
        s.emit("respond", f"{name(s, p)} plays a Slash for {name(s, lord)} "
               f"({skill_name(s, skill)}).", p, card="slash", cards=list(a.source))
        s.flags[f"{key}:given"] = tuple(a.source)
        return
    give(s, p, a.source, a.option[0], a.option[1], "play", for_lord=lord)
    s.flags[f"{key}:given"] = (1,)


@rules.kind("invoke", answers=("helper",), candidates=helper_means, check=offered,
            legal_as_built=True)
def helper_judges(s, p: int, a: Action) -> None:
    """A Wei helper's Eight Diagrams (D40)."""
    frame = dec.pop(s)
    skill, lord, what, key, uid, purpose = frame.context
    mkey = a.option
    s.flags[f"{key}:tried:{p}:{mkey}"] = 1
    jkey = f"{key}:h{p}"
    later(s, "helper_judged_done", p, frame.seats, frame.context, jkey)
    judgement(s, p, jkey, ("helper_judged", p, mkey, what, jkey), mkey)


@rules.kind("pass", answers=("helper",), candidates=passing("Pass"), check=offered,
            legal_as_built=True)
def helper_passes(s, p: int, a: Action) -> None:
    dec.pass_on(s)


@rules.step
def helpers_done(s, p: int, what: str, key: str, uid: str, left: int, tried: tuple,
                 mode: str) -> None:
    """The helper's card counts as the Lord's own; with no helper the Lord may go on."""
    for k in [k for k in s.flags if k.startswith(f"{key}:tried:")]:
        del s.flags[k]  # each helper's means once for each card needed (D27)
    if s.flags.pop(f"{key}:given", None):
        later(s, "need", p, what, key, uid, left - 1, (), mode)
    else:
        s.emit("message", f"No one gives {WORDS[what]} for {name(s, p)}.", p)
        later(s, "need", p, what, key, uid, left, tried, mode)


@rules.step
def helper_judged(s, p: int, mkey: str, what: str, jkey: str) -> None:
    """A helper's armour judgement may give the Lord the card."""
    if EFFECTS.run("means_judged", mkey, s, card(s, s.flags[jkey])):
        s.emit("message", f"{name(s, p)}'s {skill_name(s, mkey)} gives the Lord "
               f"{WORDS[what]}.", p)
        s.flags[f"{jkey}:given"] = 1


@rules.step
def helper_judged_done(s, p: int, seats: tuple, context: tuple, jkey: str) -> None:
    """After the helper's judgement is put away: the Lord has the card, or the asking goes
    on from this helper."""
    skill, lord, what, key, uid, purpose = context
    if s.flags.pop(f"{jkey}:given", 0):
        s.flags[f"{key}:given"] = (1,)
        return
    dec.ask_in_order(s, "helper", seats, context=context,
                     prompt=f"{{seat}}: give {WORDS[what]} for the Lord "
                            f"({skill_name(s, skill)})?")


# --- R6: the Peach rounds of a dying character ---------------------------------------------------

@rules.step
def peach_window(s, d: int, order: tuple) -> None:
    """R6: while d is dying, each living player from the current player may use Peaches."""
    if not s.alive[d] or s.hp[d] >= 1:
        return
    seats = [x for x in order if s.alive[x]]
    dec.ask_in_order(s, "peach", seats, context=(d,), then="peach_window",
                     prompt=f"{{seat}}: {name(s, d)} is dying at {s.hp[d]} HP; "
                            f"use a Peach on them?")


def peaches(s, p: int) -> list[Action]:
    return [Action("respond", cs, None, (k, via), label=answer_label(s, cs, k, via))
            for cs, k, via in sources(s, p, "peach", "peach")]


@rules.kind("respond", answers=("peach",), candidates=peaches, check=offered,
            legal_as_built=True)
def peach_given(s, p: int, a: Action) -> None:
    frame = s.decisions[-1]
    (d,) = frame.context
    close(s, d, frame.seats)  # the same seat is asked again while d is dying
    cs, (_k, via) = a.source, a.option
    for c in cs:
        remove_card(s, p, c)
        s.discard.append(c)
    amount = value(s, d, "peach_recovery", 1, p)
    s.emit("use", f"{name(s, p)} uses a Peach{' (' + skill_name(s, via) + ')' if via else ''} "
           f"on {name(s, d)}.", p, card="peach", cards=list(cs), target=d,
           counters=((p, "hand", len(s.hand[p])),))
    note(s, p, d, -4)
    recover(s, d, amount)


@rules.kind("pass", answers=("peach",), candidates=passing("Pass"), check=offered,
            legal_as_built=True)
def no_peach(s, p: int, a: Action) -> None:
    dec.pass_on(s)
