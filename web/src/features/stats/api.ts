import { useQuery } from '@tanstack/react-query';
import type { Stats } from '@stakedesk/shared/api-types';
import { api } from '../../lib/api-client.js';

export const statsKeys = { all: ['stats'] as const };

export const useStats = () => useQuery({ queryKey: statsKeys.all, queryFn: () => api<Stats>('/api/stats') });
