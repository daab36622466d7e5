import { useQuery } from '@tanstack/react-query';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { api } from '../../lib/api-client.js';

export const planKeys = { all: ['plans'] as const };

export const usePlans = () => useQuery({ queryKey: planKeys.all, queryFn: () => api<StakingPlan[]>('/api/staking-plans') });
