from django.contrib.auth import views as auth_views
from django.urls import path

from . import views
from .pages import calculator, rules, tournaments

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("lobby/", views.lobby, name="lobby"),
    path("play-now/", views.play_now, name="play_now"),
    path("game/new/", views.create, name="game_create"),
    path("game/<int:game_id>/", views.table, name="table"),
    path("game/<int:game_id>/join/", views.join, name="game_join"),
    path("game/<int:game_id>/leave/", views.leave, name="game_leave"),
    path("game/<int:game_id>/bot/", views.add_bot, name="game_add_bot"),
    path("game/<int:game_id>/start/", views.start, name="game_start"),
    path("game/<int:game_id>/record.json", views.record, name="game_record"),
    path("tournaments/", tournaments.tournament_list, name="tournaments"),
    path("tournaments/<int:tournament_id>/", tournaments.tournament_detail, name="tournament"),
    path(
        "tournaments/<int:tournament_id>/results.csv",
        tournaments.tournament_csv,
        name="tournament_csv",
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
        "tournaments/<int:tournament_id>/withdraw/",
        tournaments.tournament_withdraw,
        name="tournament_withdraw",
    ),
    path("calculator/", calculator.page, name="calculator"),
    path("calculator/score.json", calculator.score, name="calculator_score"),
    path("rules/", rules.page, name="rules"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", views.signup, name="signup"),
]
