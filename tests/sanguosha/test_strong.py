"""The Hard level's bot (game/sanguosha/bots.py StrongAgent): where it plays unlike the
heuristic (the Normal level), each from a hand-made position. tests/sanguosha/helpers.table:
P0 is the Lord; identities in order lord, loyalist, rebel, renegade, rebel."""

from __future__ import annotations

from game.core.contract import Action
from game.sanguosha import GAME
from game.sanguosha.bots import HeuristicAgent, StrongAgent
from tests.sanguosha.helpers import cid, table

PLAIN = "xuchu"  # a general whose skills ask nothing of these positions


def choice(bot, s, seat):
    s.forget()
    return bot.choose(s, seat)


def test_a_general_is_chosen_for_the_identity():
    """Offered Diao Chan and Zhang Liao, a Loyalist takes Zhang Liao (the heuristic, for any
    identity: Diao Chan)."""
    s = GAME.new_state(5, 0)
    s.step(s.lord, s.legal_actions(s.lord)[0])
    (seat,) = s.to_act()
    assert s.identity[seat] == "loyalist"
    s.offers[seat] = ["diaochan", "zhangliao", "xuchu"]
    assert choice(StrongAgent(1), s, seat).option == "zhangliao"
    assert choice(HeuristicAgent(1), s, seat).option == "diaochan"


def test_a_loyalist_heals_with_a_peach_whenever_hurt():
    s = table([PLAIN] * 5, current=1, hands={1: ["h3-peach"]}, hp={1: 3})
    assert choice(StrongAgent(1), s, 1) == Action("use", (cid("h3-peach"),), (1,),
                                                  ("peach", ""))
    assert choice(HeuristicAgent(1), s, 1).kind == "end"

