// Hands per second of the WebAssembly build under Node (one thread) and a 4,000-sample bid analysis, as JSON;
// benchmarks/c_api.py --wasm runs it beside the native library.   node wasm/bench.js [hands] [repeats]
const { load } = require('.');

function bestOf(repeats, run) {
  let best = Infinity;
  for (let i = 0; i < repeats; ++i) {
    const started = process.hrtime.bigint();
    run();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e9);
  }
  return best;
}

load().then((baloot) => {
  const hands = Number(process.argv[2] || 200000);
  const repeats = Number(process.argv[3] || 5);
  const out = {};
  for (const [players, n] of [['random', hands], ['heuristic', Math.floor(hands / 10)], ['neural', Math.floor(hands / 50)]])
    out[players] = n / bestOf(repeats, () => baloot.simulate({ hands: n, players, seed: 1 }));
  out.bid_seconds = bestOf(1, () => baloot.analyzeBid('JH 9H AH 7S 8C', '8H', { seat: 1, dealer: 0, samples: 4000, seed: 1 }));
  console.log(JSON.stringify(out));
});
