import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/copy-text';
import { showToast } from '@/lib/toast';
import { CopyIcon } from './icons';

/** A small icon button that copies `text` and says so. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="copy-btn"
      aria-label={label ?? t('common.copy')}
      onClick={() => {
        void copyText(text).then((ok) => ok && showToast(t('common.copied')));
      }}
    >
      <CopyIcon size={16} />
    </button>
  );
}
