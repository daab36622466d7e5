import { useQuery } from '@tanstack/react-query';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { api } from '../../lib/api-client.js';

export const usePlans = () => useQuery({ queryKey: ['plans'], queryFn: () => api<StakingPlan[]>('/api/staking-plans') });
