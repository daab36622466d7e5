import { expect, type Locator, type Page } from '@playwright/test';
import { adminToken } from './admin-api.js';

/** The panel's tabs, in order (an owner sees all of them). */
export const ADMIN_TABS = [
  'Token Config',
  'Staking Plans',
  'Withdrawals',
  'Active Stakes',
  'Completed Stakes',
  'Admins',
  'Requests',
  'Alerts',
  'Audit Log',
  'Reconciliation',
  'Reserves',
] as const;

/**
 * How long to wait for an answer that checks or sets a password: bcrypt at cost 12 is slow on
 * purpose, and on a loaded 2-CPU CI machine it takes seconds, more than the default 5 s wait.
 */
export const PASSWORD_CHECK = { timeout: 20_000 };

/** What an operator does in the admin panel, in the words of its screens. */
/** The panel with a returning admin's token, in whatever language the browser asks for, once `title` shows. */
export async function openPanelWithToken(page: Page, title: string, token: string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('admin_token', value), token);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 15_000 });
}

export class AdminPanel {
  constructor(readonly page: Page) {}

  /** A toast (antd notification) with this title. */
  toast(title: string | RegExp) {
    return this.page.locator('.ant-notification-notice').filter({ hasText: title });
  }

  dialog(name?: string | RegExp) {
    return this.page.getByRole('dialog', name === undefined ? {} : { name });
  }

  /**
   * The dialog once its opening zoom has ended: a click on a loaded machine can land while it still
   * grows, where the button is not yet (CI: a submit click that submitted nothing).
   */
  async openedDialog(name: string | RegExp) {
    const dialog = this.dialog(name);
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
    return dialog;
  }

  tab(name: string) {
    return this.page.getByRole('tab', { name });
  }

  /** The open tab's content. */
  panel() {
    return this.page.getByRole('tabpanel');
  }

  section(name: string) {
    return this.page.getByRole('region', { name });
  }

  /**
   * Logs in through the form, as an operator does; with `code`, answers the two-factor step that
   * the server asks for after the password.
   */
  async login(username: string, password: string, code?: string | (() => Promise<string>)) {
    await this.page.goto('/admin');
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Login' }).click();
    if (code === undefined) return;
    await expect(this.page.getByLabel('Authentication code')).toBeVisible(PASSWORD_CHECK);
    await this.page.getByLabel('Authentication code').fill(typeof code === 'string' ? code : await code());
    await this.page.getByRole('button', { name: 'Verify' }).click();
  }

  /** The step-up dialog that a change of wallet, contract, provider, admin or role opens. */
  stepUp() {
    return this.dialog('Confirm this change');
  }

  /** Answers the step-up dialog with the current password (and a two-factor code). */
  async confirmStepUp(password: string, code?: string) {
    // Once its opening zoom has ended: a Confirm clicked while it grew submitted nothing (CI, passkeys spec).
    const dialog = await this.openedDialog('Confirm this change');
    await dialog.getByLabel('Current password').fill(password);
    if (code !== undefined) await dialog.getByLabel('Two-factor code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  }

  /**
   * Whether the server checks a request's fields or its step-up first is its own business: this
   * answers the step-up dialog if it opens before `outcome` shows.
   */
  async stepUpIfAsked(password: string, outcome: Locator) {
    await expect(this.stepUp().or(outcome).first()).toBeVisible(PASSWORD_CHECK);
    if (await this.stepUp().isVisible()) await this.confirmStepUp(password);
  }

  /** The signed-in admin's own account (header button, then its drawer). */
  async openAccount() {
    await this.page.getByRole('button', { name: /^My account/ }).click();
    const drawer = this.dialog('My account');
    await expect(drawer).toBeVisible();
    return drawer;
  }

  /** Opens the panel already logged in (a token from the API in localStorage, as a returning admin has). */
  async open(tab?: string, token?: string) {
    token ??= await adminToken();
    await this.page.addInitScript((value) => localStorage.setItem('admin_token', value), token);
    await this.page.goto('/admin');
    // The first paint waits for the lazy admin chunk (antd), which on a loaded CI machine can take
    // longer than the default assertion wait.
    await expect(this.page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible({ timeout: 15_000 });
    if (tab) await this.openTab(tab);
  }

  async openTab(name: string) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  /** Picks `option` in the select labelled `label` (antd draws its options in a pop-up list). */
  async choose(label: string, option: string) {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.locator('.ant-select-item-option').filter({ hasText: option }).click();
  }

  /** The row of a table that mentions `text`. */
  row(text: string | RegExp) {
    return this.panel().getByRole('row').filter({ hasText: text });
  }
}
