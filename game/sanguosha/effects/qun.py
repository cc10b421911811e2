"""The skills of the generals of the other heroes (群, Qun) (docs/rules/sanguosha.md:
Generals; Skill rulings)."""

from __future__ import annotations

from game.core.contract import Action
from game.sanguosha.board import card, cards_of, clabel, gender, living, name
from game.sanguosha.hooks import EFFECTS
from game.sanguosha.offers import offer
from game.sanguosha.targets import facts
from game.sanguosha.using import begin_use
from game.sanguosha.zones import discard_cards, draw_cards, note, recover

# --- Hua Tuo: Green Satchel, First Aid ------------------------------------------------------

@EFFECTS.on("active", "qingnang")
def qingnang_active(s, p: int) -> list[Action]:
    if s.phase_used.get("qingnang") or not s.hand[p]:
        return []
    hurt = [x for x in living(s) if s.hp[x] < s.max_hp[x]]
    return [Action("skill", (c,), x, "qingnang", label=f"Green Satchel: discard {clabel(s, c)}"
                   f", {name(s, x)} recovers 1") for c in sorted(s.hand[p]) for x in hurt]


@EFFECTS.on("act", "qingnang")
def qingnang(s, p: int, a: Action) -> None:
    s.phase_used["qingnang"] = 1
    discard_cards(s, p, list(a.source), "discards (Green Satchel)")
    recover(s, a.target, 1)
    note(s, p, a.target, -3)


@EFFECTS.on("convert", "jijiu")
def jijiu(s, p: int, purpose: str):
    """First Aid: outside his own turn, any red card as a Peach (so only while dying)."""
    if purpose != "peach" or p == s.current:
        return []
    return [((c,), "peach") for c in sorted(cards_of(s, p)) if card(s, c).colour == "red"]


# --- Lü Bu: Peerless -----------------------------------------------------------------------------

@EFFECTS.on("responses_needed", "wushuang")
def wushuang(needed: int, s, p: int, kind: str) -> int:
    """Peerless (locked): his Slash needs two Dodges; his Duel opponent plays two Slashes
    each time."""
    return 2


# --- Diao Chan: Estrangement, Eclipse the Moon ---------------------------------------------------

@EFFECTS.on("active", "lijian")
def lijian_active(s, p: int) -> list[Action]:
    """Estrangement: discard a card, choose A then B (two males); B Duels A (D30)."""
    if s.phase_used.get("lijian") or not cards_of(s, p):
        return []
    males = [x for x in living(s) if x != p and gender(s, x) == "male"]
    pairs = [(a, b) for a in males for b in males if a != b
             and facts(s, a).refusal("duel") is None]
    return [Action("skill", (c,), pair, "lijian",
                   label=f"Estrangement: discard {clabel(s, c)}; {name(s, pair[1])} duels "
                         f"{name(s, pair[0])}") for c in sorted(cards_of(s, p)) for pair in pairs]


@EFFECTS.on("act", "lijian")
def lijian(s, p: int, a: Action) -> None:
    s.phase_used["lijian"] = 1
    discard_cards(s, p, list(a.source), "discards (Estrangement)")
    target, user = a.target
    begin_use(s, user, (), "duel", (target,), "lijian", extra={"no_nullify": True})


@EFFECTS.on("finish_phase", "biyue")
def biyue_offered(s, p: int) -> None:
    offer(s, p, "biyue")


@EFFECTS.on("invoke", "biyue")
def biyue(s, p: int, a: Action) -> None:
    draw_cards(s, p, 1)
