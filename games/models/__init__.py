"""What is persisted, by domain: a game and its seats and moves (games.py), a person's rows
(players.py), tournaments (tournaments.py), bot accounts (bots.py), puzzles (puzzles.py), what
is said at a table (talk.py), friends, challenges and moderation (people.py); the states they go
through (status.py). Everything is importable from here, as Django expects."""

from games.models.bots import BotAccount, BotToken
from games.models.games import (
    BOT_LEVELS,
    BOT_NAMES,
    OFFERED_BOT_LEVELS,
    Analysis,
    Connection,
    Game,
    Move,
    Seat,
    Snapshot,
    Watcher,
)
from games.models.people import (
    Block,
    Challenge,
    ChallengeStatus,
    FilteredWord,
    Follow,
    Mute,
    Report,
    ReportReason,
    ReportStatus,
    Silence,
)
from games.models.players import (
    PROVISIONAL_GAMES,
    RATING_CENTRE,
    RATING_OFFSET,
    RATING_SCALE,
    PlayerStat,
    Profile,
    QueueEntry,
    Rating,
    RatingChange,
    shown_rating,
)
from games.models.puzzles import Puzzle, PuzzleAttempt, PuzzleRating, PuzzleSource
from games.models.status import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LEFT,
    OPEN,
    PLANNED,
    PLAYING,
    RESIGNED,
    RUNNING,
    SEATED,
    GameStatus,
    RoundStatus,
    TournamentStatus,
)
from games.models.talk import TalkLine
from games.models.tournament_records import (
    MAX_ADJUSTMENT_SCORE,
    MAX_ADJUSTMENT_TABLE_POINTS,
    AuditLog,
    Correction,
    Penalty,
)
from games.models.tournaments import (
    ENTRY_NAME_MAX,
    FILL_BOTS,
    FILL_SITOUT,
    WITHDRAW_BOT,
    WITHDRAW_SKIP,
    Entry,
    Round,
    Table,
    TableSeat,
    Tournament,
    claim_code,
    parse_table_points,
)
