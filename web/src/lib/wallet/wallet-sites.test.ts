import { describe, expect, it } from 'vitest';
import { browseLink, WALLET_SITES } from './wallet-sites.js';

describe('browse deep links', () => {
  it("open the page in each wallet app's browser, with the page and the site URL-encoded as the wallets document", () => {
    const page = 'https://stake.example.com/dashboard?wallet=9xQe';
    expect(WALLET_SITES.map((wallet) => browseLink(wallet, page))).toEqual([
      'https://phantom.app/ul/browse/https%3A%2F%2Fstake.example.com%2Fdashboard%3Fwallet%3D9xQe?ref=https%3A%2F%2Fstake.example.com',
      'https://solflare.com/ul/v1/browse/https%3A%2F%2Fstake.example.com%2Fdashboard%3Fwallet%3D9xQe?ref=https%3A%2F%2Fstake.example.com',
      'https://backpack.app/ul/v1/browse/https%3A%2F%2Fstake.example.com%2Fdashboard%3Fwallet%3D9xQe?ref=https%3A%2F%2Fstake.example.com',
    ]);
  });
});
