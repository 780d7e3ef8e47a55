"""The phases of a deal."""

INITIAL_KONG = "initial_kong"  # after the deal: a seat may declare concealed kongs (000 §2.2)
EXCHANGE = "exchange"  # a Goulash: three rounds of 3-tile exchanges before play (001)
PLAY = "play"  # `turn` must discard (or declare a kong, or go out)
CLAIM = "claim"  # the window after a discard
ROB = "rob"  # the window after a kong declaration, for robbing it
OVER = "over"
