// Long on-chain identifiers on narrow screens: the start and the end, which is what people compare.

/** `0x1234567890abcdef…` → `0x123456…abcdef`; short texts are returned as they are. */
export function shortenMiddle(text: string, head = 8, tail = 6): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}
