import { expect, type Page } from '@playwright/test';

/** What a holder does on the pages, in the words of the screens. */
export class HolderPages {
  constructor(readonly page: Page) {}

  toast(text: string | RegExp) {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }

  section(name: string) {
    return this.page.getByRole('region', { name });
  }

  dialog() {
    return this.page.getByRole('dialog');
  }

  /** Connects from the landing page and follows the redirect to the dashboard. */
  async connectFromLanding() {
    await this.page.goto('/');
    // 'Connect Wallet', or 'Connect' on small screens.
    await this.page.getByRole('button', { name: /^Connect( Wallet)?$/ }).click();
    await expect(this.toast('Wallet Connected')).toBeVisible();
    await expect(this.page).toHaveURL(/\/dashboard$/);
  }

  /** Asks to stake `amount` tokens in `plan` from the dashboard's New Stake grid, whatever comes of it. */
  async submitStake(plan: string, amount: number) {
    await this.section('New Stake').getByRole('article', { name: plan }).getByRole('button', { name: 'Stake Now' }).click();
    await this.dialog().getByLabel('Amount (SDT)').fill(String(amount));
    await this.dialog().getByRole('button', { name: 'Confirm Stake' }).click();
  }

  /** Stakes `amount` tokens in `plan` from the dashboard's New Stake grid and waits for success. */
  async stake(plan: string, amount: number) {
    await this.submitStake(plan, amount);
    await expect(this.toast('Stake Successful')).toBeVisible({ timeout: 30_000 });
    await expect(this.dialog()).toBeHidden();
  }
}
