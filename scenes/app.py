"""The application: window, clock, scene stack, settings, toasts and navigation between screens.

`App.run()` is the one loop: events → scene → update(dt) → draw → flip. It lets exceptions
propagate (main.py decides what a crash does). Heavy modules (games, tables) are imported on
first use, so the menu is on screen quickly.

Navigation API used by every scene (and the table helper):
    app.toast(text)                      a fading message at the bottom (2.5 s)
    app.new_game(game, players, seats, seed=None, options=None)
    app.continue_game(game=None) -> bool a saved game (several: a list; bad file: kept aside)
    app.open_table(session)              the game's TableScene becomes the only scene
    app.open_results(session)            the results screen (the autosave is cleared)
    app.open_pause(table)                modal pause menu over the table (Esc)
    app.leave_game(session, message)     a game given up: kept in the History, back to the menu
    app.open_handoff(player, on_done)    "pass to Player N" cover (hot-seat)
    app.open_rules(game=None)            rules reference (modal)
    app.open_settings()                  settings (modal)
    app.open_host() / app.open_join()    play with friends on other computers (scenes/net)
    app.to_menu()                        back to the main menu (leaves a network game)
    app.apply_settings() / app.save_settings()
    app.quit()
"""

from __future__ import annotations

import os
import random
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes import storage
from scenes.manager import HEIGHT, WIDTH, SceneManager
from sprites.widgets import ToastStack

FPS = 60
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def window_size(desktop: tuple[int, int] | None = None) -> tuple[tuple[int, int], bool]:
    """(window size, maximize?) for a windowed start: the logical size when the desktop has
    room to spare, else the desktop's size, maximized (the window manager then fits it to
    the work area)."""
    if desktop is None:
        if pygame.display.get_driver() in ("dummy", "offscreen"):  # headless: tests, smoke
            return (WIDTH, HEIGHT), False
        try:
            desktop = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            desktop = (WIDTH, HEIGHT)
    dw, dh = desktop
    if dw >= WIDTH * 1.25 and dh >= HEIGHT * 1.25:
        return (WIDTH, HEIGHT), False
    if dw < 640 or dh < 360:  # a dummy or odd display: the logical size, no questions asked
        return (WIDTH, HEIGHT), False
    return (dw, dh), True


def _maximize() -> None:
    try:
        from pygame._sdl2.video import Window

        Window.from_display_module().maximize()
    except (ImportError, pygame.error, AttributeError):
        pass


def _windows_dpi_aware() -> None:
    """On Windows, opt out of the OS bitmap-stretching the window on high-DPI screens, so the
    window has real pixels (sharper text). Elsewhere: nothing."""
    if sys.platform != "win32":
        return
    try:
        import ctypes

        ctypes.windll.user32.SetProcessDPIAware()
    except (AttributeError, OSError):
        pass


def _plain_framebuffer() -> None:
    """On Linux, show frames through the X server's shared-memory image rather than an OpenGL
    texture: where OpenGL is drawn by the processor (Mesa llvmpipe, Xvfb, many VMs) the texture
    path costs 5–10 ms a frame, the plain one a fraction of a millisecond; with a real GPU both
    are fast. The player's own SDL_FRAMEBUFFER_ACCELERATION still wins."""
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class App:
    def __init__(self, *, smoke: bool = False, settings: storage.Settings | None = None,
                 start_time: float | None = None) -> None:
        self.start_time = time.perf_counter() if start_time is None else start_time
        self.smoke = smoke
        #: autosave after each action; off in smoke runs (they must not touch a real save)
        self.autosave = not smoke
        #: first-game tips on the tables (scenes/tips.py); smoke runs and tests are not taught
        #: unless they set this
        self.first_game_tips = not smoke
        _windows_dpi_aware()
        _plain_framebuffer()
        pygame.display.init()
        pygame.font.init()
        problem = None
        if settings is None:
            settings, problem = storage.load_settings_checked()
        self.settings = settings
        pygame.display.set_caption("Card Table")
        self._set_icon()
        #: what the OS shows (any size) and the logical 1280×720 Surface every scene draws on
        #: (the same Surface when the window is exactly the logical size; else `present`
        #: scales it smoothly to the largest same-aspect rectangle, `view`, of the window)
        self.window: pygame.Surface
        self.screen: pygame.Surface
        self.view = pygame.Rect(0, 0, WIDTH, HEIGHT)
        self._logical: pygame.Surface | None = None
        self._scaled: pygame.Surface | None = None
        self.fullscreen = False
        self._open_window(fullscreen=bool(settings.fullscreen))
        self.clock = pygame.Clock()
        self.manager = SceneManager()
        self.toasts = ToastStack()
        self.running = False
        self.frame_times: list[float] = []  # seconds of work per frame (events+update+draw+flip)
        self.first_frame_at: float | None = None  # perf_counter() when the first frame flipped
        self.last_setup: dict[str, Any] | None = None  # for "New game (same setup)"
        if problem:
            self.toast(problem, 6.0)
        self.apply_settings()

    def _set_icon(self) -> None:
        from game.core.resources import data_path

        path = data_path("icon.png")
        try:
            icon = pygame.image.load(str(path)) if path.is_file() else None
        except pygame.error:
            icon = None
        if icon is None:
            from sprites.theme import make_icon

            icon = make_icon(64)
        pygame.display.set_icon(icon)

    # --- the loop -----------------------------------------------------------------------------
    def run(self, max_frames: int | None = None) -> None:
        """Run until quit (or `max_frames` frames). In smoke mode the clock does not sleep and
        each frame advances a fixed 1/60 s, so animations progress as in a real 60 fps run."""
        self.running = True
        frames = 0
        dt = 1 / FPS
        self.clock.tick()
        while self.running and self.manager.stack:
            t0 = time.perf_counter()
            for event in pygame.event.get():
                self.handle_event(event)
            self.manager.update(dt)
            self.toasts.update(dt)
            self.draw()
            self.present()
            t1 = time.perf_counter()
            self.frame_times.append(t1 - t0)
            if self.first_frame_at is None:
                self.first_frame_at = t1
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
            # wait for the next frame here, after the work, so the first frame is not delayed
            ms = self.clock.tick() if self.smoke else self.clock.tick(FPS)
            dt = 1 / FPS if self.smoke else min(ms / 1000, 0.1)
        self.running = False
        storage.WRITER.flush()  # the last move's save is on disk before the app goes

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.settings.fullscreen = not self.fullscreen
            self.apply_settings()
            self.save_settings()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_m and not self.typing():
            self.toggle_mute()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._fit_to_window()
        elif event.type in MOUSE_EVENTS:
            self.manager.handle_event(self.to_logical_event(event))
        else:
            self.manager.handle_event(event)

    def draw(self) -> None:
        self.manager.draw(self.screen)
        self.toasts.draw(self.screen)

    def typing(self) -> bool:
        """True while a text field has the keyboard (M is then a letter, not mute)."""
        from sprites.widgets import TextField

        group = getattr(self.manager.top, "group", None)
        return isinstance(getattr(group, "focus", None), TextField)

    def toggle_mute(self) -> None:
        """M on any screen: sound off, or back on at the set volume."""
        s = self.settings
        if s.muted or s.volume == 0:
            s.muted = False
            s.volume = s.volume or 60
        else:
            s.muted = True
        self.apply_settings()
        self.save_settings()
        self.toast("Sound off (M turns it on)" if s.muted else f"Sound on ({s.volume}%)", 1.5)

    # --- the window ---------------------------------------------------------------------------
    def _open_window(self, fullscreen: bool) -> None:
        """Open (or reopen) the OS window: fullscreen at the desktop's size, or a window of the
        logical size — of the desktop's size, maximized, when the desktop has little more
        room than that (a 1366×768 laptop) — which the player may resize at will."""
        last = None
        if hasattr(self, "window") and fullscreen != self.fullscreen:
            # a new window rather than the old one changed: a window turned fullscreen keeps
            # its old place on some X servers, shifted off the screen's corner
            last = self.screen.copy()  # the frame shown, until the next is drawn
            pygame.display.quit()
            pygame.display.init()
            pygame.display.set_caption("Card Table")
            self._set_icon()
        with warnings.catch_warnings():  # the dummy driver has no "fast renderer": harmless
            warnings.filterwarnings("ignore", "no fast renderer")
            if fullscreen:
                self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                size, maximize = window_size()
                self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
                if maximize:
                    _maximize()
        self.fullscreen = fullscreen
        self._fit_to_window()
        if last is not None:
            self.screen.blit(last, (0, 0))

    def _fit_to_window(self) -> None:
        """After the window changed size: where the logical screen goes in it, and on which
        Surface the scenes draw."""
        self.window = pygame.display.get_surface() or self.window
        ww, wh = self.window.get_size()
        scale = min(ww / WIDTH, wh / HEIGHT)
        w, h = max(1, round(WIDTH * scale)), max(1, round(HEIGHT * scale))
        self.view = pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)
        #: an exact multiple (2560×1440) is scaled pixel for pixel: sharp, and cheaper
        self._scale_fn = (pygame.transform.scale if scale == int(scale)
                          else pygame.transform.smoothscale)
        if (ww, wh) == (WIDTH, HEIGHT):
            self.screen = self.window  # no copy at all at the logical size
        else:
            if self._logical is None:
                self._logical = pygame.Surface((WIDTH, HEIGHT))
            if getattr(self, "screen", None) is self.window:  # resized away from 1280×720
                self._logical.blit(self.screen, (0, 0))  # keep the last frame until the next
            self.screen = self._logical
            self.window.fill((0, 0, 0))
            # scaled straight into the window's pixels there: no second copy per frame
            self._scaled = self.window.subsurface(self.view)

    def present(self) -> None:
        """Show the frame: the logical screen scaled into `view` when the window has another
        size (smoothly: about 1.2 ms at 1366×768, 1.8 ms at 1920×1080; an exact multiple
        pixel for pixel), then flip."""
        if self.screen is not self.window:
            try:
                self._scale_fn(self.screen, self.view.size, self._scaled)
            except (ValueError, pygame.error):  # the window changed under us: fit it again
                self._fit_to_window()
                if self.screen is not self.window:
                    self._scale_fn(self.screen, self.view.size, self._scaled)
        pygame.display.flip()

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window position in logical (1280×720) coordinates, clamped to the screen."""
        x = (pos[0] - self.view.x) * WIDTH / self.view.w
        y = (pos[1] - self.view.y) * HEIGHT / self.view.h
        return min(WIDTH - 1, max(0, int(x))), min(HEIGHT - 1, max(0, int(y)))

    def to_logical_event(self, event: pygame.event.Event) -> pygame.event.Event:
        if self.screen is self.window or not hasattr(event, "pos"):
            return event
        data = dict(event.dict, pos=self.to_logical(event.pos))
        if "rel" in data:
            data["rel"] = (round(event.rel[0] * WIDTH / self.view.w),
                           round(event.rel[1] * HEIGHT / self.view.h))
        return pygame.event.Event(event.type, data)

    def quit(self) -> None:
        self.running = False

    # --- settings -----------------------------------------------------------------------------
    def apply_settings(self) -> None:
        """Make the window and the sound match the settings; other settings are read live."""
        from sprites import i18n, sound, theme

        sound.configure(self.settings.volume, self.settings.muted)
        if theme.colourblind() != bool(self.settings.colourblind):
            theme.set_colourblind(self.settings.colourblind)
            self._forget_drawn_faces()
        if i18n.set_language(self.settings.language):
            self._forget_drawn_faces()  # every screen speaks the new language on its next frame
        want = bool(self.settings.fullscreen)
        if want != self.fullscreen:
            try:
                self._open_window(fullscreen=want)
            except pygame.error:
                self.settings.fullscreen = self.fullscreen
                self._open_window(fullscreen=self.fullscreen)
                self.toast("Fullscreen is not available on this screen.")

    def _forget_drawn_faces(self) -> None:
        """After the look of faces changed: the open tables draw their cards again."""
        from sprites import cards

        cards.fit_text.cache_clear()
        cards.wrapped.cache_clear()
        for scene in self.manager.stack if hasattr(self, "manager") else []:
            cache = getattr(scene, "face_cache", None)
            if isinstance(cache, dict):
                cache.clear()
            if hasattr(scene, "_static"):
                scene._static = None

    def save_settings(self) -> None:
        if self.smoke:
            return
        try:
            storage.save_settings(self.settings)
        except OSError as e:
            self.toast(storage.sentence("Your settings could not be saved",
                                        (e.strerror or "the disk refused it").lower()))

    def toast(self, text: str, duration: float = 2.5) -> None:
        """A fading message; at a table it joins the table's notes (scenes/table/notices.py),
        so it never lands on another one."""
        top = self.manager.top
        if top is not None and hasattr(top, "update_notices"):
            top.toast(text)
            return
        self.toasts.add(text, duration)

    # --- navigation ---------------------------------------------------------------------------
    def to_menu(self) -> None:
        from scenes.menu import Menu

        self._clear_crash_context()
        self.leave_network()
        self.manager.reset(Menu(self))

    # --- network play (scenes/net) ------------------------------------------------------------
    #: the network game this app is in (game/net: a Hosting or a NetworkSession), else None
    network: Any = None

    def open_host(self) -> None:
        from scenes.net.host import HostSetup

        self.manager.push(HostSetup(self, (self.last_setup or {}).get("game_name")))

    def open_join(self) -> None:
        from scenes.net.join import JoinScene

        self.manager.push(JoinScene(self))

    def leave_network(self) -> None:
        """Close the network game's connection (and a table this app hosts)."""
        link, self.network = self.network, None
        if link is not None:
            link.close()

    def open_setup(self, game: str | None = None) -> None:
        from scenes.setup import Setup

        self.manager.push(Setup(self, game or (self.last_setup or {}).get("game_name")))

    def open_rules(self, game: str | None = None) -> None:
        from scenes.rules import Rules

        self.manager.push(Rules(self, game))

    def open_settings(self) -> None:
        from scenes.settings import SettingsScene

        self.manager.push(SettingsScene(self))

    def open_pause(self, table: Any) -> None:
        from scenes.pause import Pause

        if getattr(table.session, "network", False):
            from scenes.net.pause import NetPause as Pause  # leave or concede, nothing saved
        self.manager.push(Pause(self, table))

    def open_handoff(self, player: int, on_done: Callable[[], Any] | None = None,
                     name: str | None = None) -> None:
        from scenes.handoff import Handoff

        self.manager.push(Handoff(self, player, on_done, name))

    def new_game(self, game_name: str, players: int, seats: Sequence[str] | None = None,
                 seed: int | None = None, options: dict | None = None,
                 seat_options: list[dict] | None = None, replace: bool = False) -> Any:
        """Start a game: a local session and its table. seats default: you + best AI;
        seat_options: each seat's own options (a deck), {} for the bot's or the default.
        When this game has a saved game (saves are kept per game), the player is asked first
        (`ConfirmReplace`): keep it and continue it, or start anew (`replace`)."""
        from game.local_session import LocalSession
        from game.registry import default_bot, get_game

        game = get_game(game_name)
        if self.autosave and not replace and storage.has_saved_game(game_name):
            from scenes.menu import ConfirmReplace

            again = dict(game_name=game_name, players=players, seats=seats, seed=seed,
                         options=options, seat_options=seat_options, replace=True)
            if not self.manager.stack:
                self.to_menu()
            self.manager.push(ConfirmReplace(self, game_name, lambda: self.new_game(**again)))
            return None
        if seats is None:
            seats = ["you"] + [f"ai:{default_bot(game)}"] * (players - 1)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)  # picking a seed is not a roll
        self.last_setup = {"game_name": game_name, "players": players, "seats": list(seats),
                           "options": dict(options or {}), "seat_options": seat_options}
        session = LocalSession.start(game_name, players, seed, list(seats), dict(options or {}),
                                     seat_options)
        # the saved game this one replaces at its first move: kept in the History then
        saved, unreadable = storage.load_game(game_name) if self.autosave else (None, None)
        if unreadable:
            self.toast(unreadable, 6.0)
        self._replacing = (session, saved) if saved is not None else None
        self.open_table(session)
        return session

    def continue_game(self, game: str | None = None) -> bool:
        """Resume `game`'s saved game (None: the only one saved; with several, the menu lists
        them first). A save that cannot be read or replayed is kept aside as .bad and
        explained in a toast; returns True when a table was opened."""
        if game is None:
            saves = storage.saved_games()
            if len(saves) > 1:
                from scenes.menu import ChooseSave

                self.manager.push(ChooseSave(self, saves))
                return False
            game = saves[0]["game"] if saves else None
        data, err = storage.load_game(game)
        if err:
            self.toast(err, 6.0)
            self._refresh_menu()
            return False
        if data is None:
            self.toast("There is no saved game.")
            return False
        from game.local_session import LocalSession

        try:
            session = LocalSession.load(data)
        except Exception as e:  # a save from an older version, or tampered: keep it aside
            reason = getattr(e, "reason", None) or str(e) or type(e).__name__
            print(f"Card Table: the autosave did not replay: {reason}", file=sys.stderr)
            self.toast(storage.set_aside_game(reason, game), 6.0)
            self._refresh_menu()
            return False
        rec = data["record"]
        self.last_setup = {"game_name": rec["game"], "players": rec["players"],
                           "seats": list(data["seats"]), "options": dict(rec.get("options") or {})}
        self.open_table(session)
        return True

    def _refresh_menu(self) -> None:
        """After a save was set aside: the menu's Continue goes off at once."""
        top = self.manager.top
        if top is not None and hasattr(top, "refresh_continue"):
            top.refresh_continue()

    def open_table(self, session: Any) -> None:
        """The session's table becomes the only scene; every applied action autosaves."""
        from scenes.tables import TABLES

        name = session.game.name
        if name not in TABLES:
            self.toast(f"There is no table for {name} yet.")
            return
        session.on_change = lambda: self.autosave_match(session)
        table = TABLES[name](self, session)
        self.manager.reset(table)
        table.open_hotseat()  # hot-seat: the first frame is the "pass to" cover
        import scenes.results  # noqa: F401  (loaded with the table, not in the game's last frame)
        try:  # a crash report then carries this game's record (scenes/crash.py)
            from scenes import crash

            crash.set_context(session.save)
        except (ImportError, AttributeError):
            pass

    @staticmethod
    def _clear_crash_context() -> None:
        try:
            from scenes import crash

            crash.set_context(None)
        except (ImportError, AttributeError):
            pass

    def autosave_match(self, session: Any) -> None:
        """After each move: the save is written in the background (a frame never waits for
        the disk); a failure is told at the next move."""
        if not self.autosave or getattr(session, "network", False):
            return  # (a network game leaves the local saves alone)
        failed = storage.WRITER.take_error()
        if failed:
            self.toast(storage.sentence("The game could not be saved", failed))
        replacing = getattr(self, "_replacing", None)
        if replacing is not None and replacing[0] is session:
            from scenes.history_store import record_replaced

            self._replacing = None
            record_replaced(replacing[1])  # the old saved game: abandoned
        try:
            saved = session.save()
            if session.is_over():
                storage.clear_game(session.game.name)
            elif saved is not None:
                storage.save_game_later(saved, session.game.title)
        except OSError as e:
            self.toast(storage.sentence("The game could not be saved",
                                        (e.strerror or "the disk refused it").lower()))

    def open_results(self, session: Any) -> None:
        from scenes.results import Results

        self._clear_crash_context()
        if self.autosave:  # the game's row in the history (scenes/history_store.py)
            from scenes.history_store import record_game

            problem = record_game(session)
            if problem:
                self.toast(problem, 6.0)
        if self.autosave and session.is_over() and not getattr(session, "network", False):
            storage.clear_game(session.game.name)  # (a network game leaves the saves alone)
        if self.manager.stack:  # the table as the game left it: drawn once more, then kept
            self.manager.draw(self.screen)
        final_table = self.screen.copy()
        self.manager.reset(Results(self, session, final_table))

    def leave_game(self, session: Any, message: str) -> None:
        """A game given up before its end (conceded, abandoned): its row goes to the History,
        its autosave is forgotten, and the menu comes back with `message`."""
        if self.autosave:
            if not getattr(session, "network", False):
                storage.clear_game(session.game.name)
            from scenes.history_store import record_game

            problem = record_game(session)
            if problem:
                self.toast(problem, 6.0)
        session.close()
        self.to_menu()
        self.toast(message)

    def restart_last_setup(self) -> None:
        """New game with the same game, seats and options (and a fresh seed)."""
        if self.last_setup:
            self.new_game(**self.last_setup)
        else:
            self.to_menu()

