import { readFileSync } from 'node:fs';
import { chromium, type LaunchOptions } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_EXECUTABLE, CHROMIUM_LAUNCH, PLAYWRIGHT_DISABLED_FEATURES } from './chromium.js';

/** The command line Chromium was started with, as its process shows it. */
async function commandLineOf(options: LaunchOptions): Promise<string[]> {
  const server = await chromium.launchServer(options);
  try {
    return readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
  } finally {
    await server.close();
  }
}

const disabledFeatures = (commandLine: string[]) => commandLine.filter((arg) => arg.startsWith('--disable-features='));

describe('the browser the suites start', () => {
  it('still turns off every feature Playwright turns off, in its one --disable-features', async () => {
    const playwrights = disabledFeatures(await commandLineOf({ executablePath: CHROMIUM_EXECUTABLE, args: ['--no-sandbox'] }));
    expect(playwrights).toHaveLength(1);
    expect(playwrights[0]!.split('=')[1]!.split(',')).toEqual(PLAYWRIGHT_DISABLED_FEATURES);

    const ours = disabledFeatures(await commandLineOf(CHROMIUM_LAUNCH));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.split('=')[1]!.split(',')).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup']));
  });

  it('opens nothing beside a test’s page: no address-bar pop-up', async () => {
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    try {
      const page = await (await browser.newContext()).newPage();
      await page.setContent('<h1>a test page</h1>');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets');
      expect(targetInfos.map((target) => target.type)).toEqual(['page']);
    } finally {
      await browser.close();
    }
  });
});
