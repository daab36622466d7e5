import {
  AccountState,
  ExtensionType,
  getDefaultAccountState,
  getEpochFee,
  getExtensionTypes,
  getTransferFeeConfig,
} from '@solana/spl-token';
import type { AccountInfo } from '@solana/web3.js';
import type { TransferFee } from '@stakedesk/shared/transfer-fee';
import { unpackedMint } from './raw-accounts.js';

/** What a mint is, read from its bytes: the program that owns it, its decimals, its Token-2022 extensions and the fee in force. */
export type MintProfile = {
  tokenProgram: string;
  decimals: number;
  /** spl-token's names (TransferFeeConfig, MetadataPointer, ...); an extension it does not know as `Extension<number>`. */
  extensions: string[];
  transferFee: TransferFee | null;
  /** A DefaultAccountState extension that makes every new token account frozen. */
  frozenByDefault: boolean;
};

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

/** The mint's profile at `epoch` (the transfer fee in force changes at an epoch the mint names); null when the account is no initialized mint. */
export function mintProfile(address: string, account: AccountInfo<Buffer>, epoch: bigint): MintProfile | null {
  const mint = unpackedMint(address, account);
  if (!mint) return null;
  const feeConfig = getTransferFeeConfig(mint);
  const fee = feeConfig && getEpochFee(feeConfig, epoch);
  return {
    tokenProgram: account.owner.toBase58(),
    decimals: mint.decimals,
    extensions: getExtensionTypes(mint.tlvData).map(extensionName),
    transferFee:
      fee && fee.transferFeeBasisPoints > 0 && fee.maximumFee > 0n
        ? { basisPoints: fee.transferFeeBasisPoints, maximumFee: fee.maximumFee }
        : null,
    frozenByDefault: getDefaultAccountState(mint)?.state === AccountState.Frozen,
  };
}

/** The first extension that keeps this mint from being staked, or null when every one is accepted. */
export function refusedExtension(profile: MintProfile): string | null {
  for (const extension of profile.extensions) {
    if (extension === 'DefaultAccountState' && profile.frozenByDefault) return extension;
    if (!ACCEPTED.has(extension)) return extension;
  }
  return null;
}
