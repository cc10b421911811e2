"""The Hermitcraft TCG (spec: ../shared/rules/hermitcraft.md): card data, deck rules, rules."""
