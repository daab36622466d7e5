import { adminEn } from '../../../../web/src/i18n/admin-en.js';
import { adminPtBR } from '../../../../web/src/i18n/admin-pt-BR.js';
import type { Language } from '../../../../web/src/i18n/language.js';
import type { ServerCheckFailure } from '../../shared/bridge.js';

type SetupMessages = {
  title: string;
  intro: string;
  urlLabel: string;
  urlRequired: string;
  check: string;
  save: string;
  cancel: string;
  reachable: string;
  saved: string;
  failures: Record<ServerCheckFailure, string>;
};

const FAILURES: ServerCheckFailure[] = ['invalid-url', 'insecure-http', 'unreachable', 'timeout', 'unhealthy', 'not-stakedesk'];

/** The setup screen's words from the panel's catalogues (`serverSetup.*`); it shows before the panel loads. */
export function setupMessages(language: Language): SetupMessages {
  const words = language === 'pt-BR' ? adminPtBR : adminEn;
  return {
    title: words['serverSetup.title'],
    intro: words['serverSetup.intro'],
    urlLabel: words['serverSetup.urlLabel'],
    urlRequired: words['serverSetup.urlRequired'],
    check: words['serverSetup.check'],
    save: words['serverSetup.save'],
    cancel: words['serverSetup.cancel'],
    reachable: words['serverSetup.reachable'],
    saved: words['serverSetup.saved'],
    failures: Object.fromEntries(FAILURES.map((failure) => [failure, words[`serverSetup.failure.${failure}`]])) as Record<
      ServerCheckFailure,
      string
    >,
  };
}
