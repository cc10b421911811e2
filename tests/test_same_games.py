"""Same games before and after a redesign (issue 19): seeded random games of every game and
player count give the signatures recorded in tests/data/same_games.json, and so do the default
bot's choices on them. A change that alters a rule on purpose re-records the fixture
(`python -m tests.same_games`) and says why in its commit."""

import json

import pytest

from tests.same_games import FIXTURE, bot_signature, configurations, signature

RECORDED = json.loads(FIXTURE.read_text())
CONFIGS = [(name, players) for name, _, players in configurations()]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_seeded_random_games_are_the_same_as_recorded(name, players):
    game = dict((n, g) for n, g, _ in configurations())[name]
    recorded = RECORDED[f"{name}/{players}"]["random"]
    now = [signature(game, players, seed) for seed in range(len(recorded))]
    differ = [seed for seed, (a, b) in enumerate(zip(now, recorded, strict=True)) if a != b]
    assert not differ, f"{name} {players}p: seeds {differ[:10]} play differently"


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_the_default_bot_chooses_as_recorded(name, players):
    game = dict((n, g) for n, g, _ in configurations())[name]
    recorded = RECORDED[f"{name}/{players}"]["bots"]
    now = [bot_signature(game, players, seed) for seed in range(len(recorded))]
    differ = [seed for seed, (a, b) in enumerate(zip(now, recorded, strict=True)) if a != b]
    assert not differ, f"{name} {players}p: the bot chooses differently on seeds {differ[:10]}"
