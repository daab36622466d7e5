/** The public pages of the proof of reserves (App.tsx routes them; the footer, the dashboard line and each other link them). */
export const RESERVES_PATH = '/reserves';
export const HOW_IT_WORKS_PATH = '/reserves/how-it-works';
