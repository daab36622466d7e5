import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { msg, type CodedMessage, type MessageCode } from '@stakedesk/shared/i18n/catalogue';
import { checkReservesOnChain, type ReservesChainCheck } from '@stakedesk/shared/reserves/chain-check';
import { owedByRecordsAt } from '@stakedesk/shared/reserves/holder-records';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import type { ReservesProofFile, ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { ApiError } from '../../lib/api-client.js';
import { useWalletRecords } from '../dashboard/api.js';
import { useSettings } from '../settings/api.js';
import { reservesKeys, useLatestReserves, useOwnProof, useReportCheckFailure } from './api.js';
import { checkOwnProof } from './check.js';
import { holderEndpoint, holderRpc } from './holder-endpoint.js';

/** Where the holder's proof is checked in: the snapshot, and the file `stakedesk-verify` reads (none without a proof). */
type Checked = { snapshot: ReservesSnapshot; file?: ReservesProofFile };
/** The proof checked out: what it counts for the holder, and the endpoint the chain is read from. */
type Proven = Checked & { file: ReservesProofFile; liability: bigint; endpoint: string };

/**
 * What the dashboard's proof-of-reserves check found on this visit (DESIGN 14, 15). Only `failed`
 * is a failure (the banner, reported); a check that could not run or cannot judge yet is quiet.
 */
export type ReservesState =
  | { kind: 'checking' }
  | { kind: 'unavailable'; error?: unknown; retry: () => void }
  | { kind: 'none' }
  | { kind: 'signIn'; retry: () => void }
  | (Checked & { kind: 'noLeaf' })
  /** `chainRead`: the reason came from the chain check (else from the proof or the records alone). */
  | (Checked & { kind: 'failed'; reason: CodedMessage; endpoint: string; chainRead: boolean })
  /** Not anchored yet, within the time an anchor may take (the chain check's own rule): judged once it is. */
  | (Proven & { kind: 'notAnchored'; retry: () => void })
  /** The endpoint could not be read: no finding about the operator. */
  | (Proven & { kind: 'unreadable'; retry: () => void })
  /** Read, but something cannot be judged yet (an anchor not finalized): no pass either. */
  | (Proven & { kind: 'incomplete'; reason: CodedMessage; retry: () => void })
  | (Proven & { kind: 'passed'; chain: ReservesChainCheck });

/**
 * The latest snapshot, the holder's proof and records from the operator's server, the proof checked
 * with the shared verifier, then the shared chain check straight against the holders' endpoint
 * (never /api/rpc). A failure is reported once per visit.
 */
export function useReservesCheck(wallet: string | undefined): ReservesState {
  const { data: settings } = useSettings();
  const latest = useLatestReserves();
  const snapshot = latest.data ?? undefined;
  const proof = useOwnProof(snapshot?.id, wallet ?? '');
  const records = useWalletRecords(wallet);
  const endpoint = settings && holderEndpoint(settings, window.location.host);

  // What this visit read, not what an earlier one left in the cache: the check is of what is published now.
  const fresh = latest.isFetchedAfterMount && proof.isFetchedAfterMount && records.isFetchedAfterMount;
  const checked = useMemo(() => {
    if (!fresh || !snapshot || !wallet || proof.data === undefined || !records.data) return undefined;
    if (proof.data === null) return { snapshot, leftOut: owedByRecordsAt(records.data, snapshot) > 0n };
    const verdict = checkOwnProof(snapshot, proof.data, wallet);
    const file: ReservesProofFile = { snapshot, proof: proof.data as ReservesProof, records: records.data };
    return { snapshot, file, verdict };
  }, [fresh, snapshot, wallet, proof.data, records.data]);

  const proven = checked?.verdict?.ok ? { ...checked, file: checked.file!, liability: checked.verdict.liability } : undefined;
  const chain = useChainCheck(proven && endpoint ? { ...proven, endpoint } : undefined);

  const state = stateOf();
  useReportOnce(snapshot?.id, wallet, state.kind === 'failed' ? state.reason.code : undefined);
  return state;

  function stateOf(): ReservesState {
    if (latest.isPending) return { kind: 'checking' };
    if (latest.isError) return { kind: 'unavailable', retry: () => void latest.refetch() };
    if (!snapshot) return { kind: 'none' };
    if (proof.isError) {
      const signedOut = proof.error instanceof ApiError && (proof.error.status === 401 || proof.error.status === 403);
      return signedOut
        ? { kind: 'signIn', retry: () => void proof.refetch() }
        : { kind: 'unavailable', error: proof.error, retry: () => void proof.refetch() };
    }
    if (records.isError) return { kind: 'unavailable', error: records.error, retry: () => void records.refetch() };
    if (!checked || !endpoint) return { kind: 'checking' };
    if (!checked.verdict)
      return checked.leftOut
        ? { kind: 'failed', snapshot, reason: msg('reservesLeftOut'), endpoint, chainRead: false }
        : { kind: 'noLeaf', snapshot };
    if (!checked.verdict.ok)
      return { kind: 'failed', snapshot, file: checked.file, reason: checked.verdict.reason, endpoint, chainRead: false };
    const base = { ...proven!, endpoint };
    if (chain.isPending) return { kind: 'checking' };
    const retry = () => void chain.refetch();
    if (chain.isError) return { kind: 'unreadable', ...base, retry };
    const { status, failure } = chain.data;
    // A snapshot refused for its own form (a reserve account listed twice) is refused before the chain is read.
    if (status === 'failed')
      return { kind: 'failed', snapshot, file: base.file, reason: failure!.reason!, endpoint, chainRead: failure!.check !== 'snapshot' };
    if (status === 'incomplete')
      return failure!.reason!.code === 'reservesAnchorMissing'
        ? { kind: 'notAnchored', ...base, retry }
        : { kind: 'incomplete', ...base, reason: failure!.reason!, retry };
    return { kind: 'passed', ...base, chain: chain.data };
  }
}

/**
 * The shared chain check of a proven leaf, once per visit (and on a retry), against `endpoint`: a
 * few hundred calls at most on a public endpoint, so not again on every focus of the window. An
 * endpoint that cannot be read throws: the state says so, it is no failure.
 */
function useChainCheck(input: Proven | undefined) {
  return useQuery({
    queryKey: [...reservesKeys.proof(input?.snapshot.id ?? 0, input?.file.proof.wallet ?? ''), 'chain', input?.endpoint],
    queryFn: () =>
      checkReservesOnChain({
        snapshot: input!.snapshot,
        proof: input!.file.proof,
        rpc: holderRpc(input!.endpoint),
        records: input!.file.records,
      }),
    enabled: input !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The failure goes to the server once per visit (this mount), whatever re-renders follow. */
function useReportOnce(snapshotId: number | undefined, wallet: string | undefined, code: MessageCode | undefined) {
  const reported = useRef<string>(undefined);
  const { mutate } = useReportCheckFailure();
  useEffect(() => {
    if (snapshotId === undefined || !wallet || !code) return;
    const key = `${snapshotId}:${wallet}`;
    if (reported.current === key) return;
    reported.current = key;
    mutate({ snapshotId, code });
  }, [snapshotId, wallet, code, mutate]);
}
