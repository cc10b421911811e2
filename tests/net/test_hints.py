"""The coach in network games (issue 22, item 4): hints are off unless the host proposed them
and every person seated agreed before the start; a seat's hint is the coach's advice from that
seat's own information, sent to that seat only. On 127.0.0.1, through the protocol."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest
from websockets.asyncio.client import connect

from game.coach import advise
from game.core.rng import Rng
from game.net.host import HostThread, load_tables
from game.net.protocol import PROTOCOL
from game.net.table import HostTable, state_hash
from game.registry import GAME_PACKAGES


def hosted(*tables: HostTable) -> HostThread:
    host = HostThread(list(tables), auto_start=False, rate=1e6, burst=10**6)
    host.test_conns = []
    return host


def run(host: HostThread, main) -> None:
    """Run the test's client side, then close its connections (the host stops at once)."""

    async def go():
        try:
            await main()
        finally:
            for ws in host.test_conns:
                await ws.close()

    asyncio.run(go())


async def join(host: HostThread, table: HostTable, seat: int):
    """A connection at `seat`, once it has its first position (closed by `hosted`'s stop)."""
    ws = await connect(host.uri, max_size=1 << 22)
    host.test_conns.append(ws)
    await say(ws, "hello", table=table.id, seat=seat, token=table.seats[seat].token)
    await until(ws, lambda m: m["type"] == "state")
    return ws


async def say(ws, kind: str, **fields) -> None:
    await ws.send(json.dumps({"type": kind, "v": PROTOCOL, **fields}))


async def until(ws, wanted, timeout: float = 20.0) -> dict:
    """The first message `wanted(message)` accepts (those before it are read and dropped)."""
    end = time.monotonic() + timeout
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic())))
        if wanted(msg):
            return msg


def answer(msg: dict) -> bool:
    return msg["type"] == "hint" or (msg["type"] == "refused" and msg["ref"] == "hint")


async def start(host: HostThread, table: HostTable, conns: list) -> list[dict]:
    """Start the table; each connection's first started position."""
    host.call(host.host.start_table, table.id)
    return [await until(ws, lambda m: m["type"] == "state" and m["started"]) for ws in conns]


async def ask(ws, table: HostTable, seat: int, version: int, token: str | None = None) -> dict:
    await say(ws, "hint", seat=seat, token=token or table.seats[seat].token, version=version)
    return await until(ws, answer)


def two_seat_table(hints: bool = True, open_seats=(0, 1), **kw) -> HostTable:
    return HostTable("h1", "hermitcraft", 2, 21, list(open_seats), hints=hints, wait=3600, **kw)


@pytest.mark.parametrize("proposed, agreeing, on", [
    (True, (0,), False),  # one person seated did not agree
    (False, (0, 1), False),  # the host did not propose hints
    (True, (0, 1), True),
])
def test_hints_are_on_only_if_the_host_proposed_them_and_every_person_seated_agreed(
        proposed, agreeing, on):
    table = two_seat_table(hints=proposed)
    host = hosted(table)

    async def main():
        conns = [await join(host, table, 0), await join(host, table, 1)]
        for seat in agreeing:
            await say(conns[seat], "agree", seat=seat, token=table.seats[seat].token,
                      agree=True)
        # every lobby shows who agreed
        for ws in conns:
            await until(ws, lambda m: m.get("agreed") == sorted(agreeing))
        first = await start(host, table, conns)
        assert all(m["hints_on"] is on for m in first)
        seat = first[0]["to_act"][0]
        reply = await ask(conns[seat], table, seat, first[seat]["version"])
        if on:
            assert reply["type"] == "hint"
        else:
            assert reply["code"] == "hints_off" and "every seat must agree" in reply["reason"]

    try:
        run(host, main)
        assert host.host.errors == 0
    finally:
        host.stop()


def test_a_seat_the_ai_plays_does_not_count_in_the_agreement():
    table = two_seat_table(open_seats=(0,))  # seat 2 is the AI's
    host = hosted(table)

    async def main():
        ws = await join(host, table, 0)
        await say(ws, "agree", seat=0, token=table.seats[0].token, agree=True)
        await until(ws, lambda m: m.get("agreed") == [0])
        (first,) = await start(host, table, [ws])
        assert first["hints_on"]

    try:
        run(host, main)
    finally:
        host.stop()


def test_a_hint_request_with_another_seats_token_is_refused():
    table = two_seat_table()
    host = hosted(table)

    async def main():
        conns = [await join(host, table, 0), await join(host, table, 1)]
        for seat, ws in enumerate(conns):
            await say(ws, "agree", seat=seat, token=table.seats[seat].token, agree=True)
        await until(conns[0], lambda m: m.get("agreed") == [0, 1])
        first = await start(host, table, conns)
        assert first[0]["hints_on"]
        version = first[0]["version"]
        other = table.seats[1].token
        assert (await ask(conns[0], table, 0, version, token=other))["code"] == "bad_token"
        assert (await ask(conns[0], table, 1, version, token=other))["code"] == "wrong_seat"

    try:
        run(host, main)
    finally:
        host.stop()


def test_the_hint_reaches_only_the_asking_seat_and_is_the_coachs_advice_for_it():
    table = HostTable("s1", "sanguosha", 4, 8, [0, 1, 2, 3], hints=True, wait=3600)
    host = hosted(table)

    async def main():
        conns = [await join(host, table, seat) for seat in range(4)]
        for seat, ws in enumerate(conns):
            await say(ws, "agree", seat=seat, token=table.seats[seat].token, agree=True)
        for ws in conns:
            await until(ws, lambda m: m.get("agreed") == [0, 1, 2, 3])
        first = await start(host, table, conns)
        seat = first[0]["to_act"][0]
        reply = await ask(conns[seat], table, seat, first[seat]["version"])
        assert reply["type"] == "hint" and reply["version"] == first[seat]["version"]
        assert reply["action"] in first[seat]["legal"]  # as the seat was offered it
        # nothing moves at this table (no bots): the test may read the host's state
        advice = advise(table.state.clone(), seat, table.version)
        assert reply["action"][:4] == advice.action.to_json()
        assert reply["text"] == advice.sentence
        for other, ws in enumerate(conns):  # the others got no hint: only their pong
            if other != seat:
                await say(ws, "ping", n=7)
                got = await until(ws, lambda m: m["type"] in ("pong", "hint"))
                assert got["type"] == "pong"

    try:
        run(host, main)
        assert host.host.errors == 0
    finally:
        host.stop()


def played_table(name: str, moves: int, table_id: str = "a") -> HostTable:
    """A started table of `name` at which every person seated agreed to hints, after `moves`
    seeded random moves."""
    from game.registry import get_game

    players = max(get_game(name).min_players, 3 if name in ("sanguosha", "bloodborne") else 2)
    table = HostTable(table_id, name, players, 31, list(range(players)), hints=True,
                      wait=3600)
    for seat in range(players):
        table.join(seat, table.seats[seat].token, "", 0.0)
        table.agree(seat, table.seats[seat].token, True)
    table.start(0.0)
    rng = Rng(5)
    for _ in range(moves):
        seat = table.state.to_act()[0]
        legal = table.state.legal_actions(seat)
        rng.shuffle(legal)
        for action in legal:  # a move that does not end the game
            after = table.state.clone()
            after.apply(seat, action)
            if not after.is_over():
                table.act(seat, table.seats[seat].token, table.version, action)
                break
        else:
            break
    return table


@pytest.mark.parametrize("name", GAME_PACKAGES)
def test_a_hint_is_the_same_when_the_other_seats_hidden_cards_are_resampled(name):
    for moves in (4, 12, 24):
        real = played_table(name, moves)
        seat = real.state.to_act()[0]
        resampled = HostTable.from_json({**real.to_json(), "id": "b"})
        resampled.state = real.state.determinize(seat, Rng(977 + moves))
        assert state_hash(resampled.state) != state_hash(real.state)  # something was hidden
        host = hosted(real, resampled)

        async def main(real=real, resampled=resampled, seat=seat, host=host, moves=moves):
            replies = []
            for table in (real, resampled):
                ws = await join(host, table, seat)
                replies.append(await ask(ws, table, seat, table.version))
            assert replies[0]["type"] == "hint", replies[0]
            # the move and its words alike: decided and said from the seat's own view
            assert replies[0] == replies[1], f"{name} after {moves} moves"

        try:
            run(host, main)
        finally:
            host.stop()


MALFORMED = [
    ({"type": "agree", "seat": 0, "agree": "yes"}, "bad_shape"),
    ({"type": "agree", "seat": 0}, "bad_shape"),
    ({"type": "agree", "seat": 0, "agree": True, "hints": True}, "bad_shape"),
    ({"type": "agree", "seat": 0, "agree": True, "token": "nope"}, "bad_token"),
    ({"type": "agree", "seat": 1, "agree": True}, "wrong_seat"),
    ({"type": "hint", "seat": 0, "version": -1}, "bad_shape"),
    ({"type": "hint", "seat": 0, "version": "now"}, "bad_shape"),
    ({"type": "hint", "seat": 99, "version": 0}, "bad_shape"),
    ({"type": "hint", "seat": 0, "version": 0, "action": []}, "bad_shape"),
    ({"type": "hint", "seat": 0, "version": 0}, "not_started"),
]


def test_malformed_agree_and_hint_messages_are_refused_and_change_nothing():
    table = two_seat_table()
    host = hosted(table)

    async def main():
        ws = await join(host, table, 0)
        before = (sorted(table.agreed), table.started, table.version)
        for fields, code in MALFORMED:
            msg = {"type": fields["type"], "v": PROTOCOL, "token": table.seats[0].token,
                   **fields}
            await ws.send(json.dumps(msg))
            reply = await until(ws, lambda m: m["type"] in ("refused", "hint"))
            assert reply["type"] == "refused" and reply["code"] == code, (msg, reply)
            assert reply["reason"]
        assert (sorted(table.agreed), table.started, table.version) == before
        # after the start, agreeing is too late
        (first,) = await start(host, table, [ws])
        await say(ws, "agree", seat=0, token=table.seats[0].token, agree=True)
        assert (await until(ws, lambda m: m["type"] == "refused"))["code"] == "started"
        assert not first["hints_on"] and table.agreed == set()

    try:
        run(host, main)
        assert host.host.errors == 0
    finally:
        host.stop()


def test_a_resumed_table_keeps_the_agreement_settled_at_its_start(tmp_path):
    for agreeing, on in (((0, 1), True), ((1,), False)):
        save_dir = tmp_path / str(on)
        save_dir.mkdir()
        table = two_seat_table(save_dir=save_dir)
        for seat in (0, 1):
            table.join(seat, table.seats[seat].token, "", 0.0)
        for seat in agreeing:
            table.agree(seat, table.seats[seat].token, True)
        table.start(0.0)
        seat = table.state.to_act()[0]
        table.act(seat, table.seats[seat].token, 0, table.state.legal_actions(seat)[0])
        (resumed,) = load_tables(save_dir)
        assert resumed.agreed == set(agreeing) and resumed.hints_on is on
        # those who agreed at the start are not asked again, and nobody can change it now
        for s in (0, 1):
            resumed.join(s, resumed.seats[s].token, "", 1.0)
        assert resumed.hints_settled() is on and resumed.hints_on is on


def test_a_table_resumed_before_its_start_keeps_who_agreed(tmp_path):
    table = two_seat_table(save_dir=tmp_path)
    table.join(1, table.seats[1].token, "Bo", 0.0)
    table.agree(1, table.seats[1].token, True)
    (resumed,) = load_tables(tmp_path)
    assert resumed.agreed == {1} and not resumed.started and resumed.hints


def test_a_seat_has_one_hint_worked_out_at_a_time_and_new_ones_are_rate_limited(monkeypatch):
    from game.net import coaching

    release = threading.Event()
    work_out = coaching.work_out

    def slow(*args):
        release.wait(10)
        return work_out(*args)

    monkeypatch.setattr(coaching, "work_out", slow)
    monkeypatch.setattr(coaching, "HINT_INTERVAL", 0.0)
    table = two_seat_table()
    host = hosted(table)

    async def main():
        conns = [await join(host, table, 0), await join(host, table, 1)]
        for seat, ws in enumerate(conns):
            await say(ws, "agree", seat=seat, token=table.seats[seat].token, agree=True)
        await until(conns[0], lambda m: m.get("agreed") == [0, 1])
        first = await start(host, table, conns)
        seat = first[0]["to_act"][0]
        ws, version = conns[seat], first[seat]["version"]
        await say(ws, "hint", seat=seat, token=table.seats[seat].token, version=version)
        busy = await ask(ws, table, seat, version)  # the first is still being worked out
        assert busy["code"] == "busy" and busy["version"] == version
        release.set()
        answered = await until(ws, answer)
        assert answered["type"] == "hint"
        # a new hint for the seat within the interval is refused; the same one is not
        coaching.HINT_INTERVAL = 60.0
        assert await ask(ws, table, seat, version) == answered
        stale = await ask(ws, table, seat, version + 1)  # a position the table has not reached
        assert stale["code"] == "stale"
        await say(ws, "act", seat=seat, token=table.seats[seat].token, version=version,
                  action=answered["action"][:4])
        moved = await until(ws, lambda m: m["type"] == "state" and m["version"] > version)
        assert seat in moved["to_act"]  # this game's first turn goes on
        limited = await ask(ws, table, seat, moved["version"])
        assert limited["code"] == "rate"

    try:
        run(host, main)
        assert host.host.errors == 0
    finally:
        release.set()
        host.stop()
