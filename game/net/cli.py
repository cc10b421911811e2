"""`python -m game host` (a table with no window) and `python -m game netbench`."""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import socket
import sys
from pathlib import Path

from game.cli import UsageError, find_game, parse_options
from game.net.protocol import DEFAULT_PORT, join_code, show_seat_code
from game.net.table import DEFAULT_WAIT, HostTable

HOST_HELP = """\
Host a table with no window: the seats not named in --open are played by bots, the others wait
for friends who join with a join code (printed at the start) from "Join a table" in the app.
The host alone holds the game and runs its rules and bots; each player's computer is sent only
what that seat may see. The table starts when every open seat is taken, and the command ends
when the game is over. After every action the table is saved; if the host stops, run the same
command with --resume and the players reconnect on their own (or join again with their codes).

A join code is HOST:PORT/TABLE/SEAT/TOKEN (the seat counted from 0, the token the seat's secret
key). Over the internet, forward the TCP port (default 47474) to this computer and give
--address your public address. See docs/network.md.

example: python -m game host --game sanguosha --players 8 --open 3,5
"""


def seat_list(text: str) -> list[int]:
    try:
        seats = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seat numbers like 3,5, got {text!r}") \
            from None
    if not seats or seats[0] < 1:
        raise argparse.ArgumentTypeError("seats are numbered from 1")
    return [s - 1 for s in seats]


def port_number(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text!r}")
    return int(text)


def add_host_parser(sub, option, positive, more_than_zero) -> None:
    h = sub.add_parser("host", help="host a table for friends on other computers (no window)",
                       description=HOST_HELP, formatter_class=argparse.RawTextHelpFormatter)
    h.add_argument("--game", help="a name from `python -m game list` (no default: required unless --resume)")
    h.add_argument("--players", type=positive,
                   help="number of players (no default: required unless --resume)")
    h.add_argument("--open", type=seat_list, default=None, metavar="SEATS",
                   help="seats for friends, counted from 1, e.g. 3,5 (default: every seat)")
    h.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                   help=f"TCP port to listen on (default: {DEFAULT_PORT})")
    h.add_argument("--bind", default="0.0.0.0",
                   help="address to listen on (default: 0.0.0.0, every network; "
                        "127.0.0.1 for this computer only)")
    h.add_argument("--address", default=None,
                   help="the address friends reach this computer at, put in the join codes "
                        "(default: this computer's address on the local network)")
    h.add_argument("--name", default="", help="the table's name shown to players "
                                               "(default: the game's title)")
    h.add_argument("--seed", type=int, default=None, help="the game's seed (default: random)")
    h.add_argument("--bot", default=None, help="the bot at AI seats and standing in for away "
                                               "players (default: the game's default bot)")
    h.add_argument("--wait", type=more_than_zero, default=DEFAULT_WAIT,
                   help=f"seconds an away player's seat waits before a bot plays it until they "
                        f"return (default: {DEFAULT_WAIT:g})")
    h.add_argument("--save-dir", type=Path, default=None,
                   help="where tables are saved after every action (default: the app's data "
                        "folder, host/)")
    h.add_argument("--resume", action="store_true",
                   help="restore every unfinished table saved in the save folder (default: off)")
    h.add_argument("--no-mdns", action="store_true",
                   help="do not announce the table on the local network (default: announced)")
    h.add_argument("-o", "--option", type=option, action="append", default=[],
                   metavar="NAME=VALUE", help="a game option, repeatable (default: each "
                                              "option's own)")
    h.set_defaults(run=cmd_host)


def add_netbench_parser(sub) -> None:
    n = sub.add_parser("netbench", help="network round trips at 1, 10 and 50 tables; JSON",
                       description="Start a host on 127.0.0.1 and play complete games with bot "
                       "clients at every seat at 1, 10 and 50 tables at once; measure the time "
                       "from a client's send to the view with its action arriving. The last "
                       "line is JSON.")
    n.add_argument("--tables", default="1,10,50",
                   help="table counts to measure, comma separated (default: 1,10,50)")
    n.set_defaults(run=cmd_netbench)


def default_save_dir() -> Path:
    """The app's data folder's host/ (CARDTABLE_HOME/data/host when that is set, as the
    app's own saves)."""
    import os

    home = os.environ.get("CARDTABLE_HOME")
    if home:
        return Path(home) / "data" / "host"
    import platformdirs

    return Path(platformdirs.user_data_dir("CardTable", appauthor=False)) / "host"


def local_address() -> str:
    """This computer's address on its local network (no packet is sent), else 127.0.0.1."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.254.254.254", 1))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def new_table_id() -> str:
    return "t" + secrets.token_hex(3)


def cmd_host(args: argparse.Namespace) -> int:
    from game.net.host import Host, load_tables

    save_dir = args.save_dir or default_save_dir()
    try:
        save_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"cannot use the save folder {save_dir}: {e.strerror}") from None
    if args.resume:
        try:
            tables = [t for t in load_tables(save_dir) if not t.is_over()]
        except ValueError as e:
            raise UsageError(f"cannot resume: {e}") from None
        if not tables:
            raise UsageError(f"no unfinished table saved in {save_dir}")
    else:
        if not args.game or not args.players:
            raise UsageError("--game and --players are needed (or --resume)")
        game = find_game(args.game, args.players)
        options = parse_options(game, args.option)
        open_seats = args.open if args.open is not None else list(range(args.players))
        seed = args.seed if args.seed is not None else secrets.randbelow(1 << 31)
        try:
            table = HostTable(new_table_id(), game.name, args.players, seed, open_seats,
                              bot=args.bot, options=options, name=args.name or game.title,
                              wait=args.wait, save_dir=save_dir)
        except ValueError as e:
            raise UsageError(str(e)) from None
        table.save()
        tables = [table]
    address = args.address or (args.bind if args.bind not in ("0.0.0.0", "::")
                               else local_address())

    async def main() -> None:
        host = Host(tables)
        try:
            port = await host.start(args.bind, args.port)
        except OSError as e:
            raise UsageError(f"cannot listen on {args.bind}:{args.port}: {e.strerror}") \
                from None
        announcer = None
        if not args.no_mdns:
            from game.net.discovery import Announcer

            announcer = Announcer(tables, address, port)
        for t in tables:
            title = t.name if t.name == t.game.title else f"{t.name} — {t.game.title}"
            print(f"{title}, {t.players} players, table {t.id} (saved in {save_dir})")
            for i, s in enumerate(t.seats):
                who = (f"join code {join_code(address, port, t.id, i, s.token)}  "
                       f"(or {address}:{port} and the seat code {show_seat_code(s.token)})"
                       if s.open else f"AI ({s.bot})")
                print(f"  seat {i + 1}: {who}")
        print(f"listening on {args.bind}:{port}; ends when the game is over", flush=True)
        try:
            while not host.all_over():
                await asyncio.sleep(0.5)
            await asyncio.sleep(2)  # let the last messages go out
        finally:
            if announcer is not None:
                announcer.close()
            await host.stop()
        for t in tables:
            out = t.state.outcome()
            print(f"{t.id}: game over; winners: "
                  f"{', '.join(t.seat_name(w) for w in out.winners) or 'none'}")

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        print("stopped; run again with --resume to go on", file=sys.stderr)
    return 0


def cmd_netbench(args: argparse.Namespace) -> int:
    from game.net.bench import netbench

    try:
        rounds = tuple(int(x) for x in args.tables.split(","))
    except ValueError:
        raise UsageError(f"--tables takes numbers like 1,10,50, not {args.tables!r}") from None
    print(json.dumps(netbench(rounds, say=lambda s: print(s, file=sys.stderr))))
    return 0
