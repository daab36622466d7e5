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

const en: SetupMessages = {
  title: 'Connect to your Stakedesk server',
  intro: 'Enter the address of the server this admin app works with. It is checked before it is saved.',
  urlLabel: 'Server URL',
  urlRequired: 'Enter the server URL',
  check: 'Check connection',
  save: 'Check & Save',
  cancel: 'Cancel',
  reachable: 'The server answered: it is up.',
  saved: 'Server saved. Loading the admin panel…',
  failures: {
    'invalid-url': 'Enter an address like https://stakedesk.example.com (scheme, host and port only)',
    'insecure-http': 'Use https://. Plain http:// works only for this computer (localhost or 127.0.0.1)',
    unreachable: 'No server answered at this address',
    timeout: 'The server did not answer in time',
    unhealthy: 'The server answered, but it is not ready (its database may be down)',
    'not-stakedesk': 'This address does not answer like a Stakedesk server',
  },
};

const ptBR: SetupMessages = {
  title: 'Conecte-se ao seu servidor Stakedesk',
  intro: 'Informe o endereço do servidor com o qual este aplicativo trabalha. Ele é verificado antes de ser salvo.',
  urlLabel: 'URL do servidor',
  urlRequired: 'Informe a URL do servidor',
  check: 'Verificar conexão',
  save: 'Verificar e salvar',
  cancel: 'Cancelar',
  reachable: 'O servidor respondeu: está no ar.',
  saved: 'Servidor salvo. Carregando o painel…',
  failures: {
    'invalid-url': 'Informe um endereço como https://stakedesk.example.com (apenas esquema, host e porta)',
    'insecure-http': 'Use https://. http:// simples só funciona neste computador (localhost ou 127.0.0.1)',
    unreachable: 'Nenhum servidor respondeu neste endereço',
    timeout: 'O servidor não respondeu a tempo',
    unhealthy: 'O servidor respondeu, mas não está pronto (o banco de dados pode estar fora do ar)',
    'not-stakedesk': 'Este endereço não responde como um servidor Stakedesk',
  },
};

/** The setup screen's words; it shows before the panel (and its catalogue) loads. */
export function setupMessages(language: Language): SetupMessages {
  return language === 'pt-BR' ? ptBR : en;
}
