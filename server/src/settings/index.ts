// The settings module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { defaultSettingsSeed } from './default-settings.seed.js';
export { refuseDuringMaintenance } from './maintenance.js';
export { type Settings, settingsTable } from './settings.model.js';
export type { LiveStakes } from './settings.service.js';
export { AUTO_PAYOUT_ENABLED_SQL, findSettingsRow, holdSettingsShared, SETTINGS_ROW_SQL } from './settings-row.js';
export { settingsApplier } from './settings-change-requests.js';
export { holderChainOrigins, keepMintProfileCurrent, loadSettings, storedThreshold, takeDueChangesWhenRead } from './stored-settings.js';
