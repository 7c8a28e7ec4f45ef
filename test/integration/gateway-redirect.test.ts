// A redirect would carry the Api-Access-Token header to wherever it points: the client refuses it.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { createGatewayClient } from '../../main/gateway/client.ts';
import { GatewayError } from '../../main/gateway/errors.ts';

async function listen(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test('a redirect is never followed, so the token never reaches another origin', async (t) => {
  const seen: (string | undefined)[] = [];
  const elsewhere = await listen((req, res) => {
    seen.push(req.headers['api-access-token'] as string | undefined);
    res.end('{}');
  });
  const gateway = await listen((_req, res) => {
    res.writeHead(307, { Location: `${elsewhere.url}/steal` }).end();
  });
  t.after(() => {
    elsewhere.server.close();
    gateway.server.close();
  });
  const client = createGatewayClient({ baseUrl: gateway.url, token: 'redirect-secret', retry: { limit: 0 } });
  for (const call of [
    () => client.getOperation({ shopId: 1001, operationNumber: 'T01-1' }),
    () => client.createOperation({ sessionId: 's', payerRequisites: [] }),
  ]) {
    await assert.rejects(call(), (e) => e instanceof GatewayError && !String(e).includes('redirect-secret'));
  }
  assert.deepEqual(seen, []);
});
