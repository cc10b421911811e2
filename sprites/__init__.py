"""What is drawn: card faces, zones, the dice tray, the coin, widgets, tweens."""
