// Issue 19, acceptance 3 in the browser: an empty message is refused with the spec's words, a message
// is sent and listed, the operator's reply shows under it; both languages, phone size, screenshots.
import { adminApi } from '../support/admin';
import { newEmail, newPassword, registerInBrowser, saveScreens } from '../support/app';
import { expect, test } from '../support/fixtures';

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`a player sends feedback and reads the reply (${lang})`, async ({ page }) => {
    const en = lang === 'en-US';
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pages/register/index');
    await registerInBrowser(page, newEmail('feedback'), newPassword());
    await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
    await page.goto('/pages/feedback/index');
    await expect(page.getByTestId('no-feedback')).toBeVisible();

    await page.getByTestId('feedback-send').click();
    await expect(page.getByTestId('feedback-content-error')).toHaveText(
      en ? 'Please enter content' : '请输入内容',
    );
    // A press within 800 ms of the last is taken for a double tap and ignored (spec §9).
    await page.waitForTimeout(900);
    await page
      .getByTestId('feedback-content')
      .fill(en ? 'The chart could show more time.' : '图表可以显示更长时间。');
    await page.getByTestId('feedback-send').click();
    const card = page.locator('article[data-testid^="feedback-"]');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(en ? 'Waiting for a reply' : '等待回复');
    const id = (await card.getAttribute('data-testid'))!.replace('feedback-', '');
    await adminApi('/api/admin/feedback/reply', {
      id: Number(id),
      reply: en ? 'Thanks, noted.' : '感谢，已记录。',
    });
    await page.reload();
    await expect(card.getByTestId('feedback-reply')).toContainText(en ? 'Thanks, noted.' : '感谢，已记录。');
    await saveScreens(page, `feedback-${en ? 'en' : 'zh'}`);
  });
}
