import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@stakedesk/shared/api-types';
import { api } from '../../lib/api-client.js';

export const settingsQuery = { queryKey: ['settings'], queryFn: () => api<PublicSettings>('/api/settings') };

export const useSettings = () => useQuery(settingsQuery);
