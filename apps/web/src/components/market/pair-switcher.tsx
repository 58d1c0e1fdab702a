// A game's pair switcher (as on an exchange's futures screen): a tap on the pair's name opens the
// pairs with their live price and 24 h change (Home's market list); a row opens that pair's game.
// The games load it lazily (with the Sheet it opens in), when it is first opened.
import { Sheet } from '@/components/sheet';
import { TickerList } from './ticker-list';
import './pair-switcher.css';

export interface PairSwitcherProps {
  title: string;
  testId: string;
  onClose: () => void;
  /** Where a row leads (the contract game's screen by default). */
  pathOf?: (symbol: string) => string;
  /** The pairs the game offers (every pair by default). */
  only?: (symbol: string) => boolean;
}

export default function PairSwitcher({ title, testId, onClose, pathOf, only }: PairSwitcherProps) {
  return (
    // A row is a link to its pair: the sheet closes as it is followed.
    <Sheet onClose={onClose} className="pair-switcher" title={title} testId={testId} onClickCapture={onClose}>
      <TickerList {...(pathOf && { pathOf })} {...(only && { only })} />
    </Sheet>
  );
}
