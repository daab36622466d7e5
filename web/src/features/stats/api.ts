import { useQuery } from '@tanstack/react-query';
import type { Stats } from '@stakedesk/shared/api-types';
import { api } from '../../lib/api-client.js';

export const useStats = () => useQuery({ queryKey: ['stats'], queryFn: () => api<Stats>('/api/stats') });
