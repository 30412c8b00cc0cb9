"""The ``baloot`` command line: ``baloot simulate``, ``baloot bid``, ``baloot play``, ``baloot solve``."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import threading
from typing import Any, Iterator, List, Optional

from baloot import __version__
from baloot.errors import BalootError

COMMANDS = ("simulate", "bid", "play", "solve", "review", "equity")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="baloot", description="Baloot (بلوت): fast rules engine, simulations, "
                                                                "bidding analysis and double-dummy search.")
    parser.add_argument("--version", action="version", version=f"baloot {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"baloot.commands.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"baloot.commands.{name}":
                raise
            continue
        module.register(subparsers)
    return parser


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM stops a command as Ctrl-C does: the summary so far is printed and no temporary file is left."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        with terminate_as_interrupt():
            return int(args.run(args) or 0)
    except BalootError as error:
        print(f"baloot {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"baloot {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away: stop quietly, as command-line tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
