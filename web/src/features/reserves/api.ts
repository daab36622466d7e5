import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import type { MessageCode } from '@stakedesk/shared/i18n/catalogue';
import { api, ApiError } from '../../lib/api-client.js';

export const reservesKeys = {
  all: ['reserves'] as const,
  latest: ['reserves', 'latest'] as const,
  snapshot: (id: number) => ['reserves', id] as const,
  proof: (id: number, wallet: string) => ['reserves', id, 'proof', wallet] as const,
};

/** A 404 is an answer here (no snapshot yet, no such snapshot, no leaf for this wallet): null, not an error. */
async function unlessMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The latest snapshot (null before the first), asked again on every visit: the check is of what is published now. */
export function useLatestReserves() {
  return useQuery({
    queryKey: reservesKeys.latest,
    queryFn: () => unlessMissing(api<ReservesSnapshot>('/api/reserves')),
    staleTime: 0,
  });
}

/** The snapshots before the latest, by id going down (a missing id is skipped). */
export function useOlderReserves(latestId: number | undefined, count: number) {
  const ids = latestId === undefined ? [] : Array.from({ length: Math.min(count, latestId - 1) }, (_, i) => latestId - 1 - i);
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: reservesKeys.snapshot(id),
      queryFn: () => unlessMissing(api<ReservesSnapshot>(`/api/reserves/${id}`)),
    })),
  });
}

/**
 * The holder's own proof in a snapshot, with the holder's session: null when the wallet has no leaf
 * (no stakes then). Kept as it came over the wire (unknown): the verifier decides what it is.
 */
export function useOwnProof(snapshotId: number | undefined, wallet: string) {
  return useQuery({
    queryKey: reservesKeys.proof(snapshotId ?? 0, wallet),
    queryFn: () => unlessMissing(api<unknown>(`/api/reserves/${snapshotId}/proof/${wallet}`)),
    enabled: snapshotId !== undefined && wallet !== '',
    staleTime: 0,
  });
}

/** Tells the server a check failed, with the verifier's refusal code: it counts it and alerts. */
export function useReportCheckFailure() {
  return useMutation({
    mutationFn: ({ snapshotId, code }: { snapshotId: number; code: MessageCode }) =>
      api(`/api/reserves/${snapshotId}/check-failures`, { method: 'POST', body: { code } }),
  });
}

/** The verifier package this server serves (DESIGN 15): its file under /verify and the file's SHA-256. */
export type VerifierPackage = { file: string; sha256: string };

const SUMS_LINE = /^([0-9a-f]{64}) {2}(stakedesk-verify-\d+\.\d+\.\d+\.tgz)$/m;

/**
 * Read from /verify/SHA256SUMS when the page is shown, not written into the build: the command and
 * checksum the documentation gives are those of the very file this server hands out. Null when it
 * serves none (the verifier was not built).
 */
export function useVerifierPackage() {
  return useQuery({
    queryKey: ['verifier-package'],
    queryFn: async (): Promise<VerifierPackage | null> => {
      const response = await fetch('/verify/SHA256SUMS');
      const match = response.ok ? SUMS_LINE.exec(await response.text()) : null;
      return match ? { sha256: match[1]!, file: match[2]! } : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
