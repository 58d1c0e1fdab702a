export const languages = ['zh-CN', 'en-US'] as const;
export type Language = (typeof languages)[number];

/** Any language tag starting with zh is Chinese; everything else is English (spec §9). */
export function toLanguage(tag: string | null | undefined): Language {
  return tag && tag.trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}
