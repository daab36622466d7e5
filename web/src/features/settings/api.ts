import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@stakedesk/shared/api-types';
import { api } from '../../lib/api-client.js';

export const settingsKeys = { all: ['settings'] as const };

export const settingsQuery = { queryKey: settingsKeys.all, queryFn: () => api<PublicSettings>('/api/settings') };

export const useSettings = () => useQuery(settingsQuery);
