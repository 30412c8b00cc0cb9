// The Baloot engine in JavaScript: the C API (baloot.h) compiled to WebAssembly, with cards and actions as
// strings ("10H", "hokum:S"), errors as BalootError, and handles freed by free() (or left to the page's end).
// Node: const baloot = await require('baloot').load(); a page: <script src="dist/baloot_core.js"></script>
// <script src="index.js"></script>, then await window.baloot.load().
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./dist/baloot_core.js'));
  else root.baloot = factory(root.createBalootCore);
}(typeof self !== 'undefined' ? self : this, (createBalootCore) => {
'use strict';

const MODES = ['sun', 'hokum'];
const SUITS = ['S', 'H', 'D', 'C'];
const PHASES = ['bidding', 'doubling', 'playing', 'over'];
const STATUS = ['ok', 'bad argument', 'illegal action', 'no memory', 'internal'];
const SIM_COLUMNS = [
  ['points', Int16Array, 2], ['abnat', Int16Array, 2], ['projects', Int16Array, 2], ['tricks', Int8Array, 2],
  ['mode', Int8Array, 1], ['trump', Int8Array, 1], ['buyer', Int8Array, 1], ['dealer', Int8Array, 1],
  ['made', Int8Array, 1], ['kaboot', Int8Array, 1], ['multiplier', Int8Array, 1], ['gahwa', Int8Array, 1],
  ['ashkal', Int8Array, 1], ['baloot', Int8Array, 1],
];

/** A value the engine refused: `status` says what kind ("bad argument", "illegal action"), the message names it. */
class BalootError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'BalootError';
    this.status = STATUS[status] || String(status);
  }
}

function bind(core) {
  const heap32 = () => new Int32Array(core.HEAP32.buffer);
  const heapU32 = () => new Uint32Array(core.HEAP32.buffer);

  function check(status) {
    if (status !== 0) throw new BalootError(status, core.UTF8ToString(core._baloot_last_error()));
  }
  // Runs f(alloc) with scratch memory from alloc(bytes) (8-byte aligned, zeroed), freed afterwards.
  function scratch(f) {
    const blocks = [];
    const alloc = (bytes) => {
      const p = core._malloc(Math.max(8, bytes));
      if (!p) throw new BalootError(3, 'out of memory');
      blocks.push(p);
      core.HEAPU8.fill(0, p, p + bytes);
      return p;
    };
    try {
      return f(alloc);
    } finally {
      blocks.forEach((p) => core._free(p));
    }
  }
  const text = (alloc, s) => {
    if (typeof s !== 'string') throw new BalootError(1, `expected a string, got ${JSON.stringify(s)}`);
    const n = core.lengthBytesUTF8(s) + 1;
    const p = alloc(n);
    core.stringToUTF8(s, p, n);
    return p;
  };
  const ints = (alloc, values) => {
    const p = alloc(4 * values.length);
    heap32().set(values, p >> 2);
    return p;
  };
  const outPointer = (alloc, f) => {
    const p = alloc(4);
    check(f(p));
    return heap32()[p >> 2];
  };
  const outMask64 = (p) => (BigInt(heapU32()[(p >> 2) + 1]) << 32n) | BigInt(heapU32()[p >> 2]);
  const name = (alloc, fn, number) => {
    const p = alloc(16);
    check(fn(number, p, 16));
    return core.UTF8ToString(p);
  };

  const CARDS = scratch((alloc) => Array.from({ length: 32 }, (_, c) => name(alloc, core._baloot_card_name, c)));
  const ACTIONS = scratch((alloc) => Array.from({ length: 47 }, (_, a) => name(alloc, core._baloot_action_name, a)));

  function card(value) {
    return scratch((alloc) => outPointer(alloc, (p) => core._baloot_card_parse(text(alloc, value), p)));
  }
  function action(value) {
    return scratch((alloc) => outPointer(alloc, (p) => core._baloot_action_parse(text(alloc, value), p)));
  }
  function cards(values) {
    const list = typeof values === 'string' ? values.split(/[\s,]+/).filter(Boolean) : Array.from(values);
    return list.map(card);
  }
  const maskOf = (list) => cards(list).reduce((m, c) => (m | (1 << c)) >>> 0, 0);
  const cardsOf = (mask) => CARDS.filter((_, c) => (mask >>> c) & 1);
  const actionsOf = (mask) => ACTIONS.filter((_, a) => (mask >> BigInt(a)) & 1n);
  const seed = (value) => BigInt.asUintN(64, BigInt(value || 0));
  function contract(mode, trump) {
    const m = MODES.indexOf(mode);
    if (m < 0) throw new BalootError(1, `mode ${JSON.stringify(mode)} is not sun or hokum`);
    if (m === 0) return [0, -1];
    const t = typeof trump === 'string' ? SUITS.indexOf(trump.toUpperCase()) : -2;
    if (t < 0) throw new BalootError(1, `Hokum needs a trump suit S H D C, got ${JSON.stringify(trump)}`);
    return [1, t];
  }

  const registry = new FinalizationRegistry(({ free, pointer }) => free(pointer));
  class Handle {
    constructor(pointer, free) {
      this.pointer = pointer;
      this.release = free;
      registry.register(this, { free, pointer }, this);
    }
    /** Releases the engine's memory now (otherwise when this object is garbage-collected). */
    free() {
      if (this.pointer) {
        registry.unregister(this);
        this.release(this.pointer);
        this.pointer = 0;
      }
    }
    get ptr() {
      if (!this.pointer) throw new BalootError(1, 'this object was freed');
      return this.pointer;
    }
  }

  class Rules extends Handle {
    /** The seed's rules changed by `options`, each as `--rule name=value` takes it: {kaboot: 'double'}. */
    constructor(options = {}) {
      super(scratch((alloc) => outPointer(alloc, (p) => core._baloot_rules_new(p))), core._baloot_rules_free);
      for (const [key, value] of Object.entries(options)) this.set(key, value);
    }
    set(key, value) {
      scratch((alloc) => check(core._baloot_rules_set(this.ptr, text(alloc, key), text(alloc, String(value)))));
      return this;
    }
    get(key) {
      return scratch((alloc) => {
        const p = alloc(64);
        check(core._baloot_rules_get(this.ptr, text(alloc, key), p, 64));
        return core.UTF8ToString(p);
      });
    }
  }
  const rulesPointer = (rules) => (rules ? rules.ptr : 0);

  class Player extends Handle {
    /** A built-in player: "random", "heuristic", "expert", "strong", "pimc:samples=20", "rollout", "dd". */
    constructor(spec) {
      super(scratch((alloc) => outPointer(alloc, (p) => core._baloot_player_new(text(alloc, spec), p))),
        core._baloot_player_free);
      this.spec = spec;
    }
    /** The action this player takes for the seat to move in `hand`, its random draws from `seed`. */
    choose(hand, seedValue = 0) {
      return ACTIONS[scratch((alloc) => outPointer(alloc, (p) => core._baloot_player_choose(this.ptr, hand.ptr, seed(seedValue), p)))];
    }
  }
  // Four players from names or Players; the made ones are freed by the returned function.
  function seatPlayers(players) {
    const list = Array.isArray(players) ? players : [players, players, players, players];
    if (list.length !== 4) throw new BalootError(1, `need one player or four, got ${list.length}`);
    const made = [];
    const seats = list.map((p) => {
      if (p instanceof Player) return p;
      const player = new Player(p);
      made.push(player);
      return player;
    });
    return [seats, () => made.forEach((p) => p.free())];
  }

  const scoresOf = (alloc, scores) => ints(alloc, scores || [0, 0]);

  class Hand extends Handle {
    constructor(pointer) {
      super(pointer, core._baloot_hand_free);
    }
    /** A hand dealt from `seed` as the Python package's Game(seed=...) deals it. */
    static deal({ seed: s = 0, dealer = 0, scores, rules } = {}) {
      return new Hand(scratch((alloc) => outPointer(alloc,
        (p) => core._baloot_hand_new(rulesPointer(rules), seed(s), dealer, scoresOf(alloc, scores), p))));
    }
    /** A hand dealt from 32 cards in dealing order. */
    static fromDeck(deck, { dealer = 0, scores, rules } = {}) {
      const list = cards(deck);
      return new Hand(scratch((alloc) => outPointer(alloc,
        (p) => core._baloot_hand_from_deck(rulesPointer(rules), ints(alloc, list.length === 32 ? list : list.concat(Array(32).fill(-1)).slice(0, 32)), dealer, scoresOf(alloc, scores), p))));
    }
    /** The first-round decision of `seat` holding five cards with this up-card, the seats before it passed. */
    static forBid(five, upCard, { seat, dealer = 0, scores, rules } = {}) {
      const list = cards(five);
      if (list.length !== 5) throw new BalootError(1, `the hand has ${list.length} cards; a bid is made on the first 5`);
      return new Hand(scratch((alloc) => outPointer(alloc,
        (p) => core._baloot_hand_for_bid(rulesPointer(rules), ints(alloc, list), card(upCard), seat, dealer, scoresOf(alloc, scores), p))));
    }
    copy() {
      return new Hand(scratch((alloc) => outPointer(alloc, (p) => core._baloot_hand_copy(this.ptr, p))));
    }
    legalActions() {
      return scratch((alloc) => {
        const p = alloc(8);
        check(core._baloot_hand_legal_actions(this.ptr, p));
        return actionsOf(outMask64(p));
      });
    }
    /** Plays one action ("pass", "hokum:S", "10H"); an illegal one throws and leaves the hand as it was. */
    apply(value) {
      check(core._baloot_hand_apply(this.ptr, action(value)));
      return this;
    }
    info() {
      const raw = scratch((alloc) => {
        const p = alloc(26 * 4);
        check(core._baloot_hand_info_get(this.ptr, p));
        return Array.from(heap32().subarray(p >> 2, (p >> 2) + 26));
      });
      const [phase, toMove, dealer, up, round, s0, s1, hasContract, mode, trump, buyer, ashkal, multiplier, gahwa,
        closed, leader, trickLen, t0, t1, t2, t3, tricksPlayed, w0, w1, a0, a1] = raw;
      return {
        phase: PHASES[phase], toMove: toMove < 0 ? null : toMove, dealer, upCard: CARDS[up], round, scores: [s0, s1],
        contract: hasContract ? { mode: MODES[mode], trump: trump < 0 ? null : SUITS[trump], buyer, ashkal: !!ashkal,
          multiplier, gahwa: !!gahwa, closed: !!closed } : null,
        leader, trick: [t0, t1, t2, t3].slice(0, trickLen).map((c) => CARDS[c]), tricksPlayed,
        tricksWon: [w0, w1], abnat: [a0, a1],
      };
    }
    /** The cards `seat` holds now. */
    cards(seat) {
      return cardsOf(scratch((alloc) => {
        const p = alloc(4);
        check(core._baloot_hand_cards(this.ptr, seat, p));
        return heapU32()[p >> 2];
      }));
    }
    played() {
      return scratch((alloc) => {
        const p = alloc(32 * 4);
        const n = outPointer(alloc, (q) => core._baloot_hand_played(this.ptr, p, q));
        return Array.from(heap32().subarray(p >> 2, (p >> 2) + n), (c) => CARDS[c]);
      });
    }
    /** What `seat` has seen, as the reinforcement-learning observation (a Float32Array). */
    observe(seat) {
      const size = core._baloot_observation_size();
      return scratch((alloc) => {
        const p = alloc(4 * size);
        check(core._baloot_hand_observe(this.ptr, seat, p, size));
        return new Float32Array(core.HEAPF32.buffer.slice(p, p + 4 * size));
      });
    }
    /** The score of a finished hand. */
    result() {
      return scratch((alloc) => {
        const p = alloc(9 * 4);
        check(core._baloot_hand_result(this.ptr, p));
        const [thrownIn, made, kaboot, p0, p1, a0, a1, t0, t1] = heap32().subarray(p >> 2, (p >> 2) + 9);
        return { thrownIn: !!thrownIn, made: !!made, kaboot: kaboot < 0 ? null : kaboot, points: [p0, p1],
          abnat: [a0, a1], tricks: [t0, t1] };
      });
    }
    /** The hand, in its card play, solved with every hand in view. */
    solve() {
      return scratch((alloc) => {
        const p = alloc(160);
        check(core._baloot_solve(this.ptr, p));
        const h = heap32();
        const i = p >> 2;
        const moves = {};
        for (let c = 0; c < 32; ++c) if (h[i + 5 + c] >= 0) moves[CARDS[c]] = h[i + 5 + c];
        return { value: [h[i], h[i + 1]], toMove: h[i + 2], best: cardsOf(heapU32()[i + 4]), moves };
      });
    }
  }

  /** The cards of `hand` that may be played onto `trick` under the contract, in the hand's order. */
  function legalMoves(hand, trick, mode, trump, { rules, played = [], closed = false } = {}) {
    const own = cards(hand);
    const table = cards(trick);
    const [m, t] = contract(mode, trump);
    const mask = scratch((alloc) => {
      const p = alloc(4);
      check(core._baloot_legal_moves(maskOf(own.map((c) => CARDS[c])), ints(alloc, table.concat([0, 0, 0, 0]).slice(0, 4)),
        table.length, m, t, rulesPointer(rules), maskOf(played), closed ? 1 : 0, p));
      return heapU32()[p >> 2];
    });
    return own.filter((c) => (mask >>> c) & 1).map((c) => CARDS[c]);
  }

  /** The index in `trick` of the card winning it. */
  function trickWinner(trick, mode, trump) {
    const table = cards(trick);
    const [m, t] = contract(mode, trump);
    return scratch((alloc) => outPointer(alloc,
      (p) => core._baloot_trick_winner(ints(alloc, table.concat([0, 0, 0, 0]).slice(0, 4)), table.length, m, t, p)));
  }

  /** `hands` seeded hands played by `players`: per-hand typed arrays, as the Python package's SimResult. */
  function simulate({ hands, players = 'random', seed: s = 0, start = 0, rules, contract: forced } = {}) {
    if (!Number.isInteger(hands) || hands < 0) throw new BalootError(1, `hands ${hands} must be a whole number >= 0`);
    const [seats, release] = seatPlayers(players);
    try {
      return scratch((alloc) => {
        const out = {};
        const rows = alloc(4 * SIM_COLUMNS.length);
        const pointers = SIM_COLUMNS.map(([column, Type, width]) => {
          const bytes = hands * width * Type.BYTES_PER_ELEMENT;
          const p = alloc(bytes);
          return [column, Type, width, p, bytes];
        });
        heapU32().set(pointers.map((x) => x[3]), rows >> 2);
        const config = alloc(64);
        const view = new DataView(core.HEAPU8.buffer);
        view.setBigInt64(config, BigInt(start), true);
        view.setBigInt64(config + 8, BigInt(hands), true);
        view.setBigUint64(config + 16, seed(s), true);
        view.setInt32(config + 24, 1, true);
        view.setUint32(config + 28, rulesPointer(rules), true);
        seats.forEach((p, i) => view.setUint32(config + 32 + 4 * i, p.ptr, true));
        if (forced) {
          const [mode, trump] = forced.split(':');
          const [m, t] = contract(mode, trump);
          view.setInt32(config + 48, 1, true);
          view.setInt32(config + 52, m, true);
          view.setInt32(config + 56, t, true);
        }
        check(core._baloot_simulate(config, rows));
        for (const [column, Type, width, p, bytes] of pointers) {
          out[column] = new Type(core.HEAPU8.buffer.slice(p, p + bytes));
          if (width === 2) out[column].width = 2;
        }
        return out;
      });
    } finally {
      release();
    }
  }

  /** Double-dummy tables of deals (each four hands of cards, or four card masks): per deal, per contract
   * (sun, hokum:S, hokum:H, hokum:D, hokum:C), [team 0, team 1] abnat; an Int16Array of n * 5 * 2. */
  function ddTables(deals, leaders = 0) {
    const n = deals.length;
    const masks = deals.flatMap((deal) => deal.map((h) => (typeof h === 'number' ? h : maskOf(h))));
    const seats = Array.isArray(leaders) ? leaders : Array(n).fill(leaders);
    return scratch((alloc) => {
      const hp = alloc(16 * n);
      heapU32().set(masks, hp >> 2);
      const out = alloc(20 * n);
      check(core._baloot_dd_tables(hp, ints(alloc, seats), BigInt(n), 0, 1, out));
      return new Int16Array(core.HEAPU8.buffer.slice(out, out + 20 * n));
    });
  }

  /** What should `seat`, holding five cards, call with this up-card on its first turn? Every legal call played
   * out on the same `samples` deals; calls[i] with margins[i] (an Int16Array, one per sample) and its mean. */
  function analyzeBid(five, upCard, { seat, dealer = 0, samples = 2000, seed: s = 0, players, rules, scores } = {}) {
    const hand = Hand.forBid(five, upCard, { seat, dealer, rules, scores });
    const [seats, release] = players === undefined ? [null, () => {}] : seatPlayers(players);
    try {
      const calls = hand.legalActions();
      const k = calls.length;
      const margin = scratch((alloc) => {
        const out = alloc(2 * samples * k);
        const ps = seats && alloc(16);
        if (seats) heapU32().set(seats.map((p) => p.ptr), ps >> 2);
        check(core._baloot_analyze_decision(hand.ptr, ps || 0, 0, k, BigInt(samples), seed(s), 1, out, 0));
        return new Int16Array(core.HEAPU8.buffer.slice(out, out + 2 * samples * k));
      });
      const rows = calls.map((call, c) => {
        const margins = Int16Array.from({ length: samples }, (_, i) => margin[i * k + c]);
        return { call, margins, mean: margins.reduce((a, b) => a + b, 0) / samples };
      });
      const best = rows.reduce((a, b) => (b.mean > a.mean ? b : a));
      return { calls: rows, best: best.call, samples, seed: Number(s) };
    } finally {
      release();
      hand.free();
    }
  }

  return {
    apiVersion: core._baloot_api_version(), DECK: CARDS.slice(), ACTIONS: ACTIONS.slice(), BalootError, Rules,
    Player, Hand, legalMoves, trickWinner, simulate, ddTables, analyzeBid,
    players: () => scratch((alloc) => Array.from({ length: core._baloot_player_count() }, (_, i) => {
      const p = alloc(4);
      check(core._baloot_player_name(i, p));
      return core.UTF8ToString(heapU32()[p >> 2]);
    })),
    rules: () => scratch((alloc) => Array.from({ length: core._baloot_rule_count() }, (_, i) => {
      const p = alloc(4);
      check(core._baloot_rule_name(i, p));
      return core.UTF8ToString(heapU32()[p >> 2]);
    })),
  };
}

let loading = null;
/** The engine, once its WebAssembly is compiled: `const baloot = await load()`. */
function load() {
  // The build compiles its WebAssembly synchronously (-sWASM_ASYNC_COMPILATION=0), so that a page's first
  // task can use the engine; the factory then returns the module itself rather than a promise.
  if (!loading) loading = Promise.resolve(createBalootCore()).then(bind);
  return loading;
}

return { load, BalootError };
}));
