"""Every screen of the app shown in 中文 under the dummy driver, collecting the lines the text
layer drew without a translation (tests/test_i18n_screens.py asserts there are none).

Run alone to list them: `SDL_VIDEODRIVER=dummy uv run python tests/i18n_walk.py [game …]`.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.local_session import LocalSession  # noqa: E402
from game.match import Match  # noqa: E402
from game.registry import get_game  # noqa: E402
from sprites import i18n  # noqa: E402

GAMES = ("madoka", "bloodborne", "mhtcg", "hermitcraft", "sanguosha")
PLAYERS = {"madoka": 3, "bloodborne": 3, "mhtcg": 2, "hermitcraft": 2, "sanguosha": 4}


def make_app():
    from scenes import storage
    from scenes.app import App

    return App(smoke=True, settings=storage.Settings(language="zh", animation_speed="instant",
                                                     tips=True))


def pump(app, frames: int = 1) -> None:
    for _ in range(frames):
        for event in pygame.event.get():
            app.handle_event(event)
        app.manager.update(1 / 60)
        app.toasts.update(1 / 60)
        app.draw()


def key(app, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pump(app, 2)


def hover_everything(app, step: int = 40) -> None:
    """The pointer rests on a grid of points: every tooltip and zoom is drawn."""
    table = app.manager.top
    for y in range(20, 720, step * 2):
        for x in range(20, 1280, step * 3):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pump(app, 1)
            if hasattr(table, "_tip"):
                table._tip = (table._tip[0], 0.0)  # rested long enough
                app.draw()


def walk_menus(app) -> None:
    app.to_menu()
    pump(app, 3)
    hover_everything(app, 60)
    app.open_settings()
    pump(app, 3)
    app.manager.pop()
    for game in GAMES:
        app.open_setup(game)
        pump(app, 3)
        app.manager.pop()
        app.open_rules(game)
        pump(app, 3)
        app.manager.pop()
    from scenes.history import HistoryScene

    app.manager.push(HistoryScene(app))
    pump(app, 3)
    app.manager.pop()
    from scenes.net.host import HostSetup
    from scenes.net.join import JoinScene

    for scene in (HostSetup(app), JoinScene(app)):  # drawn, not entered: no network opened
        scene.draw(app.screen)


def walk_table(app, game: str, moves: int = 60, seed: int = 3) -> None:
    """A game with you at seat 0 against random bots: each of your turns drawn with its
    tooltips, then a random legal move; the help, the pause menu and the results at the end."""
    players = PLAYERS[game]
    match = Match(game, players, seed, ["you"] + ["ai:random"] * (players - 1))
    app.open_table(LocalSession(match))
    table = app.manager.top
    rng = random.Random(seed)
    pump(app, 3)
    key(app, pygame.K_h)
    key(app, pygame.K_ESCAPE)  # closes the help
    key(app, pygame.K_ESCAPE)  # the pause menu
    pump(app, 2)
    key(app, pygame.K_ESCAPE)
    for turn in range(moves * 4):
        pump(app, 4)
        if table.session.is_over():
            break
        if 0 in table.session.to_act() and not table.timeline.busy:
            if turn < moves // 3:
                hover_everything(app, 80)
            legal = table.session.legal_actions(0)
            if legal:
                table.apply(0, rng.choice(legal), confirmed=True)
    pump(app, 10)
    finish(app, game, players, seed)


def finish(app, game: str, players: int, seed: int) -> None:
    """A whole game between random bots, then its results screen."""
    match = Match(game, players, seed, ["ai:random"] * players)
    rng = random.Random(seed)
    state = match.state
    while not state.is_over():
        p = state.to_act()[0]
        match.apply(p, rng.choice(state.legal_actions(p)))
    app.open_results(LocalSession(match))
    pump(app, 5)


def data_texts() -> str:
    """Every string of the games' card files, one a line: card names and card texts stay in
    English where the data has no Chinese (the words around them do not)."""
    import tomllib

    out: list[str] = []

    def strings(value) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                strings(v)
        elif isinstance(value, list):
            for v in value:
                strings(v)

    root = Path(__file__).resolve().parents[1] / "data"
    for game in GAMES:
        for path in sorted((root / game).glob("*.toml")):
            if path.name != "tips.toml":  # tips are the app's words, translated
                strings(tomllib.loads(path.read_text(encoding="utf-8")))
    return "\n" + "\n".join(out) + "\n"


def from_data(line: str, data: str) -> bool:
    """A card's own name or text, or a piece of one (a name or text drawn line by line)."""
    core = line.strip().strip("().,;:\"'[]…")
    if core.endswith("-"):  # a long name broken across lines: its first part
        core = core[:-1]
    if not core:
        return False
    if f"\n{core}\n" in data or (core[0].isupper() and core in data):
        return True  # a whole data string, or the start of a name or text cut into lines
    if re.search(rf"[A-Za-z]{re.escape(core)}|, {re.escape(core)}", data):
        return True  # the rest of a name cut inside a word ("Veloci-" "drome")
    items = [re.sub(r" \d+$", "", i.strip()) for i in core.split(", ")]  # names (and copies)
    return all(i and i[0].isupper() and i in data for i in items)


def untranslated(games=GAMES) -> set[str]:
    """The lines drawn in 中文 with no translation, but for the card data's own words."""
    data = data_texts()
    return {t for t in walk(games) if not from_data(t, data)}


def walk(games=GAMES) -> set[str]:
    """The lines drawn without a translation on every screen, in 中文."""
    pygame.init()
    app = make_app()
    with i18n.collecting_missed() as missed:
        walk_menus(app)
        for game in games:
            get_game(game)
            walk_table(app, game)
            app.to_menu()
        found = set(missed)
    return found


if __name__ == "__main__":
    games = tuple(a for a in sys.argv[1:] if a != "none") if len(sys.argv) > 1 else GAMES
    for text in sorted(untranslated(games)):
        print(repr(text))
