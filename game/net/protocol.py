"""The wire format between a host and its clients (docs/network.md describes it for other
clients).

Every message is one WebSocket text frame holding one JSON object whose "type" names it. What a
client sends is parsed strictly (msgspec Structs): more than `MAX_MESSAGE` bytes, an unknown
type or field, a wrong type, an overlong string or list, or another protocol version `v` is
refused with a one-line reason, and nothing at the table changes. What the host sends is built
only from what the receiving seat may know (see game/net/table.py).
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any

import msgspec

from game.core.contract import Action, Event

#: the protocol version; a client speaking another one is refused
PROTOCOL = 1
#: the largest message a client may send, in bytes
MAX_MESSAGE = 64 * 1024
#: the default port of a host
DEFAULT_PORT = 47474

# limits on the parts of a message
_Name = Annotated[str, msgspec.Meta(max_length=40)]
_Id = Annotated[str, msgspec.Meta(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
_Seat = Annotated[int, msgspec.Meta(ge=0, le=63)]
_Token = Annotated[str, msgspec.Meta(max_length=64)]
_Count = Annotated[int, msgspec.Meta(ge=0, le=10**9)]
#: an action part: a number, a string or a (nested) list of them; checked by `action_of`
_MAX_PART_ITEMS = 64
_MAX_PART_DEPTH = 4
_MAX_PART_TEXT = 200


class _Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    v: int


class Hello(_Message, tag="hello"):
    """Take (or take back) a seat: the first message on a connection. With `table` "" and
    `seat` -1 the host finds the seat whose token this is (a player who typed only the
    host's address and the seat code)."""

    table: Annotated[str, msgspec.Meta(max_length=32, pattern=r"^[A-Za-z0-9_-]*$")]
    seat: Annotated[int, msgspec.Meta(ge=-1, le=63)]
    token: _Token
    name: _Name = ""
    #: the last version the client saw (it is sent what happened since); -1: none
    since: Annotated[int, msgspec.Meta(ge=-1, le=10**9)] = -1
    #: also send the spectator's view (`public`) whenever it changes
    public: bool = False


class Act(_Message, tag="act"):
    """Do `action` ([kind, source, target, option], as in a legal action) at `version`."""

    seat: _Seat
    token: _Token
    version: _Count
    action: Annotated[list[Any], msgspec.Meta(min_length=4, max_length=4)]


class Concede(_Message, tag="concede"):
    """Leave the game: the rules' concede action where the game has one, else a bot takes
    the seat for good. (`version` is accepted for older clients and not needed.)"""

    seat: _Seat
    token: _Token
    version: _Count = 0


class Ping(_Message, tag="ping"):
    n: _Count = 0


class Agree(_Message, tag="agree"):
    """Before the start: the seat agrees (or no longer agrees) to the coach's hints."""

    seat: _Seat
    token: _Token
    agree: bool


class Hint(_Message, tag="hint"):
    """Ask the coach for the seat's advice at `version` (the position it was shown)."""

    seat: _Seat
    token: _Token
    version: _Count


ClientMessage = Hello | Act | Concede | Ping | Agree | Hint

_decoder = msgspec.json.Decoder(ClientMessage)
_encoder = msgspec.json.Encoder()


class Refusal(Exception):
    """A client message the host refuses: `code` for programs, `reason` for people."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def parse(data: bytes | str) -> ClientMessage:
    """One client message, or Refusal with the reason."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if len(data) > MAX_MESSAGE:
        raise Refusal("too_big", f"A message may be at most {MAX_MESSAGE} bytes, "
                                 f"not {len(data)}.")
    try:
        msg = _decoder.decode(data)
    except msgspec.ValidationError as e:
        raise Refusal("bad_shape", f"Malformed message: {e}.") from None
    except msgspec.DecodeError as e:
        raise Refusal("bad_json", f"Not a JSON message: {e}.") from None
    if msg.v != PROTOCOL:
        raise Refusal("bad_protocol", f"This host speaks protocol {PROTOCOL}, not {msg.v}.")
    return msg


def action_of(parts: list[Any]) -> Action:
    """The Action a client names, its parts bounded (Refusal if not)."""
    for part in parts[1:]:
        _check_part(part, 0)
    try:
        return Action.from_json(parts)
    except (ValueError, TypeError) as e:
        raise Refusal("bad_action", f"Not an action: {e}.") from None


def _check_part(part: Any, depth: int) -> None:
    if isinstance(part, list):
        if depth >= _MAX_PART_DEPTH or len(part) > _MAX_PART_ITEMS:
            raise Refusal("bad_action", "An action part is nested too deep or too long.")
        for p in part:
            _check_part(p, depth + 1)
    elif isinstance(part, str) and len(part) > _MAX_PART_TEXT:
        raise Refusal("bad_action", "An action part is too long.")
    elif isinstance(part, dict):
        raise Refusal("bad_action", "An action part must be a number, a string or a list.")


# --- what the host sends ------------------------------------------------------------------

def encode(message: dict) -> bytes:
    return _encoder.encode(message)


def decode_host(data: bytes | str) -> dict:
    """A host message as a dict (a client trusts its host's shapes but not its JSON)."""
    msg = msgspec.json.decode(data)
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ValueError("a host message must be a JSON object with a type")
    return msg


def action_json(action: Action) -> tuple:
    """[kind, source, target, option, label] as it is encoded (a tuple of tuples encodes as
    the lists `Action.to_json` would make, without building them)."""
    return (action.kind, action.source, action.target, action.option, action.label)


def action_from_host(parts: list) -> Action:
    kind, source, target, option, label = parts
    a = Action.from_json([kind, source, target, option])
    return Action(a.kind, a.source, a.target, a.option, str(label))


def event_json(event: Event) -> dict:
    """An event already filtered by `for_viewer` (so it has no private parts)."""
    return {"kind": event.kind, "text": event.text, "player": event.player,
            "data": event.data, "counters": [list(c) for c in event.counters]}


def event_from_host(data: dict) -> Event:
    counters = tuple(tuple(c) for c in data.get("counters", ()))
    return Event(data["kind"], data.get("text", ""), data.get("player"),
                 dict(data.get("data") or {}), counters=counters)


# --- seat codes and join codes -------------------------------------------------------------

#: the letters of a seat code: Crockford's base32 (no I, L, O or U to misread)
CODE_LETTERS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: the letters of a seat code (50 random bits: guessing one, even at the flood limit of every
#: connection a host takes, is hopeless)
CODE_LENGTH = 10


def new_seat_code() -> str:
    """A seat's token: random (`secrets`), short enough to read out or type."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def show_seat_code(token: str) -> str:
    """`K7QF2-MZD4X`: a seat code in two halves, easier to read out."""
    if len(token) == CODE_LENGTH and all(c in CODE_LETTERS for c in token):
        return f"{token[:5]}-{token[5:]}"
    return token


def read_seat_code(text: str) -> str:
    """A typed seat code as the host knows it: case, spaces and dashes do not matter, and O,
    I and L are read as the digits they look like."""
    code = "".join(text.split()).replace("-", "").upper().translate(str.maketrans("OIL", "011"))
    if len(code) == CODE_LENGTH and all(c in CODE_LETTERS for c in code):
        return code
    return text.strip()  # not a seat code (a token of another form): as it is


class BadJoinCode(ValueError):
    pass


def join_code(host: str, port: int, table: str, seat: int, token: str) -> str:
    """`HOST:PORT/TABLE/SEAT/TOKEN`, e.g. `192.168.1.20:47474/t1a2b3/2/K7QF2MZD4X`: one word
    to copy with everything a client needs to take its seat (an IPv6 host in [])."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{host}:{port}/{table}/{seat}/{token}"


def read_join_code(code: str) -> tuple[str, int, str, int, str]:
    """(host, port, table, seat, token) from a join code; BadJoinCode with a reason."""
    parts = code.strip().split("/")
    if len(parts) != 4:
        raise BadJoinCode("A join code looks like HOST:PORT/TABLE/SEAT/TOKEN.")
    address, table, seat, token = parts
    if (address.count(":") != 1 if not address.startswith("[") else "]:" not in address):
        raise BadJoinCode("A join code starts with the host's address and port, "
                          "HOST:PORT/TABLE/SEAT/TOKEN.")
    host, port = read_address(address)
    if not seat.isdigit() or not table or not token:
        raise BadJoinCode("This join code is damaged; copy it again from the host "
                          "(HOST:PORT/TABLE/SEAT/TOKEN).")
    return host, port, table, int(seat), read_seat_code(token)


def read_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """(host, port) from `HOST:PORT`, `HOST` (the default port) or `[IPv6]:PORT`; BadJoinCode
    with a reason."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else str(default_port) if not rest else "x"
    elif text.count(":") == 1:
        host, _, port = text.partition(":")
    else:  # a bare name, an IPv4 address, or a bare IPv6 address
        host, port = text, str(default_port)
    if not host or any(c in host for c in "/ "):
        raise BadJoinCode("An address looks like 192.168.1.20:47474 (the port may be left out).")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise BadJoinCode(f"{port or 'nothing'} is not a port number (1 to 65535).")
    return host, int(port)
