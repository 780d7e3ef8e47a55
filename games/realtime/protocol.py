"""The two vocabularies of the live table, kept together so neither drifts.

Channel-layer message types (server to consumer) are dotted names; Channels calls the consumer
method with the dot turned into an underscore. Client message kinds travel over the WebSocket.
docs/protocol.md describes every field.
"""

from __future__ import annotations

from typing import Any

# Channel layer: sent by services to groups, handled by consumers.GameConsumer.
LAYER_UPDATE = "game.update"  # to game-<id>-seat-<n>: events and view as that seat sees them
LAYER_PUBLIC = "game.public"  # to game-<id>-watching: events and view as a spectator sees them
LAYER_PRESENCE = "game.presence"  # to game-<id>: who sits where, who is connected
LAYER_RULES = "game.rules"  # to game-<id>: its ruleset changed (a time limit): drop cached Matches
LAYER_ANSWERED = "game.answered"  # to game-<id>-seat-<n>: your claim answer is recorded
LAYER_PROPOSAL = "game.proposal"  # to game-<id>: a proposal to end a rated game now, and answers
# Table talk (services/talk.py): a `talk` frame and who of the group's sockets may read it.
LAYER_TALK = "game.talk"
TO_ALL, TO_SPECTATORS, TO_PLAYERS = "all", "spectators", "players"
# To user-<id>, every table socket of that person (services/challenges.py): a challenge was sent
# to them, answered, or withdrawn. The page asks /notices.json at once instead of at its next poll.
LAYER_PEOPLE_NOTICE = "people.notice"
# The `notice` of a game.presence message that tells consumers to look up their seat again.
NOTICE_SEATS = "seats"  # a seat was taken or left, or a bot added or removed
NOTICE_STARTED = "started"  # the deal: seats were drawn; every connection gets a fresh state

# Client to server.
C_ACTION = "action"  # {"type": "action", "action": {...}, "version": n}
C_SYNC = "sync"  # {"type": "sync"}
C_RESIGN = "resign"  # {"type": "resign", "version": n}: a casual game (services/departures.py)
C_PROPOSE_END = "propose_end"  # {"type": "propose_end", "version": n}: a rated game, now
C_ANSWER_END = "answer_end"  # {"type": "answer_end", "proposal": id, "accept": true | false}
C_TALK = "talk"  # {"type": "talk", "code": "good_luck"} or {"type": "talk", "text": "..."}
CLIENT_KINDS = (C_ACTION, C_SYNC, C_RESIGN, C_PROPOSE_END, C_ANSWER_END, C_TALK)

# Server to client.
S_STATE = "state"  # the whole view: on connect and on sync
S_UPDATE = "update"  # events since `from` and the new view
S_LOG = "log"  # the rest of a state's deal history, when it did not fit beside the view
S_PRESENCE = "presence"
S_ACK = "ack"  # your action was applied (or had already been: "duplicate": true)
S_ANSWERED = "answered"  # your claim answer is recorded; revealed to others when the window closes
S_ERROR = "error"
S_PROPOSAL = "proposal"  # the open proposal to end the game now (or null), and what just happened
S_TALK = "talk"  # lines said at the table: one as it is said, or the recent ones after a state
S_NOTICE = "notice"  # {"type": "notice", "about": "challenge" | "answer" | "withdrawn"}

# No frame the server sends is larger, whatever the game's length: a frame carries one change,
# one view or one slice of a deal's history (the server's own cap, serve.py, is 64 KiB).
FRAME_BUDGET = 16 * 1024

# Error codes the web layer adds to the engine's own (bad_notation, illegal_action, ...).
E_BAD_JSON = "bad_json"
E_TOO_LARGE = "too_large"
E_UNKNOWN_TYPE = "unknown_type"
E_BAD_MESSAGE = "bad_message"
E_NOT_SEATED = "not_seated"
E_NOT_YOUR_SEAT = "not_your_seat"
E_STALE = "stale"
E_ALREADY_ANSWERED = "already_answered"
E_NOT_STARTED = "not_started"
E_GAME_OVER = "game_over"
E_RATE_LIMITED = "rate_limited"
E_SERVER = "server_error"
# Resigning and ending early (services/departures.py, services/endings.py).
E_RATED_TABLE = "rated_table"  # no resigning a rated game: propose ending it instead
E_CASUAL_TABLE = "casual_table"  # no ending by agreement at a casual table: resign instead
E_TOURNAMENT_TABLE = "tournament_table"  # a tournament table plays to its end
E_NO_PROPOSAL = "no_proposal"  # the proposal answered is not open (lapsed, declined, ended)
E_PROPOSED_ALREADY = "proposed_already"  # one proposal a person on a standing
# Table talk (services/talk.py).
E_SIGN_IN = "sign_in"  # only the signed in talk at a table
E_TALK_OFF = "talk_off"  # free text is off at this table (the reason says why): canned lines only
E_BAD_TEXT = "bad_text"  # empty, too long, or with control characters
# Moderation (services/moderation.py).
E_SILENCED = "silenced"  # staff silenced the account for a time (the message says until when)
E_FILTERED = "filtered"  # a word of the operator's filter refuses the whole line


def group_for_game(game_id: int) -> str:
    return f"game-{game_id}"


def group_for_spectators(game_id: int) -> str:
    """Only the sockets without a seat: the players' own frames already carry the public facts."""
    return f"game-{game_id}-watching"


def group_for_seat(game_id: int, seat: int) -> str:
    return f"game-{game_id}-seat-{seat}"


def group_for_user(user_id: int) -> str:
    """Every table socket of one person, whatever the table: the challenges' notices."""
    return f"user-{user_id}"


def error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"type": S_ERROR, "code": code, "message": message, **extra}
