"""The Agent protocol: what every bot answers (the lowest piece of game/ai: the search and
the bots build on it)."""

from __future__ import annotations

from game.core.contract import Action, State
from game.core.rng import Rng


class Agent:
    """A seat's player. `choose` is given a state that holds only what the seat may know (the
    match and the AI worker pass a determinization through `decide`, never the real state),
    except for bots a game declares as measurement bounds (`Game.measurement_bots`)."""

    name = "agent"

    def choose(self, state: State, player: int) -> Action:
        """Pick one of `state.legal_actions(player)`."""
        raise NotImplementedError

    def meet_people(self, seats: tuple[int, ...]) -> None:
        """Called once, before the first move, with the seats of the people at the table (who is
        a person is public), e.g. to keep conventions a person may not know away from them."""

    def observe(self, state: State, player: int, action: Action) -> None:
        """Called when a saved game is replayed, with each of the bot's own past moves before it
        is applied, so that a bot with a memory resumes as if the game had never stopped."""

    def choose_seat_options(self, game, seat: int, rng: Rng) -> dict:
        """The bot's own seat options (e.g. a deck) for a new game; {} takes the defaults."""
        return {}
