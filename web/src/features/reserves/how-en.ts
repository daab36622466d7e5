/**
 * The proof-of-reserves documentation page's text, in English. It loads with that page only (its own
 * chunk), like the staking documentation's. how-pt-BR.ts mirrors the keys.
 */
export const howEn = {
  intro:
    'The platform holds your staked tokens. The proof of reserves lets you check for yourself, without taking anyone’s word for it, that what the platform owes you is counted, and how much of what it owes its wallets hold.',
  snapshotHeading: 'What a snapshot is',
  snapshot1:
    'Every day, and whenever the operator asks for one, the server takes a snapshot. For each holder it adds up what it owes them: the stakes and rewards not paid out yet, and the withdrawals waiting to be paid. At the same moment it reads the balances of the wallets that hold the reserves.',
  snapshot2:
    'The amounts owed go into a tree of hashes that also carries sums. Each holder is a leaf; each step up joins two parts into one hash and one sum. The top of the tree, the root, carries the total owed to everyone. The root is then written on chain.',
  showsHeading: 'What your proof shows',
  shows1:
    'Your stake is counted in the total the reserves are compared with. Your proof is the path from your leaf up to the root: your browser recomputes every hash and every sum on the way, and checks that they arrive at the published root and total.',
  shows2:
    'Every holder sees the same root. It is written on chain, in a memo transaction signed by a reserve wallet, so the operator cannot show you one root and your neighbour another.',
  shows3:
    'Nobody can be counted for less without it showing. The amounts are inside the hashes: swapping a part of the tree for a smaller sum changes its hash, and the path no longer arrives at the root.',
  shows4: 'The hashes are full 32-byte hashes, never shortened ones, which could be forged by trying many inputs.',
  shows5:
    'Your proof does not reveal other holders. Each leaf is hashed with a secret salt for that holder and that snapshot, so no hash in your path can be traced to a wallet. The sums in your path are amounts owed to parts of the tree, with no wallet attached.',
  shows6:
    'The coverage is the reserves read at the snapshot (at the anchor transaction, once it has landed) divided by the total owed. Over 100% means the wallets held more than everything owed.',
  checksHeading: 'What your dashboard checks on every visit',
  checksIntro:
    'Your browser checks the latest snapshot by itself each time you open the dashboard. It takes nothing on the platform’s word that it can read elsewhere: the chain is read from a public Solana endpoint, never through the platform’s server, and the dashboard names that endpoint’s host so you can judge it.',
  checks1: 'Your proof: every hash and every sum from your leaf up to the published root and total.',
  checks2:
    'The anchor, on chain: the transaction exists and is finalized, it carries exactly one memo and that memo is the root, and it is signed by a wallet whose token account is among the reserves.',
  checks3:
    'The reserves, on chain: each token account is listed once, holds the staked token, and held at the snapshot the balance the snapshot publishes.',
  checks4:
    'Your amount: what your proof counts for you is not less than what your own stakes and pending withdrawals add up to at the moment of the snapshot, nor than what your wallet deposited on chain to the staking wallets minus what it was paid back.',
  checks5:
    'If anything fails, a warning at the top of your dashboard says what failed and what to do: download the proof, check it on your own computer with the command below, and contact the operator. The failure is reported to the operator. If the chain cannot be reached, the dashboard says so and lets you try again: that is not a failure.',
  limitsHeading: 'What it cannot show',
  limits1:
    'It cannot prove that nobody was left out. A holder missing from the tree makes the total smaller and the coverage look better, and only that holder can notice: nobody else knows what they are owed.',
  limits2:
    'That is why your dashboard checks your proof by itself on every visit. The operator cannot know who will look: any holder left out who opens the dashboard sees a warning, and the failure is reported. Leaving anyone out is a gamble the operator loses the first time that holder visits.',
  limits3:
    'Your own records, the stakes and withdrawals your dashboard lists, come from the platform too. Your deposits on chain do not: the dashboard reads them itself. Now and then, compare your stakes with your wallet’s own history.',
  limits4:
    'A snapshot is one moment. It does not show debts the platform has elsewhere, nor that the wallets still hold the tokens the next day: that is what the next snapshot is for.',
  byHandHeading: 'Check it by hand',
  byHand1: 'On your dashboard, choose Download proof. The file holds the snapshot as published and your proof in it.',
  byHand2:
    'With Node.js installed, run this in the folder where the file is (npx fetches the verifier from this site, nothing from a registry):',
  checksum: 'The SHA-256 of that file, the same for anyone who builds this version of the verifier from its public source:',
  checkFirst:
    'To check it before running it: download the file, compare its SHA-256 with this one (sha256sum on Linux, shasum -a 256 on macOS), then give npx the downloaded file instead: --package=./ followed by its name.',
  verifierMissing:
    'This site does not offer the verifier right now. Its source is public, in the Stakedesk repository (verifier/), where npx stakedesk-verify runs it after npm install.',
  byHand3:
    'Without --rpc it recomputes your path to the published root and total. Add --rpc and the address of a Solana RPC node to check what your dashboard checks against the chain: the anchor transaction is finalized, carries exactly one memo, the root, and is signed by a reserve wallet; each reserve account is listed once and held what the snapshot lists; and what the snapshot counts for you is not less than what your stakes (in the file) and your deposits on chain say you were owed.',
  byHand4:
    'Choose an RPC node you trust yourself, not one the operator gives you. Add --wallet and your wallet address to check too that the proof is yours.',
  snapshotsLink: 'See the latest snapshots',
} as const;

export type HowKey = keyof typeof howEn;
