import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWebhook, ChangeRequest, CreatedWebhook, WebhookDelivery } from '@stakedesk/shared/api-types';
import type { WebhookInput } from '@stakedesk/shared/schemas';
import { adminKeys } from '../core/queries/query-keys.js';
import { useChangeMutation, type MutationCallbacks } from '../core/events/invalidation.js';
import type { AdminChange } from '../core/events/stale-keys.js';
import { askedFor } from '../core/change-requests/asked.js';
import { useAdminClient } from '../core/session/session.js';

const webhookChanged = (): AdminChange[] => [{ type: 'admin.changed', entityType: 'webhook' }];

export function useWebhooks() {
  const client = useAdminClient();
  return useQuery({ queryKey: adminKeys.webhooks, queryFn: () => client.get<AdminWebhook[]>('/api/admin/webhooks') });
}

/** The webhook's latest deliveries, newest first; read again every few seconds while shown, as retries land. */
export function useWebhookDeliveries(webhookId: number | null) {
  const client = useAdminClient();
  return useQuery({
    queryKey: adminKeys.webhookDeliveries(webhookId ?? 0),
    queryFn: () => client.get<WebhookDelivery[]>(`/api/admin/webhooks/${webhookId}/deliveries`),
    enabled: webhookId !== null,
    refetchInterval: 5_000,
  });
}

/** Creates a webhook (`webhook` null) or changes `webhook`. */
export function useSaveWebhook(webhook: AdminWebhook | null, callbacks: MutationCallbacks<CreatedWebhook, WebhookInput> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    (input: WebhookInput) =>
      webhook
        ? client.send<CreatedWebhook>('PUT', `/api/admin/webhooks/${webhook.id}`, input)
        : client.send<CreatedWebhook>('POST', '/api/admin/webhooks', input),
    webhookChanged,
    callbacks,
  );
}

/** Deletes a webhook; with two or more owners the answer is the change request that waits for another owner (DESIGN 17). */
export function useDeleteWebhook(callbacks: MutationCallbacks<ChangeRequest | null, AdminWebhook> = {}) {
  const client = useAdminClient();
  return useChangeMutation(
    async (webhook: AdminWebhook) => askedFor(await client.send('DELETE', `/api/admin/webhooks/${webhook.id}`)),
    () => [...webhookChanged(), { type: 'admin.changed', entityType: 'change_request' }],
    callbacks,
  );
}

/** "Send test": delivered now, once; the answer is the delivery, which the log then shows too (no admin change is announced). */
export function useSendTest(callbacks: MutationCallbacks<WebhookDelivery, AdminWebhook> = {}) {
  const client = useAdminClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (webhook: AdminWebhook) => client.send<WebhookDelivery>('POST', `/api/admin/webhooks/${webhook.id}/test`),
    onSuccess: (delivery, webhook, ...rest) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.webhookDeliveries(webhook.id) });
      return callbacks.onSuccess?.(delivery, webhook, ...rest);
    },
  });
}
