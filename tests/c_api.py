"""The C library (baloot.h) through ctypes, for the tests that check it against the Python package."""

from __future__ import annotations

import ctypes
from typing import Any, List, Optional, Sequence

import numpy as np

OK, BAD_ARGUMENT, ILLEGAL_ACTION = 0, 1, 2


class SimRows(ctypes.Structure):
    _fields_ = [(name, ctypes.c_void_p) for name in (
        "points", "abnat", "projects", "tricks", "mode", "trump", "buyer", "dealer", "made", "kaboot", "multiplier",
        "gahwa", "ashkal", "baloot")]


class SimConfig(ctypes.Structure):
    _fields_ = [("first", ctypes.c_int64), ("count", ctypes.c_int64), ("seed", ctypes.c_uint64),
                ("threads", ctypes.c_int), ("rules", ctypes.c_void_p), ("players", ctypes.c_void_p * 4),
                ("forced", ctypes.c_int), ("contract_mode", ctypes.c_int), ("contract_trump", ctypes.c_int)]


class CError(Exception):
    """A status other than BALOOT_OK, with baloot_last_error()'s message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"status {status}: {message}")
        self.status = status
        self.message = message


class Library:
    def __init__(self, path: str) -> None:
        self.lib = ctypes.CDLL(path)
        self.lib.baloot_last_error.restype = ctypes.c_char_p
        for name in ("baloot_rules_free", "baloot_player_free", "baloot_hand_free"):
            getattr(self.lib, name).restype = None
            getattr(self.lib, name).argtypes = [ctypes.c_void_p]
        # The functions taking 64-bit or unsigned values; ctypes passes the others' ints and pointers as given.
        self.lib.baloot_hand_new.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_int, ctypes.c_void_p,
                                             ctypes.c_void_p]
        self.lib.baloot_player_choose.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_void_p]
        self.lib.baloot_analyze_decision.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                                     ctypes.c_int64, ctypes.c_uint64, ctypes.c_int, ctypes.c_void_p,
                                                     ctypes.c_void_p]
        self.lib.baloot_legal_moves.argtypes = [ctypes.c_uint32, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                                ctypes.c_int, ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int,
                                                ctypes.c_void_p]
        self.lib.baloot_dd_tables.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p,
                                              ctypes.c_int, ctypes.c_void_p]

    def call(self, name: str, *args: Any) -> None:
        """The function `name`; CError for a status other than BALOOT_OK."""
        status = getattr(self.lib, name)(*args)
        if status != OK:
            raise CError(status, self.lib.baloot_last_error().decode())

    def handle(self, name: str, *args: Any) -> ctypes.c_void_p:
        out = ctypes.c_void_p()
        self.call(name, *args, ctypes.byref(out))
        return out

    def rules(self, **options: str) -> ctypes.c_void_p:
        rules = self.handle("baloot_rules_new")
        for key, value in options.items():
            self.call("baloot_rules_set", rules, key.encode(), str(value).encode())
        return rules

    def players(self, specs: Sequence[str]) -> Any:
        return (ctypes.c_void_p * 4)(*(self.handle("baloot_player_new", spec.encode()) for spec in specs))

    def simulate(self, hands: int, specs: Sequence[str], seed: int, *, threads: int = 2,
                 contract: Optional[tuple] = None) -> dict:
        """The per-hand rows of a run, as SimResult's arrays."""
        from baloot.simulate import COLUMNS

        arrays = {name: np.zeros((hands, width) if width == 2 else hands, dtype=dtype)
                  for name, (dtype, width) in COLUMNS.items()}
        rows = SimRows(**{name: values.ctypes.data for name, values in arrays.items()})
        config = SimConfig(first=0, count=hands, seed=seed, threads=threads, rules=None)
        players = self.players(specs)
        config.players = players
        if contract is not None:
            config.forced, config.contract_mode, config.contract_trump = 1, contract[0], contract[1]
        try:
            self.call("baloot_simulate", ctypes.byref(config), ctypes.byref(rows))
        finally:
            for player in players:
                self.lib.baloot_player_free(ctypes.c_void_p(player))
        return arrays

    def card_name(self, card: int) -> str:
        out = ctypes.create_string_buffer(16)
        self.call("baloot_card_name", card, out, 16)
        return out.value.decode()

    def legal_moves(self, hand: List[int], trick: List[int], mode: int, trump: int) -> List[str]:
        mask = ctypes.c_uint32()
        cards = (ctypes.c_int * 4)(*trick)
        self.call("baloot_legal_moves", sum(1 << c for c in hand), cards, len(trick), mode, trump, None, 0, 0,
                  ctypes.byref(mask))
        return [self.card_name(c) for c in hand if mask.value >> c & 1]  # in the hand's order, as baloot.legal_moves

    def dd_tables(self, masks: np.ndarray, leaders: Sequence[int], threads: int = 2) -> np.ndarray:
        hands = np.ascontiguousarray(masks, dtype=np.uint32)
        seats = np.ascontiguousarray(leaders, dtype=np.int32)
        out = np.zeros((len(hands), 5, 2), dtype=np.int16)
        self.call("baloot_dd_tables", hands.ctypes.data, seats.ctypes.data, len(hands), None, threads, out.ctypes.data)
        return out

    def analyze_bid(self, cards: List[int], up_card: int, seat: int, dealer: int, samples: int, seed: int,
                    threads: int = 2) -> np.ndarray:
        """margin[sample, candidate] of every legal call, in increasing action order."""
        hand = self.handle("baloot_hand_for_bid", None, (ctypes.c_int * 5)(*cards), up_card, seat, dealer, None)
        try:
            legal = ctypes.c_uint64()
            self.call("baloot_hand_legal_actions", hand, ctypes.byref(legal))
            n = bin(legal.value).count("1")
            margin = np.zeros((samples, n), dtype=np.int16)
            self.call("baloot_analyze_decision", hand, None, None, n, samples, seed, threads, margin.ctypes.data, None)
            return margin
        finally:
            self.lib.baloot_hand_free(hand)
