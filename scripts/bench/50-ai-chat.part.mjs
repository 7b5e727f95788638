// The AI chat proxy's added latency to the first token: the same question is asked of the stand-in
// model directly and through POST /api/cro/ai/chat (entitlement, quota, grounding from the event
// store, the Go relay), and the medians of the time to the first piece of the answer are compared.
// Budget: 20 ms added. CRO_BENCH_AI_RUNS (default 30) questions each way.
import { envNumber, percentile, round, setup, siteFor, startServer } from './lib.mjs';

/** Milliseconds from sending until the first `data:` line with content arrives. */
async function firstToken(url, init) {
  const t = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`${url}: the stream ended before its first token`);
    buffer += value;
    if (/data: \{"choices":\[\{[^\n]*"content":"[^"]/.test(buffer)) {
      const ms = performance.now() - t;
      await reader.cancel();
      return ms;
    }
  }
}

export default async function aiChat(emit) {
  setup();
  const { startModelStandIn } = await import('../../tests/helpers/model-standin.ts');
  const model = await startModelStandIn();
  const server = await startServer(model.env);
  try {
    const { owner, site } = await siteFor(server, 'ai-bench.example.com');
    await server.admin.collection('sites').update(site.id, { plan_tier: 'enterprise' });
    const messages = [{ role: 'user', content: 'How is my site doing?' }];
    const direct = () =>
      firstToken(`${model.url}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${model.env.AI_API_KEY}` },
        body: JSON.stringify({ model: 'standin-model', stream: true, messages }),
      });
    const proxied = () =>
      firstToken(`${server.url}/api/cro/ai/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: owner.client.authStore.token },
        body: JSON.stringify({ siteId: site.id, messages }),
      });
    await direct();
    await proxied(); // warm both paths (connections, hook runtimes)
    const runs = envNumber('CRO_BENCH_AI_RUNS', 30);
    const a = [];
    const b = [];
    for (let i = 0; i < runs; i++) {
      a.push(await direct());
      b.push(await proxied());
    }
    a.sort((x, y) => x - y);
    b.sort((x, y) => x - y);
    const added = percentile(b, 50) - percentile(a, 50);
    emit('ai_first_token_direct_p50', round(percentile(a, 50)), 'ms');
    emit('ai_first_token_proxied_p50', round(percentile(b, 50)), 'ms');
    emit('ai_first_token_proxied_p95', round(percentile(b, 95)), 'ms');
    emit('ai_proxy_added_first_token_p50', round(added), 'ms');
    if (added > 20) console.error(`bench: the AI proxy adds ${round(added)} ms to the first token (budget 20 ms)`);
  } finally {
    await server.stop();
    await model.stop();
  }
}
