// The game's pair switcher (as on an exchange's futures screen): a tap on the pair's name opens every
// pair with its live price and 24 h change (Home's market list); a row opens that pair's game.
import { useTranslation } from 'react-i18next';
import { Sheet } from '@/components/sheet';
import { TickerList } from '@/features/market/components/ticker-list';

export default function PairSwitcher({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    // A row is a link to its pair: the sheet closes as it is followed.
    <Sheet
      onClose={onClose}
      className="pair-switcher"
      title={t('contractGame.choosePair')}
      testId="pair-switcher"
      onClickCapture={onClose}
    >
      <TickerList />
    </Sheet>
  );
}
