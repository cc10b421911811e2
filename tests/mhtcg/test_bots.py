"""The Monster Hunter heuristic bot (game/mhtcg/bots.py): it decides from its seat's information
only and it follows its priority list in hand-made positions; ISMCTS scores cut-off playouts by
each seat's chance of winning and overrules the heuristic only with confidence. Seats: 0 Kokoto
(Great Sword), 1 Minegarde (Sword and Shield), 2 Pokke (Lance), 3 Dundorma (Bowgun)."""

from game.ai.agents import decide
from game.core.rng import Rng
from game.mhtcg import GAME
from game.mhtcg.bots import (
    CUTOFF,
    MIN_VISITS,
    HeuristicAgent,
    MhIsmcts,
    RootSearch,
    Spread,
    evaluate,
    life_cost,
    unseen_monsters,
)
from game.mhtcg.setups import (
    asked,
    deck,
    gear,
    give,
    grave,
    hunt,
    hunter_at,
    materials,
    monster,
    seat,
    start,
    table,
)
from tests.contract import check_bot_is_honest

KOKOTO, MINEGARDE, POKKE, DUNDORMA = 0, 1, 2, 3


def choice(s, p):
    return HeuristicAgent(0).choose(s, p)


def test_the_heuristic_plays_the_same_game_through_determinizations_as_on_the_real_state():
    """Handed a fresh determinization at every decision (hidden cards dealt anew), it makes the
    very choices it makes on the real state, for a whole game: it reads no hidden card."""
    for players, seed in ((4, 3), (2, 5)):
        real, world = GAME.new_state(players, seed), GAME.new_state(players, seed)
        bots = [HeuristicAgent(p) for p in range(players)]
        worlds = Rng(seed)
        while not real.is_over():
            p = real.to_act()[0]
            a = bots[p].choose(real, p)
            b = decide(bots[p], world, p, worlds)
            assert a == b, f"{players}p seed {seed} round {real.round}: {a} != {b}"
            real.step(p, a)
            world.step(p, b)


def test_the_heuristic_is_honest_deep_into_its_own_games():
    for players in (3, 4):
        assert check_bot_is_honest(GAME, HeuristicAgent, players, range(2), positions=25,
                                   guide=HeuristicAgent) > 0


def test_a_face_down_monster_is_estimated_from_the_owners_unseen_monsters():
    s = table()
    token = monster(s, MINEGARDE, 1, "M21")
    grave(s, MINEGARDE, len(s.deck[MINEGARDE]))  # every other card of seat 1 is public
    assert token and [m.id for m in unseen_monsters(s, MINEGARDE)] == ["M21"]


def test_a_sure_kill_is_attacked():
    s = table()
    gear(s, KOKOTO, weapon="W02")  # Buster Sword: ATK 4
    hunter_at(s, KOKOTO, MINEGARDE, 2)
    monster(s, MINEGARDE, 2, "M19")  # a face-down Khezu, and a face-up Kut-Ku (HP 5) hurt 1
    kutku = monster(s, MINEGARDE, 2, "M11", face_up=True, damage=1)
    hunt(s)
    while asked(s) != "target":
        s.step(seat(s), choice(s, seat(s)))
    assert choice(s, KOKOTO).target == kutku


def test_no_unknown_monster_is_turned_up_when_its_strike_would_retreat_a_doomed_hunter():
    s = table()
    s.retreats[KOKOTO] = 2
    deck(s, KOKOTO, 2)
    hunter_at(s, KOKOTO, MINEGARDE, 2)
    monster(s, MINEGARDE, 2, "M19")  # Khezu, Ambush: strikes first for 3
    hunt(s)
    while asked(s) != "target":
        s.step(seat(s), choice(s, seat(s)))
    assert choice(s, KOKOTO).kind == "no_attack"


def test_retreat_near_the_hunter_stays_out_of_a_face_up_monsters_area():
    s = table()
    s.retreats[KOKOTO] = 1
    deck(s, KOKOTO, 3)
    hunter_at(s, KOKOTO, KOKOTO, 3)
    monster(s, MINEGARDE, 2, "M23", face_up=True)  # Tigrex, ATK 6, one step away
    start(s, "move_turn", "move")
    assert choice(s, KOKOTO).target != (MINEGARDE, 2)


def test_a_bomb_that_defeats_a_monster_is_used():
    s = table()
    hunter_at(s, DUNDORMA, KOKOTO, 2)
    rathian = monster(s, KOKOTO, 2, "M16", face_up=True, damage=4)  # 3 HP left
    bomb = give(s, DUNDORMA, "I06")[0]
    hunt(s)
    while not (asked(s) == "window" and seat(s) == DUNDORMA):
        s.step(seat(s), choice(s, seat(s)))
    a = choice(s, DUNDORMA)
    assert (a.kind, a.source, a.target) == ("item", bomb, rathian)


def test_a_pitfall_trap_stops_an_attack_that_would_cost_cards():
    s = table()
    hunter_at(s, POKKE, KOKOTO, 2)
    tigrex = monster(s, KOKOTO, 2, "M23", face_up=True)
    trap = give(s, POKKE, "I08")[0]
    hunt(s)
    while not (asked(s) == "window" and s.win_purpose == "monster"):
        s.step(seat(s), choice(s, seat(s)))
    while seat(s) != POKKE:
        s.step(seat(s), choice(s, seat(s)))
    a = choice(s, POKKE)
    assert (a.kind, a.source, a.target) == ("item", trap, tigrex)


def test_the_best_affordable_weapon_is_equipped_and_paid_with_the_cheapest_minimal_set():
    s = table()
    gear(s, KOKOTO, weapon="W01")
    buster, carapace = give(s, KOKOTO, "W02", "W03")
    kelbi, congalala, velociprey = materials(s, KOKOTO, "M05", "M12", "M01")  # 2, 3, 1
    start(s, "equip_turn", "equip")
    while seat(s) != KOKOTO:
        s.step(seat(s), choice(s, seat(s)))
    a = choice(s, KOKOTO)
    assert (a.kind, a.source) == ("equip", carapace)  # costs 4, the Iron Sword gives 0
    s.step(KOKOTO, a)
    paid = []
    while asked(s) == "pay":
        a = choice(s, KOKOTO)
        paid.append(a.source)
        s.step(KOKOTO, a)
    assert s.weapon[KOKOTO] == carapace and buster in s.hand[KOKOTO]
    assert sorted(paid) == sorted([congalala, velociprey]) and s.materials[KOKOTO] == [kelbi]


def test_the_hand_phase_discards_down_to_six_keeping_monsters():
    s = table()
    cards = give(s, KOKOTO, "M16", "M11", "W01", "W01", "A01", "I03", "I11")
    gear(s, KOKOTO, weapon="W02", armour="A02")
    s.round = 2
    start(s, "hand_turn", "hand")
    a = choice(s, KOKOTO)
    assert a.kind == "discard" and s.card(a.source).kind != "monster"
    assert a.source in cards


def test_a_monster_is_placed_every_round_away_from_enemy_hunters():
    s = table()
    give(s, KOKOTO, "M05", "M21")
    hunter_at(s, MINEGARDE, KOKOTO, 2)  # an enemy already on area 2
    start(s, "placement_turn", "placement")
    a = choice(s, KOKOTO)
    assert a.kind == "place" and s.cards[a.source] == "M21" and a.target != (KOKOTO, 2)


def test_losing_the_deck_costs_a_retreat_and_a_third_retreat_far_more():
    s = table()
    deck(s, KOKOTO, 3)
    first = life_cost(s, KOKOTO, 3)
    s.retreats[KOKOTO] = 2
    assert life_cost(s, KOKOTO, 2) < first < life_cost(s, KOKOTO, 3)


def test_the_game_seats_the_heuristic_by_default_with_levels():
    assert GAME.default_bot == "heuristic" and set(GAME.bot_levels) == set(GAME.bots())


# --- ISMCTS --------------------------------------------------------------------------------

def test_the_cut_off_evaluation_is_each_seats_chance_and_a_doomed_seat_has_none():
    s = GAME.new_state(4, 3)
    even = evaluate(s)
    assert abs(sum(even) - 1) < 1e-9 and max(even) - min(even) < 0.1
    s.hrp[1], s.doomed[2] = 12, True
    rewards = evaluate(s)
    assert abs(sum(rewards) - 1) < 1e-9 and rewards[2] == 0.0
    assert rewards[1] == max(rewards)


class _Search:
    """A search whose root statistics are given: action -> [visits, reward sum, availability]."""

    last_iterations = 0

    def __init__(self, table):
        self.table = table

    def search(self, state, player):
        return self.table


def _spread(deviation):
    spread = Spread()
    spread.deviation = lambda: deviation
    return spread


def test_ismcts_keeps_the_heuristics_move_unless_another_is_better_with_confidence():
    s = GAME.new_state(4, 3)
    while s.decisions[-1].kind != "move":
        p = s.to_act()[0]
        s.step(p, HeuristicAgent(0).choose(s, p))
    p = s.to_act()[0]
    quick = HeuristicAgent(0).choose(s, p)
    other = next(a for a in s.legal_actions(p) if a != quick)
    close = {quick: [40, 40 * 0.25, 40], other: [40, 40 * 0.27, 40]}
    far = {quick: [40, 40 * 0.25, 40], other: [40, 40 * 0.40, 40]}
    few = {quick: [40, 40 * 0.25, 40], other: [MIN_VISITS - 1, (MIN_VISITS - 1) * 0.9, 40]}
    bot = lambda table: MhIsmcts(_Search(table), HeuristicAgent(0), _spread(0.1))  # noqa: E731
    assert bot(close).choose(s, p) == quick  # 0.02 better is within the noise of 40 playouts
    assert bot(far).choose(s, p) == other
    assert bot(few).choose(s, p) == quick


class _Asked(HeuristicAgent):
    """The heuristic, noting whose choices it was asked for."""

    def __init__(self, seed=0):
        super().__init__(seed)
        self.seats = set()

    def choose(self, state, player):
        self.seats.add(player)
        return super().choose(state, player)


def test_the_search_branches_at_the_root_only_and_the_heuristic_makes_every_later_choice():
    s = GAME.new_state(4, 3)
    while s.round < 2 or s.decisions[-1].kind != "move":
        p = s.to_act()[0]
        s.step(p, HeuristicAgent(0).choose(s, p))
    p = s.to_act()[0]
    model = _Asked()
    search = RootSearch(1, iterations=30, playout=HeuristicAgent, others=model, cutoff=CUTOFF,
                        evaluate=evaluate)
    table = search.search(s, p)
    assert set(table) == set(s.legal_actions(p))
    assert p in model.seats  # its own later choices too: no random untried ones in the tree
