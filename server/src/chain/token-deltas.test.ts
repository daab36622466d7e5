import type { TokenBalance } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { tokenMovement } from './token-deltas.js';

const MINT = 'Mint1111111111111111111111111111111111111111';
const OTHER_MINT = 'Mint2222222222222222222222222222222222222222';

const balance = (accountIndex: number, owner: string, amount: string, mint = MINT): TokenBalance => ({
  accountIndex,
  mint,
  owner,
  uiTokenAmount: { amount, decimals: 6, uiAmount: null, uiAmountString: '' },
});

describe('tokenMovement', () => {
  it('sums each owner’s change of the mint across its token accounts', () => {
    const pre = [balance(1, 'holder', '5000000'), balance(2, 'holder', '1000000'), balance(3, 'vault', '0')];
    const post = [balance(1, 'holder', '3000000'), balance(2, 'holder', '500000'), balance(3, 'vault', '2500000')];
    const movement = tokenMovement(pre, post, MINT);
    expect(Object.fromEntries(movement.byOwner)).toEqual({ holder: -2_500_000n, vault: 2_500_000n });
    expect(movement.ownerChanged).toBe(false);
  });

  it('counts an account created in the transaction from zero', () => {
    const movement = tokenMovement([balance(1, 'holder', '10')], [balance(1, 'holder', '0'), balance(4, 'vault', '10')], MINT);
    expect(Object.fromEntries(movement.byOwner)).toEqual({ holder: -10n, vault: 10n });
  });

  it('flags a token account reassigned to another owner', () => {
    const movement = tokenMovement(
      [balance(1, 'holder', '10'), balance(2, 'attacker', '0')],
      [balance(1, 'holder', '0'), balance(2, 'vault', '10')],
      MINT,
    );
    expect(movement.ownerChanged).toBe(true);
  });

  it('ignores other mints but reports that they moved', () => {
    const movement = tokenMovement([balance(1, 'holder', '10', OTHER_MINT)], [balance(1, 'holder', '0', OTHER_MINT)], MINT);
    expect(movement.byOwner.size).toBe(0);
    expect([...movement.otherMints]).toEqual([OTHER_MINT]);
  });
});
