// Issue 32 point 8 in the browser: the Web Push switch in the notification centre, loaded after its
// list; on an iPhone's Safari tab it explains that notifications need the app on
// the Home Screen first. Both languages, phone sizes, screenshots.
import { newEmail, newPassword, registerInBrowser, saveScreens } from '../support/app';
import { expect, test } from '../support/fixtures';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

for (const lang of ['en-US', 'zh-CN'] as const) {
  const en = lang === 'en-US';
  test(`a signed-in player finds the notification switch in the notification centre (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pages/register/index');
    await registerInBrowser(page, newEmail('push'), newPassword());
    await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
    await page.goto('/pages/notifications/index');
    const section = page.getByTestId('push-switch');
    await expect(section).toContainText(en ? 'Notifications on this device' : '本设备通知');
    await expect(page.getByTestId('push-toggle')).not.toBeChecked();
    await section.scrollIntoViewIfNeeded();
    await saveScreens(page, `push-switch-${en ? 'en' : 'zh'}`);
  });

  test.describe(() => {
    test.use({ userAgent: IPHONE_SAFARI });
    test(`on an iPhone in Safari it explains to add the app to the Home Screen first (${lang})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/pages/register/index');
      await registerInBrowser(page, newEmail('push-ios'), newPassword());
      await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
      await page.goto('/pages/notifications/index');
      await expect(page.getByTestId('push-needs-install')).toContainText(
        en
          ? 'only once it is on the Home Screen (iOS 16.4 or later)'
          : '只有添加到主屏幕的 TradeFlip 才能收到通知',
      );
      await expect(page.getByTestId('push-toggle')).toHaveCount(0);
      await page.getByTestId('push-switch').scrollIntoViewIfNeeded();
      await saveScreens(page, `push-needs-install-${en ? 'en' : 'zh'}`);
    });
  });
}
