"""Game-independent AI: the Agent protocol, a random agent, and ISMCTS."""
