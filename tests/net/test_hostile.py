"""Hostile input to the host (issue 21): every bad message is refused with a reason, nothing
changes, the host keeps serving; floods are dropped. Counts: tests/net/helpers.py."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.core.rng import Rng
from game.net.host import HostThread
from game.net.protocol import MAX_MESSAGE, PROTOCOL, BadJoinCode, join_code, read_join_code
from game.net.table import state_hash
from tests.net.helpers import count, table_for


def _bad_messages(rng: Rng, table, seat: int, token: str, other_token: str) -> list:
    v = table.version
    legal = [a.to_json() for a in table.state.legal_actions(seat)]
    base = {"type": "act", "v": PROTOCOL, "seat": seat, "token": token, "version": v,
            "action": legal[0] if legal else ["x", None, None, None]}
    hint = {"type": "hint", "v": PROTOCOL, "seat": seat, "token": token, "version": v}
    agree = {"type": "agree", "v": PROTOCOL, "seat": seat, "token": token, "agree": True}
    kinds = [
        lambda: b"{not json",
        lambda: "x" * (MAX_MESSAGE + 1 + rng.below(1000)),
        lambda: {**base, "extra": 1},
        lambda: {**base, "version": "three"},
        lambda: {**base, "action": ["a"] * (5 + rng.below(100))},
        lambda: {**base, "action": ["play", list(range(500)), None, None]},
        lambda: {**base, "token": "wrong" + str(rng.below(10**6))},
        lambda: {**base, "seat": 1 - seat, "token": other_token},
        lambda: {**base, "v": PROTOCOL + 1 + rng.below(5)},
        lambda: {**base, "version": v + 1 + rng.below(50)},
        lambda: {**base, "action": ["no_such_kind", rng.below(99), None, None]},
        lambda: {"type": "hello", "v": PROTOCOL, "table": "nope", "seat": 0, "token": "t"},
        lambda: {"type": "teleport", "v": PROTOCOL},
        lambda: [1, 2, 3],
        lambda: {**base, "action": ["play", {"a": 1}, None, None]},
        lambda: hint,  # hints are off at this table
        lambda: {**hint, "version": [v]},
        lambda: {**hint, "token": "wrong" + str(rng.below(10**6))},
        lambda: {**hint, "seat": 1 - seat, "token": other_token},
        lambda: agree,  # too late: the game has started
        lambda: {**agree, "agree": "yes"},
        lambda: {**agree, "seat": 64},
    ]
    return [kinds[rng.below(len(kinds))]() for _ in range(1)]


def test_malformed_oversized_wrong_token_wrong_seat_stale_and_illegal_messages_are_refused():
    total = count(1500, 10_000)
    table, other = table_for(3), table_for(8)
    host = HostThread([table, other], rate=1e9, burst=10**9)
    rng = Rng(7)
    try:
        async def main():
            uri = host.uri
            a = await connect(uri, max_size=1 << 22)
            b = await connect(uri, max_size=1 << 22)
            for ws, seat in ((a, 0), (b, 1)):
                await ws.send(json.dumps({"type": "hello", "v": PROTOCOL, "table": table.id,
                                          "seat": seat, "token": table.seats[seat].token}))
            await asyncio.sleep(0.3)
            for ws in (a, b):  # the welcome and the first positions
                while True:
                    try:
                        await asyncio.wait_for(ws.recv(), 0.2)
                    except asyncio.TimeoutError:
                        break
            seat = table.state.to_act()[0]
            ws = a if seat == 0 else b
            before = state_hash(table.state), table.version, state_hash(other.state)
            for _ in range(total):
                (msg,) = _bad_messages(rng, table, 1 - seat, table.seats[1 - seat].token,
                                       table.seats[seat].token)
                # the seat not to act sends it: even its "legal-looking" moves are refused
                sender = b if ws is a else a
                data = msg if isinstance(msg, (bytes, str)) else json.dumps(msg)
                await sender.send(data)
                reply = json.loads(await asyncio.wait_for(sender.recv(), 5))
                assert reply["type"] == "refused" and reply["reason"], (msg, reply)
            assert (state_hash(table.state), table.version, state_hash(other.state)) == before
            # and the table still plays: the seat to act makes a legal move
            action = table.state.legal_actions(seat)[0]
            await ws.send(json.dumps({"type": "act", "v": PROTOCOL, "seat": seat,
                                      "token": table.seats[seat].token,
                                      "version": table.version, "action": action.to_json()}))
            for _ in range(5):
                reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if reply["type"] == "state" and reply["version"] == before[1] + 1:
                    break
            else:
                pytest.fail("the legal move was not applied")
            await a.close()
            await b.close()

        asyncio.run(main())
        assert host.host.errors == 0
    finally:
        host.stop()


def test_a_client_that_floods_is_refused_then_dropped_and_the_host_serves_on():
    table = table_for(0)
    host = HostThread([table])  # the default rate limit

    async def main():
        ws = await connect(host.uri)
        codes = []

        async def flood():
            try:
                for n in range(500):
                    await ws.send(json.dumps({"type": "ping", "v": PROTOCOL, "n": n}))
            except ConnectionClosed:
                pass

        sender = asyncio.create_task(flood())
        try:
            while True:
                codes.append(json.loads(await asyncio.wait_for(ws.recv(), 5)).get("code"))
        except ConnectionClosed as e:
            assert e.rcvd is not None and e.rcvd.code == 1008
        await sender
        assert "rate" in codes
        fresh = await connect(host.uri)  # another client is served as before
        await fresh.send(json.dumps({"type": "ping", "v": PROTOCOL, "n": 1}))
        assert json.loads(await asyncio.wait_for(fresh.recv(), 5))["type"] == "pong"
        await fresh.close()

    try:
        asyncio.run(main())
    finally:
        host.stop()


def test_a_join_code_carries_address_table_seat_and_token_and_a_damaged_one_is_refused():
    code = join_code("192.168.1.20", 47474, "t1a2b3", 2, "Xq3v9LmPzA0kR2bT")
    assert code == "192.168.1.20:47474/t1a2b3/2/Xq3v9LmPzA0kR2bT"
    assert read_join_code(code) == ("192.168.1.20", 47474, "t1a2b3", 2, "Xq3v9LmPzA0kR2bT")
    assert read_join_code(join_code("::1", 5, "t", 0, "k"))[0] == "::1"
    for bad in ("", "192.168.1.20", "h:99999/t/0/k", "h:1/t/x/k", "h/t/0/k"):
        with pytest.raises(BadJoinCode):
            read_join_code(bad)


def test_a_network_session_plays_its_seat_and_sees_only_it():
    from game.net.client import NetworkSession

    table = table_for(3, wait=3600)
    table.seats[1].open = False  # an AI seat: the host's bot plays it
    table.seats[1].token = ""
    host = HostThread([table], rate=1e6, burst=10**6)
    s = NetworkSession("127.0.0.1", host.port, table.id, 0, table.seats[0].token, "Ann")
    try:
        assert s.wait_ready(10)
        with pytest.raises(ValueError):
            s.view(1)
        rng, happened = Rng(3), []
        import time

        end = time.monotonic() + 60
        while not s.is_over() and time.monotonic() < end:
            happened += s.poll(0)
            legal = s.legal_actions(0)
            if legal:
                before = s.version
                s.apply(0, rng.choice(legal))
                # one action in flight: no legal action until the host's answer is in
                assert s.legal_actions(0) == [] or s.version > before
            time.sleep(0.001)
        happened += s.poll(0)
        assert s.is_over() and s.outcome() is not None and s.record() is not None
        assert [h.version for h in happened] == list(range(1, table.version + 1))
        assert all(h.action is None for h in happened if h.seat != 0)
        assert s.seats()[0].kind == "you" and s.seats()[1].kind == "ai"
    finally:
        s.close()
        host.stop()
