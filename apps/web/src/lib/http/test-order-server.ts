// For an order form's tests (the contract game's, Lightning Flip's): a fake server, installed before
// each test, that answers what the form asks in passing — the price precisions and the balances —
// as the server would, and keeps the orders sent to `openPath` for the test to answer.
import { afterEach, beforeEach } from 'vitest';
import { installFakeAdapter, type FakeRequest } from './test-adapter';

/** `available`: the USDT balance the server reports, read at each answer (a test may change it). */
export function fakeOrderServer(openPath: string, available: () => string = () => '1000'): FakeRequest[] {
  const opens: FakeRequest[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  beforeEach(() => {
    opens.length = 0;
    const server = installFakeAdapter();
    const seen = new Set<FakeRequest>();
    timer = setInterval(() => {
      for (const request of server.requests) {
        if (seen.has(request) || request.aborted) continue;
        seen.add(request);
        if (request.url.includes(openPath)) opens.push(request);
        else if (request.url.includes('precision-map'))
          request.respond(200, { code: 0, data: { price_dp: {} } });
        else
          request.respond(200, {
            code: 0,
            data: { list: [{ token: 'USDT', available: available(), frozen: '0', usdtValue: available() }] },
          });
      }
    }, 5);
  });
  afterEach(() => clearInterval(timer));
  return opens;
}
