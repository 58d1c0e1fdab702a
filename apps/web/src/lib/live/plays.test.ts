// A play of the `plays` channel is kept exactly when packages/api's schema takes it (the socket's
// shared check looks at the frame only: the plays are checked by the feed's own chunk).
import { describe, expect, it } from 'vitest';
import { play } from '@tradeflip/api';
import { isPlay } from './plays';

const flip = {
  id: 'flip-9',
  game: 'flip',
  player: 'ab***',
  symbol: 'BTCUSDT',
  side: 'up',
  token: 'USDT',
  leverage: null,
  outcome: 'won',
  stake: null,
  result: null,
  time: 1,
};
const samples: unknown[] = [
  flip,
  { ...flip, game: 'contract', side: 'short', leverage: 5, stake: '10', result: '-1.5', outcome: 'lost' },
  { ...flip, outcome: 'tie' },
  { ...flip, side: 'sideways' },
  { ...flip, game: 'poker' },
  { ...flip, outcome: 'no_price' },
  { ...flip, stake: 10 },
  { ...flip, result: undefined },
  { ...flip, leverage: 2.5 },
  { ...flip, time: '1' },
  { ...flip, player: undefined },
  { ...flip, id: 9 },
  null,
  'flip-9',
];

describe('isPlay', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with the contract schema on %s',
    (_, sample) => {
      expect(isPlay(sample)).toBe(play.safeParse(sample).success);
    },
  );
});
