// "View on explorer": a deposit's or withdrawal's transaction on the network's block explorer, when
// the server has one configured for that network (none on the local development chains).
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from './icons';

export function ExplorerLink({ href, testId }: { href: string | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!href) return null;
  return (
    <a className="explorer-link" href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {t('common.viewOnExplorer')}
      <ChevronRightIcon size={14} />
    </a>
  );
}
