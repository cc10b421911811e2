"""The basic cards' effects (docs/rules/sanguosha.md: Card kinds; Slash step by step). Dodge
acts only in answer (windows.need), so it has no handler here."""

from __future__ import annotations

from game.core.flow import later
from game.sanguosha.board import fire, handlers, name, value
from game.sanguosha.hooks import EFFECTS, rules
from game.sanguosha.zones import recover


@EFFECTS.on("effect", "slash")
def slash(s, uid: str, t: int) -> None:
    """Slash step 4: the target's armour may stop it (Nioh Shield); then a Dodge is needed
    (Peerless: two; after a red Iron Cavalry: none may be given); a dodged Slash may be
    followed up, a hit deals 1 damage."""
    u = s.uses[uid]
    p = u["user"]
    for _, guard in handlers(s, t, "guard"):
        why = guard(s, t, uid)
        if why:
            s.emit("message", why, t)
            return
    key = f"dodge:{uid}:{t}"
    later(s, "slash_after", uid, t, key)
    if t in u.get("no_dodge", ()):
        s.flags[key] = 0
        return
    later(s, "need", t, "dodge", key, uid, value(s, p, "responses_needed", 1, "slash"), (),
          "use")


@rules.step
def slash_after(s, uid: str, t: int, key: str) -> None:
    u = s.uses[uid]
    p = u["user"]
    if not s.flags.pop(key, 0):
        later(s, "damage", t, 1, p, uid, "slash")
        return
    s.emit("message", f"{name(s, t)} dodges the Slash.", t)
    if s.alive[p] and s.alive[t]:
        fire(s, p, "slash_dodged", uid, t)


@EFFECTS.on("effect", "peach")
def peach(s, uid: str, t: int) -> None:
    recover(s, t, 1)
