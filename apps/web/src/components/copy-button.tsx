import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { CopyIcon } from './icons';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and insecure origins: a hidden textarea and execCommand.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

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
