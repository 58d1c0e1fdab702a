// The public `plays` channel (other players' latest plays): each frame is the whole list, newest first,
// so a missed frame or a reconnect needs no refetch (the next frame, or the first after subscribing,
// brings the list). Each play is checked here, in the feed's own chunk, not on every page's socket.
import { useEffect, useState } from 'react';
import type { Play } from '@tradeflip/api';
import { marketSocket } from './market-socket';

const GAMES = new Set(['flip', 'contract']);
const SIDES = new Set(['up', 'down', 'long', 'short']);
const OUTCOMES = new Set(['won', 'lost', 'tie']);
const isText = (value: unknown): value is string => typeof value === 'string';
const isAmount = (value: unknown) => value === null || isText(value);

/** Whether a play of a frame has the shape packages/api gives it (anything else is left out). */
export function isPlay(value: unknown): value is Play {
  if (typeof value !== 'object' || value === null) return false;
  const play = value as Record<string, unknown>;
  return (
    isText(play.id) &&
    GAMES.has(play.game as string) &&
    isText(play.player) &&
    isText(play.symbol) &&
    SIDES.has(play.side as string) &&
    isText(play.token) &&
    (play.leverage === null || Number.isInteger(play.leverage)) &&
    OUTCOMES.has(play.outcome as string) &&
    isAmount(play.stake) &&
    isAmount(play.result) &&
    Number.isSafeInteger(play.time)
  );
}

/** The newest plays while the caller is mounted (null until the first frame). */
export function usePlays(): Play[] | null {
  const [plays, setPlays] = useState<Play[] | null>(null);
  useEffect(
    () =>
      marketSocket.subscribe({ channel: 'plays' }, (message) => {
        if (message.type === 'plays') setPlays(message.list.filter(isPlay));
      }),
    [],
  );
  return plays;
}
