"""The Monster Hunter trading card game (2007, rules revision of 25 January 2008), 2-4 players.

Spec: ../shared/rules/mhtcg.md. The card data loader is in cards.py, the table of sheets in
maps.py, equipment queries (stats, boosts, equip price, material payment) in gear.py.
"""
