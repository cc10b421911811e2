"""Sound (issue 12, point 9): the project's own short, quiet WAVs; volume and mute from the
settings; M mutes on every screen; no audio device never stops the game. Tests run on SDL's
dummy audio driver (tests/conftest.py), so nothing is heard."""

from __future__ import annotations

import sys
import wave
from pathlib import Path

import pygame
import pytest

from scenes import storage
from sprites import sound

ROOT = Path(__file__).resolve().parents[1]
SOUNDS = ROOT / "data" / "sounds"


@pytest.fixture(autouse=True)
def fresh_mixer():
    sound.reset()
    sound.configure(60, False)
    if pygame.mixer.get_init():
        pygame.mixer.stop()  # the dummy driver may never finish sounds played earlier
    yield
    sound.reset()


def test_every_sound_is_a_short_quiet_mono_wav_of_our_own():
    assert (SOUNDS / "LICENSE.md").read_text(encoding="utf-8").count("CC0") >= 1
    for name in sound.NAMES:
        with wave.open(str(SOUNDS / f"{name}.wav")) as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2
            seconds = w.getnframes() / w.getframerate()
            frames = w.readframes(w.getnframes())
        assert 0.05 <= seconds <= 0.8, name
        samples = memoryview(frames).cast("h")
        assert max(abs(x) for x in samples) <= 0.3 * 32767, f"{name} is too loud"


def test_the_sounds_are_made_by_the_tool_byte_for_byte(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_sounds
    finally:
        sys.path.pop(0)
    make_sounds.main([str(tmp_path)])
    for name in sound.NAMES:
        assert (tmp_path / f"{name}.wav").read_bytes() == (SOUNDS / f"{name}.wav").read_bytes()


def test_play_returns_a_channel_at_the_set_volume():
    channel = sound.play("card_snap")
    assert channel is not None
    assert sound._sounds["card_snap"].get_volume() == pytest.approx(0.6 * sound.LEVELS["card_snap"],
                                                                    abs=0.01)


def test_muted_or_zero_volume_plays_nothing():
    sound.configure(60, True)
    assert sound.play("turn_chime") is None
    sound.configure(0, False)
    assert sound.play("turn_chime") is None
    assert sound.play("no_such_sound") is None


def test_no_audio_device_is_silence_not_a_crash(monkeypatch):
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    assert sound.play("dice_rattle") is None
    assert sound.available() is False


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    from scenes.app import App

    a = App()
    a.to_menu()
    pygame.event.clear()
    return a


def press(app, key, unicode=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode,
                                         scancode=0))
    app.run(max_frames=1)


def test_m_mutes_on_every_screen_and_is_remembered(app):
    press(app, pygame.K_m, "m")
    assert app.settings.muted and sound.muted()
    assert storage.load_settings().muted
    app.open_rules()
    press(app, pygame.K_m, "m")
    assert not app.settings.muted and not sound.muted()


def test_m_is_a_letter_while_a_text_field_has_the_keyboard(app):
    from sprites.widgets import TextField

    app.open_setup()
    seed = next(w for w in app.manager.top.group.widgets if isinstance(w, TextField))
    app.manager.top.group.set_focus(seed)
    press(app, pygame.K_m, "m")
    assert not app.settings.muted


def test_the_volume_setting_applies_and_persists(app):
    from scenes.settings import SettingsScene

    app.open_settings()
    scene = app.manager.top
    assert isinstance(scene, SettingsScene)
    scene.set_volume(25)
    assert storage.load_settings().volume == 25 and sound._state["volume"] == 0.25
    scene.set_volume(0)
    assert sound.muted() and storage.load_settings().muted


def test_a_volume_outside_0_to_100_is_refused():
    with pytest.raises(ValueError):
        storage.settings_from_dict({"volume": 140})


def test_the_table_shows_a_speaker_that_says_the_sound_state_and_can_be_clicked(app):
    """Fault 18: M shows its state on the table as a speaker (crossed out when muted), and a
    click on the speaker mutes or unmutes."""
    app.new_game("madoka", 3, ["you", "ai:random", "ai:random"], seed=3)
    table = app.manager.top
    table.run_ai = lambda: None
    app.run(max_frames=1)
    r = table.speaker_rect()
    press(app, pygame.K_m, "m")
    assert app.settings.muted and table.muted()
    muted_pixels = pygame.image.tobytes(app.screen.subsurface(r), "RGB")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=r.center, button=1))
    app.run(max_frames=1)
    assert not app.settings.muted and not sound.muted() and not table.muted()
    assert pygame.image.tobytes(app.screen.subsurface(r), "RGB") != muted_pixels
    assert "off" in table.speaker_tip(r.center) and table.speaker_tip((r.right + 40, r.y)) is None
