import {
  AccountState,
  ExtensionType,
  getDefaultAccountState,
  getEpochFee,
  getExtensionTypes,
  getTransferFeeConfig,
} from '@solana/spl-token';
import type { AccountInfo } from '@solana/web3.js';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { TransferFee } from '@stakedesk/shared/transfer-fee';
import type { MintState } from './chain.js';
import { unpackedMint } from './raw-accounts.js';

/**
 * The extensions a staked mint may have (DESIGN 12): display and bookkeeping only, or a fee the
 * server grosses up. Everything else is refused: those that break custody (NonTransferable,
 * ConfidentialTransferMint, TransferHook, PausableConfig, PermanentDelegate, which lets its holder
 * take the staking wallet's tokens) and any this code does not know, which is not guessed at.
 * DefaultAccountState is accepted unless new accounts are born frozen.
 */
const ACCEPTED = new Set([
  'TransferFeeConfig',
  'MintCloseAuthority',
  'DefaultAccountState',
  'InterestBearingConfig',
  'ScaledUiAmountConfig',
  'MetadataPointer',
  'TokenMetadata',
  'GroupPointer',
  'TokenGroup',
  'GroupMemberPointer',
  'TokenGroupMember',
]);

const extensionName = (type: ExtensionType): string => (ExtensionType[type] as string | undefined) ?? `Extension${type}`;

const feeOf = (fee: { transferFeeBasisPoints: number; maximumFee: bigint }): TransferFee | null =>
  fee.transferFeeBasisPoints > 0 && fee.maximumFee > 0n ? { basisPoints: fee.transferFeeBasisPoints, maximumFee: fee.maximumFee } : null;

/**
 * The mint as the chain holds it at `epoch`: the fee in force changes at an epoch the mint names,
 * so both of its fees are kept too (a transaction of the epoch before paid the older one). Null
 * when the account is no initialized mint of either token program.
 */
export function mintProfile(address: string, account: AccountInfo<Buffer>, epoch: bigint): MintState | null {
  const mint = unpackedMint(address, account);
  if (!mint) return null;
  const feeConfig = getTransferFeeConfig(mint);
  return {
    programId: account.owner.toBase58(),
    decimals: mint.decimals,
    extensions: getExtensionTypes(mint.tlvData).map(extensionName),
    transferFee: feeConfig && feeOf(getEpochFee(feeConfig, epoch)),
    recentTransferFees: feeConfig ? [feeOf(feeConfig.olderTransferFee), feeOf(feeConfig.newerTransferFee)] : [null],
    frozenByDefault: getDefaultAccountState(mint)?.state === AccountState.Frozen,
    freezeAuthority: mint.freezeAuthority?.toBase58() ?? null,
  };
}

/** The first extension that keeps this mint from being staked, or null when every one is accepted. */
export function refusedExtension(profile: MintState): string | null {
  for (const extension of profile.extensions) {
    if (extension === 'DefaultAccountState' && profile.frozenByDefault) return extension;
    if (!ACCEPTED.has(extension)) return extension;
  }
  return null;
}

const REASONS: Partial<Record<string, CodedMessage>> = {
  NonTransferable: msg('mintRefusesNonTransferable'),
  ConfidentialTransferMint: msg('mintRefusesConfidentialTransferMint'),
  TransferHook: msg('mintRefusesTransferHook'),
  DefaultAccountState: msg('mintRefusesDefaultAccountState'),
  PausableConfig: msg('mintRefusesPausableConfig'),
  PermanentDelegate: msg('mintRefusesPermanentDelegate'),
};

/** Why this mint cannot be staked, naming the extension (DESIGN 12: `mintUnsupported`); null when it can. */
export function mintRefusal(profile: MintState): CodedMessage | null {
  const extension = refusedExtension(profile);
  if (extension === null) return null;
  return msg('mintUnsupported', { extension, reason: REASONS[extension] ?? msg('mintRefusesUnknown') });
}
