import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';

const DEMO = { email: 'demo@lanyard.localhost', password: 'Sakura#Wallet24' };

test('log in in two steps, see the attempts left after a wrong password, and come back where you were', async ({
  page,
  problems,
}) => {
  await page.goto('/ns/portal/openbadge/login?language=en&redirect=%2Fns%2Fportal%2Fopenbadge%2Funauthorized');
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid email address.');
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Password')).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('Password').fill('Wrong#Password1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email address or password is incorrect. 4 attempts remaining.');
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/ns\/portal\/openbadge\/unauthorized$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
});

test('the login screen speaks Japanese, and never sends people to another site', async ({ page }) => {
  await page.goto('/ns/portal/openbadge/login?language=ja&redirect=https%3A%2F%2Fevil.example%2F');
  await expect(page.getByRole('heading', { name: 'ウォレットにログイン' })).toBeVisible();
  await hydrated(page, 'LoginForm');
  await page.getByLabel('メールアドレス').fill(`nobody-${Date.now()}@example.test`);
  await page.getByRole('button', { name: '次へ' }).click();
  await page.getByLabel('パスワード').fill('Wrong#Password1');
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'メールアドレスまたはパスワードが正しくありません。残り4回試行できます。',
  );
  await page.getByRole('button', { name: '別のメールアドレスを使う' }).click();
  await page.getByLabel('メールアドレス').fill(DEMO.email);
  await page.getByRole('button', { name: '次へ' }).click();
  await page.getByLabel('パスワード').fill(DEMO.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/ns\/portal\/openbadge\/assertions$/);
});
