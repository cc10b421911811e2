"""The games that must stay the same: seeded random games and the bots' choices on them.

`signature(game, players, seed)` plays one game with seeded random moves and returns a hash of
everything a player could notice: every action taken (with its label), how many actions were
legal at each step, every event as a spectator sees it (kind and text), and the outcome. A
redesign that keeps the rules keeps every signature.

`bot_signature(game, players, seed)` hashes the default bot's choices at every 7th position of
the same game (its seat's determinization drawn from a fixed seed).

`python -m tests.same_games` rewrites tests/data/same_games.json (only when the rules change on
purpose: say why in the commit).

Re-recorded since: the mhtcg/* entries alone, after the issue 20 deck change at commit cfdd46d.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from game.ai.agents import bots_for, decide, make_bot
from game.core.rng import Rng
from game.registry import all_games

FIXTURE = Path(__file__).parent / "data" / "same_games.json"
GAMES_PER_COUNT = 200
BOT_GAMES = 20
BOT_EVERY = 7


def _play(game, players: int, seed: int, on_step=None) -> str:
    state = game.new_state(players, seed)
    rng = Rng(seed * 7919 + players)
    h = hashlib.sha256()
    step = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if on_step is not None:
            on_step(state, seat, step, h)
        action = legal[rng.below(len(legal))]
        h.update(json.dumps([seat, len(legal), action.to_json(), action.label]).encode())
        for event in state.apply(seat, action):
            public = event.for_viewer(None)
            h.update(json.dumps([public.kind, public.text]).encode())
        step += 1
    out = state.outcome()
    h.update(json.dumps([list(out.winners), list(out.scores), out.rank]).encode())
    return h.hexdigest()[:16]


def signature(game, players: int, seed: int) -> str:
    return _play(game, players, seed)


def bot_signature(game, players: int, seed: int) -> str:
    factory = bots_for(game)[game.default_bot]
    bots: dict[int, object] = {}

    def ask(state, seat, step, h):
        if step % BOT_EVERY:
            return
        bot = bots.setdefault(seat, make_bot(factory, seed * 31 + seat))
        choice = decide(bot, state, seat, Rng(seed * 1_000_003 + step))
        h.update(json.dumps(["bot", step, choice.to_json()]).encode())

    return _play(game, players, seed, ask)


def configurations():
    for name, game in sorted(all_games().items()):
        for players in range(game.min_players, game.max_players + 1):
            yield name, game, players


def record() -> dict:
    out: dict = {}
    for name, game, players in configurations():
        key = f"{name}/{players}"
        out[key] = {
            "random": [signature(game, players, s) for s in range(GAMES_PER_COUNT)],
            "bots": [bot_signature(game, players, s) for s in range(BOT_GAMES)],
        }
        print(key, file=sys.stderr)
    return out


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
