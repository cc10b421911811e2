"""Tables read only a view (docs/plugging-in-a-game.md, "The table reads only a view"): nothing in scenes/ or sprites/ can
reach the real rules state. A table is given a table session (game/session.py) and asks it for
views, legal actions and events as its seat may see them; the session alone holds the state.

Two checks. By reading the code: no module under scenes/ or sprites/ imports the match, builds
one, or names the session's insides (`_match`, `.state`, a replay's snapshots). By walking the
objects: every game's table is opened under the dummy driver, a few moves are played, and
everything reachable from the app, the table and its sprites — except through a session, the
one object allowed to hold the state — is searched for a rules state or a match. The other
screens (menu, setup, settings, rules, pause, hand-off, results, history, the replay viewer)
are walked the same way.
"""

from __future__ import annotations

import ast
import gc
from collections import deque
from pathlib import Path
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType

import pygame
import pytest

from game.core.contract import State
from game.match import Match
from game.registry import all_games, default_bot
from game.session import TableSession
from tests.scene_helpers import make_app, open_table, pump, run_until

ROOT = Path(__file__).resolve().parents[1]

#: attributes a table has no business with: a session's insides, a replay's states
FORBIDDEN_ATTRIBUTES = {"_match", "state", "_state", "state_at", "snapshots", "final_state"}
FORBIDDEN_MODULES = {"game.match"}


def offences(path: Path, root: Path = ROOT) -> list[str]:
    """Where a module of scenes/ or sprites/ could get at the real state, by its text."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(root)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [f"{where}:{node.lineno} imports {a.name}" for a in node.names
                    if a.name in FORBIDDEN_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module in FORBIDDEN_MODULES:
            out.append(f"{where}:{node.lineno} imports {node.module}")
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            out.append(f"{where}:{node.lineno} reads .{node.attr}")
        elif isinstance(node, ast.Name) and node.id == "Match":
            out.append(f"{where}:{node.lineno} names Match")
        elif isinstance(node, ast.Constant) and node.value in FORBIDDEN_ATTRIBUTES:
            out.append(f"{where}:{node.lineno} spells {node.value!r}")  # getattr(x, "_match")
    return out


def test_no_scene_or_sprite_names_the_state_or_the_match():
    found = [o for top in ("scenes", "sprites") for p in sorted((ROOT / top).rglob("*.py"))
             for o in offences(p)]
    assert found == []


def test_the_reading_check_catches_a_scene_that_reaches_in(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from game.match import Match\n"
                   "def f(table):\n"
                   "    return table.session._match.state, getattr(table.session, '_match')\n"
                   "def g(session):\n"
                   "    return Match.from_json(session.save())\n")
    assert sorted(offences(bad, tmp_path)) == [
        "bad.py:1 imports game.match", "bad.py:3 reads ._match", "bad.py:3 reads .state",
        "bad.py:3 spells '_match'", "bad.py:5 names Match"]


# --- walking the objects ---------------------------------------------------------------------

ATOMS = (str, bytes, int, float, complex, bool, type(None), range, pygame.Surface, pygame.Rect,
         pygame.font.Font, BuiltinFunctionType)


def children(obj):
    """(child, how it is reached) for every object `obj` holds, without going into modules,
    classes or a function's globals (which reach the whole program, not what a scene holds)."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k, "(a key)"
            yield v, f"[{k!r}]"
    elif isinstance(obj, (list, tuple, set, frozenset, deque)):
        for i, v in enumerate(obj):
            yield v, f"[{i}]"
    elif isinstance(obj, FunctionType):
        for i, cell in enumerate(obj.__closure__ or ()):
            try:
                yield cell.cell_contents, f".<closure {obj.__code__.co_freevars[i]}>"
            except ValueError:  # an empty cell
                pass
        yield obj.__defaults__, ".__defaults__"
        yield obj.__kwdefaults__, ".__kwdefaults__"
    elif isinstance(obj, MethodType):
        yield obj.__self__, ".__self__"
        yield obj.__func__, ".__func__"
    else:
        seen_names = False
        if hasattr(obj, "__dict__") and isinstance(vars(obj), dict):
            seen_names = True
            for k, v in vars(obj).items():
                yield v, f".{k}"
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if isinstance(name, str) and not name.startswith("__") and hasattr(obj, name):
                    seen_names = True
                    yield getattr(obj, name), f".{name}"
        if not seen_names:
            for v in gc.get_referents(obj):
                yield v, "(held)"


def leaks(*roots) -> list[str]:
    """Paths from `roots` to a rules state or a match, never through a table session."""
    seen: set[int] = set()
    todo = deque((r, type(r).__name__) for r in roots)
    out = []
    while todo:
        obj, path = todo.popleft()
        if id(obj) in seen or isinstance(obj, ATOMS):
            continue
        seen.add(id(obj))
        if isinstance(obj, (State, Match)):
            out.append(f"{path} is a {type(obj).__name__}")
            continue
        if isinstance(obj, (TableSession, type, ModuleType)):
            continue
        for child, how in children(obj):
            if child is not None and id(child) not in seen:
                todo.append((child, path + how))
    return out


def test_the_walk_finds_a_state_held_by_a_scene_and_not_one_behind_the_session(toy_registered):
    from game.local_session import LocalSession

    session = LocalSession.start("toy", 2, 3, ["you", "ai:greedy"])
    behind = session._match.state

    class Scene:
        def __init__(self):
            self.session = session
            self.later = lambda: behind  # a closure counts too

    scene = Scene()
    assert leaks(scene) == ["Scene.later.<closure behind> is a BidState"]
    del scene.later
    assert leaks(scene) == []


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    from tests import toytable

    toytable.register(monkeypatch)
    a = make_app(animation_speed="instant")
    yield a
    pygame.event.clear()


def play_a_little(app, table, moves: int = 8) -> None:
    """A few moves: the person's through the table (the first legal action), the bots'."""
    for _ in range(moves):
        if table.session.is_over():
            return
        me = table.acting_human()
        legal = table.legal() if me is not None else []
        if legal:
            table.apply(me, legal[0], confirmed=True)
        else:
            before = table.session.version
            run_until(app, lambda b=before: table.session.version != b or table.session.is_over(),
                      10.0)
        pump(app, 2)


@pytest.mark.parametrize("name", [*all_games(), "toy"])
def test_no_table_can_reach_the_real_state(app, name):
    game = all_games().get(name) or __import__("tests.toygame").toygame.GAME
    players = max(game.min_players, min(3, game.max_players))
    seats = ["you"] + [f"ai:{default_bot(game)}"] * (players - 1)
    table = open_table(app, name, players, seed=3, seats=seats)
    play_a_little(app, table)
    assert leaks(app, table, list(table.sprites.values())) == []
    table.open_pause()  # the pause menu over it
    assert leaks(app) == []


def test_no_other_screen_can_reach_the_real_state(app, tmp_path):
    from scenes.history import HistoryScene
    from scenes.replay import open_replay_text

    table = open_table(app, "toy", 2, seed=3, seats=["you", "human"])
    play_a_little(app, table, 3)
    assert leaks(app) == []  # the table, then the hand-off cover over it
    session = table.session
    while not session.is_over():
        for seat in session.to_act():
            session.apply(seat, session.legal_actions(seat)[0])
    app.open_results(session)
    assert leaks(app) == []
    for open_screen in (app.to_menu, app.open_setup, app.open_settings, app.open_rules,
                        lambda: app.manager.push(HistoryScene(app))):
        open_screen()
        pump(app, 2)
        assert leaks(app) == [], open_screen
    assert open_replay_text(app, session.history_entry()["replay"])
    pump(app, 2)
    assert leaks(app) == []


@pytest.mark.parametrize("name", sorted(all_games()))
def test_a_replays_table_never_holds_the_real_state(app, name):
    """The replay viewer's table is the game's own table fed by a ReplaySession: after steps,
    jumps, another seat's eyes, every hand and a hint, nothing it holds is a rules state."""
    from scenes.replay import OPEN, open_replay_text
    from tests.test_replay import played

    replay, _ = played(name, all_games()[name].min_players)
    assert open_replay_text(app, replay.dumps())
    viewer = app.manager.top
    s = viewer.session
    for _ in range(3):
        viewer.step_on()
        pump(app, 2)
    viewer.seek(s.length // 2)
    viewer.ask_hint()
    pump(app, 2)
    viewer.set_viewer(1)
    viewer.seek(s.length // 3)
    pump(app, 2)
    viewer.set_viewer(OPEN)
    viewer.to_end()
    pump(app, 2)
    assert leaks(app, viewer, viewer.table, list(viewer.table.sprites.values())) == []
