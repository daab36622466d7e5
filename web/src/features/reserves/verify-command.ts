/**
 * The verifier's command as the documentation page shows it (`proof.json`, `<url>`), and as the
 * failure banner gives it, with the holder's file and endpoint filled in: one shape for both.
 */
export const verifyCommand = (file = 'proof.json', rpcUrl = '<url>'): string => `npx stakedesk-verify ${file} --rpc ${rpcUrl}`;
