import { parentPort } from 'node:worker_threads';
import { serveLineChecks } from './event-lines-check';

// A worker thread of restore's first pass (event-lines-check.ts): checks the events/ entries it is sent.
if (parentPort) serveLineChecks(parentPort);
