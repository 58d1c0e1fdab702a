import { describe, expect, it } from 'vitest';
import { messagesEn, messagesZh, toLanguage, translate } from './index';
import { contractGameUiEn, contractGameUiZh } from './contract-game-ui';
import { walletUiEn, walletUiZh } from './wallet-ui';
import { flipUiEn, flipUiZh } from './flip-ui';
import { vipUiEn, vipUiZh } from './vip-ui';
import { feedbackUiEn, feedbackUiZh } from './feedback-ui';
import { noticesUiEn, noticesUiZh } from './notices-ui';
import { inviteUiEn, inviteUiZh } from './invite-ui';
import { pushUiEn, pushUiZh } from './push-ui';
import { playsUiEn, playsUiZh } from './plays-ui';

function keysOf(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v as object, `${prefix}${k}.`),
  );
}

describe('i18n', () => {
  it('maps any zh* tag to Chinese and everything else to English', () => {
    expect(toLanguage('zh')).toBe('zh-CN');
    expect(toLanguage('zh-TW')).toBe('zh-CN');
    expect(toLanguage('ZH-hk')).toBe('zh-CN');
    expect(toLanguage('en-GB')).toBe('en-US');
    expect(toLanguage('fr')).toBe('en-US');
    expect(toLanguage(undefined)).toBe('en-US');
  });

  it('has the same keys in both languages', () => {
    expect(keysOf(messagesZh).sort()).toEqual(keysOf(messagesEn).sort());
    expect(keysOf(walletUiZh).sort()).toEqual(keysOf(walletUiEn).sort());
    expect(keysOf(contractGameUiZh).sort()).toEqual(keysOf(contractGameUiEn).sort());
    expect(keysOf(flipUiZh).sort()).toEqual(keysOf(flipUiEn).sort());
    expect(keysOf(vipUiZh).sort()).toEqual(keysOf(vipUiEn).sort());
    expect(keysOf(feedbackUiZh).sort()).toEqual(keysOf(feedbackUiEn).sort());
    expect(keysOf(noticesUiZh).sort()).toEqual(keysOf(noticesUiEn).sort());
    expect(keysOf(inviteUiZh).sort()).toEqual(keysOf(inviteUiEn).sort());
    expect(keysOf(pushUiZh).sort()).toEqual(keysOf(pushUiEn).sort());
    expect(keysOf(playsUiZh).sort()).toEqual(keysOf(playsUiEn).sort());
  });

  it("keeps the flip screen's words apart from the server's flip errors", () => {
    const errors = new Set(keysOf(messagesEn.flip));
    expect(keysOf(flipUiEn.flip).filter((key) => errors.has(key))).toEqual([]);
  });

  it('keeps the spec messages word for word and fills placeholders', () => {
    expect(translate('en-US', 'errors.tooManyRequestsIn', { s: 42 })).toBe(
      'Too many requests. Try again in 42s.',
    );
    expect(translate('en-US', 'validation.passwordRule')).toBe(
      'Password must be 8–32 chars with letters and numbers',
    );
    expect(translate('zh-CN', 'errors.missingId')).toBe('缺少参数：id');
  });
});
