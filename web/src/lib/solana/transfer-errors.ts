/** Why a stake deposit could not be sent. `code` is for the UI's message catalogue; `detail` is the cause. */
export type TransferErrorCode =
  | 'walletNotConnected'
  | 'sameWallet'
  | 'noDestinationAccount'
  | 'noSourceAccount'
  | 'insufficientBalance'
  | 'rejected'
  | 'noSignature'
  | 'failedOnChain'
  | 'notConfirmed'
  | 'transferFailed';

// SPEC section 8's texts where it gives them (its transfer messages are Portuguese).
const MESSAGES: Record<TransferErrorCode, (detail: string) => string> = {
  walletNotConnected: () => 'Wallet not connected',
  sameWallet: () => 'Erro: Carteira de origem e destino são iguais. Verifique se a carteira está conectada corretamente.',
  noDestinationAccount: (wallet) =>
    `A carteira de destino ${wallet} não possui uma conta para o token. Transferência P2P não pode prosseguir.`,
  noSourceAccount: () => 'Falha na transferência de tokens: sua carteira não possui uma conta para o token.',
  insufficientBalance: (detail) => `Falha na transferência de tokens: ${detail}`,
  rejected: () => 'Transação rejeitada pelo usuário',
  noSignature: () => 'Transaction failed - no transaction ID received.',
  failedOnChain: (error) => `Transação falhou na blockchain: ${error}`,
  notConfirmed: (detail) => `Falha na transferência de tokens: ${detail}`,
  transferFailed: (detail) => `Falha na transferência de tokens: ${detail}`,
};

export class TransferError extends Error {
  constructor(
    readonly code: TransferErrorCode,
    readonly detail = '',
  ) {
    super(MESSAGES[code](detail));
  }
}
