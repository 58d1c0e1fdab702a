// The server's time, as near as the socket can tell it. Flips end and are settled by the server's
// clock; a phone's own clock can be seconds off, and a countdown by it would reach 0 early and wait,
// or still show seconds when the result comes. The market socket pings on every connection and every
// minute; the answer (`pong`, with the server's time) of the quickest of the last few round trips
// gives the offset (its half-way point is nearest the moment the server read its clock).
const SAMPLES = 5;
const samples: { roundTrip: number; offset: number }[] = [];
let offset = 0;

/** The time now by the server's clock (epoch ms): the device's until the first answer came. */
export function serverNow(): number {
  return Date.now() + offset;
}

/** A `pong`'s server time, with when its ping went out and when it came back (device epoch ms). */
export function noteServerTime(serverTime: number, sentAt: number, receivedAt: number): void {
  const roundTrip = receivedAt - sentAt;
  if (!Number.isFinite(serverTime) || roundTrip < 0) return;
  samples.push({ roundTrip, offset: serverTime - (sentAt + roundTrip / 2) });
  if (samples.length > SAMPLES) samples.shift();
  offset = samples.reduce((best, sample) => (sample.roundTrip < best.roundTrip ? sample : best)).offset;
}
