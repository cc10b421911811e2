"""Whole games through the host on 127.0.0.1: the same game as locally, privacy, client drops
and host restarts (issue 21). Counts: tests/net/helpers.py."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.core import decisions
from game.core.contract import State
from game.core.record import GameRecord
from game.core.rng import Rng
from game.net.host import HostThread
from game.net.protocol import action_json, event_json
from game.net.table import HostTable, state_hash
from game.registry import GAME_PACKAGES
from tests.net.helpers import count, local_game, local_hash, play, table_for

ROOT = Path(__file__).resolve().parents[2]


def test_a_network_game_ends_as_the_same_game_played_locally_for_every_game():
    tables = [table_for(n) for n in range(len(GAME_PACKAGES) * 2)]
    host = HostThread(tables, rate=1e6, burst=10**6)
    try:
        finals, stats = play(host, tables, serial=True)
    finally:
        host.stop()
    assert stats.errors == []
    for t in tables:
        assert t.is_over()
        assert state_hash(t.state) == local_hash(t.game.name, t.players, t.record.seed)
        # and every client saw the end of the very same game, from its own seat
        replay = GameRecord.from_json(t.record.to_json()).replay(t.game)
        for seat, final in finals[t.id].items():
            assert final["over"] and final["version"] == t.version
            assert final["view"] == json.loads(json.dumps(replay.view(seat)))


# --- privacy ------------------------------------------------------------------------------

def _strings(x, out: set) -> set:
    if isinstance(x, str):
        if len(x) >= 3:
            out.add(x)
    elif isinstance(x, dict):
        for k, v in x.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _strings(v, out)
    return out


def _big_numbers(x, out: set) -> set:
    """Integers too large to be a count or an id: RNG states and the like."""
    if isinstance(x, bool):
        return out
    if isinstance(x, int) and abs(x) >= 1 << 32:
        out.add(x)
    elif isinstance(x, dict):
        for v in x.values():
            _big_numbers(v, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _big_numbers(v, out)
    return out


#: the words of the message format itself (docs/network.md), which any message holds
_PROTOCOL_WORDS = ("type", "state", "version", "table", "seat", "started", "happened", "view",
                   "to_act", "legal", "costs", "loses", "prompt", "seats", "over", "outcome",
                   "name", "kind", "open", "taken", "connected", "bot", "action", "events",
                   "text", "player", "data", "counters", "notices", "ai", "remote", "asked",
                   "hints", "public")


def _what_each_seat_may_know(record: GameRecord, table) -> tuple[list, list]:
    """Replaying the game here, per version: each seat's allowed strings so far (its views,
    legal actions, prompts, costs and events as it may see them, the seats' names), and the
    strings and big numbers of the whole state and of every other seat's view."""
    state: State = record.new_state(table.game)
    players = record.players
    allowed = [set() for _ in range(players)]
    per_version_allowed, per_version_hidden = [], []
    names = set(_PROTOCOL_WORDS) | {table.id}
    for s in table.seats_json():
        _strings(s, names)

    def look(events):
        for seat in range(players):
            a = allowed[seat]
            _strings(state.view(seat), a)
            _strings(state.view(None), a)  # the spectator's view: what every seat may know
            _strings(decisions.asked(state), a)  # the kind of the question: public
            _strings(state.prompt(seat), a)
            for act in state.legal_actions(seat):
                _strings(action_json(act), a)
                _strings(state.cost(seat, act), a)
                _strings(state.loses(seat, act), a)
            for e in events:
                _strings(event_json(e.for_viewer(seat)), a)
            a |= names
            a.add(state.seat_name(seat))
        everything = _strings(state.to_json(), set())
        views = [_strings(state.view(s), set()) for s in range(players)]
        big = _big_numbers(state.to_json(), set())
        hidden = []
        for seat in range(players):
            secret = set(everything)
            for other in range(players):
                if other != seat:
                    secret |= views[other]
            hidden.append((secret - allowed[seat], big))
        per_version_allowed.append([set(a) for a in allowed])
        per_version_hidden.append(hidden)

    look([])
    for seat, action in record.actions:
        look(state.apply(seat, action))
    return per_version_allowed, per_version_hidden


def test_no_message_to_a_seat_holds_anything_its_view_and_events_do_not():
    games = count(10, 200)
    tables = [table_for(n) for n in range(games)]
    sent: dict = {t.id: [] for t in tables}

    def keep(tid, seat, raw, msg):
        if msg["type"] == "state" and not msg["over"]:  # at the end everything may be known
            sent[tid].append((seat, msg["version"], raw if isinstance(raw, str) else
                              raw.decode()))

    host = HostThread(tables, rate=1e6, burst=10**6)
    try:
        _, stats = play(host, tables, on_message=keep, public=True)
    finally:
        host.stop()
    assert stats.errors == []
    checked = 0
    for t in tables:
        _, hidden = _what_each_seat_may_know(t.record, t)
        for seat, version, raw in sent[t.id]:
            secrets, big = hidden[version][seat]
            leaks = [s for s in secrets if json.dumps(s, ensure_ascii=False) in raw]
            assert leaks == [], f"{t.game.name} seat {seat} at {version} was sent {leaks[:3]}"
            assert not [n for n in big if str(n) in raw], "an RNG state or the like went out"
            checked += 1
    assert checked > games * 10


def test_a_message_that_leaked_another_seats_hand_would_be_caught():
    """The privacy check itself: another seat's view, sent to a seat, is found."""
    t = table_for(4)  # Sanguosha: hands and identities are hidden
    t.start(0)
    while t.version < 30:
        seat = t.state.to_act()[0]
        t.act(seat, t.seats[seat].token, t.version, t.state.legal_actions(seat)[0])
    _, hidden = _what_each_seat_may_know(t.record, t)
    raw = json.dumps(t.state.view(1), ensure_ascii=False)
    secrets, _ = hidden[t.version][0]
    assert [s for s in secrets if json.dumps(s, ensure_ascii=False) in raw]


# --- drops and restarts -------------------------------------------------------------------

def test_games_with_random_client_drops_finish_with_nothing_lost_and_no_seat_acting_twice():
    games = count(5, 50)
    tables = [table_for(n) for n in range(games)]

    host = HostThread(tables, rate=1e6, burst=10**6)
    try:
        async_sent = {(t.id, s): [] for t in tables for s in range(t.players)}

        import asyncio

        from game.net.bench import Stats, bot_client

        stats = Stats()

        async def main():
            await asyncio.gather(*[
                bot_client(host.uri, t.id, s, t.seats[s].token, t.record.seed, stats,
                           drop_every=4, drop_rng=Rng(n * 31 + s), sent=async_sent[t.id, s],
                           serial=True, timeout=30)
                for n, t in enumerate(tables) for s in range(t.players)])

        asyncio.run(main())
        sends = async_sent
    finally:
        host.stop()
    assert stats.errors == []
    for t in tables:
        assert t.is_over()
        assert state_hash(t.state) == local_hash(t.game.name, t.players, t.record.seed)
        for n, (seat, action) in enumerate(t.record.actions):
            # each applied action was sent by its seat for that very position, once
            assert [v for v, a in sends[t.id, seat] if v == n and a == action.to_json()]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _host_process(*args: str) -> tuple[subprocess.Popen, list[str]]:
    """`python -m game host ARGS` in a process of its own; (process, the lines it printed up
    to "listening")."""
    proc = subprocess.Popen([sys.executable, "-m", "game", "host", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines = []
    for line in proc.stdout:
        lines.append(line.rstrip())
        if line.startswith("listening on"):
            return proc, lines
    raise AssertionError("the host did not start:\n" + "\n".join(lines))


def test_a_host_killed_mid_game_and_resumed_ends_each_game_as_if_never_killed(tmp_path):
    """A real process kill (SIGKILL, nothing flushed on the way out), then `--resume`: the
    clients reconnect by themselves and each game ends as the same game played locally."""
    for n in range(count(2, 20)):
        _kill_and_resume(n, tmp_path / f"g{n}")


def _kill_and_resume(n: int, save: Path) -> None:
    import asyncio

    from game.net.bench import Stats, bot_client
    from game.net.protocol import read_join_code

    probe = table_for(n)  # the game, players and seed of game n
    name, players, seed = probe.game.name, probe.players, probe.record.seed
    expected, length = local_game(name, players, seed)
    port = _free_port()
    where = ["--port", str(port), "--bind", "127.0.0.1", "--save-dir", str(save), "--no-mdns"]
    first, lines = _host_process("--game", name, "--players", str(players), "--seed", str(seed),
                                 "--wait", "3600", *where)
    codes = [read_join_code(line.split("join code ")[1].split()[0])
             for line in lines if "join code " in line]
    assert [c[3] for c in codes] == list(range(players))
    # somewhere in the first four fifths of the game (the clients play on while the kill lands)
    kill_at = 1 + Rng(n).below(max(1, length * 4 // 5 - 1))
    hosts = [first]
    restarts: list[threading.Thread] = []

    def restart() -> None:
        first.kill()  # SIGKILL: the table is as its last autosave left it
        first.wait()
        hosts.append(_host_process("--resume", *where)[0])

    def watch(seat, raw, msg) -> None:
        if msg["type"] == "state" and msg["version"] >= kill_at and not restarts:
            restarts.append(threading.Thread(target=restart))
            restarts[0].start()

    stats = Stats()

    async def clients():
        return await asyncio.gather(*[
            bot_client(f"ws://127.0.0.1:{port}", codes[s][2], s, codes[s][4], seed, stats,
                       serial=True, reconnect=30, on_message=watch, timeout=30)
            for s in range(players)])

    try:
        finals = asyncio.run(clients())
        for thread in restarts:
            thread.join(60)
        assert len(hosts) == 2, "the host was not killed and resumed"
        assert first.returncode == -signal.SIGKILL
        assert hosts[1].wait(30) == 0  # the resumed host saw the game end, and ended
    finally:
        for proc in hosts:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert stats.errors == []
    assert all(f.get("over") for f in finals)
    record = GameRecord.from_json(finals[0]["record"])
    assert len(record.actions) == length
    assert state_hash(record.replay(probe.game)) == expected


def _play_first_actions(t, upto: int) -> None:
    while not t.is_over() and t.version < upto:
        seat = t.state.to_act()[0]
        t.act(seat, t.seats[seat].token, t.version, t.state.legal_actions(seat)[0])


@pytest.mark.parametrize("n", [0])
def test_the_saved_table_is_the_games_record_and_replays_to_the_same_state(tmp_path, n):
    t = table_for(n, save_dir=tmp_path)
    t.save()
    t.start(0)
    _play_first_actions(t, 5)
    saved = HostTable.read_saved(tmp_path / f"{t.id}.json")
    assert GameRecord.from_json(saved["record"]).replay(t.game) == t.state


def test_an_action_is_saved_as_one_journal_line_and_a_line_cut_by_a_crash_is_left_out(tmp_path):
    t = table_for(1, save_dir=tmp_path)
    t.save()
    t.start(0)
    _play_first_actions(t, 6)
    whole = json.loads((tmp_path / f"{t.id}.json").read_text())
    assert whole["record"]["actions"] == []  # written whole before the first action only
    journal = tmp_path / f"{t.id}.actions"
    assert len(journal.read_bytes().splitlines()) == 6
    with journal.open("ab") as f:
        f.write(b'[7, 0, ["pla')  # the host killed in the middle of a write
    saved = HostTable.read_saved(tmp_path / f"{t.id}.json")
    assert len(saved["record"]["actions"]) == 6
    assert HostTable.from_json(saved).state == t.state


def test_a_finished_table_is_saved_whole_with_no_journal(tmp_path):
    t = table_for(0, save_dir=tmp_path)
    t.save()
    t.start(0)
    _play_first_actions(t, 10**6)
    whole = json.loads((tmp_path / f"{t.id}.json").read_text())
    assert len(whole["record"]["actions"]) == t.version
    assert not (tmp_path / f"{t.id}.actions").exists()
