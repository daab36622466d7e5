/** The landing page's plan grid, as an anchor: /#plans (the footer's Stake link, scan to stake's way to a plan). */
export const PLANS_ANCHOR = 'plans';
