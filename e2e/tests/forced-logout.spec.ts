// Acceptance 3: an operator freezes the account from the command line and the open app is signed out
// with the spec's message (at once, by its socket's revocation notice, on any page: issue 17's one
// user channel); the old session's next call is refused the same way; a frozen account cannot sign
// in until it is unfrozen.
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

  const session = await storedSession(page);
  const refusedCalls: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) refusedCalls.push(new URL(r.url()).pathname);
  });

  await test.step('the operator freezes the account from the CLI: the open app is signed out at once', async () => {
    // The socket's revocation notice arrives while the CLI is still finishing: watch from the start.
    const told = expect(toast(page, FORCED)).toBeVisible({ timeout: 30_000 });
    expect(await admin('user:freeze', email)).toContain(email);
    await told;
    await expect(page).toHaveURL(/\/pages\/login\/index\?from=force$/);
    expect(pathAndQuery(page)).toBe('/pages/login/index?from=force');
    await expect(page.getByTestId('forced-logout')).toContainText(FORCED);
    expect(await storedSession(page)).toEqual({ token: null, userId: null, email: null });
    // The notice itself signed the app out: no refetch went out to meet a 401 first.
    expect(refusedCalls).toEqual([]);
    await expect(toast(page, FORCED)).toBeHidden();
  });

  await test.step('the old session’s next call answers 401 user_frozen and lands on the same sign-in', async () => {
    await page.evaluate(({ token, userId, email }) => {
      localStorage.setItem('token', token!);
      localStorage.setItem('user_id', userId!);
      localStorage.setItem('email', email!);
    }, session);
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/app/user/me');
    await page.goto('/pages/user/index');
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
