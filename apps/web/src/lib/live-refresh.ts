// How often screens follow money that is moving (issue 9: records move by themselves). A deposit or
// withdrawal in flight is polled often; a records list or the Deposit page with nothing in flight
// still looks now and then, so a new deposit shows without a pull to refresh. Polling pauses while the
// app is in the background (TanStack Query's default). The market issue's WebSocket user channel will
// push these instead. Tests shorten the intervals rather than fake the clock.
export const liveRefresh = {
  inFlightMs: 4_000,
  watchMs: 10_000,
  /** The asset overview while a position is open: its unrealized PnL moves with every price. */
  openPnlMs: 3_000,
};
