// Two rulebooks over many random hands, away from the page: the hands generated and scored
// by the library in chunks, the progress reported after each, then the means and the hands
// whose totals differ most (each total as a share of its variant's top score).
import init, * as mj from './pkg/mjrules_web.js';

const CHUNK = 2000;

onmessage = async (e) => {
  await init();
  const { count, seed, a, b } = e.data;
  const start = performance.now();
  const lines = mj.generate(BigInt(seed), count).split('\n').filter((l) => l);
  const ta = [];
  const tb = [];
  for (let i = 0; i < lines.length; i += CHUNK) {
    const chunk = lines.slice(i, i + CHUNK).join('\n');
    ta.push(...JSON.parse(mj.corpus_totals(chunk, a, '')).totals);
    tb.push(...JSON.parse(mj.corpus_totals(chunk, b, '')).totals);
    postMessage({ progress: Math.min(1, (i + CHUNK) / lines.length) });
  }
  // (A loop, not `Math.max(...t)`: a hundred thousand arguments overflow the stack.)
  const top = (t) => t.reduce((m, x) => (x !== null && x > m ? x : m), 1);
  const [topA, topB] = [top(ta), top(tb)];
  const mean = (t) => t.reduce((s, x) => s + (x || 0), 0) / Math.max(1, t.length);
  const differ = ta
    .map((x, i) => ({ index: i, ta: x, tb: tb[i], gap: Math.abs((x || 0) / topA - (tb[i] || 0) / topB), line: lines[i] }))
    .sort((p, q) => q.gap - p.gap)
    .slice(0, 5);
  postMessage({
    hands: lines.length,
    ms: performance.now() - start,
    a,
    b,
    meanA: mean(ta),
    meanB: mean(tb),
    bothValid: ta.filter((x, i) => x > 0 && tb[i] > 0).length,
    differ,
  });
};
