from django.contrib.auth import views as auth_views
from django.urls import path

from games.access.limits import limit_posts, limit_requests, limit_running
from games.web.pages import (
    analysis,
    analysis_board,
    api,
    bot_api,
    calculator,
    endgame,
    hints,
    history,
    leaderboard,
    lobby,
    players,
    queue,
    records,
    rules,
    scoring_glossary,
    signup,
    table,
    tournament_claim,
    tournament_exports,
    tournaments,
)
from games.web.pages import puzzles as puzzle_pages
from games.web.pages import replay as replay_pages

# Work a request can cause, bounded per address (the bounds: games/access/limits.py).

urlpatterns = [
    path("", lobby.home, name="home"),
    path("favicon.ico", lobby.favicon, name="favicon"),
    path("lobby/", lobby.lobby, name="lobby"),
    path("play-now/", limit_posts("tables")(lobby.play_now), name="play_now"),
    path("game/new/", limit_posts("tables")(lobby.create), name="game_create"),
    path("t/<str:invite>/", lobby.invited, name="invited"),
    path("game/<int:game_id>/", table.table, name="table"),
    path("game/<int:game_id>/join/", table.join, name="game_join"),
    path("game/<int:game_id>/leave/", table.leave, name="game_leave"),
    path("game/<int:game_id>/bot/", table.add_bot, name="game_add_bot"),
    path("game/<int:game_id>/start/", table.start, name="game_start"),
    path("game/<int:game_id>/hints.json", hints.hints, name="game_hints"),
    path("game/<int:game_id>/analysis.json", analysis.analysis,
         name="game_analysis"),
    path("game/<int:game_id>/decisions.json", analysis_board.decisions,
         name="game_decisions"),
    path("game/<int:game_id>/own-puzzles.json", analysis.own_puzzles,
         name="game_own_puzzles"),
    path("game/<int:game_id>/replay/", replay_pages.replay, name="game_replay"),
    path("game/<int:game_id>/replay/steps.json", limit_running("steps")(
        replay_pages.steps), name="game_replay_steps"),
    path("game/<int:game_id>/replay/extras.json", replay_pages.extras, name="game_replay_extras"),
    path("game/<int:game_id>/record.json", records.record, name="game_record"),
    path("game/<int:game_id>/plot/", endgame.plot, name="game_plot"),
    path("game/<int:game_id>/again/", endgame.play_again, name="game_again"),
    path("queue/", queue.page, name="queue"),
    path("queue/join/", limit_posts("queue-join")(
        queue.join), name="queue_join"),
    path("queue/poll.json", queue.poll, name="queue_poll"),
    path("queue/leave/", queue.leave, name="queue_leave"),
    path("leaderboard/", leaderboard.leaderboard, name="leaderboard"),
    path("games/", history.history, name="history"),
    path("games/import/", limit_posts("import")(
        records.import_view), name="game_import"),
    path("u/<str:name>/", players.player, name="player"),
    path("u/", players.player_by_query, name="player_by_query"),
    path("tournaments/", tournaments.tournament_list, name="tournaments"),
    path("tournaments/<int:tournament_id>/", tournaments.tournament_detail, name="tournament"),
    path(
        "tournaments/<int:tournament_id>/results.csv",
        tournament_exports.tournament_csv,
        name="tournament_csv",
    ),
    path(
        "tournaments/<int:tournament_id>/standings.csv",
        tournament_exports.standings_csv,
        name="tournament_standings_csv",
    ),
    path(
        "tournaments/<int:tournament_id>/mers.csv",
        tournament_exports.mers_csv,
        name="tournament_mers_csv",
    ),
    path(
        "tournaments/<int:tournament_id>/status.json",
        tournaments.tournament_status,
        name="tournament_status",
    ),
    path(
        "tournaments/<int:tournament_id>/register/",
        tournaments.tournament_register,
        name="tournament_register",
    ),
    path(
        "tournaments/<int:tournament_id>/slips/",
        tournaments.tournament_slips,
        name="tournament_slips",
    ),
    path(
        "tournaments/<int:tournament_id>/check-in/",
        tournaments.tournament_check_in,
        name="tournament_check_in",
    ),
    path(
        "tournaments/<int:tournament_id>/claim/<str:code>/",
        tournament_claim.tournament_claim,
        name="tournament_claim",
    ),
    path(
        "tournaments/<int:tournament_id>/withdraw/",
        tournaments.tournament_withdraw,
        name="tournament_withdraw",
    ),
    path("calculator/", calculator.page, name="calculator"),
    path("calculator/score.json", calculator.score, name="calculator_score"),
    path("rules/", rules.page, name="rules"),
    path("puzzles/", puzzle_pages.run, name="puzzles"),
    path("puzzles/<int:puzzle_id>/", puzzle_pages.detail, name="puzzle"),
    path("puzzles/<int:puzzle_id>/answer.json", puzzle_pages.answer, name="puzzle_answer"),
    path("analysis/", analysis_board.page, name="analysis_board"),
    path("analysis/weigh.json", analysis_board.weigh, name="analysis_board_weigh"),
    path("rules/scoring/", scoring_glossary.page, name="rules_scoring"),
    path("rules/names/<str:language>.json", scoring_glossary.names_json, name="rule_names"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", signup.signup, name="signup"),
    # Bots (docs/bot-api.md): the account's page, and a bot's requests with its token.
    path("account/bot/", bot_api.manage, name="bot_account"),
    path("api/bot/account/", limit_requests("bot-api")(bot_api.account), name="api_bot_account"),
    path("api/bot/challenge/", limit_requests("bot-api")(bot_api.challenge),
         name="api_bot_challenge"),
    path("api/bot/games/<int:game_id>/join/", limit_requests("bot-api")(bot_api.join),
         name="api_bot_join"),
    path("api/bot/arena/", limit_requests("bot-api")(bot_api.arena_queue), name="api_bot_arena"),
    path("game/<int:game_id>/invite-bot/", bot_api.invite, name="game_invite_bot"),
    # The read API (docs/bot-api.md, "The read API"): public, limited per address.
    path("api/players/<str:name>/", limit_requests("api")(api.player), name="api_player"),
    path("api/players/<str:name>/games/", limit_requests("api")(api.player_games),
         name="api_player_games"),
    path("api/players/<str:name>/ratings/<str:ruleset>/", limit_requests("api")(
        api.rating_history), name="api_rating_history"),
    path("api/games/<int:game_id>/", limit_requests("api")(api.game), name="api_game"),
    path("api/leaderboard/<str:ruleset>/", limit_requests("api")(api.leaderboard),
         name="api_leaderboard"),
    path("api/tournaments/<int:tournament_id>/standings/", limit_requests("api")(
        api.tournament_standings), name="api_tournament_standings"),
]
