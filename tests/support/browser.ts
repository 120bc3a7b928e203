import type { Page } from 'playwright-core';

/** Logs in on /auth/login as a user would; the caller waits for where the app goes next. */
export async function logInThroughUi(page: Page, baseUrl: string, account: { email: string; password: string }) {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The page's width as laid out: at most the viewport's when nothing scrolls sideways. */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Clicks a point of the map region called `name`, given as fractions of its width and height. */
export async function clickMap(page: Page, name: string, x: number, y: number) {
  const box = (await page.getByRole('region', { name }).boundingBox())!;
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}
