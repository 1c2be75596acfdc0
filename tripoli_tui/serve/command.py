"""The `tripoli serve` command: its flags (every limit with its default) and what it does."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from ..cli.out import say
from .limits import Limits

DEFAULT_PORT = 2222
DEFAULT = Limits()


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser(
        "serve", help="host the game over SSH: each key its own player and campaigns",
        description="Host the game over SSH (public-key login only): each connection plays the real "
                    "game on its own terminal, in its player's own saves folder (DATA/players/<id>/); "
                    "no shell, no command, no file transfer, no forwarding. One line per connection "
                    "goes to the log.",
        epilog="Players connect with `ssh -p PORT HOST`. The host key is made once, in DATA/host_key "
               "(mode 0600): clients can pin it. See docs/serve.md.")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT,
                       help=f"port to listen on (default {DEFAULT_PORT})")
    serve.add_argument("--address", default="",
                       help="address to listen on (default: all of this machine's; 127.0.0.1 for this "
                            "machine only)")
    serve.add_argument("--data", type=Path, default=Path("tripoli-host"),
                       help="the host's folder: its key, the players' saves (default ./tripoli-host)")
    who = serve.add_mutually_exclusive_group()
    who.add_argument("--authorized-keys", type=Path, metavar="FILE",
                     help="only the keys in FILE (OpenSSH's authorized_keys format; the comment after a key "
                          "names its player; from=, expiry-time=, restrict and no-pty hold, a line with any "
                          "other option is refused and logged; read again at every login)")
    who.add_argument("--open", action="store_true", help="any key may play, each its own player")
    serve.add_argument("--log", type=Path, metavar="FILE", help="append the log to FILE (default: stderr)")
    serve.add_argument("--players", action="store_true",
                       help="list the players with their campaigns and last visit, and end")
    serve.add_argument("--game-user", metavar="NAME",
                       help="started as root: run every game as this account (its own, with "
                            "nothing else: the host's key and log stay root's)")
    serve.add_argument("--allow-root", action="store_true",
                       help="host even when started as root (refused otherwise: every game runs as root)")
    serve.add_argument("--openssh", action="store_true",
                       help="print the authorized_keys lines and sshd_config block that host the game with "
                            "the system's sshd instead, and end")
    limits = serve.add_argument_group("limits")
    limits.add_argument("--sessions-per-player", type=int, metavar="N", default=DEFAULT.sessions_per_player,
                        help=f"games one key may have open at once (default {DEFAULT.sessions_per_player})")
    limits.add_argument("--sessions", type=int, metavar="N", default=DEFAULT.sessions,
                        help=f"games open at once, all players together (default {DEFAULT.sessions})")
    limits.add_argument("--idle-minutes", type=float, metavar="N", default=DEFAULT.idle_minutes,
                        help=f"a game with no key pressed this long is saved and closed (default "
                             f"{DEFAULT.idle_minutes:g})")
    limits.add_argument("--login-seconds", type=float, metavar="N", default=DEFAULT.login_seconds,
                        help=f"a connection not logged in by then is dropped, and one logged in with no "
                             f"game open that long is closed (default {DEFAULT.login_seconds:g})")
    limits.add_argument("--logins", type=int, metavar="N", default=DEFAULT.logins,
                        help=f"connections not logged in yet, at once; past it the oldest of the address "
                             f"with the most is dropped (default {DEFAULT.logins})")
    limits.add_argument("--logins-per-address", type=int, metavar="N", default=DEFAULT.logins_per_address,
                        help=f"connections not logged in yet from one address (an IPv6 /64), at once; past "
                             f"it that address's oldest is dropped, so a flood from one address never shuts "
                             f"out another (default {DEFAULT.logins_per_address})")
    limits.add_argument("--connections", type=int, metavar="N", default=DEFAULT.connections,
                        help=f"logged-in connections at once, all keys together; more are refused, saying "
                             f"so (default {DEFAULT.connections})")
    limits.add_argument("--connections-per-player", type=int, metavar="N",
                        default=DEFAULT.connections_per_player,
                        help=f"logged-in connections one key may have at once (default "
                             f"{DEFAULT.connections_per_player})")
    limits.add_argument("--connections-per-address", type=int, metavar="N",
                        default=DEFAULT.connections_per_address,
                        help=f"logged-in connections from one address (an IPv6 /64) at once, all its "
                             f"keys together (default {DEFAULT.connections_per_address})")
    limits.add_argument("--sessions-per-address", type=int, metavar="N",
                        default=DEFAULT.sessions_per_address,
                        help=f"games open at once from one address, all its keys together: one person "
                             f"with many keys does not take every game (default "
                             f"{DEFAULT.sessions_per_address})")
    limits.add_argument("--new-players-per-hour", type=int, metavar="N",
                        default=DEFAULT.new_players_per_hour,
                        help=f"with --open, keys never seen before let in per hour; 0 lets in only "
                             f"the players who have played here (default "
                             f"{DEFAULT.new_players_per_hour})")
    limits.add_argument("--memory-mb", type=int, metavar="N", default=DEFAULT.memory_mb,
                        help=f"memory (address space) of each game, the advisor included (default "
                             f"{DEFAULT.memory_mb})")
    limits.add_argument("--cpu-minutes", type=float, metavar="N", default=DEFAULT.cpu_minutes,
                        help=f"processor time of each game; then it is saved and closed (default "
                             f"{DEFAULT.cpu_minutes:g})")
    limits.add_argument("--saves-mb", type=float, metavar="N", default=DEFAULT.saves_mb,
                        help=f"size of each player's saves folder; a save past it is refused in the game, "
                             f"saying so (default {DEFAULT.saves_mb:g})")


def run(args: argparse.Namespace) -> int:
    from .players import format_players, list_players

    data = args.data.absolute()
    if args.players:
        say(format_players(list_players(data)))
        return 0
    if args.openssh:
        from .openssh import openssh_setup
        return openssh_setup(data, args.authorized_keys, _limits(args))
    limits = _limits(args)
    problems = limits.problems()
    if not 0 <= args.port < 65536:
        problems.append("--port must be between 0 (any free port: the log says which) and 65535")
    game_user = None
    if args.game_user is not None:
        game_user, problem = _account(args.game_user)
        if problem:
            problems.append(problem)
    elif os.geteuid() == 0 and not args.allow_root:
        problems.append("refusing to host as root: every game would run as root; start it as an account "
                        "of its own, or as root with --game-user NAME (docs/serve.md), or pass "
                        "--allow-root")
    if args.authorized_keys is None and not args.open:
        problems.append("say who may play: --authorized-keys FILE (those keys) or --open (any key)")
    elif args.authorized_keys is not None and not args.authorized_keys.is_file():
        problems.append(f"no authorized keys at {args.authorized_keys}")
    if problems:
        for problem in problems:
            say(f"tripoli serve: {problem}", error=True)
        return 2
    from .host import Config
    from .server import serve

    config = Config(data, args.authorized_keys.absolute() if args.authorized_keys else None, limits,
                    game_user=game_user)
    try:
        log = open(args.log, "a", encoding="utf-8") if args.log else sys.stderr  # noqa: SIM115
    except OSError as exc:
        say(f"tripoli serve: cannot write the log {args.log}: {exc.strerror or exc}", error=True)
        return 2
    try:
        return asyncio.run(serve(config, args.port, args.address, log))
    except OSError as exc:
        say(f"tripoli serve: {exc.strerror or exc}", error=True)
        return 1
    finally:
        if log is not sys.stderr:
            log.close()


def _account(name: str) -> tuple[tuple[int, int] | None, str]:
    """The (uid, gid) of the account games run as, or why it cannot be."""
    import pwd

    if os.geteuid() != 0:
        return None, "--game-user needs the host started as root (to run games as another account)"
    try:
        account = pwd.getpwnam(name)
    except KeyError:
        return None, f"--game-user: no account named {name!r}"
    if account.pw_uid == 0:
        return None, "--game-user must not be root"
    return (account.pw_uid, account.pw_gid), ""


def _limits(args: argparse.Namespace) -> Limits:
    return Limits(sessions_per_player=args.sessions_per_player, sessions=args.sessions,
                  idle_minutes=args.idle_minutes, login_seconds=args.login_seconds, logins=args.logins,
                  logins_per_address=args.logins_per_address, connections=args.connections,
                  connections_per_player=args.connections_per_player,
                  connections_per_address=args.connections_per_address,
                  sessions_per_address=args.sessions_per_address,
                  new_players_per_hour=args.new_players_per_hour,
                  memory_mb=args.memory_mb, cpu_minutes=args.cpu_minutes, saves_mb=args.saves_mb)
