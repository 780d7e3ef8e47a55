#!/usr/bin/env python3
"""An example bot for this site's bot protocol (docs/bot-api.md), in one file.

It speaks only the protocol: the Python standard library and `websockets`, nothing of the
site's code. It asks for a table against three of the site's bots (or takes a seat at an open
lobby table with --game), connects to its seat with its token in a header, and plays: whenever a
`turn` frame arrives it picks one of the legal actions with a simple strategy and answers with
the turn's sequence number.

    python examples/bot.py --token mjb_...                 # against three site bots
    python examples/bot.py --token mjb_... --game 12       # an open casual table, number 12
    python examples/bot.py --token mjb_... --arena         # a rated game in the bots' arena
    python examples/bot.py --token mjb_... --wait          # a table a person invites it to

The strategy: go out whenever it may; claim a kong or a pung, never a chow; declare concealed
kongs; discard the tile that helps the hand least (a lone honour first, then a lone terminal,
then the tile with the fewest neighbours); in a Goulash's exchanges pass the three least useful.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
import urllib.error
import urllib.request
from collections import Counter

import websockets

PROTOCOL = "mahjong-bot"
CLAIM_ORDER = ("win", "kong", "pung", "concealed_kong", "promote_kong")


# The strategy: pure functions of the legal actions and the seat's view.

def usefulness(tile: str, hand: list[str]) -> int:
    """How much `tile` helps `hand` (which holds it): pairs and runs count, lone honours least."""
    counts = Counter(hand)
    score = 10 * (counts[tile] - 1)
    suit, rank = tile[0], tile[1]
    if suit in "bcd" and rank.isdigit():
        n = int(rank)
        for step, weight in ((1, 4), (2, 2)):
            for near in (n - step, n + step):
                if 1 <= near <= 9 and counts[f"{suit}{near}"]:
                    score += weight
        score += 1 if n in (1, 9) else 2  # a middle tile makes more runs
    return score


def least_useful(hand: list[str], choices: list[str]) -> str:
    return min(sorted(choices), key=lambda t: usefulness(t, hand))


def choose(legal: list[dict], view: dict) -> dict:
    """One of `legal`, as it will be sent (the server fills in the seat)."""
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    for kind in ("ready",) + CLAIM_ORDER:
        if kind in by_type:
            return by_type[kind][0]
    hand = (view.get("hand") or "").split() + ([view["drawn"]] if view.get("drawn") else [])
    if "exchange" in by_type:  # a Goulash: three of our own tiles, the least useful
        rest, chosen = list(hand), []
        for _ in range(3):
            tile = least_useful(rest, rest)
            chosen.append(tile)
            rest.remove(tile)
        return {"type": "exchange", "tiles": " ".join(chosen)}
    if "discard" in by_type:
        plain = [a for a in by_type["discard"] if not a.get("call")] or by_type["discard"]
        tile = least_useful(hand, [a["tile"] for a in plain])
        return next(a for a in plain if a["tile"] == tile)
    if "pass" in by_type:
        return by_type["pass"][0]
    return legal[0]


# The protocol.

def request(base: str, token: str, path: str, body: dict | None = None) -> dict:
    """One HTTP request to the bot API; its JSON answer (an HTTP error raises with its reason)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base.rstrip("/") + path, data=data, method="POST" if data else "GET",
                                 headers={"Authorization": f"Bearer {token}",
                                          "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as exc:
        raise SystemExit(f"{path}: {exc.code} {exc.read().decode(errors='replace')}") from None


def socket_url(base: str, path: str) -> str:
    return base.rstrip("/").replace("https://", "wss://").replace("http://", "ws://") + path


async def play(base: str, token: str, socket: str, log=print) -> tuple[dict, dict]:
    """Play one game to its end on `socket`: the last view (its standings), and the players'
    names by seat."""
    view: dict = {}
    names: dict = {}  # seat: name, and "me": this bot's seat
    headers = {"Authorization": f"Bearer {token}"}
    async with websockets.connect(socket_url(base, socket), additional_headers=headers,
                                  max_size=None) as ws:
        async for text in ws:
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "hello":
                log(f"{frame['bot']} at game {frame['game']} ({frame['protocol']} "
                    f"v{frame['version']})")
            elif kind in ("state", "update") and frame.get("view"):
                view = frame["view"]
                if frame.get("status") in ("finished", "abandoned"):
                    return view, names
            if kind in ("state", "presence"):
                names = {s["seat"]: s["name"] for s in frame["seats"] if s["seat"] is not None}
            if kind == "state" and frame.get("seat") is not None:
                names["me"] = frame["seat"]
            elif kind == "turn":
                action = choose(frame["legal_actions"], view)
                await ws.send(json.dumps({"type": "action", "action": action,
                                          "version": frame["seq"]}))
            elif kind == "error" and frame["code"] != "stale":
                # `stale`: the game moved on first; the next turn frame asks again.
                log(f"refused: {frame['code']}: {frame['message']}")
    return view, names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default=os.environ.get("MAHJONG_SERVER",
                                                           "http://127.0.0.1:8000"))
    parser.add_argument("--token", default=os.environ.get("MAHJONG_BOT_TOKEN"),
                        help="the bot's play token (or MAHJONG_BOT_TOKEN)")
    parser.add_argument("--game", type=int, help="take a seat at this open lobby table")
    parser.add_argument("--arena", action="store_true",
                        help="wait in the bots' arena for a rated bot game (the site's levels "
                             "fill the table unless --no-levels)")
    parser.add_argument("--no-levels", action="store_true")
    parser.add_argument("--wait", action="store_true",
                        help="wait until a person invites the bot to their table, and play it")
    parser.add_argument("--ruleset", default="chinese-classical")
    parser.add_argument("--settings", default="{}",
                        help='ruleset settings as JSON, e.g. \'{"rounds": 1}\'')
    parser.add_argument("--opponents", default="beginner,intermediate,strong",
                        help="the three site bots' levels")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("a token is needed: --token or MAHJONG_BOT_TOKEN")
    if args.arena:
        while True:  # asked again every few seconds while waiting, as the arena wants
            seated = request(args.server, args.token, "/api/bot/arena/",
                             {"ruleset": args.ruleset, "levels": not args.no_levels})
            if seated["state"] == "seated":
                break
            time.sleep(3)
    elif args.wait:
        while True:  # the bot's tables not over yet, where a person may have seated it
            games = request(args.server, args.token, "/api/bot/account/")["games"]
            if games:
                seated = games[-1]
                break
            time.sleep(3)
    elif args.game is not None:
        seated = request(args.server, args.token, f"/api/bot/games/{args.game}/join/", {})
    else:
        seated = request(args.server, args.token, "/api/bot/challenge/", {
            "ruleset": args.ruleset, "settings": json.loads(args.settings),
            "opponents": args.opponents.split(",")})
    view, names = asyncio.run(play(args.server, args.token, seated["socket"]))
    for row in view.get("standings") or []:
        seat = row.get("seat")
        me = " (this bot)" if seat == names.get("me") else ""
        print(f"place {row.get('place')}: {names.get(seat, f'seat {seat}')}{me}, "
              f"{row.get('points')} points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
