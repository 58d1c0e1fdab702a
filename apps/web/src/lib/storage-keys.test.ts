import { describe, expect, it } from 'vitest';
import { readStorage, sessionStorageKeys, storageKeys, writeStorage } from './storage-keys';

describe('storage keys', () => {
  it('are the spec’s names', () => {
    expect(storageKeys).toMatchObject({
      token: 'token',
      userId: 'user_id',
      email: 'email',
      language: 'app.lang',
      precisions: 'app.precisions.v1',
      pwaInstalled: 'pwa.installed',
      pwaNever: 'pwa.never',
      pwaDismissedAt: 'pwa.dismissedAt',
      pwaSnoozeDays: 'pwa.snoozeDays',
      pwaPageViews: 'pwa.pv',
    });
    expect(new Set(Object.values(storageKeys)).size).toBe(Object.values(storageKeys).length);
    expect(sessionStorageKeys.navDepth).toBeTruthy();
  });

  it('survive a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(readStorage(storageKeys.token, broken)).toBeNull();
    expect(() => writeStorage(storageKeys.token, 'x', broken)).not.toThrow();
  });
});
