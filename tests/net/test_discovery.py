"""Finding tables on the local network (mDNS), on this computer only."""

from __future__ import annotations

import time

from game.net.discovery import Announcer, Browser
from tests.net.helpers import table_for


def test_an_announced_table_is_found_with_its_game_and_free_seats_but_no_token():
    table = table_for(0)
    announcer = Announcer([table], "127.0.0.1", 47474, interfaces=["127.0.0.1"])
    browser = Browser(interfaces=["127.0.0.1"])
    try:
        end = time.monotonic() + 8
        while time.monotonic() < end and not browser.tables():
            time.sleep(0.05)
        found = [f for f in browser.tables() if f.table == table.id]
        assert found and found[0].game == "madoka" and found[0].port == 47474
        assert found[0].free == (0, 1)
        assert not any(s.token in repr(found) for s in table.seats)
    finally:
        browser.close()
        announcer.close()
