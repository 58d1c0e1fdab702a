// The spec's default decimals (§5, §9), apart from decimal.js so the precision map can be read
// without loading it (the web app does at start-up).
export const DEFAULT_PRICE_DP = 4;
export const DEFAULT_AMOUNT_DP = 6;
/** What a screen shows for a value that is missing or not a number. */
export const DECIMAL_DISPLAY_PLACEHOLDER = '--';
