"""Documentation screenshots of the tables, taken in the real app at the moment they show
something (a die still tumbling, a menu open, a notice up), not after a guessed delay.

    ../shared/tools/shot /tmp/x.png --size 1280x720 --wait 20 -- \
        uv run python -m scenes.snapshots dice-log docs/table-04-dice-log.png

Each snapshot opens a table as a new game would, plays frames of the real loop (animation ×1,
60 frames a second of game time) and drives it like a player until its moment comes, then saves
the window's picture. Nothing is written but the picture (no autosave, no settings).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

import pygame


def _frames(app, until: Callable[[], Any], limit: int = 3000) -> bool:
    for _ in range(limit):
        if until():
            return True
        app.run(max_frames=1)
    return bool(until())


def _open(game: str, players: int, seats: list[str], seed: int, speed: str = "x1"):
    from scenes.app import App
    from scenes.storage import Settings

    app = App(smoke=True, settings=Settings(animation_speed=speed))
    app.new_game(game, players, seats, seed)
    return app, app.manager.top


def _hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def _click(app, pos) -> None:
    _hover(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def dice_log(out: str) -> None:
    """Point 4: the die still tumbles and the log does not know its result yet."""
    app, t = _open("bloodborne", 4, ["ai:heuristic"] * 4, 3)
    _frames(app, lambda: t.tray is not None and t.tray.dice and not t.tray.is_settled())
    _frames(app, lambda: False, 12)  # mid-tumble
    pygame.image.save(app.screen, out)


def banner(out: str) -> None:
    """Point 5: while a round's events play, the banner says what is being animated."""
    app, t = _open("bloodborne", 4, ["ai:heuristic"] * 4, 5)
    _frames(app, lambda: t.timeline.busy and t.stage_text and "damage" in t.stage_text)
    pygame.image.save(app.screen, out)


def cost(out: str) -> None:
    """Point 1: a tell at two grief — the menu says its cost, then the rules' warning."""
    from game.core.contract import Action

    app, t = _open("madoka", 4, ["you", "ai:strong", "ai:strong", "ai:strong"], 7)
    st = t.state
    while st.grief < 2:  # a team that has told a lot: two grief markers on the gem
        p = st.to_act()[0]
        tells = [a for a in st.legal_actions(p) if a.kind == "tell"]
        st.apply(p, tells[0] if tells else st.legal_actions(p)[0])
    while st.to_act() != (0,):
        p = st.to_act()[0]
        st.apply(p, next(a for a in st.legal_actions(p) if a.kind == "discard"))
    t.sync(animate=False)
    _frames(app, lambda: False, 10)
    seat = t.others()[1]
    t.open_tell(seat)
    menu = t.menu
    i = next(i for i, (a, _) in enumerate(menu.options) if isinstance(a, Action) and t.loses(0, a))
    _frames(app, lambda: False, 2)
    pygame.image.save(app.screen, out.replace(".png", "-menu.png"))
    _click(app, menu.row_rect(i).center)
    _frames(app, lambda: False, 4)
    pygame.image.save(app.screen, out)


def zoom(out: str) -> None:
    """Point 2: your own card zoomed with what you know of it (two teammates told you)."""
    app, t = _open("madoka", 4, ["you", "ai:simple", "ai:simple", "ai:simple"], 7)
    st = t.state
    mine = st.hands[0][1]
    girl = st.game.girl_ids[st.girl_of[mine]]
    st.apply(0, next(a for a in st.legal_actions(0) if a.kind == "discard"))
    st.apply(1, next(a for a in st.legal_actions(1) if a.kind == "tell" and a.option == ("girl", girl)))
    st.apply(2, next(a for a in st.legal_actions(2) if a.kind == "tell" and a.target == 0
                     and a.option[0] == "number"))
    st.apply(3, next(a for a in st.legal_actions(3) if a.kind == "discard"))
    t.sync(animate=False)
    _frames(app, lambda: False, 5)
    _hover(app, t.sprites[mine].rect.center)
    _frames(app, lambda: False, 30)
    pygame.image.save(app.screen, out)


def tell_preview(out: str) -> None:
    """Point 2: the tell menu offers only tells that point at a card; the hovered one lights
    its cards up."""
    app, t = _open("madoka", 4, ["you", "ai:simple", "ai:simple", "ai:simple"], 7)
    seat = t.others()[1]
    t.open_tell(seat)
    _frames(app, lambda: False, 5)
    menu = t.menu
    i = max(range(len(menu.options)), key=lambda i: len(menu.previews.get(i, ())))
    _hover(app, menu.row_rect(i).center)
    _frames(app, lambda: False, 5)
    pygame.image.save(app.screen, out)


def notice(out: str) -> None:
    """Point 7: a witch's notice beside what it is about, clear of the rows and hands."""
    app, t = _open("madoka", 4, ["ai:strong"] * 4, 11)
    _frames(app, lambda: t.notice_now is not None and "Witch" in t.notice_now.title, 20000)
    _frames(app, lambda: False, 10)
    pygame.image.save(app.screen, out)


def hold(seconds: float = 90.0) -> None:
    """Keep the window showing the saved moment (for the shot tool's own screenshot)."""
    print("snapshot: ready", flush=True)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pygame.event.pump()
        time.sleep(0.05)


def aim(out: str) -> None:
    """Issue 8: the Hunter Pistol asks to protect you (your board glows) or cancel a melee
    attack (a button: it has no board yet); then the boards you may aim at glow."""
    from game.bloodborne.setups import make_state
    from scenes.app import App
    from scenes.match import Match
    from scenes.storage import Settings

    class Axe:  # the other hunters play their Hunter Axe (a melee attack to cancel)
        def choose(self, state, player):
            legal = state.legal_actions(player)
            return next((a for a in legal if isinstance(a.source, int)
                         and state.cards[a.source].id == "hunter_axe"), legal[0])

    app = App(smoke=True, settings=Settings(animation_speed="x2"))
    match = Match("bloodborne", 4, 2, ["you", "ai:heuristic", "ai:heuristic", "ai:heuristic"])
    match.state = make_state(players=4, monster="huntsman_mob", first=0, seed=2,
                             hands={0: ["hunter_pistol", "hunter_axe"]})
    for seat in (1, 2, 3):
        match.agents[seat] = Axe()
    app.open_table(match)
    t = app.manager.top
    pistol = next(c for c in t.hand_keys() if t.state.cards[c].id == "hunter_pistol")
    t.apply(0, next(a for a in t.legal() if a.source == pistol))
    _frames(app, lambda: t.bar and not t.timeline.busy)
    _frames(app, lambda: False, 10)
    pygame.image.save(app.screen, out.replace(".png", "-protect.png"))
    t.bar[0].activate() if "cancel" in t.bar[0].text else t.bar[-1].activate()
    _frames(app, lambda: t.glow_seats and not t.timeline.busy)
    _frames(app, lambda: False, 10)
    pygame.image.save(app.screen, out)


def round_summary(out: str) -> None:
    """Point 7: the round summary opens on R over the top row, the boards stay in view."""
    app, t = _open("bloodborne", 4, ["ai:heuristic"] * 4, 5)
    _frames(app, lambda: t.last_summary is not None and not t.timeline.busy)
    t.summary_open = True
    _frames(app, lambda: False, 3)
    pygame.image.save(app.screen, out)


SNAPSHOTS = {"aim": aim, "summary": round_summary, "dice-log": dice_log, "banner": banner, "cost": cost, "zoom": zoom, "notice": notice,
             "tell-preview": tell_preview}

if __name__ == "__main__":
    name, out = sys.argv[1], sys.argv[2]
    SNAPSHOTS[name](out)
    hold()
