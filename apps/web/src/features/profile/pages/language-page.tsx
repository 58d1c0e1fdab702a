import { useTranslation } from 'react-i18next';
import type { Language } from '@tradeflip/i18n';
import { CheckIcon } from '@/components/icons';
import { PageFrame } from '@/components/page-frame';
import { setLanguage, useLanguage } from '@/lib/i18n';
import './profile.css';

const choices: { lang: Language; key: 'language.zhCN' | 'language.enUS' }[] = [
  { lang: 'zh-CN', key: 'language.zhCN' },
  { lang: 'en-US', key: 'language.enUS' },
];

export function LanguagePage() {
  const { t } = useTranslation();
  const current = useLanguage();
  return (
    <PageFrame title={t('titles.language')}>
      <p className="lang__hint">{t('language.hint')}</p>
      <div className="lang" role="radiogroup" aria-label={t('titles.language')}>
        {choices.map(({ lang, key }) => {
          const selected = lang === current;
          return (
            <button
              key={lang}
              type="button"
              role="radio"
              aria-checked={selected}
              lang={lang}
              className={selected ? 'lang__option lang__option--on' : 'lang__option'}
              data-testid={`lang-${lang}`}
              onClick={() => setLanguage(lang)}
            >
              <span>{t(key)}</span>
              {selected && <CheckIcon size={22} className="lang__check" />}
            </button>
          );
        })}
      </div>
    </PageFrame>
  );
}
