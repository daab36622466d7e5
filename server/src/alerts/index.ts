// The alerts module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { alertStepUpChanges, announceSecurityChanges } from './announce-security-changes.js';
export { emitAlert } from './emit-alert.js';
export { webhookAddress } from './webhook-address.js';
export { startWebhookDelivery, type WebhookDeliveryOptions } from './webhook-delivery.js';
export { webhookRemovalApplier } from './webhooks.service.js';
