"""The balance report checks the spec's targets T1-T3 (docs/rules/mhtcg.md, "Targets") on the
games it is given (game/mhtcg/balance.py): made-up results, so each bound is tested alone."""

from game.mhtcg.balance import targets


def result(decks, winner, rounds=7, hidden=6, kill=4):
    sources = [{"hidden": hidden, "kill": kill} for _ in decks]
    return {"rounds": rounds, "winners": [winner], "decks": list(decks), "first_dealer": 0,
            "sources": sources, "retreats": [0] * len(decks), "forfeited": [False] * len(decks),
            "reason": "20 HRP", "penalty": False, "used": [[] for _ in decks],
            "drawn": [[] for _ in decks]}


def check(results, players, name):
    _, checks = targets(results, players, "heuristic")
    return next(v for k, v in checks.items() if k.startswith(name))


def two_player_games(a_wins: int, of: int) -> list[dict]:
    """Deck A against B, C and D in turn; A wins `a_wins` of every `of` games."""
    games = []
    for i in range(12 * of):
        other = "BCD"[i % 3]
        games.append(result(("A", other), 0 if i % of < a_wins else 1))
    return games


def test_t3_with_two_players_wants_every_deck_between_35_and_65_percent():
    assert not check(two_player_games(3, 10), 2, "T3")  # A wins 30 %
    assert check(two_player_games(4, 10), 2, "T3")  # A 40 %, B, C and D 60 %


def four_player_games(rounds_of) -> list[dict]:
    return [result(("A", "B", "C", "D"), i % 4, rounds=rounds_of(i)) for i in range(40)]


def test_t1_wants_80_percent_of_four_player_games_in_6_to_9_rounds():
    assert check(four_player_games(lambda i: 5 if i % 10 == 0 else 7), 4, "T1")  # 90 %
    assert not check(four_player_games(lambda i: 5 if i % 4 == 0 else 7), 4, "T1")  # 75 %


def test_t1_wants_a_median_of_7_or_8_rounds():
    assert check(four_player_games(lambda i: 8), 4, "T1")
    assert not check(four_player_games(lambda i: 6), 4, "T1")  # all in 6-9, median 6


def test_t2_wants_hidden_monsters_to_give_45_to_65_percent_of_the_winners_hrp():
    games = two_player_games(5, 10)
    assert check(games, 2, "T2")  # 6 of 10 HRP
    for g in games:
        g["sources"] = [{"hidden": 7, "kill": 3} for _ in g["decks"]]
    assert not check(games, 2, "T2")  # 70 %
