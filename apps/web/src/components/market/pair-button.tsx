// The pair's name at the top of a game's screen, as on an exchange: its logo, BASE/QUOTE and a
// chevron; a tap opens the pair switcher (pair-switcher.tsx, loaded then).
import { ChevronRightIcon } from '@/components/icons';
import { TokenLogo } from '@/components/token-logo';
import './pair-button.css';

export interface PairButtonProps {
  /** The base token (its logo), once the pair is known. */
  base: string | undefined;
  /** BASE/QUOTE ('--' before the pair is known). */
  label: string;
  /** What a tap does, for screen readers ("Choose a pair"). */
  action: string;
  onClick: () => void;
  testId: string;
  labelTestId?: string;
  disabled?: boolean;
  className?: string;
}

export function PairButton({
  base,
  label,
  action,
  onClick,
  testId,
  labelTestId,
  disabled,
  className,
}: PairButtonProps) {
  return (
    <button
      type="button"
      className={`pair-button ${className ?? ''}`}
      data-testid={testId}
      aria-haspopup="dialog"
      aria-label={`${label}, ${action}`}
      disabled={disabled}
      onClick={onClick}
    >
      {/* Before the pair is known, its logo's room (the name beside it then stays where it is). */}
      {base ? <TokenLogo symbol={base} size={28} /> : <span className="pair-button__logo-slot" />}
      <b data-testid={labelTestId}>{label || '--'}</b>
      <ChevronRightIcon size={16} className="pair-button__chevron" />
    </button>
  );
}
