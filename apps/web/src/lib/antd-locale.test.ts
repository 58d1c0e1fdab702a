// antd-mobile's words follow the app's language through its default config (antd-locale.ts), which
// every module using antd-mobile loads first: with no ConfigProvider, one that didn't would show
// antd-mobile's default, Chinese, to everyone.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { describe, expect, it } from 'vitest';
import { storeLanguage } from './language';
import './antd-locale';

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("antd-mobile's locale", () => {
  it('follows the language switch', () => {
    storeLanguage('en-US');
    expect(getDefaultConfig().locale.common.loading).toBe('Loading');
    storeLanguage('zh-CN');
    expect(getDefaultConfig().locale.common.loading).toBe('加载中');
    storeLanguage('en-US');
  });

  it('is loaded by every module that uses antd-mobile', () => {
    const missing = sources(SRC)
      .filter((file) => !file.endsWith('antd-locale.ts') && !file.endsWith('antd-react19.ts'))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return /from 'antd-mobile/.test(text) && !text.includes("import '@/lib/antd-locale';");
      })
      .map((file) => relative(SRC, file));
    expect(missing).toEqual([]);
  });
});
