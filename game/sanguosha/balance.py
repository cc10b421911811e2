"""Sanguosha's AI figures by self-play (issue 10, "Figures"):

- `infer --games 500 --players 8 --jobs 2`: how often a heuristic bot's most likely identity
  for each hidden seat is right, by the seat's true identity and by round (a round = as many
  turns as there were players); then the same games with inference off for one side (the
  same bot with a uniform belief) and the win shares of each side either way;
- `shares --games 1000 --players 5 8 --jobs 2`: win shares by side in all-heuristic games;
  then heuristic seats against random seats (the heuristic on one side, random on the others);
- `lord --games 200 --seconds 1 --jobs 2 --log FILE`: ISMCTS (heuristic playouts) in the
  Lord's seat against heuristic players, one JSON line per game in FILE as it goes; `--bot
  heuristic` gives the baseline on the same seeds;
- `levels --games 200 --players 5 --jobs 2`: the setup screen's levels, each against the one
  below it (Hard against Normal, Normal against Easy): for each seat kind (Lord, Loyalist,
  Rebel, Renegade), the upper bot alone in that seat among lower bots, against the lower bot
  in the same seat of the same seeded game (common random numbers); the shares with their
  95 % intervals, the paired difference with its own, the same over every seat kind, and the
  upper bot's decision times; `--pairing strong` measures the strong bot (bots.py) instead of
  the searching one;
- `explain --players 8 --seed 1 --turn 12`: what every seat believes of every other at a
  turn of an all-heuristic game (the bots' belief, one line a seat), beside the truth.

Speed: `python -m game bench sanguosha --players 8`.

The numbers in data/sanguosha/balance.md come from these commands.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import defaultdict

from game.ai.agents import bots_for, decide, make_bot
from game.core.rng import Rng
from game.core.runs import read_log, run_games, share_with_error
from game.sanguosha import GAME
from game.sanguosha.bots import SIDES, HeuristicAgent

#: a game's rounds counted for the inference table (later rounds are pooled into the last)
ROUNDS = 8


def side_of(identity: str) -> str:
    return SIDES[identity]


def make_agent(name: str, seed: int, seconds: float | None, infer: bool = True):
    if name == "heuristic":
        return HeuristicAgent(seed, infer=infer)
    return make_bot(bots_for(GAME)[name], seed, seconds=seconds)


def play(players: int, seed: int, by_side: dict[str, str] | None = None,
         lord_bot: str | None = None, seconds: float | None = None,
         no_infer: str | None = None, track: bool = False) -> dict:
    """One game. `by_side` names the bot of each side ("lord", "rebel", "renegade"; default
    heuristic), `lord_bot` overrides the Lord's seat alone; `no_infer` is a side whose
    heuristic bots guess uniformly. With `track`, each heuristic seat's guess for each hidden
    seat is scored at the start of every round."""
    s = GAME.new_state(players, seed)
    by_side = by_side or {}
    agents = []
    for p in range(players):
        side = side_of(s.identity[p])
        name = lord_bot if (lord_bot and p == s.lord) else by_side.get(side, "heuristic")
        agents.append(make_agent(name, seed * 1000 + p, seconds, infer=(side != no_infer)))
    worlds = Rng(seed ^ 0xD15C)
    # guesses[(round, identity)] = [right, asked]
    guesses: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    seen_round = -1
    while not s.is_over():
        if track and s.turn >= 1:
            rnd = min((s.turn - 1) // players + 1, ROUNDS)
            if rnd != seen_round:
                seen_round = rnd
                score_guesses(s, agents, rnd, guesses)
        p = s.to_act()[0]
        a = decide(agents[p], s, p, worlds)
        s.step(p, a)
    out = s.outcome()
    return {"players": players, "seed": seed, "result": out.rank, "turns": s.turn,
            "winners": list(out.winners), "identities": list(s.identity),
            "lord": s.lord, "generals": list(s.gen), "deaths": [list(d) for d in s.deaths],
            "guesses": dict(guesses),
            "lord_side_won": s.lord in out.winners}


def score_guesses(s, agents, rnd: int, guesses) -> None:
    """Each living heuristic seat's most likely identity for each living hidden seat."""
    for me in range(s.players):
        agent = agents[me]
        if not s.alive[me] or not isinstance(agent, HeuristicAgent):
            continue
        for seat in range(s.players):
            if seat == me or seat == s.lord or s.revealed[seat] or not s.alive[seat]:
                continue
            right = agent.guess(s, me, seat) == s.identity[seat]
            g = guesses[f"{rnd}:{s.identity[seat]}"]
            g[0] += right
            g[1] += 1


def winning_side(r: dict) -> str:
    res = r["result"]
    for side, words in (("lord", "The Lord"), ("rebel", "The Rebels"),
                        ("renegade", "The Renegade")):
        if res.startswith(words):
            return side
    return "draw"


def _play_task(task: tuple) -> dict:
    players, seed, kw = task
    return play(players, seed, **kw)


def run(tasks: list[tuple], jobs: int, log_path: str | None = None) -> list[dict]:
    return run_games(_play_task, tasks, jobs, log_path, label="sanguosha")


def pct(k: float, n: int) -> str:
    return f"{100 * k / n:.1f} %" if n else "–"


def se(p: float, n: int) -> float:
    """The standard error of a share p over n games, in points."""
    return 100 * share_with_error([1.0] * round(p * n) + [0.0] * (n - round(p * n)))[1]


def shares_line(results: list[dict]) -> str:
    n = len(results)
    counts = defaultdict(int)
    for r in results:
        counts[winning_side(r)] += 1
    return ", ".join(f"{k} {pct(counts[k], n)} ± {se(counts[k] / n if n else 0, n):.1f}"
                     for k in ("lord", "rebel", "renegade", "draw"))


def shares_of(results: list[dict]) -> dict[str, float]:
    n = len(results) or 1
    counts = defaultdict(int)
    for r in results:
        counts[winning_side(r)] += 1
    return {k: counts[k] / n for k in ("lord", "rebel", "renegade", "draw")}


def inference_table(results: list[dict]) -> list[str]:
    right = defaultdict(lambda: [0, 0])
    for r in results:
        for key, (k, n) in r["guesses"].items():
            rnd, ident = key.split(":")
            for k2 in (key, f"{rnd}:all", f"all:{ident}", "all:all"):
                right[k2][0] += k
                right[k2][1] += n
            if int(rnd) > 3:
                for k2 in (f"after3:{ident}", "after3:all"):
                    right[k2][0] += k
                    right[k2][1] += n
    idents = ("loyalist", "rebel", "renegade", "all")
    lines = ["| round | " + " | ".join(idents) + " |", "|---" * (len(idents) + 1) + "|"]
    rows = [str(i) for i in range(1, ROUNDS + 1)] + ["after3", "all"]
    for rnd in rows:
        label = {"after3": "after round 3", "all": "all rounds", str(ROUNDS): f"{ROUNDS}+"}
        cells = []
        for ident in idents:
            k, n = right[f"{rnd}:{ident}"]
            cells.append(f"{pct(k, n)} ({n})" if n else "–")
        lines.append(f"| {label.get(rnd, rnd)} | " + " | ".join(cells) + " |")
    return lines


def infer_report(games: int, players: int, seed: int, jobs: int) -> str:
    seeds = range(seed, seed + games)
    base = run([(players, s, {"track": True}) for s in seeds], jobs)
    out = [f"Identity inference, {players} players, {games} all-heuristic games "
           f"(seeds {seed}–{seed + games - 1}): the most likely identity right", ""]
    out += inference_table(base)
    sh = shares_of(base)
    out += ["", f"All inferring: {shares_line(base)}", ""]
    out += ["| side | wins inferring | wins guessing uniformly | difference |",
            "|---|---|---|---|"]
    for side in ("lord", "rebel"):
        off = run([(players, s, {"no_infer": side}) for s in seeds], jobs)
        so = shares_of(off)
        out.append(f"| {side} | {100 * sh[side]:.1f} % | {100 * so[side]:.1f} % | "
                   f"{100 * (sh[side] - so[side]):+.1f} points (±{se(sh[side], games):.1f}"
                   f" each) |")
    return "\n".join(out)


def shares_report(games: int, counts: list[int], seed: int, jobs: int,
                  vs_random: int | None = None, log_dir: str | None = None) -> str:
    """All-heuristic win shares at each player count (`games` each), then each side's
    heuristic seats against random seats and the reverse (`vs_random` games each, default
    `games`). Each part is printed as soon as it is measured; with `log_dir`, each game is
    also kept as a JSON line in a file per part."""
    out = []
    seeds = range(seed, seed + games)
    versus = range(seed, seed + (vs_random or games))

    def part(name: str, tasks: list[tuple]) -> list[dict]:
        path = f"{log_dir}/{name}.jsonl" if log_dir else None
        return run(tasks, jobs, path)

    def say(line: str) -> None:
        out.append(line)
        print(line, flush=True)

    for players in counts:
        res = part(f"shares-{players}p", [(players, s, {}) for s in seeds])
        say(f"{players} players, {games} all-heuristic games: {shares_line(res)}")
        for side in ("lord", "rebel", "renegade"):
            others = {k: "random" for k in ("lord", "rebel", "renegade") if k != side}
            vs = part(f"{side}-vs-random-{players}p",
                      [(players, s, {"by_side": {side: "heuristic", **others}}) for s in versus])
            rnd = part(f"random-{side}-{players}p",
                       [(players, s, {"by_side": {side: "random", **{k: "heuristic" for k in
                                                                     others}}}) for s in versus])
            a, b = shares_of(vs)[side], shares_of(rnd)[side]
            n = len(versus)
            say(f"  {side}: heuristic against random seats wins {100 * a:.1f} % ± "
                f"{se(a, n):.1f}; random against heuristic seats {100 * b:.1f} % ± "
                f"{se(b, n):.1f} ({n} games each)")
    return "\n".join(out)


def lord_report(bot: str, games: int, players: int, seed: int, jobs: int,
                seconds: float | None, log_path: str | None) -> str:
    res = run([(players, s, {"lord_bot": bot, "seconds": seconds})
               for s in range(seed, seed + games)], jobs, log_path)
    return lord_summary(res, bot)


def lord_summary(res: list[dict], bot: str) -> str:
    n = len(res)
    w = sum(r["lord_side_won"] for r in res)
    return (f"{bot} Lord: the Lord's side won {w}/{n} = {pct(w, n)} "
            f"(± {se(w / n if n else 0, n):.1f} points)")


#: the seat kinds of the levels comparison, and the setup screen's pairings (upper, lower)
SEAT_KINDS = ("lord", "loyalist", "rebel", "renegade")
PAIRINGS = {"hard": ("ismcts", "heuristic"), "strong": ("strong", "heuristic"),
            "easy": ("heuristic", "random")}


def seat_of(identities: list[str], kind: str, seed: int) -> int:
    """The seat the measured bot takes: the one dealt `kind` (of several Rebels, the seed
    says which, so each is taken equally often)."""
    seats = [p for p, ident in enumerate(identities) if ident == kind]
    return seats[seed % len(seats)]


def play_seat(players: int, seed: int, others: str, bot: str | None = None,
              kind: str | None = None, seconds: float | None = None) -> dict:
    """One game of `others` bots, `bot` alone in the seat dealt `kind` (none: every seat
    `others`, the baseline of the same deal). Every bot is seeded by its seat as in `play`,
    so the two games are the same until the first choice the two bots make differently.
    `times` are the seat's decisions in processor seconds of the deciding thread."""
    s = GAME.new_state(players, seed)
    seat = seat_of(s.identity, kind, seed) if kind else -1
    agents = [make_agent(bot if p == seat else others, seed * 1000 + p, seconds)
              for p in range(players)]
    worlds = Rng(seed ^ 0xD15C)
    times = []
    while not s.is_over():
        p = s.to_act()[0]
        start = time.thread_time()
        a = decide(agents[p], s, p, worlds)
        if p == seat:
            times.append(round(time.thread_time() - start, 5))
        s.step(p, a)
    out = s.outcome()
    return {"players": players, "seed": seed, "bot": bot or others, "others": others,
            "kind": kind, "seat": seat, "identities": list(s.identity), "result": out.rank,
            "winners": list(out.winners), "turns": s.turn, "times": times}


def _seat_task(task: tuple) -> dict:
    players, seed, kw = task
    return play_seat(players, seed, **kw)


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % (Wilson score) interval of a share of k in n."""
    if not n:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def paired(diffs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of paired differences and its 95 % interval (normal approximation)."""
    mean = statistics.fmean(diffs)
    half = z * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return mean, mean - half, mean + half


def compare_line(upper: str, up: list[float], lower: str, low: list[float]) -> str:
    """Two bots' wins in the same seats of the same seeds: each share with its 95 % (Wilson)
    interval, whether the intervals are apart, and the paired difference with its own."""
    n, ku, kl = len(up), sum(up), sum(low)
    (ul, uh), (ll, lh) = wilson(ku, n), wilson(kl, n)
    d, dl, dh = paired([a - b for a, b in zip(up, low, strict=True)])
    apart = "apart" if ul > lh or ll > uh else "overlapping"
    return (f"{upper} {pct(ku, n)} [{100 * ul:.1f}, {100 * uh:.1f}]; {lower} "
            f"{pct(kl, n)} [{100 * ll:.1f}, {100 * lh:.1f}] ({apart}); paired difference "
            f"{100 * d:+.1f} points [{100 * dl:+.1f}, {100 * dh:+.1f}]; {n} games "
            f"({sum(a > b for a, b in zip(up, low, strict=True))} won only by {upper}, "
            f"{sum(a < b for a, b in zip(up, low, strict=True))} only by {lower})")


def levels_report(pairing: str, games: int, players: int, seed: int, jobs: int,
                  seconds: float | None, kinds=SEAT_KINDS, log_dir: str | None = None) -> str:
    """For each seat kind: the upper level alone in that seat among lower bots, against the
    lower bot in the same seat of the same games (the all-lower game of each seed)."""
    upper, lower = PAIRINGS[pairing]
    seeds = range(seed, seed + games)
    out = []

    def say(line: str) -> None:
        out.append(line)
        print(line, flush=True)

    def log(name: str) -> str | None:
        return f"{log_dir}/{pairing}-{name}-{players}p.jsonl" if log_dir else None

    base = {r["seed"]: r for r in run_games(_seat_task, [(players, x, {"others": lower})
                                                         for x in seeds], jobs, log("base"),
                                            label=f"all {lower}")}
    say(f"{upper} alone among {lower} bots against all-{lower} games, {players} players, "
        f"seeds {seed}–{seed + games - 1} (95 % intervals):")
    times: list[float] = []
    ups: list[float] = []
    lows: list[float] = []
    for kind in kinds:
        res = run_games(_seat_task, [(players, x, {"others": lower, "bot": upper,
                                                   "kind": kind, "seconds": seconds})
                                     for x in seeds], jobs, log(kind), label=f"{upper} {kind}")
        up = [float(r["seat"] in r["winners"]) for r in res]
        low = [float(seat_of(base[r["seed"]]["identities"], kind, r["seed"])
                     in base[r["seed"]]["winners"]) for r in res]
        say(f"  {kind:9} " + compare_line(upper, up, lower, low))
        ups += up
        lows += low
        times += [t for r in res for t in r["times"]]
    if len(kinds) > 1:
        say("  every seat kind (each equally often): " + compare_line(upper, ups, lower, lows))
    if times:
        times.sort()
        say(f"  {upper}'s decisions: {len(times)}, mean {1000 * statistics.fmean(times):.1f} "
            f"ms, p95 {1000 * times[int(0.95 * (len(times) - 1))]:.1f} ms, max "
            f"{1000 * times[-1]:.1f} ms (processor time of the deciding thread)")
    return "\n".join(out)


def explain_report(players: int, seed: int, turn: int) -> str:
    """An all-heuristic game played to the start of `turn`: what each living seat believes
    of every other (HeuristicAgent.explain), the true identities beside it."""
    s = GAME.new_state(players, seed)
    agents = [HeuristicAgent(seed * 1000 + p) for p in range(players)]
    worlds = Rng(seed ^ 0xD15C)
    while not s.is_over() and s.turn < turn:
        p = s.to_act()[0]
        s.step(p, decide(agents[p], s, p, worlds))
    out = [f"{players} players, seed {seed}, turn {s.turn}: "
           + ", ".join(f"{s.seat_name(p)} {s.identity[p]}" for p in range(players))]
    for me in range(players):
        if s.alive[me] and not s.is_over():
            out.append(f"{s.seat_name(me)} ({s.identity[me]}) believes:")
            out += [f"  {line}" for line in agents[me].explain(s, me)]
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    i = sub.add_parser("infer", help="identity inference and inference on/off")
    i.add_argument("--games", type=int, default=500)
    i.add_argument("--players", type=int, default=8)
    sh = sub.add_parser("shares", help="win shares by side; heuristic against random")
    sh.add_argument("--games", type=int, default=1000)
    sh.add_argument("--players", type=int, nargs="*", default=[5, 8])
    sh.add_argument("--vs-random", type=int, default=None,
                    help="games for each heuristic-against-random part (default: --games)")
    sh.add_argument("--log-dir", default=None, help="keep each part's games as JSON lines here")
    lo = sub.add_parser("lord", help="a bot in the Lord's seat against heuristic players")
    lo.add_argument("--bot", default="ismcts")
    lo.add_argument("--games", type=int, default=200)
    lo.add_argument("--players", type=int, default=8)
    lo.add_argument("--seconds", type=float, default=1.0)
    lo.add_argument("--log", default=None)
    su = sub.add_parser("summary", help="summarise a `lord` log")
    su.add_argument("log")
    lv = sub.add_parser("levels", help="each level alone in a seat kind against the one below")
    lv.add_argument("--pairing", choices=sorted(PAIRINGS), default="hard",
                    help="hard: the searching bot against Normal; strong: the strong bot against "
                         "Normal; easy: Normal against Easy")
    lv.add_argument("--games", type=int, default=200)
    lv.add_argument("--players", type=int, default=5)
    lv.add_argument("--seconds", type=float, default=None,
                    help="the searching bot's budget per decision (default its own)")
    lv.add_argument("--kinds", nargs="*", default=list(SEAT_KINDS), choices=SEAT_KINDS)
    lv.add_argument("--log-dir", default=None, help="keep each part's games as JSON lines here")
    ex = sub.add_parser("explain", help="what every seat believes at a turn of a game")
    ex.add_argument("--players", type=int, default=8)
    ex.add_argument("--seed", type=int, default=1)
    ex.add_argument("--turn", type=int, default=12)
    for p in (i, sh, lo, lv):
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.what == "infer":
        print(infer_report(args.games, args.players, args.seed, args.jobs))
    elif args.what == "shares":
        shares_report(args.games, args.players, args.seed, args.jobs, args.vs_random,
                      args.log_dir)
    elif args.what == "lord":
        print(lord_report(args.bot, args.games, args.players, args.seed, args.jobs,
                          args.seconds, args.log))
    elif args.what == "levels":
        levels_report(args.pairing, args.games, args.players, args.seed, args.jobs,
                      args.seconds, args.kinds, args.log_dir)
    elif args.what == "explain":
        print(explain_report(args.players, args.seed, args.turn))
    elif args.what == "summary":
        print(lord_summary(read_log(args.log), "logged"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
