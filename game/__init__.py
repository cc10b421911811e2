"""Card Table's rules module: headless, pure Python, no pygame or pymunk.

Every game implements the contract in `game.core.contract`; `game.registry` finds them.
"""
