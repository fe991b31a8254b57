"""Sound effects: at the settings' volume, silent when sound is off, and never a crash when
there is no audio device or a file is missing."""

from __future__ import annotations

import wave

import pygame
import pytest

from game.core import CityBuilt, TradeCardDrawn
from game.persist import Settings
from game.ui.sound import EVENT_SOUNDS, Sounds
from game.ui.theme import assets_dir

SOUNDS = assets_dir() / "sounds"


@pytest.fixture(autouse=True)
def audio():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_every_sound_the_client_plays_ships_small_with_its_licence() -> None:
    names = {"click", *EVENT_SOUNDS.values()}
    total = 0
    for name in names:
        path = SOUNDS / f"{name}.wav"
        with wave.open(str(path)) as w:
            assert w.getnchannels() == 1 and w.getframerate() == 22_050
            assert 0.02 < w.getnframes() / w.getframerate() < 2.0
        total += path.stat().st_size
    assert total < 300 * 1024
    assert "CC0" in (SOUNDS / "LICENSE.txt").read_text()


def test_a_sound_plays_at_the_settings_volume() -> None:
    settings = Settings(volume=0.25)
    sounds = Sounds(lambda: settings)
    assert sounds.play("city")
    assert sounds.last == "city"
    assert sounds._sounds["city"].get_volume() == pytest.approx(0.25, abs=0.01)


def test_sound_off_or_volume_zero_plays_nothing() -> None:
    settings = Settings(sound=False)
    sounds = Sounds(lambda: settings)
    assert not sounds.play("click")
    settings.sound, settings.volume = True, 0.0
    assert not sounds.play("click") and sounds.last is None


def test_a_burst_of_events_plays_each_sound_once() -> None:
    sounds = Sounds(lambda: Settings())
    started: list[str] = []
    real = sounds.play
    sounds.play = lambda name, volume=None: started.append(name) or real(name, volume)
    sounds.events([TradeCardDrawn(player="egypt", stack=1, water=False)] * 9
                  + [CityBuilt(player="egypt", area="memphis")])
    assert started == ["card", "city"]


def test_no_audio_device_means_silence_not_a_crash(monkeypatch) -> None:
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    sounds = Sounds(lambda: Settings())
    assert not sounds.play("click")
    assert not sounds.working
    sounds.events([CityBuilt(player="egypt", area="memphis")])  # still nothing, still fine


def test_a_missing_or_broken_sound_file_is_skipped(monkeypatch, tmp_path) -> None:
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "card.wav").write_bytes(b"RIFF garbage")
    monkeypatch.setattr("game.ui.sound.assets_dir", lambda: tmp_path)
    sounds = Sounds(lambda: Settings())
    assert not sounds.play("card")
    assert not sounds.play("city")  # not there at all
