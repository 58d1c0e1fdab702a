import { describe, expect, it } from 'vitest';
import type { OpenOrder } from '@tradeflip/money';
import { orderResolver, type OrderValues } from './order-form';
import { btcPair } from './test-fixtures';

const typed: OrderValues = {
  side: 'long',
  margin: '100',
  leverage: '10',
  takeProfit: '',
  stopLoss: '',
  symbol: 'BTCUSDT',
};
const resolve = (values: Partial<OrderValues>, available?: string) =>
  orderResolver(btcPair, { available, price: '60000' })({ ...typed, ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('orderResolver: validateOpen as the order form’s resolver', () => {
  it('gives the order validateOpen makes of what is typed', async () => {
    const { values, errors } = await resolve({});
    expect(errors).toEqual({});
    const order = values as OpenOrder;
    expect(order.side).toBe('long');
    expect(order.leverage).toBe(10);
    expect(order.margin.toFixed()).toBe('100');
    expect(order.cost.toFixed()).toBe('100.5');
  });

  it('puts the refusal under the field at fault, as its i18n key and variables', async () => {
    expect((await resolve({ leverage: '5000' })).errors).toEqual({
      leverage: { type: 'validate', message: 'game.leverageRange', vars: { max: btcPair.maxLeverage } },
    });
    expect((await resolve({ margin: '11' }, '10')).errors).toMatchObject({
      margin: { message: 'errors.insufficientBalance' },
    });
    expect((await resolve({ takeProfit: '59000' })).errors).toMatchObject({
      takeProfit: { message: 'game.takeProfitInvalid' },
    });
  });
});
