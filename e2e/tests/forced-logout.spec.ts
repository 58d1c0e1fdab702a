// Acceptance 3: an operator freezes the account from the command line and the open app is signed out
// with the spec's message; a frozen account cannot sign in until it is unfrozen.
import { admin } from '../support/admin';
import {
  newEmail,
  newPassword,
  pathAndQuery,
  registerInBrowser,
  storedSession,
  submitSignIn,
  toast,
  toastShownAndGone,
} from '../support/app';
import { expect, test } from '../support/fixtures';

const FORCED = 'You have been signed out because your account was frozen.';
const FROZEN_SIGN_IN = 'Your account has been frozen and you cannot sign in. Please contact support.';

test('freezing the account signs the open app out, and unfreezing lets the person back in', async ({
  page,
}) => {
  const email = newEmail('frozen');
  const password = newPassword();
  await registerInBrowser(page, email, password);
  await page.getByTestId('tab-profile').click();
  await expect(page.getByTestId('profile-email')).toHaveText(email);

  await test.step('the operator freezes the account from the CLI', async () => {
    expect(await admin('user:freeze', email)).toContain(email);
  });

  await test.step('the next call lands on sign-in with from=force and the message', async () => {
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/app/user/me');
    await page.reload();
    const answer = await refused;
    expect(answer.status()).toBe(401);
    expect(await answer.json()).toMatchObject({ reason: 'user_frozen' });
    await expect(page).toHaveURL(/\/pages\/login\/index\?from=force$/);
    expect(pathAndQuery(page)).toBe('/pages/login/index?from=force');
    await expect(page.getByTestId('forced-logout')).toContainText(FORCED);
    await expect(toast(page, FORCED)).toBeVisible();
    expect(await storedSession(page)).toEqual({ token: null, userId: null, email: null });
    await expect(toast(page, FORCED)).toBeHidden();
  });

  await test.step('signing in while frozen is refused', async () => {
    const refused = await submitSignIn(page, email, password);
    expect(refused).toMatchObject({ reason: 'account_frozen', msg: FROZEN_SIGN_IN });
    await toastShownAndGone(page, FROZEN_SIGN_IN);
    expect((await storedSession(page)).token).toBeNull();
  });

  await test.step('after user:unfreeze the person signs in', async () => {
    expect(await admin('user:unfreeze', email)).toContain(email);
    expect(await submitSignIn(page, email, password)).toMatchObject({ code: 0 });
    await expect(page.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('tab-profile').click();
    await expect(page.getByTestId('profile-email')).toHaveText(email);
  });
});
