// The WebAssembly build against the Python package: the seeded results of tests/test_dispatch.py (inputs and
// digests in python_inputs.json, written by tests/test_wasm.py), then the JavaScript API's own behaviour.
const test = require('node:test');
const assert = require('node:assert');
const crypto = require('node:crypto');
const path = require('node:path');
const { load, BalootError } = require('..');
const inputs = require('./python_inputs.json');

// tests/test_dispatch.py's digest: the bytes of each array (or the Python repr of a value), SHA-256, 16 hex digits.
function digest(...values) {
  const h = crypto.createHash('sha256');
  for (const v of values) h.update(typeof v === 'string' ? Buffer.from(v) : Buffer.from(v.buffer, v.byteOffset, v.byteLength));
  return h.digest('hex').slice(0, 16);
}

// A run's rows as SimResult.table() lays them out: a hand column (int64), one column per team.
function rows(run) {
  const n = run.mode.length;
  const columns = { hand: BigInt64Array.from({ length: n }, (_, i) => BigInt(i)) };
  for (const [name, values] of Object.entries(run)) {
    if (values.width === 2) {
      columns[`${name}_0`] = values.filter((_, i) => i % 2 === 0);
      columns[`${name}_1`] = values.filter((_, i) => i % 2 === 1);
    } else {
      columns[name] = values;
    }
  }
  return digest(...Object.keys(columns).sort().map((name) => columns[name]));
}

const pythonRepr = (lists) => `[${lists.map((l) => `[${l.map((c) => `'${c}'`).join(', ')}]`).join(', ')}]`;

test('the seeded results equal the Python package\'s', async () => {
  const baloot = await load();
  const got = [
    `random ${rows(baloot.simulate({ hands: 20000, players: 'random', seed: 11 }))}`,
    `random hokum ${rows(baloot.simulate({ hands: 20000, players: 'random', seed: 12, contract: 'hokum:H' }))}`,
    `heuristic ${rows(baloot.simulate({ hands: 4000, players: 'heuristic', seed: 13 }))}`,
    `expert ${rows(baloot.simulate({ hands: 2000, players: 'expert', seed: 14 }))}`,
    `pimc ${rows(baloot.simulate({ hands: 8, players: ['pimc:samples=4', 'heuristic', 'pimc:samples=4', 'heuristic'], seed: 15 }))}`,
    `neural ${rows(baloot.simulate({ hands: 2000, players: 'neural', seed: 19 }))}`,
    `rollout neural ${rows(baloot.simulate({
      hands: 8,
      players: ['rollout:worlds=4:call_worlds=0:neural_playout=1', 'heuristic',
        'rollout:worlds=4:call_worlds=0:neural_playout=1', 'heuristic'],
      seed: 20,
    }))}`,
    `legal moves ${digest(pythonRepr(inputs.legal_moves.map((question) => {
      const [hand, trick, contract] = question.split(',');
      const cards = (digits) => Array.from(digits, (d) => baloot.DECK[inputs.card_digits.indexOf(d)]);
      return baloot.legalMoves(cards(hand), cards(trick), ...inputs.contracts[Number(contract)]);
    })))}`,
    `dd tables ${digest(baloot.ddTables(inputs.dd_deals, inputs.dd_deals.map((_, i) => i % 4)))}`,
  ];
  const bid = baloot.analyzeBid('JH 9H AH 7S 8C', '8H', { seat: 1, dealer: 0, samples: 300, seed: 18 });
  got.push(`bid analysis ${digest(...bid.calls.map((row) => BigInt64Array.from(row.margins, BigInt)))}`);
  assert.deepStrictEqual(got, inputs.recorded);
});

test('a hand plays to its end with the built-in players, cards and calls as strings', async () => {
  const baloot = await load();
  const hand = baloot.Hand.deal({ seed: 5, dealer: 2 });
  const players = [new baloot.Player('heuristic'), new baloot.Player('expert')];
  for (let step = 0; hand.info().phase !== 'over'; ++step) {
    const seat = hand.info().toMove;
    const action = players[seat % 2].choose(hand, step);
    assert.ok(hand.legalActions().includes(action));
    hand.apply(action);
  }
  const result = hand.result();
  assert.strictEqual(hand.played().length, result.thrownIn ? 0 : 32);
  assert.strictEqual(result.points.length, 2);
  players.forEach((p) => p.free());
  hand.free();
});

test('rules by option name as the command line takes them; a bad one names the value', async () => {
  const baloot = await load();
  const rules = new baloot.Rules({ kaboot: 'double', target: 101 });
  assert.strictEqual(rules.get('kaboot'), 'double');
  assert.strictEqual(rules.get('target'), '101');
  assert.throws(() => rules.set('kaboot', 'triple'),
    (e) => e instanceof BalootError && e.message === "rule kaboot='triple' must be one of normal, double, off");
  assert.throws(() => new baloot.Rules({ nope: 1 }), /unknown rule nope: known rules are direction, ashkal/);
  assert.strictEqual(rules.get('kaboot'), 'double');
});

test('an illegal action throws and leaves the hand as it was; bad cards and players are named', async () => {
  const baloot = await load();
  const hand = baloot.Hand.deal({ seed: 3 });
  const before = hand.legalActions();
  assert.throws(() => hand.apply('AS'), (e) => e.status === 'illegal action' && /action 7 is not legal now/.test(e.message));
  assert.throws(() => hand.apply('ZZ'), /unknown action 'ZZ'/);
  assert.deepStrictEqual(hand.legalActions(), before);
  assert.throws(() => baloot.legalMoves(['1X'], [], 'sun'), /bad card '1X'/);
  assert.throws(() => new baloot.Player('pimc:samples=0'), /samples must be a whole number 1..100000, got 0/);
  assert.throws(() => new baloot.Player('nobody'), /unknown player nobody/);
  hand.free();
  assert.throws(() => hand.info(), /this object was freed/);
});

test('the pure rules: legal moves in the hand\'s order and the trick winner', async () => {
  const baloot = await load();
  assert.deepStrictEqual(baloot.legalMoves(['AS', '7H', 'KS'], ['10S'], 'sun'), ['AS', 'KS']);
  assert.deepStrictEqual(baloot.legalMoves('7H 9D', 'AS', 'hokum', 'D'), ['9D']);
  assert.strictEqual(baloot.trickWinner(['AS', '7D', 'KS', '10S'], 'hokum', 'D'), 1);
});

test('a hand in its card play is solved double dummy', async () => {
  const baloot = await load();
  const hand = baloot.Hand.deal({ seed: 9 });
  while (hand.info().phase !== 'playing') {
    const legal = hand.legalActions();
    hand.apply(legal.includes('sun') ? 'sun' : legal.includes('pass') ? 'pass' : legal[0]);
  }
  const solution = hand.solve();
  const total = hand.info().contract.mode === 'sun' ? 130 : 162;  // every card's abnat and the last trick's 10
  assert.strictEqual(solution.value[0] + solution.value[1], total);
  assert.ok(solution.best.every((card) => hand.legalActions().includes(card)));
});

test('the bundle is at most 2 MB', () => {
  const size = require('node:fs').statSync(path.join(__dirname, '..', 'dist', 'baloot_core.js')).size;
  assert.ok(size <= 2 * 1024 * 1024, `${size} bytes`);
});
