// The chart's price labels (its scale, its last-price and position lines) as the rest of the game
// writes prices: the pair's decimals with the thousands grouped (60,000.00, not 60000.00).
export function chartPriceFormat(priceDp: number) {
  const format = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: priceDp,
    maximumFractionDigits: priceDp,
  });
  return {
    type: 'custom' as const,
    minMove: 10 ** -priceDp,
    formatter: (price: number) => format.format(price),
  };
}
