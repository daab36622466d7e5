/**
 * Two getTransaction answers (jsonParsed, finalized) exactly as the test chain gave them
 * (test-support: the real SPL Token program in litesvm): a holder deposit of 400 tokens to the
 * staking wallet (transferChecked with a reference as an extra account, which the RPC parses as a
 * multisig signer), and an anchor (a signed Memo v2 with the root, then a transferChecked of 0 from
 * the hot wallet to the staking wallet). The fake chain of these tests writes every transaction it
 * serves from them.
 */
export const DEPOSIT_ANSWER = {
  blockTime: 1796447047,
  meta: {
    computeUnitsConsumed: 158,
    err: null,
    fee: 5000,
    innerInstructions: [],
    logMessages: [
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [1]',
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA consumed 158 of 200000 compute units',
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success',
    ],
    postBalances: [999995000, 2039280, 2039280, 0, 1461600, 1141440],
    postTokenBalances: [
      {
        accountIndex: 1,
        mint: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU',
        owner: 'DQT4k9WakPEH7MUQAXpNHdhgkYnLGD77G9XGKz7yi1mV',
        programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        uiTokenAmount: { uiAmount: 409, decimals: 6, amount: '409000000', uiAmountString: '409' },
      },
      {
        accountIndex: 2,
        mint: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU',
        owner: 'BfTeb9bpSDrXQD5rswhjAXZHQaH92cN4x4uu2WtjpSw8',
        programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        uiTokenAmount: { uiAmount: 100, decimals: 6, amount: '100000000', uiAmountString: '100' },
      },
    ],
    preBalances: [1000000000, 2039280, 2039280, 0, 1461600, 1141440],
    preTokenBalances: [
      {
        accountIndex: 1,
        mint: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU',
        owner: 'DQT4k9WakPEH7MUQAXpNHdhgkYnLGD77G9XGKz7yi1mV',
        programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        uiTokenAmount: { uiAmount: 9, decimals: 6, amount: '9000000', uiAmountString: '9' },
      },
      {
        accountIndex: 2,
        mint: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU',
        owner: 'BfTeb9bpSDrXQD5rswhjAXZHQaH92cN4x4uu2WtjpSw8',
        programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        uiTokenAmount: { uiAmount: 500, decimals: 6, amount: '500000000', uiAmountString: '500' },
      },
    ],
    rewards: [],
    status: { Ok: null },
  },
  slot: 9,
  transaction: {
    message: {
      accountKeys: [
        { pubkey: 'BfTeb9bpSDrXQD5rswhjAXZHQaH92cN4x4uu2WtjpSw8', signer: true, writable: true, source: 'transaction' },
        { pubkey: '5MQDunxS7eXjwZ571a7r7LFMm2q4ra69EzZZ6phKxUHr', signer: false, writable: true, source: 'transaction' },
        { pubkey: 'HmjLmz2gi4fJYoGr61Pp7drjAMD7C2ndwgCKA8HULsmr', signer: false, writable: true, source: 'transaction' },
        { pubkey: '8p6sDgqaNYzWguEAL2jisyKKWcUFGwy4mvfQhPqB8G8a', signer: false, writable: false, source: 'transaction' },
        { pubkey: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU', signer: false, writable: false, source: 'transaction' },
        { pubkey: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', signer: false, writable: false, source: 'transaction' },
      ],
      instructions: [
        {
          program: 'spl-token',
          parsed: {
            type: 'transferChecked',
            info: {
              source: 'HmjLmz2gi4fJYoGr61Pp7drjAMD7C2ndwgCKA8HULsmr',
              mint: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU',
              destination: '5MQDunxS7eXjwZ571a7r7LFMm2q4ra69EzZZ6phKxUHr',
              tokenAmount: { uiAmount: 400, decimals: 6, amount: '400000000', uiAmountString: '400' },
              multisigAuthority: 'BfTeb9bpSDrXQD5rswhjAXZHQaH92cN4x4uu2WtjpSw8',
              signers: ['8p6sDgqaNYzWguEAL2jisyKKWcUFGwy4mvfQhPqB8G8a'],
            },
          },
          programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
          stackHeight: null,
        },
      ],
      recentBlockhash: 'E8azLFNLP5toULNFd452EMKS3Rtnczg9G3H9v7uzEZkb',
    },
    signatures: ['2zpeyi2zhsMHYo1gBeofHy2ucnCAz7kSF3yZvJFZuRQZti15Fzu8D5DMwrkEbN8MyPkczp8FV29qLt7fNZ5ofD7t'],
  },
  version: 'legacy',
} as const;

export const ANCHOR_ANSWER = {
  blockTime: 1796447047,
  meta: {
    computeUnitsConsumed: 635,
    err: null,
    fee: 5000,
    innerInstructions: [],
    logMessages: [
      'Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr invoke [1]',
      'Program log: Signed by:',
      'Program log: CckN7vPHD2X5Uhz7Tx9XdWqiVpPBqU9KnNFi3rBgPsbM',
      'Program log: Memo (len 64)',
      'Program log: abababababababababababababababababababababababababababababababab',
      'Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr consumed 513 of 400000 compute units',
      'Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr success',
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [1]',
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA consumed 122 of 399487 compute units',
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success',
    ],
    postBalances: [999995000, 2039280, 2039280, 1461600, 16926720, 1141440],
    postTokenBalances: [
      {
        accountIndex: 1,
        mint: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU',
        owner: 'DQT4k9WakPEH7MUQAXpNHdhgkYnLGD77G9XGKz7yi1mV',
        programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        uiTokenAmount: { uiAmount: 309, decimals: 6, amount: '309000000', uiAmountString: '309' },
      },
      {
        accountIndex: 2,
        mint: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU',
        owner: 'CckN7vPHD2X5Uhz7Tx9XdWqiVpPBqU9KnNFi3rBgPsbM',
        programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        uiTokenAmount: { uiAmount: 1, decimals: 6, amount: '1000000', uiAmountString: '1' },
      },
    ],
    preBalances: [1000000000, 2039280, 2039280, 1461600, 16926720, 1141440],
    preTokenBalances: [
      {
        accountIndex: 1,
        mint: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU',
        owner: 'DQT4k9WakPEH7MUQAXpNHdhgkYnLGD77G9XGKz7yi1mV',
        programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        uiTokenAmount: { uiAmount: 309, decimals: 6, amount: '309000000', uiAmountString: '309' },
      },
      {
        accountIndex: 2,
        mint: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU',
        owner: 'CckN7vPHD2X5Uhz7Tx9XdWqiVpPBqU9KnNFi3rBgPsbM',
        programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        uiTokenAmount: { uiAmount: 1, decimals: 6, amount: '1000000', uiAmountString: '1' },
      },
    ],
    rewards: [],
    status: { Ok: null },
  },
  slot: 11,
  transaction: {
    message: {
      accountKeys: [
        { pubkey: 'CckN7vPHD2X5Uhz7Tx9XdWqiVpPBqU9KnNFi3rBgPsbM', signer: true, writable: true, source: 'transaction' },
        { pubkey: '5MQDunxS7eXjwZ571a7r7LFMm2q4ra69EzZZ6phKxUHr', signer: false, writable: true, source: 'transaction' },
        { pubkey: 'DjVBSm7tStGRjK4FoCWUJvvudVDD9pVE9ThfHJfJugbC', signer: false, writable: true, source: 'transaction' },
        { pubkey: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU', signer: false, writable: false, source: 'transaction' },
        { pubkey: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', signer: false, writable: false, source: 'transaction' },
        { pubkey: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', signer: false, writable: false, source: 'transaction' },
      ],
      instructions: [
        {
          program: 'spl-memo',
          parsed: 'abababababababababababababababababababababababababababababababab',
          programId: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
          stackHeight: null,
        },
        {
          program: 'spl-token',
          parsed: {
            type: 'transferChecked',
            info: {
              source: 'DjVBSm7tStGRjK4FoCWUJvvudVDD9pVE9ThfHJfJugbC',
              mint: '9UjSuPY9qy12pW3sn62EKaNFVJ8NCuYNJzEYwj7gdwgU',
              destination: '5MQDunxS7eXjwZ571a7r7LFMm2q4ra69EzZZ6phKxUHr',
              tokenAmount: { uiAmount: 0, decimals: 6, amount: '0', uiAmountString: '0' },
              authority: 'CckN7vPHD2X5Uhz7Tx9XdWqiVpPBqU9KnNFi3rBgPsbM',
            },
          },
          programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
          stackHeight: null,
        },
      ],
      recentBlockhash: 'FFXNcrK23wmJww549X8PeyyeYoZbM3oD8NtbYFW6MhrS',
    },
    signatures: ['4fB5mGwy5nDAQH1SMfWiNU5XYhUdUGzjmTv51nxBWWFHrnqM5GyvZtSTfi8uum5bvKCV1xZQtotgzmALAkMDrXCi'],
  },
  version: 'legacy',
} as const;
