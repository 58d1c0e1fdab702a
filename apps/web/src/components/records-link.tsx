// The records entry in a deposit or withdraw screen's title bar.
import { Link } from 'react-router';
import { RecordsIcon } from './icons';
import './records-link.css';

export function RecordsLink({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Link to={to} className="records-link" aria-label={label} title={label} data-testid={testId}>
      <RecordsIcon size={22} />
    </Link>
  );
}
