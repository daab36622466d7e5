// The alerts module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { alertStepUpChanges, announceSecurityChanges } from './announce-security-changes.js';
export { deliverAlertsThrough, emitAlert } from './emit-alert.js';
export { webhookAddress } from './webhook-address.js';
export {
  attemptDeliveryJob,
  queueForgottenWebhookDeliveries,
  WEBHOOK_RETRY,
  WEBHOOK_SWEEP_INTERVAL_MS,
  type WebhookDeliveryOptions,
} from './webhook-delivery.js';
export { webhookRemovalApplier } from './webhooks.service.js';
