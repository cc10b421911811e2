"""Public and secret information (spec D30): what a view shows, and what a determinization
keeps (everything the seat knows) and deals again (everything it does not)."""

from game.core.rng import Rng
from game.mhtcg import GAME, rules
from game.mhtcg.setups import give, monster, table


def test_a_face_down_monster_is_shown_only_to_its_owner():
    s = table()
    token = monster(s, 1, 1, "M16")
    for viewer, shown in ((1, True), (0, False), (None, False)):
        m = next(m for m in s.view(viewer)["monsters"] if m["token"] == token)
        assert (m["card"] is not None) == shown and not m["face_up"]


def test_hands_are_secret_but_their_size_is_public():
    s = table()
    give(s, 2, "I01", "I03")
    assert s.view(2)["seats"][2]["hand"] == s.hand[2]
    assert s.view(0)["seats"][2]["hand"] is None and s.view(0)["seats"][2]["hand_size"] == 2


def test_determinize_deals_other_seats_hands_and_face_down_monsters_again():
    s = GAME.new_state(4, 3)
    worlds = [s.determinize(0, Rng(k)) for k in range(6)]
    assert all(w.hand[0] == s.hand[0] for w in worlds)
    assert any(w.hand[1] != s.hand[1] for w in worlds)
    for w in worlds:
        assert sorted(w.hand[1] + w.deck[1]) == sorted(s.hand[1] + s.deck[1])


def test_determinize_keeps_a_monster_returned_by_replacement_in_its_owners_hand():
    s = table()
    (back,) = give(s, 1, "M01")
    s.known_hand[1].append(back)
    give(s, 1, "I01", "I03")
    for k in range(8):
        assert back in s.determinize(0, Rng(k)).hand[1]


def test_determinize_keeps_a_burrowed_monster_and_gives_face_down_slots_monsters():
    s = table()
    burrowed = monster(s, 1, 1, "M18")
    s.board[burrowed].known = True
    hidden = monster(s, 1, 2, "M16")
    give(s, 1, "I01", "I03", "M02")
    cards = set()
    for k in range(12):
        w = s.determinize(0, Rng(k))
        assert w.board[burrowed].card == s.board[burrowed].card
        assert w.card(w.board[hidden].card).kind == "monster"
        cards.add(w.board[hidden].card)
    assert len(cards) > 1


def test_determinize_keeps_the_public_potion_bottom_and_shuffles_even_its_own_deck():
    s = table()
    s.known_bottom[0] = 3
    bottom = s.deck[0][:3]
    orders = set()
    for k in range(6):
        w = s.determinize(0, Rng(k))
        assert w.deck[0][:3] == bottom
        orders.add(tuple(w.deck[0]))
    assert len(orders) > 1  # its owner does not know its deck's order either


def test_after_a_retreat_the_deck_is_dealt_only_from_the_graveyard_it_was_formed_from():
    s = table()
    give(s, 1, "I01", "I03", "I06")
    s.grave[1] = s.deck[1][:5]
    del s.deck[1][:]
    rules.retreat(s, 1, "a test")
    formed = set(s.deck[1])
    for k in range(8):
        w = s.determinize(0, Rng(k))
        assert set(w.deck[1]) == formed
        assert sorted(w.hand[1]) == sorted(s.hand[1])
