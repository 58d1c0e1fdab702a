/** The time source of every rule that depends on time (code expiry, rate limits, sessions); tests move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
