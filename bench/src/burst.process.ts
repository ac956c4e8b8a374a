import { Agent, get } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * A burst of concurrent GETs from a process of its own, started and warm before it is needed: on
 * each 'go' from its parent it opens `count` connections at once, says 'sent' as soon as the
 * requests are on their way, and reports when the last was answered. (autocannon, started per
 * burst, spent longer starting than the upload it was meant to overlap took: its 200 requests
 * arrived after the upload was answered.)
 */
const [, , url, countText] = process.argv;
const target = new URL(url!);
const count = Number(countText ?? 200);

function once(agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = get({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, agent }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', () => resolve(0));
  });
}

process.on('message', (message) => {
  if (message !== 'go') return process.exit(0);
  // A fresh agent per burst: every request its own new connection, as 200 visitors' would be.
  const agent = new Agent({ keepAlive: false, maxSockets: count });
  const started = performance.now();
  const answers = Array.from({ length: count }, () => once(agent));
  process.send!({ sent: true });
  void Promise.all(answers).then((statuses) => {
    agent.destroy();
    process.send!({ ms: performance.now() - started, statuses });
  });
});
process.send!({ ready: true });
