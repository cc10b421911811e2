"""Sanguosha rules, in the spec's order (docs/rules/sanguosha.md). This module is the rulebook's
outline; each later chapter is a module of its own:

    Setup                       `setup`, `lord_chose`, `general_picked`, `start_game` (here)
    A turn                      `turn_start`, then its six phases (here):
      start phase               `start_phase`
      judgement phase           `judgement_phase`, `judge_next`, `delayed_go`
      draw phase                `draw_phase`, `draw_two`
      play phase                `play_phase`, `play` (the "use", "skill" and "end" answers)
      discard phase             `discard_phase`, `discard_down` (the "pick" answer)
      finish phase              `finish_phase`, then `turn_end`
    Distance and attack range   distance.py
    Who may use what on whom    targets.py
    How a used card resolves    using.py
    Response windows (R1–R6)    windows.py
    Judgement                   judgement.py
    Damage, dying and death     damage.py
    The end of the game         ending.py
    Moving cards, the piles     zones.py

The core runs the flow (game/core/flow.py): a step does its work and schedules what comes next
on the state's agenda (`later(s, step, *args)`; a trigger raised meanwhile, `interrupt`, runs
first, D39), or asks a question (a frame on `s.decisions`) and waits. Each answer is an action
kind declared for its question (`@rules.kind`); a frame's `then` names the step an answer
resumes. What each card and skill does is in effects/, registered by id (hooks.py).
"""

from __future__ import annotations

from game.core import decisions as dec
from game.core.contract import Action
from game.core.flow import close, later, mark, marked
from game.sanguosha import effects  # noqa: F401  (registers every card's and skill's handlers)
from game.sanguosha import queries as q
from game.sanguosha.answers import offered
from game.sanguosha.board import (
    armour,
    clabel,
    fire,
    handlers,
    kind_of,
    living,
    name,
    skill_name,
    weapon,
)
from game.sanguosha.cards import EQUIP_SLOTS
from game.sanguosha.hooks import EFFECTS, rules
from game.sanguosha.targets import (
    conversions,
    real_or_converted,
    target_words,
    use_targets,
    why_not_use,
)
from game.sanguosha.using import begin_use, finish_use
from game.sanguosha.zones import discard_cards, draw_cards, new_uid, remove_card

#: names the bots read from here
__all__ = ["EQUIP_SLOTS", "armour", "kind_of", "living", "rules", "weapon"]

PHASES = ("start", "judgement", "draw", "play", "discard", "finish")

# --- setup (spec: Setup) -------------------------------------------------------------------------

def setup(s) -> None:
    """1. Identities dealt, the Lord shown; 2. the Lord chooses a general first."""
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
    # the Lord sees the 3 lord generals and 2 of the other 22 (D6)
    others = sorted(g.id for g in s.cs.generals if not g.lord)
    s.rng.shuffle(others)
    s.offers[s.lord] = [g.id for g in s.cs.lord_generals] + others[:2]
    dec.ask(s, "general", s.lord, prompt="{seat}: you are the Lord; choose your general")


def general_candidates(s, p: int) -> list[Action]:
    return [Action("general", None, None, g, label=f"Choose {s.cs.general(g).name}")
            for g in s.offers[p]]


@rules.kind("general", answers=("general",), candidates=general_candidates, check=offered,
            legal_as_built=True)
def general_chosen(s, p: int, a: Action) -> None:
    frame = dec.pop(s)
    if p == s.lord and not s.gen[p]:
        lord_chose(s, a.option)
    else:
        general_picked(s, p, a.option, frame.context)


def lord_chose(s, gid: str) -> None:
    """The Lord's general is shown; the others are offered theirs from the rest (D6)."""
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
    later(s, "turn_start", s.lord)


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


# --- a turn (spec: A turn) ------------------------------------------------------------------------

@rules.step
def turn_start(s, p: int) -> None:
    """Six phases in order. Every mark in the standard game lasts until the turn ends."""
    s.current = p
    s.turn += 1
    s.marks.clear()
    s.phase_used = {}
    s.emit("turn", f"{name(s, p)}'s turn.", p)
    later(s, "turn_end", p)
    for ph in reversed(PHASES):
        later(s, f"{ph}_phase", p)


def phase_begins(s, p: int, ph: str) -> bool:
    """A phase begins, unless the current player has died (the rest of the turn is skipped)
    or a card or skill skips it (marked `skip:<phase>` with its name)."""
    if not s.alive[p]:
        return False
    s.phase = ph
    why = marked(s, p, f"skip:{ph}")
    if why:
        s.emit("phase", f"{name(s, p)} skips the {ph} phase ({why}).", p, phase=ph)
        return False
    s.emit("phase", f"{name(s, p)}: {ph} phase.", p, phase=ph)
    return True


@rules.step
def start_phase(s, p: int) -> None:
    """1. Start phase: skills may act (Stargazing, Goddess of the Luo)."""
    if phase_begins(s, p, "start"):
        fire(s, p, "start_phase")


@rules.step
def judgement_phase(s, p: int) -> None:
    """2. Judgement phase: the delayed tricks in the judgement area, one at a time."""
    if phase_begins(s, p, "judgement"):
        later(s, "judge_next", p)


@rules.step
def judge_next(s, p: int) -> None:
    """The most recently placed delayed trick not judged yet this turn (D12): to the
    processing area, a Nullification window, then its effect (its judgement)."""
    if not s.alive[p]:
        return
    for c, k in reversed(s.judge[p]):
        if not marked(s, c, "judged"):
            mark(s, c, "judged")
            later(s, "judge_next", p)
            remove_card(s, p, c)
            s.processing.append(c)
            uid = new_uid(s)
            jc = s.cs.cards[c]
            s.uses[uid] = {"user": -1, "kind": k, "cards": (c,), "suit": jc.suit,
                           "colour": jc.colour, "targets": (p,), "via": ""}
            s.emit("judge_trick", f"{name(s, p)}'s {s.cs.kinds[k].name} ({clabel(s, c)}) is "
                   f"judged.", p, card=c)
            later(s, "delayed_go", uid, p)
            later(s, "nullify_window", uid, p, 0)
            return


@rules.step
def delayed_go(s, uid: str, p: int) -> None:
    """Nullified: the card is discarded (or does what its text says, D13); else its effect
    is its judgement."""
    u = s.uses[uid]
    if s.flags.pop(f"null:{uid}:{p}", 0):
        s.emit("nullified", f"{s.cs.kinds[u['kind']].name} is nullified.", p)
        if EFFECTS.has("nullified", u["kind"]):
            EFFECTS.run("nullified", u["kind"], s, uid, p)
        else:
            finish_use(s, uid)
        return
    EFFECTS.run("effect", u["kind"], s, uid, p)


@rules.step
def draw_phase(s, p: int) -> None:
    """3. Draw phase: skills may change the draw first (Valiant Bearing, Bare-Chested,
    Sudden Strike); then draw 2."""
    if phase_begins(s, p, "draw"):
        later(s, "draw_two", p)
        fire(s, p, "draw_phase")


@rules.step
def draw_two(s, p: int) -> None:
    if not s.alive[p] or marked(s, p, "no_draw"):
        return
    n = 2 + marked(s, p, "draw_extra", 0)
    draw_cards(s, p, max(0, n))


@rules.step
def play_phase(s, p: int) -> None:
    """4. Play phase: cards and skills one at a time until the player ends it."""
    if phase_begins(s, p, "play"):
        s.phase_used = {}
        later(s, "play", p)


@rules.step
def play(s, p: int) -> None:
    if not s.alive[p]:
        return
    dec.ask(s, "play", p, prompt="{seat}: use a card or a skill, or end the play phase",
            then="play")


def card_uses(s, p: int) -> list[Action]:
    """Every card use of the right shape: hand cards, then conversions (the checks keep the
    legal ones)."""
    acts: list[Action] = []
    for c in sorted(s.hand[p]):
        k = kind_of(s, c)
        for tg in use_targets(s, p, k, (c,)):
            acts.append(_use_action(s, p, (c,), k, tg, ""))
    for cs, k, via in conversions(s, p, "play"):
        for tg in use_targets(s, p, k, cs):
            acts.append(_use_action(s, p, cs, k, tg, via))
    return acts


def _use_action(s, p: int, cs: tuple, k: str, tg: tuple, via: str) -> Action:
    what = ", ".join(clabel(s, c) for c in cs)
    if via:
        what = f"{skill_name(s, via)}: {what} as {s.cs.kinds[k].name}"
    return Action("use", cs, tg, (k, via), label=f"{what}{target_words(s, p, k, tg)}")


def check_use(s, p: int, a: Action) -> str | None:
    """Any card use: the seat's own card (or a conversion its skill or weapon offers now),
    used legally."""
    if not (isinstance(a.source, tuple) and isinstance(a.target, tuple)
            and isinstance(a.option, tuple) and len(a.option) == 2):
        return "That is not a card use."
    k, via = a.option
    if k not in s.cs.kinds:
        return "Unknown card."
    why = real_or_converted(s, p, a.source, k, via, "play")
    return why or why_not_use(s, p, a.source, k, a.target)


def check_card_use(s, p: int, a: Action) -> str | None:
    """A card use offered now is made of the seat's own cards or a conversion by
    construction: only the use itself is left to check."""
    if a in s.offered_now(p):
        return why_not_use(s, p, a.source, a.option[0], a.target)
    return check_use(s, p, a)


@rules.kind("use", answers=("play",), candidates=card_uses, check=check_card_use)
def use(s, p: int, a: Action) -> None:
    close(s, p)  # the play phase goes on once the card has resolved
    k, via = a.option
    begin_use(s, p, a.source, k, a.target, via)


def skill_actions(s, p: int) -> list[Action]:
    acts: list[Action] = []
    for _, fn in handlers(s, p, "active"):
        acts.extend(fn(s, p))
    return acts


@rules.kind("skill", answers=("play",), candidates=skill_actions, check=offered,
            legal_as_built=True)
def skill(s, p: int, a: Action) -> None:
    close(s, p)
    s.emit("skill", f"{name(s, p)} uses {skill_name(s, a.option)}.", p, skill=a.option)
    EFFECTS.run("act", a.option, s, p, a)


END = Action("end", label="End the play phase")


@rules.kind("end", answers=("play",), candidates=lambda s, p: [END], check=offered,
            legal_as_built=True)
def end_play_phase(s, p: int, a: Action) -> None:
    dec.pop(s)
    s.emit("phase", f"{name(s, p)} ends the play phase.", p)


@rules.step
def discard_phase(s, p: int) -> None:
    """5. Discard phase: skills first (Self-Restraint), then down to the hand limit."""
    if phase_begins(s, p, "discard"):
        later(s, "discard_down", p)
        fire(s, p, "discard_phase")


@rules.step
def discard_down(s, p: int) -> None:
    """The hand limit is current HP, never below 0."""
    if not s.alive[p] or marked(s, p, "skip:discard"):
        return
    excess = len(s.hand[p]) - max(0, s.hp[p])
    if excess > 0:
        # one card at a time, each discarded at once (the frame holds no hidden card)
        dec.ask(s, "discard", p, (), (excess,),
                prompt=f"{{seat}}: discard {excess} card{'s' if excess > 1 else ''} "
                       f"(hand limit {max(0, s.hp[p])})")


def discard_options(s, p: int) -> list[Action]:
    return [Action("pick", c, label=f"Discard {clabel(s, c)}") for c in sorted(s.hand[p])]


@rules.kind("pick", answers=("discard",), candidates=discard_options, check=offered,
            legal_as_built=True)
def discard_one(s, p: int, a: Action) -> None:
    (left,) = dec.pop(s).context
    if left > 1:
        dec.ask(s, "discard", p, (), (left - 1,), prompt=f"{{seat}}: discard {left - 1} more")
    discard_cards(s, p, [a.source])


@rules.step
def finish_phase(s, p: int) -> None:
    """6. Finish phase: skills may act (Eclipse the Moon)."""
    if phase_begins(s, p, "finish"):
        fire(s, p, "finish_phase")


@rules.step
def turn_end(s, p: int) -> None:
    """The next living player takes a turn (D8: seen from this seat if it has died)."""
    later(s, "turn_start", q.next_living(p, s.alive))
