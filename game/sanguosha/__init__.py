"""Sanguosha (三國殺), standard edition: 4–10 players, hidden identities, 25 generals.

cards.py loads and validates data/sanguosha/*.toml (cards, kinds, generals, skills);
queries.py holds the pure questions the rules, the bots and the table share (identity split,
distance, attack range, target shapes, judgement results).
"""
